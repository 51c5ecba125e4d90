package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** SPEC §5.1 and §8: a create without {@code shell} runs the configured shell, else {@code $SHELL}, else bash. */
class DefaultShellTest {
    private static final TerminalSettings UNSET = TerminalSettings.DEFAULTS;

    private static TerminalSettings configured(String shell) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return new TerminalSettings(shell, d.cols(), d.rows(), d.scrollbackLines(), d.replayBytes(),
                d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries(), d.shellIntegration(), d.killGrace(),
                d.titleReports(), d.idPrefix());
    }

    @Test
    void theConfiguredShellComesFirst() {
        assertThat(TerminalSpec.defaultShell(configured("/bin/sh"), Map.of("SHELL", "/bin/bash")::get))
                .isEqualTo("/bin/sh");
    }

    @Test
    void thenTheServersShellVariableWhenItNamesAnExecutable() {
        assertThat(TerminalSpec.defaultShell(UNSET, Map.of("SHELL", "/bin/sh")::get)).isEqualTo("/bin/sh");
    }

    @Test
    void elseBash() {
        assertThat(TerminalSpec.defaultShell(UNSET, Map.<String, String>of()::get)).isEqualTo("/bin/bash");
        assertThat(TerminalSpec.defaultShell(UNSET, Map.of("SHELL", "/no/such/shell")::get)).isEqualTo("/bin/bash");
        assertThat(TerminalSpec.defaultShell(UNSET, Map.of("SHELL", " ")::get)).isEqualTo("/bin/bash");
    }
}
