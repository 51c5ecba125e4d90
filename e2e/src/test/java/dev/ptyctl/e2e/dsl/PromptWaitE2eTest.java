package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.FinishedCommand;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.PromptWaitResult;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link RpcClient#waitForPrompt} and {@link RpcClient#waitForPromptAfter} against a real bash with integration, through
 * the test driver's own client ({@link TerminalDriver#rpc()}: the terminal's port, or the server's in remote mode).
 */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24, timeoutSeconds = 20)
class PromptWaitE2eTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aPromptAfterTypedLinesCarriesEveryCommandWithItsExitCodeAndOutput(TerminalDriver t) throws Exception {
        RpcClient rpc = t.rpc();
        assertThat(rpc.waitForPrompt(WAIT).atPrompt()).isTrue();
        long typed = rpc.write(Action.paste("echo first\n(echo second; exit 3)"), Action.key(Key.ENTER)).outputSeq();
        PromptWaitResult done = rpc.waitForPromptAfter(typed, WAIT);
        assertThat(done.atPrompt()).as(done.toString()).isTrue();
        assertThat(done.commands()).extracting(FinishedCommand::output).containsExactly("first\n", "second\n");
        assertThat(done.commands()).extracting(c -> c.exitCode().orElseThrow()).containsExactly(0, 3);
        assertThat(done.command()).isEqualTo(Optional.of(done.commands().getLast()));
        assertThat(done.command().orElseThrow().commandLine()).contains("(echo second; exit 3)");
    }

    @Test
    void anIncompleteLineEndsTheWaitAtTheContinuationPrompt(TerminalDriver t) throws Exception {
        RpcClient rpc = t.rpc();
        rpc.waitForPrompt(WAIT);
        long typed = rpc.write(Action.text("echo 'unclosed"), Action.key(Key.ENTER)).outputSeq();
        PromptWaitResult waited = rpc.waitForPromptAfter(typed, WAIT);
        assertThat(waited.matched()).isTrue();
        assertThat(waited.continuation()).isTrue();
        assertThat(waited.atPrompt()).isFalse();
        assertThat(waited.command()).isEmpty();
    }

    @Test
    void aPromptThatDoesNotComeEndsUnmatchedAtTheTimeout(TerminalDriver t) throws Exception {
        RpcClient rpc = t.rpc();
        rpc.waitForPrompt(WAIT);
        long typed = rpc.write(Action.text("echo busy; sleep 30"), Action.key(Key.ENTER)).outputSeq();
        PromptWaitResult waited = rpc.waitForPromptAfter(typed, Duration.ofMillis(300));
        assertThat(waited.matched()).isFalse();
        assertThat(waited.screen().text()).contains("echo busy; sleep 30");
        assertThatThrownBy(() -> rpc.waitForPromptAfter(-1, WAIT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outputSeq is negative");
    }

    @Test
    void aDriversPromptWaitThatFailsBecauseTheCommandAsksForALineSaysSo(TerminalDriver t) {
        t.waitForPrompt().typeLine("bash -c 'read -p \"$(printf \"%s: \" Name)\" name; echo \"hi $name\"'");
        t.waitFor("Name: ");
        assertThatThrownBy(() -> t.waitForPrompt(Duration.ofSeconds(3)))
                .hasMessageStartingWith("expected the shell's prompt within 3 s; `bash -c ")
                .hasMessageContaining("still runs: it waits for a line of input");
        t.typeLine("Ada").waitForPrompt();
        t.assertScreen().contains("hi Ada");
    }
}
