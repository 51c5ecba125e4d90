package dev.ptyctl.service.output;

import dev.ptyctl.service.pty.OutputListener;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The raw output of one terminal with seq = byte offset (SPEC §5.2); keeps the most recent {@code capacityBytes}.
 *
 * <p>The PTY reader appends through {@link #output} as it reads, before the emulator has applied the chunk, so
 * clients never wait for the emulator; the log may therefore be a little ahead of the screen (the session bounds
 * how far, well within the smallest log), and a reset snapshot carries the screen's own seq.
 * Appending never waits for a reader of the log: it copies the chunk into a ring under a lock that readers hold
 * only to copy at most one frame out, then runs the subscribers' wake-ups, which must be quick (they only unpark
 * a sender). Readers pull with {@link #read} from whatever seq they have reached, so a slow reader costs the log
 * nothing: it simply finds its bytes gone ({@link ReadStatus#TOO_OLD}) once they have been overwritten.
 *
 * <p>Reads end on UTF-8 boundaries (SPEC §5.2): a read never ends inside a multi-byte character while the rest of
 * it can still arrive, so a JSON text frame never has to carry half a character.
 */
public final class OutputLog implements OutputListener {
    /**
     * The ring's first size. It doubles as output arrives until it reaches the capacity, so a terminal that has
     * printed a prompt or two holds a few KiB rather than the whole 2 MiB default: with hundreds of idle terminals
     * the eager ring was the server's largest heap cost (2 MiB per terminal). 4 KiB rather than stop 12's 16: a
     * shell's prompt fits, and 500 idle terminals hold 6 MiB less; a stream grows it in two more doublings.
     */
    static final int INITIAL_RING_BYTES = 4 * 1024;

    private final int capacity;
    /** Grows (doubling, under {@link #lock}) up to {@link #capacity}; holds every kept byte at index seq mod length. */
    private byte[] ring;
    private final ReentrantLock lock = new ReentrantLock();
    private final CopyOnWriteArrayList<Runnable> subscribers = new CopyOnWriteArrayList<>();
    /** Offset of the next byte to arrive; written under {@link #lock}, read without it. */
    private volatile long nextSeq;
    /** Offset of the oldest byte still kept; guarded by {@link #lock}. */
    private long firstSeq;

    /** A log that keeps the last {@code capacityBytes} bytes (SPEC §8 {@code replayBytes}). */
    public OutputLog(int capacityBytes) {
        if (capacityBytes < 1) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacityBytes);
        }
        this.capacity = capacityBytes;
        this.ring = new byte[Math.min(capacityBytes, INITIAL_RING_BYTES)];
    }

    /** Offset of the next byte to arrive: the total output so far. */
    public long nextSeq() {
        return nextSeq;
    }

    /** Offset of the oldest byte still kept ({@link #nextSeq()} when nothing is kept). */
    public long firstKeptSeq() {
        lock.lock();
        try {
            return firstSeq;
        } finally {
            lock.unlock();
        }
    }

    /** How many bytes the log keeps at most. */
    public int capacity() {
        return capacity;
    }

    /** Whether a reader at {@code seq} can still be given every byte after it. */
    public boolean keeps(long seq) {
        lock.lock();
        try {
            return seq >= firstSeq && seq <= nextSeq;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records a chunk. When {@code outputSeqAfter - length} is not where the log stands (the log was attached after
     * output had started), the log restarts at the chunk: the bytes before it are reported as too old.
     */
    @Override
    public void output(byte[] data, int offset, int length, long outputSeqAfter) {
        lock.lock();
        try {
            long start = outputSeqAfter - length;
            boolean restart = start != nextSeq;
            long keptAfter = Math.min(capacity, outputSeqAfter - (restart ? start : firstSeq));
            if (keptAfter > ring.length) {
                grow((int) keptAfter, restart);
            }
            if (restart) {
                firstSeq = start;
            }
            int kept = Math.min(length, capacity);
            copyIn(data, offset + length - kept, kept, outputSeqAfter - kept);
            nextSeq = outputSeqAfter;
            firstSeq = Math.max(firstSeq, outputSeqAfter - capacity);
        } finally {
            lock.unlock();
        }
        for (Runnable subscriber : subscribers) {
            subscriber.run();
        }
    }

    /** Replaces the ring by one of at least {@code needed} bytes, carrying the kept bytes over unless restarting. */
    private void grow(int needed, boolean restart) {
        int size = ring.length;
        while (size < needed) {
            size = (int) Math.min(capacity, size * 2L);
        }
        byte[] kept = new byte[restart ? 0 : (int) (nextSeq - firstSeq)];
        copyOut(firstSeq, kept, 0, kept.length);
        ring = new byte[size];
        copyIn(kept, 0, kept.length, firstSeq);
    }

    private void copyIn(byte[] data, int offset, int length, long seq) {
        int at = index(seq);
        int first = Math.min(length, ring.length - at);
        System.arraycopy(data, offset, ring, at, first);
        System.arraycopy(data, offset + first, ring, 0, length - first);
    }

    private int index(long seq) {
        return (int) Math.floorMod(seq, (long) ring.length);
    }

    /** {@link #read(long, byte[], int, int, boolean)} into the whole of {@code into}. */
    public Read read(long fromSeq, byte[] into, boolean allowPartialCharacter) {
        return read(fromSeq, into, 0, into.length, allowPartialCharacter);
    }

    /**
     * Copies bytes from {@code fromSeq} on into {@code into} at {@code offset}, at most {@code maxLength}, ending
     * on a UTF-8 boundary.
     *
     * @param allowPartialCharacter when false, an incomplete character at the very end of the output is held back
     *                              (its remaining bytes are probably on their way); when true it is included (the
     *                              caller has waited long enough, or the program has exited)
     * @return what was copied, or why nothing was
     */
    public Read read(long fromSeq, byte[] into, int offset, int maxLength, boolean allowPartialCharacter) {
        lock.lock();
        try {
            if (fromSeq < firstSeq) {
                return new Read(ReadStatus.TOO_OLD, 0, fromSeq);
            }
            long last = nextSeq;
            if (fromSeq > last) {
                return new Read(ReadStatus.TOO_NEW, 0, fromSeq);
            }
            long end = Math.min(last, fromSeq + maxLength);
            end = end < last ? boundaryBefore(fromSeq, end) : allowPartialCharacter ? end : completeEnd(fromSeq, end);
            int length = (int) (end - fromSeq);
            if (length == 0) {
                return new Read(fromSeq == last ? ReadStatus.UP_TO_DATE : ReadStatus.PARTIAL_CHARACTER, 0, fromSeq);
            }
            copyOut(fromSeq, into, offset, length);
            return new Read(ReadStatus.BYTES, length, end);
        } finally {
            lock.unlock();
        }
    }

    private void copyOut(long seq, byte[] into, int offset, int length) {
        int at = index(seq);
        int first = Math.min(length, ring.length - at);
        System.arraycopy(ring, at, into, offset, first);
        System.arraycopy(ring, 0, into, offset + first, length - first);
    }

    /**
     * Moves a cut at {@code end} (with bytes after it) back past at most three continuation bytes, so the next read
     * starts on a character's first byte. Longer runs of continuation bytes are invalid UTF-8 and are cut anyway.
     */
    private long boundaryBefore(long from, long end) {
        long cut = end;
        while (cut > from && end - cut < 3 && isContinuation(byteAt(cut))) {
            cut--;
        }
        return isContinuation(byteAt(cut)) ? end : cut;
    }

    /** The end of the output with an incomplete trailing character (lead byte plus too few continuations) cut off. */
    private long completeEnd(long from, long end) {
        for (long at = end - 1; at >= from && at >= end - 3; at--) {
            int b = byteAt(at) & 0xff;
            if (!isContinuation((byte) b)) {
                int needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
                return end - at < needed && b < 0xf8 ? at : end;
            }
        }
        return end;
    }

    private byte byteAt(long seq) {
        return ring[index(seq)];
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xc0) == 0x80;
    }

    /**
     * Runs {@code wakeUp} after every appended chunk, on the PTY reader thread: it must
     * only signal (e.g. unpark a sender), never block or read the log.
     *
     * @return a handle that removes the subscription
     */
    public Subscription subscribe(Runnable wakeUp) {
        subscribers.add(wakeUp);
        return () -> subscribers.remove(wakeUp);
    }

    /** How many subscribers are registered; for tests and metrics. */
    public int subscriberCount() {
        return subscribers.size();
    }

    /** A registration made with {@link #subscribe}. */
    @FunctionalInterface
    public interface Subscription extends AutoCloseable {
        /** Stops the wake-ups. */
        @Override
        void close();
    }

    /** Why a {@link #read} gave what it gave. */
    public enum ReadStatus {
        /** Bytes were copied. */
        BYTES,
        /** The reader is at the end of the output. */
        UP_TO_DATE,
        /** Only an incomplete character follows; its other bytes have not arrived yet. */
        PARTIAL_CHARACTER,
        /** The bytes at the seq have been overwritten: the reader needs a reset. */
        TOO_OLD,
        /** The seq is beyond the output (a client from another run of the terminal): the reader needs a reset. */
        TOO_NEW
    }

    /**
     * The outcome of a {@link #read}.
     *
     * @param status what happened
     * @param length how many bytes were copied (0 unless {@link ReadStatus#BYTES})
     * @param endSeq the offset just after the copied bytes: the seq of the frame that carries them
     */
    public record Read(ReadStatus status, int length, long endSeq) {
    }
}
