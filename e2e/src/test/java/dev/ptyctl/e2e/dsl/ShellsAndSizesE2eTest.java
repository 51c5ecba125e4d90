package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.Command;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.Tools;
import java.nio.file.Path;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** @WithTerminal(shell, size), and every shell at every size through @ParameterizedTest with a TerminalLauncher. */
@WithTerminal(timeoutSeconds = 20)
class ShellsAndSizesE2eTest {

    @ParameterizedTest(name = "{0} at {1}")
    @CsvSource({"bash, 80x24", "zsh, 80x24", "fish, 80x24", "bash, 132x40", "zsh, 132x40", "fish, 132x40"})
    void everyShellRunsCommandsAtEverySize(String shell, String size, TerminalLauncher terminals) {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, size);
        String[] colsRows = size.split("x");
        Assertions.assertThat(t.run("stty size").output()).isEqualTo(colsRows[1] + " " + colsRows[0] + "\n");
        t.typeLine("echo shell-ok | tr a-z A-Z").waitForPrompt();       // the same in bash, zsh and fish
        assertThat(t.getByText("SHELL-OK")).isVisible();
        Command last = t.lastCommand();
        Assertions.assertThat(last.line()).isEqualTo("echo shell-ok | tr a-z A-Z");
        Assertions.assertThat(last.exitCode()).isZero();
        assertThat(t.commands()).allSucceeded();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"bash", "zsh", "fish"})
    void aLineTheShellRefusesFailsTheRunAndTheNextRunStartsOnACleanLine(String shell, TerminalLauncher terminals) {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, "80x24");
        // Three times: fish keeps a refused line in its editor and can lose the Ctrl-C that clears it, and then the
        // next run's text is appended to it.
        for (int round = 1; round <= 3; round++) {
            Assertions.assertThatThrownBy(() -> t.run("echo 'x' )")).hasMessageStartingWith("the shell did not run");
            Assertions.assertThat(t.run("echo next-" + round).output()).isEqualTo("next-" + round + "\n");
        }
    }

    @Test
    @WithTerminal(shell = "bash", size = "90x20")
    void shellAndSizeAreAnnotationElements(TerminalDriver t) {
        Assertions.assertThat(t.run("stty size; echo $0").output()).isEqualTo("20 90\nbash\n");
    }

    @Test
    void aShellThatIsNotInstalledSkipsTheTestVisiblyOrFailsItUnderCi(@TempDir Path junit) {
        TestExecutionSummary summary = NestedRun.run(MissingShellExample.class, junit);
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.assertThat(summary.getTotalFailureCount()).isEqualTo(1);
            Assertions.assertThat(summary.getFailures().getFirst().getException())
                    .hasMessageContaining("no-such-shell-for-ptyctl-tests is not installed").hasMessageContaining("CI=true");
        } else {
            Assertions.assertThat(summary.getTestsAbortedCount()).isEqualTo(1);
            Assertions.assertThat(summary.getTotalFailureCount()).isZero();
        }
    }
}
