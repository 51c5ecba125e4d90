package dev.ptyctl.vt.screen;

import java.util.Arrays;

/**
 * The lines that scrolled off the top of the main screen, oldest first, in a ring buffer with a
 * line limit. Adding a line to a full ring evicts the oldest one and hands it back so the caller can
 * recycle it as the next blank line: once full, scrolling allocates nothing and copies no lines
 * (rotation is index arithmetic).
 *
 * <p>Index 0 is the oldest kept line, {@code size() - 1} the newest (the one just above the screen).
 */
public final class Scrollback {
    /** Initial ring capacity; it doubles up to the limit so small sessions stay small. */
    private static final int INITIAL_CAPACITY = 64;

    private int limit;
    private Line[] ring;
    /** Ring index of the oldest line. */
    private int head;
    private int size;
    /** See {@link #scrolledCount()}. */
    private long scrolledCount;

    /**
     * Creates an empty scrollback.
     *
     * @param limit maximum number of lines kept; 0 keeps none
     */
    public Scrollback(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("scrollback limit must be >= 0: " + limit);
        }
        this.limit = limit;
        this.ring = new Line[Math.min(limit, INITIAL_CAPACITY)];
    }

    /**
     * Maximum number of lines kept.
     *
     * @return the limit
     */
    public int limit() {
        return limit;
    }

    /**
     * Number of lines kept.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * Whether adding a line will evict the oldest one.
     *
     * @return true at the limit
     */
    public boolean isFull() {
        return size == limit;
    }

    /**
     * A running count of the lines that scrolled in: one more per line added, one less per line taken back
     * ({@link #popNewest}), unchanged when lines are dropped (the limit, ED 3). So {@code scrolledCount() - then} lines
     * scrolled off the screen since the count was {@code then}, and the newest of them, up to {@link #size()}, are
     * still here: what a client that saw the terminal at {@code then} has not seen scroll (a reconnecting
     * {@code ptyctl attach}).
     *
     * @return the count, 0 for a new scrollback unless {@link #continueCount} set it
     */
    public long scrolledCount() {
        return scrolledCount;
    }

    /**
     * Sets the running count: a scrollback replacing another (RIS) or rebuilt (a resize) goes on from where that one
     * stood instead of starting again at 0, which would make lines scrolled later look already seen.
     *
     * @param count the count now
     */
    public void continueCount(long count) {
        this.scrolledCount = count;
    }

    /**
     * A kept line.
     *
     * @param index 0 = oldest
     * @return the line (live, not a copy)
     */
    public Line get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("scrollback index " + index + " of " + size);
        }
        return ring[(head + index) % ring.length];
    }

    /**
     * Appends a line as the newest.
     *
     * @param line the line that scrolled off the screen
     * @return the evicted oldest line when the scrollback was full (or {@code line} itself when the
     *     limit is 0), else null
     */
    public Line push(Line line) {
        scrolledCount++;
        if (limit == 0) {
            return line;
        }
        if (size < limit) {
            if (size == ring.length) {
                grow();
            }
            ring[(head + size) % ring.length] = line;
            size++;
            return null;
        }
        Line evicted = ring[head];
        ring[head] = line;
        head = head + 1 == ring.length ? 0 : head + 1; // a compare, not an integer division at every line feed
        return evicted;
    }

    /**
     * Appends a line as the newest, as {@link #push} does, and returns the line to reuse as the next blank one: the
     * evicted oldest when the scrollback was full, {@code line} itself when the limit is 0, else a new line of
     * {@code cols} empty cells.
     *
     * <p>Never null, so a caller has no branch on it: the JIT compiles the scrolling of a terminal whose scrollback has
     * room before it is full, and a branch it never saw taken there (the first eviction) would throw that code out
     * (an unstable-if trap, then a recompile of the method it was inlined into). The one branch here, on whether the
     * ring has room without growing, is taken both ways from the first lines on (the ring grows at 64, 128, ...); the
     * rest is out of line.
     *
     * @param line the line that scrolled off the screen
     * @param cols width of a new line
     * @return the line to reuse
     */
    public Line pushForReuse(Line line, int cols) {
        if (size < ring.length) {
            ring[(head + size) % ring.length] = line;
            size++;
            scrolledCount++;
            return new Line(cols, Style.DEFAULT);
        }
        return pushAtCapacity(line, cols);
    }

    /** {@link #pushForReuse} when the ring has no free slot: it grows, evicts, or (limit 0) hands the line back. */
    private Line pushAtCapacity(Line line, int cols) {
        Line evicted = push(line);
        return evicted != null ? evicted : new Line(cols, Style.DEFAULT);
    }

    /**
     * Removes and returns the newest line (used when the screen grows and pulls lines back down).
     *
     * @return the newest line
     */
    public Line popNewest() {
        if (size == 0) {
            throw new IllegalStateException("scrollback is empty");
        }
        int index = (head + size - 1) % ring.length;
        Line line = ring[index];
        ring[index] = null;
        size--;
        scrolledCount--;
        return line;
    }

    /**
     * Changes the limit; when lowered below the size, the oldest lines are dropped.
     *
     * @param newLimit new maximum, at least 0
     */
    public void setLimit(int newLimit) {
        if (newLimit < 0) {
            throw new IllegalArgumentException("scrollback limit must be >= 0: " + newLimit);
        }
        if (newLimit == limit) {
            return;
        }
        int keep = Math.min(size, newLimit);
        Line[] kept = new Line[Math.max(Math.min(newLimit, INITIAL_CAPACITY), keep)];
        for (int i = 0; i < keep; i++) {
            kept[i] = get(size - keep + i);
        }
        ring = kept;
        head = 0;
        size = keep;
        limit = newLimit;
    }

    /** Drops every line (ED 3). */
    public void clear() {
        Arrays.fill(ring, null);
        head = 0;
        size = 0;
        if (ring.length > INITIAL_CAPACITY) {
            ring = new Line[Math.min(limit, INITIAL_CAPACITY)];
        }
    }

    private void grow() {
        int capacity = (int) Math.min((long) limit, Math.max(INITIAL_CAPACITY, ring.length * 2L));
        Line[] bigger = new Line[capacity];
        for (int i = 0; i < size; i++) {
            bigger[i] = ring[(head + i) % ring.length];
        }
        ring = bigger;
        head = 0;
    }
}
