package dev.ptyctl.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.dsl.CommandResult;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.e2e.server.RemoteServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The DSL examples of docs/testing.md, run against a real server. */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24)
class TestingGuideExamplesTest {

    @Test
    void typingPressingWaitingAndAsserting(TerminalDriver terminal, @TempDir Path project) throws Exception {
        Files.writeString(project.resolve("Makefile"), "test:\n\t@echo Running 12 tests; sleep 1; printf 'PASSED\\n0 failures\\n'\n");
        terminal.run("cd " + project);
        // tag::dsl-tour[]
        terminal.type("make test").press(Key.ENTER)
                .waitFor("PASSED", Duration.ofSeconds(30))
                .assertScreen().contains("0 failures");

        terminal.waitForPrompt()                                   // make has finished
                .typeLine("echo $((6 * 7))")                       // text, then Enter
                .waitForPrompt()                                   // a prompt drawn after that line: it finished
                .assertScreen().contains("\n42\n");

        terminal.type("echo oops").press(Key.ctrl('a'), Key.ctrl('k'))   // several keys in order
                .typeLine("echo fixed").waitFor("\nfixed\n");
        // end::dsl-tour[]
    }

    @Test
    void runReturnsOutputAndExitCode(TerminalDriver terminal) {
        // tag::dsl-run[]
        CommandResult result = terminal.run("ls /etc/hostname /no/such/file");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.output()).startsWith("ls: cannot access '/no/such/file'")
                .endsWith("/etc/hostname\n");
        // end::dsl-run[]
    }

    @Test
    void screenAssertions(TerminalDriver terminal) {
        terminal.waitForPrompt().typeLine("clear; printf 'name: ptyctl\\nstatus: ok'; read")
                .waitForPattern("^status: ok$", Duration.ofSeconds(10));
        // tag::dsl-assert[]
        terminal.assertScreen()
                .row(1, "name: ptyctl")                  // exact row, from 1, trailing spaces ignored
                .rowContains(2, "ok")
                .containsPattern("^status: (ok|fine)")   // a Java regex; ^ and $ at row ends
                .doesNotContain("error")
                .hasCursorAt(2, 11)                      // row and column, from 1
                .hasSize(80, 24);
        // end::dsl-assert[]
        terminal.press(Key.ENTER).waitForPrompt();
    }

    @Test
    void fullScreenProgramsAndExit(TerminalDriver terminal) {
        // tag::dsl-tui[]
        terminal.typeLine("top").waitForPattern("^\\s*PID\\s+USER", Duration.ofSeconds(10))
                .press("Shift+M").waitForIdle(Duration.ofMillis(100))     // full-screen program: wait for a pause
                .type("q").waitForPrompt();
        terminal.typeLine("exit 3");
        assertThat(terminal.awaitExit(Duration.ofSeconds(30))).isEqualTo(3);
        // end::dsl-tui[]
    }

    @Test
    void aDriverWithoutJUnit(Terminal description) throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: the guide's example dials the terminal's own port");
        RpcAddress address = description.rpc();
        // tag::dsl-plain[]
        try (TerminalDriver terminal = TerminalDriver.connect(address)) {   // e.g. RpcAddress.parseHostPort("127.0.0.1:5174")
            terminal.timeout(Duration.ofSeconds(30));                       // for waits given no timeout
            System.out.print(terminal.run("uname -s").output());
        }
        // end::dsl-plain[]
    }
}
