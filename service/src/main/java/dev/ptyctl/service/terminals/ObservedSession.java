package dev.ptyctl.service.terminals;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.pty.GridSize;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.pty.TitleReply;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A hosted terminal's session as every protocol sees it (JSON-RPC, WebSocket): the PTY session itself, except that
 * each successful resize is reported, so the recording gets its {@code r} events and {@code /v1/events} its
 * {@code terminal.size}, whichever client resized. Every other method delegates unchanged; a test checks that
 * each method of {@link TerminalSession} is overridden here, so a method added to the interface cannot silently
 * fall back to its default instead of reaching the PTY.
 */
final class ObservedSession implements TerminalSession {
    private final TerminalSession pty;
    private final BiConsumer<Integer, Integer> resized;

    /** @param resized called with (cols, rows) after each resize has been applied */
    ObservedSession(TerminalSession pty, BiConsumer<Integer, Integer> resized) {
        this.pty = Objects.requireNonNull(pty);
        this.resized = Objects.requireNonNull(resized);
    }

    @Override
    public void resize(int cols, int rows) throws IOException, InterruptedException {
        pty.resize(cols, rows);
        resized.accept(cols, rows);
    }

    @Override
    public long pid() {
        return pty.pid();
    }

    @Override
    public <T> T inspect(Function<? super Terminal, ? extends T> reader) {
        return pty.inspect(reader);
    }

    @Override
    public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
        return pty.snapshot(reader);
    }

    @Override
    public GridSize gridSize() {
        return pty.gridSize();
    }

    @Override
    public long linesScrolledSince(long outputSeq) {
        return pty.linesScrolledSince(outputSeq);
    }

    @Override
    public SessionProgress progress() {
        return pty.progress();
    }

    @Override
    public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException {
        return pty.awaitChange(seenOutputSeq, deadlineNanos);
    }

    @Override
    public long write(byte[] bytes) throws IOException, InterruptedException {
        long written = pty.write(bytes);
        ServerMetrics.get().inputWritten(bytes.length);
        return written;
    }

    @Override
    public void kill() throws InterruptedException {
        pty.kill();
    }

    @Override
    public void kill(java.time.Duration grace) throws InterruptedException {
        pty.kill(grace);
    }

    @Override
    public InputMode inputMode() {
        return pty.inputMode();
    }

    @Override
    public boolean inputHidden() {
        return pty.inputHidden();
    }

    @Override
    public CompletableFuture<ProcessExit> onExit() {
        return pty.onExit();
    }

    @Override
    public void answerQueries(boolean answer) {
        pty.answerQueries(answer);
    }

    @Override
    public void answerTitleReports(boolean answer) {
        pty.answerTitleReports(answer);
    }

    @Override
    public void relayTitleReports(boolean relay) {
        pty.relayTitleReports(relay);
    }

    @Override
    public List<TitleReply> titleRepliesBetween(long afterSeq, long upToSeq) {
        return pty.titleRepliesBetween(afterSeq, upToSeq);
    }

    @Override
    public void injectOutput(byte[] bytes) {
        pty.injectOutput(bytes);
    }
}
