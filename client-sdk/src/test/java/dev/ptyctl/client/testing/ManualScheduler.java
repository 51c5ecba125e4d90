package dev.ptyctl.client.testing;

import dev.ptyctl.client.AttachmentScheduler;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An {@link AttachmentScheduler} the test drives: time stands still until {@link #advance}, and a
 * scheduled task runs only when the test takes it with {@link #next()} and runs it. So a test sees
 * the exact delay an attachment asked for and decides when it has passed.
 *
 * <pre>{@code
 * ManualScheduler scheduler = new ManualScheduler();
 * ... connection.drop();
 * ManualScheduler.Task retry = scheduler.next();
 * assertThat(retry.delay()).isEqualTo(Duration.ofMillis(75));
 * retry.run();
 * }</pre>
 */
public final class ManualScheduler implements AttachmentScheduler {
    private static final long WAIT_SECONDS = 10;

    private final BlockingQueue<Task> scheduled = new LinkedBlockingQueue<>();
    private volatile long nanos;

    /** A scheduled task. */
    public static final class Task {
        private final Duration delay;
        private final Runnable action;
        private volatile boolean cancelled;

        Task(Duration delay, Runnable action) {
            this.delay = delay;
            this.action = action;
        }

        /** The delay it was scheduled with. */
        public Duration delay() {
            return delay;
        }

        /** Whether it was called off. */
        public boolean cancelled() {
            return cancelled;
        }

        /** Runs it, on a new thread as a real timer would (the caller may hold no attachment lock). */
        public void run() throws InterruptedException {
            Thread thread = Thread.ofVirtual().start(action);
            thread.join();
        }
    }

    @Override
    public long nanoTime() {
        return nanos;
    }

    /** Moves the clock forward. */
    public void advance(Duration duration) {
        nanos += duration.toNanos();
    }

    @Override
    public Cancellable schedule(Duration delay, Runnable task) {
        Task scheduledTask = new Task(delay, task);
        scheduled.add(scheduledTask);
        return () -> scheduledTask.cancelled = true;
    }

    /** The next task scheduled and not cancelled, waiting for one to be scheduled. */
    public Task next() throws InterruptedException {
        while (true) {
            Task task = scheduled.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            if (task == null) {
                throw new AssertionError("nothing was scheduled within " + WAIT_SECONDS + " s");
            }
            if (!task.cancelled) {
                return task;
            }
        }
    }

    /** Whether no live task is waiting to be taken. */
    public boolean idle() {
        scheduled.removeIf(task -> task.cancelled);
        return scheduled.isEmpty();
    }
}
