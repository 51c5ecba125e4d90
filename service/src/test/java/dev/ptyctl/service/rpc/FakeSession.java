package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.pty.ScreenState;
import dev.ptyctl.service.pty.SessionExitedException;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.function.BiFunction;

/**
 * A session without a process: the test plays the program by calling {@link #emit}; writes are recorded. It uses
 * the real {@link ScreenState}, so waits are woken exactly as in production. {@link #waiterBlocked} is released
 * each time a waiter goes to sleep, so a test can emit output only once a wait is really waiting.
 */
final class FakeSession implements TerminalSession {
    final ScreenState screen;
    final ByteArrayOutputStream written = new ByteArrayOutputStream();
    final Semaphore waiterBlocked = new Semaphore(0);
    volatile int resizedCols;
    volatile int resizedRows;
    volatile boolean killed;
    /** When set, the next look at the screen fails with it (an emulator bug, as far as the server can tell). */
    /** Thrown by the next snapshot: a RuntimeException or an Error. */
    volatile Throwable screenFailure;

    FakeSession(int cols, int rows) {
        screen = new ScreenState(cols, rows, 100, false);
    }

    /** The program prints {@code text} (UTF-8). */
    void emit(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        screen.feed(bytes, 0, bytes.length);
    }

    /** The program exits with {@code code}. */
    void exit(int code) {
        screen.markExited(ProcessExit.exited(code));
    }

    String writtenText() {
        return written.toString(StandardCharsets.UTF_8);
    }

    byte[] writtenBytes() {
        return written.toByteArray();
    }

    @Override
    public long pid() {
        return 4242;
    }

    @Override
    public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
        Throwable failure = screenFailure;
        if (failure != null) {
            screenFailure = null;
            switch (failure) {
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                default -> throw new IllegalStateException(failure);
            }
        }
        return screen.snapshot(reader);
    }

    @Override
    public SessionProgress progress() {
        return screen.progress();
    }

    @Override
    public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException {
        waiterBlocked.release();
        return screen.awaitChange(seenOutputSeq, deadlineNanos);
    }

    @Override
    public synchronized long write(byte[] bytes) throws SessionExitedException {
        if (!progress().running()) {
            throw new SessionExitedException("the process has exited with code " + progress().exitCode().getAsInt());
        }
        written.writeBytes(bytes);
        return progress().outputSeq();
    }

    @Override
    public void resize(int cols, int rows) throws SessionExitedException {
        if (!progress().running()) {
            throw new SessionExitedException("the process has exited");
        }
        resizedCols = cols;
        resizedRows = rows;
        screen.resize(cols, rows);
    }

    @Override
    public void kill() {
        killed = true;
        screen.markExited(ProcessExit.killedBy(1)); // SIGHUP
    }
}
