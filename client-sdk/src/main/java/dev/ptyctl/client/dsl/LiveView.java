package dev.ptyctl.client.dsl;

import dev.ptyctl.client.ReconnectPolicy;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalsClient;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;

/**
 * A driver's view of a terminal of {@code ptyctl server} beyond JSON-RPC: a view-only WebSocket attachment that
 * replays the terminal's output from its first byte into a {@link LiveScreen}, and the REST client for the terminal's
 * current output offset and its recording. View-only, so it never sizes the terminal or answers the program's
 * queries: the test's terminal behaves as it would without it.
 */
final class LiveView implements AutoCloseable {
    private final TerminalsClient terminals;
    private final Terminal terminal;
    private final LiveScreen screen;
    private final TerminalAttachment attachment;

    private LiveView(TerminalsClient terminals, Terminal terminal, LiveScreen screen, TerminalAttachment attachment) {
        this.terminals = terminals;
        this.terminal = terminal;
        this.screen = screen;
        this.attachment = attachment;
    }

    static LiveView open(TerminalsClient terminals, Terminal terminal, String token) throws IOException {
        LiveScreen screen = new LiveScreen(terminal.size());
        TerminalAttachment.Builder builder = TerminalAttachment.builder(terminals.baseUrl(), terminal.terminalId())
                .listener(screen)
                .token(token)
                .viewOnly(true)
                .lastOutputSeq(0) // every byte from the first: the whole screen history, every command's marks
                .reconnect(ReconnectPolicy.DEFAULT);
        terminals.sslContext().ifPresent(builder::sslContext);
        TerminalAttachment attachment = builder.connect();
        return new LiveView(terminals, terminal, screen, attachment);
    }

    LiveScreen screen() {
        return screen;
    }

    Terminal terminal() {
        return terminal;
    }

    /** The server's output offset now: everything the program wrote so far lies before it. */
    long serverSeq() throws IOException {
        return terminals.get(terminal.terminalId()).nextOutputSeq();
    }

    /**
     * Waits until the view has every byte the program wrote before this call, and the terminal's size as the server
     * has it then (a resize is no output: a test's {@code resize(60, 20)} followed by a look at the screen must see
     * 60x20); false after {@code timeout}.
     */
    boolean sync(Duration timeout) throws IOException {
        Terminal now = terminals.get(terminal.terminalId());
        try {
            return screen.awaitSeqAndSize(now.nextOutputSeq(), now.size(), timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while catching up with the terminal's output");
        }
    }

    /** The asciicast v2 recording of the terminal's output, as the server keeps it. */
    String recording() throws IOException {
        return terminals.recording(terminal.terminalId());
    }

    @Override
    public void close() {
        attachment.close();
    }
}
