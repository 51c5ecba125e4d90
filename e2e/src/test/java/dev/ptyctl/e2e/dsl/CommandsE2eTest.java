package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.dsl.Command;
import dev.ptyctl.client.dsl.CommandResult;
import dev.ptyctl.client.dsl.TerminalAssertions;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** t.commands(): every command the shell ran, typed or run, with line, exit code, duration, cwd and output. */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24, timeoutSeconds = 20)
class CommandsE2eTest {

    @Test
    void everyCommandIsListedWithItsExitCodeDirectoryDurationAndOutput(TerminalDriver t, @TempDir Path dir) {
        t.run("cd " + dir);
        long before = System.nanoTime();
        t.typeLine("echo one; sleep 0.2").waitForPrompt();
        Duration around = Duration.ofNanos(System.nanoTime() - before);
        t.typeLine("ls /no/such/file").waitForPrompt();

        List<Command> commands = t.commands();
        assertThat(commands).extracting(Command::line)
                .containsExactly("cd " + dir, "echo one; sleep 0.2", "ls /no/such/file");
        assertThat(commands).extracting(Command::exitCode).containsExactly(0, 0, 2);
        assertThat(commands.get(1).cwd()).isEqualTo(dir.toString());
        assertThat(commands.get(1).output()).isEqualTo("one\n");
        // The server's arrival times of its output: within the time the test saw it take (how much of the sleep
        // shows depends on when the server read each chunk, so no lower bound).
        assertThat(commands.get(1).duration()).isBetween(Duration.ZERO, around);
        assertThat(commands.get(2).output()).contains("No such file or directory");
        assertThat(t.lastCommand().exitCode()).isEqualTo(2);
    }

    @Test
    void allSucceededNamesTheCommandsThatFailed(TerminalDriver t) {
        t.run("true");
        TerminalAssertions.assertThat(t.commands()).allSucceeded();
        t.run("exit_code() { return $1; }; exit_code 3");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(t.commands()).allSucceeded())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1 of 2 did not")
                .hasMessageContaining("$ exit_code() { return $1; }; exit_code 3  -> exit 3");
    }

    @Test
    void aBlankLineRunsNothingAndIsNoFailureAsWithPtyctlRun(TerminalDriver t) {
        t.run("true");
        CommandResult blank = t.run("");
        assertThat(blank.output()).isEmpty();
        assertThat(blank.exitCode()).as("as `ptyctl run \"\"` exits 0").isZero();
        assertThat(t.commands()).extracting(Command::line).containsExactly("true");
        assertThat(t.run("echo after").output()).as("the shell is at its prompt again").isEqualTo("after\n");
    }

    @Test
    void aCommentRunsNothingAndIsNoFailureAsABlankLine(TerminalDriver t) {
        CommandResult comment = t.run("# just a note"); // bash reports no command for it, as for a syntax error
        assertThat(comment.output()).isEmpty();
        assertThat(comment.exitCode()).isZero();
        assertThat(t.run("echo after").output()).isEqualTo("after\n");
    }

    @Test
    void aCommandThatEndsTheShellReturnsItsOutputAndTheShellsExitStatus(TerminalDriver t) {
        CommandResult ended = t.run("echo x; exit 7");
        assertThat(ended.exitCode()).isEqualTo(7);
        assertThat(ended.output()).as("bash's own \"exit\" as it leaves is not the command's").isEqualTo("x\n");
        assertThat(t.status().running()).isFalse();
    }

    @Test
    void anExitStatusAbove128EndsTheShellAsAnyExit(TerminalDriver t) {
        CommandResult ended = t.run("exit 130"); // the number a SIGINT gives, but bash exited by itself
        assertThat(ended.exitCode()).isEqualTo(130);
        assertThat(t.status().exit()).hasValueSatisfying(end -> assertThat(end.bySignal()).isFalse());
    }

    @Test
    void aShellKilledDuringARunIsReportedWithTheSignalsName(TerminalDriver t) {
        assertThatThrownBy(() -> t.run("kill -9 $$")).isInstanceOf(AssertionError.class)
                .hasMessageContaining("the shell was killed by SIGKILL before \"kill -9 $$\" finished");
        assertThat(t.status().signal()).contains("SIGKILL");
    }

    @Test
    void aCommandStillRunningComesLast(TerminalDriver t) {
        t.run("true");
        t.typeLine("echo started; sleep 30").waitFor("\nstarted\n");
        Command last = t.commands().getLast();
        assertThat(last.running()).isTrue();
        assertThat(last.line()).isEqualTo("echo started; sleep 30");
        assertThat(last.output()).isEqualTo("started\n");
        assertThat(t.lastCommand().line()).isEqualTo("true");
    }
}
