package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Command;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.e2e.ShellLines;
import dev.ptyctl.testsupport.Tools;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * When a shell is ready for what a test sends: the test starts at the shell's first prompt, a Ctrl-C waits until the
 * command typed has started ({@code waitForCommandStart}), and a run into a shell that a command holds fails at once,
 * naming the command, with nothing typed.
 */
@WithTerminal(timeoutSeconds = 20)
class ShellReadinessE2eTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void theTestStartsAtTheShellsFirstPromptSoALineTypedAtOnceIsEchoedOnce(String shell, TerminalLauncher terminals)
            throws Exception {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, "80x24");
        Assertions.assertThat(t.rpc().waitForPrompt(Duration.ZERO).atPrompt())
                .as("the shell is at its prompt when the test body begins").isTrue();
        t.typeLine("echo typed-at-once").waitForPrompt();
        assertThat(t.getByText("echo typed-at-once")).hasCount(1);
        Assertions.assertThat(t.lastCommand().line()).isEqualTo("echo typed-at-once");
    }

    @Test
    @WithTerminal(command = "cat", timeoutSeconds = 20)
    void aProgramWithoutPromptsStartsAtOnce(TerminalDriver cat) {
        cat.typeLine("hello").waitFor("hello\nhello");
    }

    // Each shell prints its command-start mark just before it hands the terminal to the command: a Ctrl-C sent between
    // the two reached the shell (fish 1 run in about 4 under load, zsh once in a CI run, which ended sleep's record
    // with exit 0), so the wait also waits for the hand-over.
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void ctrlCAfterTheCommandHasStartedInterruptsTheCommand(String shell, TerminalLauncher terminals) {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, "80x24");
        t.type("sleep 30");
        Assertions.assertThatThrownBy(() -> t.waitForCommandStart(Duration.ofMillis(300)))
                .as("nothing runs before Enter").hasMessageStartingWith("expected a command to start after the last "
                        + "keys sent within 300 ms");
        t.press(Key.ENTER).waitForCommandStart().press(Key.ctrl('c')).waitForPrompt();
        Command sleep = t.lastCommand();
        Assertions.assertThat(sleep.line()).isEqualTo("sleep 30");
        Assertions.assertThat(sleep.exitCode()).as("interrupted: %s", sleep).isNotZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aRunIntoABusyShellFailsAtOnceNamingTheCommandAndTypesNothing(String shell, TerminalLauncher terminals) {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, "80x24");
        t.typeLine("sleep 30").waitForCommandStart();
        // Twenty seconds of timeout: without the refusal the run waits them out and fails saying "expected the
        // shell's prompt".
        Assertions.assertThatThrownBy(() -> t.run("echo never-typed", Duration.ofSeconds(20)))
                .hasMessageStartingWith("nothing was typed: the shell is busy running `sleep 30`, and \"echo "
                        + "never-typed\" would have gone to it")
                .hasMessageContaining("press(Key.ctrl('c'))");
        assertThat(t.getByText("never-typed")).hasCount(0);
        t.press(Key.ctrl('c')).waitForPrompt();
        Assertions.assertThat(t.run("echo now").output()).isEqualTo("now\n");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aRunOfAProgramThatWaitsForKeysFailsSayingSoInsteadOfTimingOut(String shell, TerminalLauncher terminals) {
        Tools.require(shell);
        TerminalDriver t = terminals.open(shell, "80x24");
        // A minute of timeout: a run that waited for the prompt would fail after it, saying it did not finish.
        Assertions.assertThatThrownBy(() -> t.run(ShellLines.readsAName(shell), Duration.ofSeconds(60)))
                .hasMessageStartingWith("\"" + ShellLines.readsAName(shell) + "\" did not finish: run() is for commands that "
                        + "finish, and it waits for keyboard input (an interactive program); type into it with "
                        + "typeLine(...)");
        t.typeLine("Ada").waitForPrompt();
        Assertions.assertThat(t.run("echo got $n").output()).isEqualTo("got Ada\n");
    }

    @Test
    void aBusyPagerAndAWaitingReplAreNamedWithTheirOwnQuitKeys(TerminalLauncher terminals) {
        Tools.require("bash");
        Tools.require("less");
        Tools.require("python3");
        TerminalDriver t = terminals.open("bash", "80x24");
        t.typeLine("less /etc/passwd").waitForCommandStart().waitFor("root:");
        Assertions.assertThatThrownBy(() -> t.run("echo never-typed"))
                .hasMessageStartingWith("nothing was typed: the shell is busy running `less /etc/passwd` (a "
                        + "full-screen program: screen() shows it)")
                .hasMessageContaining("End it first (type(\"q\"), or press(Key.ctrl('c')))");
        t.type("q").waitForPrompt();
        // python3 ends at end of input: Ctrl-D, not the generic "(exit, Ctrl+D, q)" (q is a NameError there).
        Assertions.assertThatThrownBy(() -> t.run("python3", Duration.ofSeconds(60)))
                .hasMessageStartingWith("\"python3\" did not finish")
                .hasMessageContaining("end it with press(Key.ctrl('d')) or press(Key.ctrl('c'))");
        t.press(Key.ctrl('d')).waitForPrompt();
        Assertions.assertThat(t.run("echo back").output()).isEqualTo("back\n");
    }
}
