package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs the test starts itself through a {@link TerminalLauncher}, with what an annotation cannot hold: a file it
 * wrote, a directory and variables it chose (pexpect's {@code spawn(command, args, env=..., cwd=...)}).
 */
@WithTerminal(cols = 60, rows = 10, env = {"FROM_CLASS=kept", "GREETING=replaced"}, timeoutSeconds = 20)
class LaunchedProgramsE2eTest {

    // tag::launched-program[]
    @Test
    @RequiresTool("less")
    void lessStartsDirectlyOnAFileTheTestWrote(@TempDir Path dir, TerminalLauncher terminals) throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "first\nsecond\n");
        TerminalDriver less = terminals.command("less", notes.toString())   // no shell in between
                .env("LESS", "-N").size("50x8").open();

        assertThat(less.getByText("1 first")).isVisible();                  // LESS=-N: numbered lines
        less.assertScreen().hasSize(50, 8);
        less.type("q");
        Assertions.assertThat(less.awaitExit(Duration.ofSeconds(20))).isZero();
    }
    // end::launched-program[]

    @Test
    @RequiresTool("less")
    void aSnapshotOfSomeRowsLeavesOutLessStatusLineWithTheTemporaryPath(@TempDir Path dir, TerminalLauncher terminals)
            throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "one\ntwo\nthree\nfour\nfive\nsix\nseven\n");
        TerminalDriver less = terminals.command("less", notes.toString()).size("40x6").open();
        assertThat(less.getByText("notes.txt").within(Region.row(6))).isVisible(); // after a new path every run

        assertThat(less).within(Region.rows(1, 5)).matchesSnapshot();   // the same golden file every run
    }

    @Test
    void aProgramGetsTheDirectoryAndVariablesTheTestChose(@TempDir Path dir, TerminalLauncher terminals) {
        TerminalDriver sh = terminals.command("/bin/sh", "-c", "pwd; echo \"$FROM_CLASS $GREETING\"; exit 3")
                .cwd(dir).env("GREETING", "hi there").open();

        Assertions.assertThat(sh.awaitExit(Duration.ofSeconds(20))).isEqualTo(3);
        sh.assertScreen().row(1, dir.toAbsolutePath().toString()).row(2, "kept hi there");
    }

    @Test
    void aShellOpenedWithOptionsHasIntegrationAndStartsAtItsPrompt(@TempDir Path dir, TerminalLauncher terminals) {
        TerminalDriver bash = terminals.shell("bash").cwd(dir).env("GREETING", "hi").open();
        Assertions.assertThat(bash.run("pwd; echo $GREETING").output()).isEqualTo(dir.toAbsolutePath() + "\nhi\n");
        Assertions.assertThat(bash.lastCommand().cwd()).isEqualTo(dir.toAbsolutePath().toString());
    }

    @Test
    void badOptionsAreRefusedWithTheirReason(TerminalLauncher terminals) {
        assertThatThrownBy(() -> terminals.command("less").size("big")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a terminal size is COLSxROWS, e.g. \"80x24\", got \"big\"");
        assertThatThrownBy(() -> terminals.command("less").env("A=B", "c"))
                .hasMessage("an environment variable's name is non-empty, without '=': \"A=B\"");
        assertThatThrownBy(() -> terminals.command(" ")).hasMessage("a program is a name or a path, got \" \"");
    }
}
