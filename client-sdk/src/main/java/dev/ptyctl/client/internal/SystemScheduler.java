package dev.ptyctl.client.internal;

import dev.ptyctl.client.AttachmentScheduler;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The default {@link AttachmentScheduler}: one daemon thread shared by every attachment. Its tasks
 * only start connections and queue sends, which return at once, so one thread serves any number of
 * attachments.
 */
public final class SystemScheduler implements AttachmentScheduler {
    /** The shared instance. */
    public static final SystemScheduler INSTANCE = new SystemScheduler();

    private final ScheduledThreadPoolExecutor executor;

    private SystemScheduler() {
        executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "ptyctl-attachment-timer");
            thread.setDaemon(true);
            return thread;
        });
        // Cancelled pings and reconnects of closed attachments must not linger in the queue.
        executor.setRemoveOnCancelPolicy(true);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Cancellable schedule(Duration delay, Runnable task) {
        var future = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
