package dev.ptyctl.e2e.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shells-and-sizes example of docs/testing.md. */
// tag::shells-sizes[]
@WithTerminal(timeoutSeconds = 20)
class ShellMatrixTest {

    @ParameterizedTest(name = "{0} at {1}")
    @CsvSource({"bash, 80x24", "zsh, 80x24", "fish, 80x24", "bash, 40x10"})
    void theWizardRunsFromEveryShellAtEverySize(String shell, String size, TerminalLauncher terminals) {
        TerminalDriver t = terminals.open(shell, size);   // not installed: skipped (failed under CI=true)
        t.typeLine("bash src/test/resources/programs/new-project.sh").waitFor("Project name:")
                .typeLine("billing").waitFor("Choose 1-2:")
                .typeLine("1").waitFor("[y/N]")
                .typeLine("y").waitForPrompt();
        assertEquals(0, t.lastCommand().exitCode());
    }
}
// end::shells-sizes[]
