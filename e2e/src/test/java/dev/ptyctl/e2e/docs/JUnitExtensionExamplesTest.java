package dev.ptyctl.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.time.Duration;
import org.junit.jupiter.api.Test;

// tag::junit-options[]
@WithTerminal(command = "/bin/bash", cols = 120, rows = 40, env = "EDITOR=vi", timeoutSeconds = 20)
class JUnitExtensionExamplesTest {

    @Test
    void theTerminalIsFreshForEveryTest(TerminalDriver terminal, Terminal description) {
        assertThat(terminal.run("echo $EDITOR; stty size").output()).isEqualTo("vi\n40 120\n");
        assertThat(description.sessionId()).startsWith("junit-JUnitExtensionExamplesTest-");
    }

    @Test
    @RequiresTool("vim")                                                   // this project's own skip-if-missing
    @WithTerminal(command = {"vim", "-u", "NONE"}, cols = 80, rows = 24)   // overrides the class's settings
    void oneTestWithItsOwnProgram(TerminalDriver vim) {
        vim.waitFor("VIM - Vi IMproved", Duration.ofSeconds(30))
                .type(":q").press(Key.ENTER);
        assertThat(vim.awaitExit(Duration.ofSeconds(30))).isZero();
    }
}
// end::junit-options[]
