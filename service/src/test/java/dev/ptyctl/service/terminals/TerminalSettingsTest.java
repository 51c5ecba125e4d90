package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.pty.PtySession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TerminalSettingsTest {

    @ParameterizedTest
    @ValueSource(ints = {TerminalSettings.MIN_REPLAY_BYTES, 100_000, 1024 * 1024, 2 * 1024 * 1024, 64 * 1024 * 1024})
    void everyReplayBufferStillHoldsTheSeqOfAResetSnapshot(int replayBytes) {
        // The output log takes bytes as read and the screen applies them later: a reset snapshot carries the screen's
        // seq, which a replay buffer not much larger than the lag could already have dropped.
        TerminalSettings settings = withReplayBytes(replayBytes);
        assertThat(settings.screenLagBytes()).isLessThanOrEqualTo(replayBytes / 4 + PtySession.MIN_SCREEN_LAG_BYTES)
                .isLessThan(replayBytes).isGreaterThanOrEqualTo(PtySession.MIN_SCREEN_LAG_BYTES);
    }

    @Test
    void theDefaultReplayBufferLetsTheScreenFallHalfAMiBBehind() {
        assertThat(TerminalSettings.DEFAULTS.screenLagBytes()).isEqualTo(PtySession.DEFAULT_SCREEN_LAG_BYTES)
                .isEqualTo(512 * 1024);
    }

    private static TerminalSettings withReplayBytes(int replayBytes) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return new TerminalSettings(d.shell(), d.cols(), d.rows(), d.scrollbackLines(), replayBytes,
                d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries(), d.shellIntegration(), d.killGrace(),
                d.titleReports(), d.idPrefix());
    }
}
