package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TerminalEnvironmentTest {

    @Test
    void serverEnvironmentIsInheritedAndTerminalVariablesAreSet() {
        Map<String, String> env = TerminalEnvironment.build(Map.of("PATH", "/bin", "TERM", "dumb", "COLORTERM", "no"),
                Map.of());
        assertThat(env).containsEntry("PATH", "/bin").containsEntry("TERM", "xterm-256color")
                .containsEntry("COLORTERM", "truecolor").containsEntry("LANG", "C.UTF-8");
    }

    @ParameterizedTest
    @ValueSource(strings = {"LANG", "LC_ALL", "LC_CTYPE"})
    void existingLocaleIsLeftAlone(String variable) {
        Map<String, String> env = TerminalEnvironment.build(Map.of(variable, "de_DE.UTF-8"), Map.of());
        assertThat(env).containsEntry(variable, "de_DE.UTF-8");
        if (!variable.equals("LANG")) {
            assertThat(env).doesNotContainKey("LANG");
        }
    }

    @Test
    void emptyLocaleCountsAsNone() {
        assertThat(TerminalEnvironment.build(Map.of("LANG", ""), Map.of())).containsEntry("LANG", "C.UTF-8");
    }

    @Test
    void extraVariablesWinOverEverything() {
        Map<String, String> env = TerminalEnvironment.build(Map.of("A", "1"), Map.of("A", "2", "TERM", "vt100"));
        assertThat(env).containsEntry("A", "2").containsEntry("TERM", "vt100");
    }
}
