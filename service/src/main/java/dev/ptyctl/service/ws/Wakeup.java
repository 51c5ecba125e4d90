package dev.ptyctl.service.ws;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * A wake-up flag for one waiting thread: any thread may {@link #signal()} (cheaply, and without ever blocking: the
 * PTY reader signals every sender after each chunk), the owner {@link #await}s it. Signals are not counted: many
 * signals before an await wake it once, which is all a sender that then looks at everything needs.
 */
final class Wakeup {
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile Thread waiter;

    /** Wakes the waiter, or makes its next {@link #await} return at once. */
    void signal() {
        if (pending.compareAndSet(false, true)) {
            Thread thread = waiter;
            if (thread != null) {
                LockSupport.unpark(thread);
            }
        }
    }

    /**
     * Waits for a signal (consuming it) or until {@code timeoutNanos} pass.
     *
     * @return true when signalled, false on timeout
     */
    boolean await(long timeoutNanos) throws InterruptedException {
        waiter = Thread.currentThread();
        long deadline = System.nanoTime() + timeoutNanos;
        while (!pending.getAndSet(false)) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, remaining);
        }
        return true;
    }

    /** Waits for a signal, however long it takes. */
    void await() throws InterruptedException {
        while (!await(Long.MAX_VALUE / 2)) {
            // a wait of ~146 years ended: keep waiting
        }
    }
}
