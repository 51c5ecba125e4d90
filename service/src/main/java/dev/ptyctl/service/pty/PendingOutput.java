package dev.ptyctl.service.pty;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Output the PTY reader has read and the emulator has not applied yet: a bounded byte queue between the two
 * threads of a {@link PtySession}. The reader only copies in and goes back to reading, so reading the PTY and
 * emulating run on two cores at once instead of one after the other (the reader's chain of read, emulate, notify
 * was what limited {@code cat} throughput).
 *
 * <p>Bounded so that the emulator can never fall far behind: a full queue makes the reader wait, which leaves the
 * bytes in the kernel and slows the program down, exactly as a slow terminal would. The bound also keeps the
 * emulator within the smallest replay buffer, so a reset snapshot's seq is always still in the output log.
 * The ring is made by the first put, small, doubles on demand, and is dropped when the consumer retires (the queue is
 * empty then), so an idle terminal holds none of it, however large a stream once made it (up to 480 KiB).
 *
 * <p>The consumer may retire while nothing comes ({@link #take(byte[], long)}); the next {@link #put} then starts
 * another through the starter given to the constructor, before it could ever wait for room. So an idle terminal
 * holds no emulator thread, and no byte is left without a consumer.
 */
final class PendingOutput {
    static final int INITIAL_BYTES = 4 * 1024;
    /** What {@link #take(byte[], long)} returns when it gave up waiting: the consumer ends; a put starts another. */
    static final int IDLE = -2;
    private static final byte[] NO_BYTES = new byte[0];

    private final int capacity;
    /** Starts a consumer thread; called under the lock by the put that finds none running. */
    private final Runnable startConsumer;
    /** Whether a consumer is running (or has been started); guarded by the lock. */
    private boolean consumerRunning;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private byte[] ring;
    private int head;
    private int size;
    private boolean closed;

    /**
     * A queue that holds at most {@code capacityBytes} and runs {@code startConsumer} (under its lock, so it must only
     * start a thread) when output arrives and no consumer is running: at the first put, and at the first after the
     * consumer retired.
     */
    PendingOutput(int capacityBytes, Runnable startConsumer) {
        if (capacityBytes < 1) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacityBytes);
        }
        this.capacity = capacityBytes;
        this.ring = NO_BYTES; // the first put makes one
        this.startConsumer = startConsumer;
    }

    /**
     * Appends {@code length} bytes, waiting for room as often as needed; a chunk larger than the queue goes in
     * pieces.
     */
    void put(byte[] data, int offset, int length) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            int done = 0;
            while (done < length) {
                while (size == capacity && !closed) {
                    notFull.await();
                }
                if (closed) {
                    return;
                }
                int piece = Math.min(length - done, capacity - size);
                ensureRoom(size + piece);
                int tail = (head + size) % ring.length;
                int first = Math.min(piece, ring.length - tail);
                System.arraycopy(data, offset + done, ring, tail, first);
                System.arraycopy(data, offset + done + first, ring, 0, piece - first);
                size += piece;
                done += piece;
                notEmpty.signal();
                if (!consumerRunning) {
                    // Before any wait for room: a full queue with nobody to take from it would never drain.
                    consumerRunning = true;
                    startConsumer.run();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Moves up to {@code into.length} bytes into {@code into}, waiting at most {@code idleNanos} while the queue is
     * empty ({@link Long#MAX_VALUE}: as long as it takes). A consumer that gets {@link #IDLE} must end: the queue
     * counts it gone, and the next put starts another.
     *
     * @return how many bytes were moved, -1 once the queue is closed and empty, or {@link #IDLE}
     */
    int take(byte[] into, long idleNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            long remaining = idleNanos;
            while (size == 0 && !closed) {
                if (remaining <= 0) {
                    consumerRunning = false;
                    ring = NO_BYTES; // empty: the next put makes a small one
                    head = 0;
                    return IDLE;
                }
                remaining = notEmpty.awaitNanos(remaining);
            }
            if (size == 0) {
                return -1;
            }
            int n = Math.min(size, into.length);
            int first = Math.min(n, ring.length - head);
            System.arraycopy(ring, head, into, 0, first);
            System.arraycopy(ring, 0, into, first, n - first);
            head = (head + n) % ring.length;
            size -= n;
            notFull.signal();
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** How large the queue's buffer is now (0 while no consumer runs). */
    int bufferBytes() {
        lock.lock();
        try {
            return ring.length;
        } finally {
            lock.unlock();
        }
    }

    /** How many bytes wait now. */
    int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /** No more output will come: {@link #take} drains what is left and then returns -1; {@link #put} drops. */
    void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void ensureRoom(int needed) {
        if (needed <= ring.length) {
            return;
        }
        int length = Math.max(ring.length, Math.min(capacity, INITIAL_BYTES));
        while (length < needed) {
            length = Math.min(capacity, length * 2);
        }
        byte[] grown = new byte[length];
        int first = Math.min(size, ring.length - head);
        System.arraycopy(ring, head, grown, 0, first);
        System.arraycopy(ring, 0, grown, first, size - first);
        ring = grown;
        head = 0;
    }
}
