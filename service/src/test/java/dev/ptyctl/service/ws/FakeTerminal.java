package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.GridSize;
import dev.ptyctl.service.pty.ScreenState;
import dev.ptyctl.service.pty.SessionExitedException;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * A terminal without a process: the test produces its output with {@link #emit} (into a real emulator and output
 * log, under the same lock as a real session) and reads what clients wrote, resized and switched.
 */
final class FakeTerminal implements AttachableTerminal {
    private final String id;
    private final ScreenState screen;
    private final OutputLog log;
    private final Session session = new Session();
    final List<String> written = Collections.synchronizedList(new ArrayList<>());
    final List<String> resizes = Collections.synchronizedList(new ArrayList<>());
    /** What a resize fails with while set (a task limit the writer thread met), instead of resizing. */
    volatile IOException resizeFailure;
    /** Every switch of query answering, in order, for tests to await. */
    final BlockingQueue<Boolean> answerQueries = new LinkedBlockingQueue<>();
    volatile boolean closed;
    /**
     * Completed by {@link #exit}: one future for every caller, as a real session's. The interface's default makes a
     * new one per call, completed later on a thread of its own, so state attached after the exit (a client of the
     * ended terminal) could still see the program running for a moment.
     */
    private final CompletableFuture<ProcessExit> exited = new CompletableFuture<>();

    FakeTerminal(String id, int logCapacity) {
        this.id = id;
        this.screen = new ScreenState(80, 24, 1000, true);
        this.log = new OutputLog(logCapacity);
        screen.addOutputListener(log);
    }

    /** The next switch of query answering (SPEC §5.5), waiting for it. */
    boolean nextAnswerQueries() throws InterruptedException {
        Boolean answer = answerQueries.poll(WsTestClient.FRAME_BOUND.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(answer).as("query answering switched within %s", WsTestClient.FRAME_BOUND).isNotNull();
        return answer;
    }

    /** The program "writes" {@code bytes}. */
    void emit(byte[] bytes) {
        screen.feed(bytes, 0, bytes.length);
    }

    void emit(String text) {
        emit(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The program exits. */
    void exit(int code) {
        screen.markExited(ProcessExit.exited(code));
        exited.complete(ProcessExit.exited(code));
    }

    @Override
    public String terminalId() {
        return id;
    }

    @Override
    public TerminalSession session() {
        return session;
    }

    @Override
    public OutputLog output() {
        return log;
    }

    @Override
    public void close() {
        closed = true;
        exit(129);
    }

    private final class Session implements TerminalSession {
        @Override
        public long pid() {
            return ProcessHandle.current().pid();
        }

        @Override
        public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
            return screen.snapshot(reader);
        }

        @Override
        public GridSize gridSize() {
            return screen.gridSize();
        }

        @Override
        public SessionProgress progress() {
            return screen.progress();
        }

        @Override
        public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException {
            return screen.awaitChange(seenOutputSeq, deadlineNanos);
        }

        @Override
        public long write(byte[] bytes) throws SessionExitedException {
            if (!progress().running()) {
                throw new SessionExitedException("the process has exited");
            }
            written.add(new String(bytes, StandardCharsets.UTF_8));
            return progress().outputSeq();
        }

        @Override
        public void resize(int cols, int rows) throws IOException {
            IOException failure = resizeFailure;
            if (failure != null) {
                throw failure;
            }
            resizes.add(cols + "x" + rows);
            screen.resize(cols, rows);
        }

        @Override
        public CompletableFuture<ProcessExit> onExit() {
            return exited;
        }

        @Override
        public void kill() {
            exit(129);
        }

        @Override
        public void answerQueries(boolean answer) {
            answerQueries.add(answer);
            screen.answerQueries(answer);
        }

        @Override
        public void answerTitleReports(boolean answer) {
            screen.answerTitleReports(answer);
        }

        @Override
        public void injectOutput(byte[] bytes) {
            emit(bytes);
        }
    }
}
