package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.e2e.Ptyctl;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A paste of several lines waits for the line editor's bracketed paste when the shell is at its prompt with the mode
 * still off, as zsh is right after its prompt mark: the server holds {@code pty/write}'s paste back, so the test DSL's
 * {@code paste} and {@code ptyctl write --paste} both reach the shell inside {@code ESC [200~ … ESC [201~}, one edit,
 * not one command per line.
 */
class BracketedPasteE2eTest {
    private static final String TOKEN = "e2e-paste-token";
    /**
     * A prompt drawn as zsh draws it, its marks first and bracketed paste turned on only later: here when the test
     * resizes the terminal (SIGWINCH), so the test decides when. Then it reads raw input up to a {@code |} and prints
     * it quoted, so the markers show on the screen.
     */
    private static final String ZSH_LIKE_PROMPT = """
            trap 'go=1' WINCH
            stty -echo -icanon
            printf '\\e]133;A\\a$ \\e]133;B\\a'
            until [ -n "$go" ]; do sleep 0.05; done
            printf '\\e[?2004h'
            IFS= read -r -d '|' got
            printf '\\ngot:%q\\n' "$got"
            exec sleep 60
            """;
    private static final String BRACKETED = "got:$'\\E[200~one\\ntwo\\E[201~'";
    /**
     * How long the paste may take before the test turns the mode on: without the server's wait, the paste is written
     * within milliseconds (the CLI's needs a JVM start), before the mode, and the prompt reads it plain; with it, the
     * paste is still held (for up to 2 s) when the resize comes. Not an event to await: the test shows the paste
     * waits for one.
     */
    private static final long HELD_MS = 1500;

    private static Terminal zshLikePrompt(TerminalsClient terminals) throws Exception {
        return terminals.create(CreateTerminalRequest.builder("paste-" + UUID.randomUUID())
                .command("/bin/bash", "-c", ZSH_LIKE_PROMPT).build());
    }

    @Test
    void aDslPasteWaitsForTheLineEditorsBracketedPaste() throws Exception {
        String screen = screenAfterPaste((server, terminal, t) -> CompletableFuture.runAsync(() -> t.paste("one\ntwo")));
        assertThat(screen).contains(BRACKETED);
    }

    @Test
    void ptyctlWritePasteWaitsForTheLineEditorsBracketedPaste() throws Exception {
        String screen = screenAfterPaste((server, terminal, t) -> CompletableFuture.runAsync(() -> {
            Ptyctl.Result pasted = cli(server, terminal, "write", "--paste", "one\ntwo");
            if (pasted.exitCode() != 0) {
                throw new AssertionError(pasted.toString());
            }
        }));
        assertThat(screen).contains(BRACKETED);
    }

    /** Starts a paste of {@code "one\ntwo"} into the terminal by one front door. */
    @FunctionalInterface
    private interface Paster {
        Future<?> start(ServerUnderTest server, Terminal terminal, TerminalDriver t);
    }

    /**
     * The screen of a zsh-like prompt after {@code paster} pasted there while the mode was off (the prompt then turned
     * it on, {@link #turnBracketedPasteOn}) and a {@code |} ended its read.
     */
    private static String screenAfterPaste(Paster paster) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal terminal = zshLikePrompt(terminals);
            try (RpcClient rpc = server.rpc(terminals, terminal); RpcClient other = server.rpc(terminals, terminal);
                    TerminalDriver t = TerminalDriver.of(rpc)) {
                // The prompt's text first: a prompt wait is refused while no mark has been seen in a terminal the
                // server did not integrate (this script prints its own), and bash may not have run yet (CI-W).
                t.waitFor("$ ").waitForPrompt();
                turnBracketedPasteOn(paster.start(server, terminal, t), other);
                return t.type("|").waitFor("got:").screen().text();
            } finally {
                terminals.delete(terminal.terminalId());
            }
        }
    }

    /** Lets the paste go through (or be held) for {@link #HELD_MS}, then resizes: the prompt turns the mode on. */
    private static void turnBracketedPasteOn(Future<?> paste, RpcClient other) throws Exception {
        try {
            paste.get(HELD_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException held) {
            // the server holds it until the mode is on
        }
        other.resize(81, 24);
        paste.get(60, TimeUnit.SECONDS);
    }

    /** {@code ptyctl COMMAND <the terminal> ARGS...} as a client of this server. */
    private static Ptyctl.Result cli(ServerUnderTest server, Terminal terminal, String command, String... args) {
        List<String> line = new ArrayList<>(List.of(command));
        line.addAll(server.cliTarget(terminal.json()));
        line.addAll(List.of(args));
        try {
            return Ptyctl.run(server.cliEnvironment(), line.toArray(String[]::new));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
