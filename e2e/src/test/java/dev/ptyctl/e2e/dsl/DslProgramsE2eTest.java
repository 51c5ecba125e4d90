package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.CommandResult;
import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalAssertions;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real programs driven with the DSL, each in a fresh bash terminal of a real server. */
@WithTerminal(command = {"/bin/bash"}, cols = 80, rows = 24, timeoutSeconds = 20)
class DslProgramsE2eTest {

    @Test
    void bashRunsCommandsAndReportsTheirOutputAndExitCodes(TerminalDriver bash) {
        CommandResult ok = bash.run("echo hello; echo world");
        assertThat(ok.output()).isEqualTo("hello\nworld\n");
        assertThat(ok.exitCode()).isZero();

        CommandResult failed = bash.run("ls /no/such/dir");
        assertThat(failed.exitCode()).isEqualTo(2);
        assertThat(failed.output()).contains("No such file or directory");

        bash.typeLine("for i in 1 2 3; do echo line-$i; done").waitForPrompt()
                .assertScreen().contains("line-1\nline-2\nline-3\n");
    }

    @Test
    void aMultiLineCommandRunsAsOneCommand(TerminalDriver bash) {
        CommandResult loop = bash.run("for i in 1 2 3\ndo echo line-$i\ndone");
        assertThat(loop.output()).isEqualTo("line-1\nline-2\nline-3\n");
        assertThat(loop.exitCode()).isZero();
        assertThat(bash.run("echo after").output()).isEqualTo("after\n");
    }

    @Test
    void aTimedOutWaitShowsTheScreen(TerminalDriver bash) {
        bash.run("echo visible");
        assertThatThrownBy(() -> bash.waitFor("never printed", Duration.ofMillis(300)))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected the screen to contain \"never printed\" within 300 ms")
                .hasMessageContaining(" |visible\n")
                .hasMessageContaining("screen 80x24, cursor at row ");
    }

    @Test
    @RequiresTool("python3")
    void pythonReplEvaluatesExpressions(TerminalDriver terminal) {
        // Rows have no trailing spaces: the prompt ">>> " reads ">>>". Text that ends in spaces is found anyway, its
        // spaces on the blank cells at the row's end, as pexpect's child.expect(">>> ") finds it.
        terminal.typeLine("python3 -q").waitFor(">>> ");
        TerminalAssertions.assertThat(terminal.getByText(">>> ")).isVisible();
        terminal.assertScreen().contains("\n>>> ");
        terminal
                .typeLine("print(6 * 7)").waitFor("42\n>>> ")
                .typeLine("def square(x):").waitFor("... ")
                .typeLine("    return x * x").press(Key.ENTER).waitFor("...\n>>>");
        Mark beforeCall = terminal.mark();
        terminal.typeLine("square(12)").expectAfter(beforeCall).text("144\n>>> ");
        terminal.press(Key.ctrl('d')).waitForPrompt();
        assertThat(terminal.run("echo back in bash").output()).isEqualTo("back in bash\n");
    }

    @Test
    @RequiresTool("vim")
    void vimInsertsTextSavesAndQuits(TerminalDriver terminal, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("notes.txt");
        // Settled before typing: vim probes the terminal after its first drawing (cursor position for the width of
        // ambiguous characters, the terminal's version) and keys that come while it reads the answers can be taken
        // for part of them (CI-W lost "f", Enter and "s" of what followed).
        terminal.typeLine("vim -u NONE -n " + file).waitFor("[New").waitForIdle(Duration.ofMillis(300))
                .type("i").type("first line").press(Key.ENTER).type("second – ünïcode 世界")
                .waitFor("second – ünïcode 世界\n~")
                .assertScreen().row(1, "first line").row(2, "second – ünïcode 世界").row(3, "~");
        // Waited for: vim draws the row, then puts the cursor back after it, so a look right after the text may
        // catch the cursor at the row's start (seen in CI's remote mode). Two CJK characters take two columns each.
        TerminalAssertions.assertThat(terminal).hasCursorAt(2, 17 + 4 + 1);
        terminal.press(Key.ESCAPE).type(":wq").press(Key.ENTER).waitForPrompt();
        assertThat(Files.readString(file)).isEqualTo("first line\nsecond – ünïcode 世界\n");
    }

    @Test
    @RequiresTool("vim")
    @WithTerminal(command = {"vim", "-u", "NONE", "-n"}, cols = 80, rows = 24, timeoutSeconds = 20)
    void theCursorIsAwaitedWhereTheProgramPutsItLate(TerminalDriver vim) {
        TerminalAssertions.assertThat(vim.getByText("VIM - Vi IMproved")).isVisible();
        // vim asks the terminal questions after its first drawing; keys typed before the answers came were taken for
        // part of them (CI-AD, load ~18: "hello" typed, the Esc lost, the cursor never on the "o"). As the test above.
        vim.waitForIdle(Duration.ofMillis(300));
        vim.type("ihello").press(Key.ESCAPE);
        // vim holds the Esc for its timeoutlen (1 s), then leaves insert mode and steps back onto the "o".
        TerminalAssertions.assertThat(vim).hasCursorAt(1, 5);
        vim.assertScreen().row(1, "hello").doesNotContain("-- INSERT --");
        vim.type(":q!").press(Key.ENTER);
        assertThat(vim.awaitExit(Duration.ofSeconds(20))).isZero();
    }

    @Test
    @RequiresTool("less")
    void lessPagesThroughAFileAndRestoresTheShellScreen(TerminalDriver terminal) {
        terminal.typeLine("echo before; seq 1 200 | less").waitFor("\n23\n:")
                .assertScreen().row(1, "1").row(23, "23").doesNotContain("before").and()
                .press(Key.SPACE).waitFor("\n46\n:")
                .assertScreen().row(1, "24").and()
                .press(Key.PAGE_UP).waitFor("\n23\n:")
                .assertScreen().row(1, "1").and()
                .press(Key.END).waitFor("\n200\n(END)")
                .type("q").waitForPrompt()
                .assertScreen().contains("before\n").doesNotContain("\n24\n");
    }

    @Test
    void aResizeIsOnTheScreenAtOnceAndReachesTheProgram(TerminalDriver bash, TerminalLauncher terminals) {
        // cat draws nothing when resized: the next look at the screen must still have the new size.
        TerminalDriver cat = terminals.command("cat").size("40x10").open();
        for (int cols = 41; cols <= 70; cols++) {
            cat.resize(cols, 12).assertScreen().hasSize(cols, 12);
        }
        bash.resize(50, 12);
        assertThat(bash.run("tput cols; tput lines").output()).isEqualTo("50\n12\n");
    }

    @Test
    @WithTerminal(command = "cat", cols = 80, rows = 24)
    void runInAProgramWithoutShellIntegrationSaysWhatToDoInstead(TerminalDriver cat) {
        assertThatThrownBy(() -> cat.run("echo x")).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("run(\"echo x\") needs a shell with ptyctl's shell integration")
                .hasMessageContaining("not a program such as cat")
                .hasMessageEndingWith("; here, type with typeLine(...) and wait with waitFor(...) or waitForSettled(...)");
        cat.typeLine("typed").waitFor("typed\ntyped");   // cat echoes the line back, nothing was typed before
    }

    @Test
    void theProgramsExitCodeIsReported(TerminalDriver terminal) {
        terminal.typeLine("exit 7");
        assertThat(terminal.awaitExit(Duration.ofSeconds(10))).isEqualTo(7);
    }
}
