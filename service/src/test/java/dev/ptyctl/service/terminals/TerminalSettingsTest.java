package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.pty.PtySession;
import org.junit.jupiter.api.Test;

class TerminalSettingsTest {

    @Test
    void theSmallestReplayBufferStillHoldsTheSeqOfAResetSnapshot() {
        // The output log takes bytes as read and the screen applies them later: a reset snapshot carries the screen's
        // seq, which a replay buffer smaller than the lag could already have dropped.
        assertThat(TerminalSettings.MIN_REPLAY_BYTES).isGreaterThan(PtySession.MAX_SCREEN_LAG_BYTES);
    }
}
