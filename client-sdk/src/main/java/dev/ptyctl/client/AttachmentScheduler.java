package dev.ptyctl.client;

import dev.ptyctl.client.internal.SystemScheduler;
import java.time.Duration;

/**
 * The clock and timers of a {@link TerminalAttachment}: reconnect backoff, pings, the close handshake's limit and
 * how long {@link TerminalAttachment.Builder#connect()} waits for the first connection. The default,
 * {@link #system()}, uses {@link System#nanoTime()} and one shared daemon thread. Tests pass their
 * own to control time: run the scheduled reconnect at once and check the delay it asked for. A scheduler must run
 * what it is given: {@code connect()} to a server that never answers returns only when the deadline's task runs.
 *
 * <pre>{@code
 * class ManualScheduler implements AttachmentScheduler {
 *     final List<Duration> delays = new ArrayList<>();
 *     final Queue<Runnable> due = new ArrayDeque<>();
 *     public long nanoTime() { return 0; }
 *     public Cancellable schedule(Duration delay, Runnable task) {
 *         delays.add(delay);
 *         due.add(task);
 *         return () -> due.remove(task);
 *     }
 * }
 * }</pre>
 */
public interface AttachmentScheduler {

    /** The shared system scheduler. */
    static AttachmentScheduler system() {
        return SystemScheduler.INSTANCE;
    }

    /** A monotonic time in nanoseconds, as {@link System#nanoTime()}. */
    long nanoTime();

    /** Runs {@code task} once after {@code delay}; it must not run on the caller's thread. */
    Cancellable schedule(Duration delay, Runnable task);

    /** A scheduled task that can be called off. */
    @FunctionalInterface
    interface Cancellable {
        /** Calls the task off if it has not started; does nothing otherwise. */
        void cancel();
    }
}
