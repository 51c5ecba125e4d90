package dev.ptyctl.service.pty;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;

/**
 * Where in the output the emulator's count of scrolled lines ({@code Scrollback.scrolledCount}) changed, so that the
 * count as of any output offset a client reports can be told: how many lines scrolled off the screen since then is the
 * count now minus that one (a reconnecting {@code ptyctl attach} is sent those lines, not the whole scrollback).
 *
 * <p>One entry per chunk of output that scrolled, oldest first: the chunk's offsets and the count before it. A client
 * that had output up to offset {@code seq} saw a chunk ending at or before it; a chunk it saw part of counts as not
 * seen (its lines are sent again rather than lost: the count within a chunk is not known). Entries are kept up to the
 * scrollback's limit: every chunk scrolled at least one line, so a client older than the oldest entry missed at least
 * that many lines, all the scrollback keeps (rows a taller screen takes back, the one way the count goes down, can
 * only make it send lines twice, never lose one). A resize that changes the width reflows the scrollback, after which
 * the n-th line is another line: the counts kept are moved to where their lines went ({@link ReflowAnchors}), so a
 * client from before it still gets every line that scrolled after its offset, at the new width. (Until 5 Dec 2026 a
 * client from before a reflow was counted as of the reflow: a {@code ptyctl attach} whose window changed width during
 * an outage missed what had scrolled between the drop and its return.)
 */
final class ScrolledLines {
    private record Change(long fromSeq, long toSeq, long countBefore) {
    }

    private final int capacity;
    private final ArrayDeque<Change> changes = new ArrayDeque<>();
    /** Clients that had less output than this are not known (see the class comment). */
    private long knownFrom;

    /** @param capacity how many entries to keep: the scrollback's limit */
    ScrolledLines(int capacity) {
        this.capacity = Math.max(1, capacity);
    }

    /** The chunk {@code [fromSeq, toSeq)} changed the count from {@code before} to {@code after}. */
    void output(long fromSeq, long toSeq, long before, long after) {
        if (before == after) {
            return;
        }
        if (changes.size() == capacity) {
            Change oldest = changes.removeFirst();
            knownFrom = oldest.toSeq() + 1;
        }
        changes.addLast(new Change(fromSeq, toSeq, before));
    }

    /**
     * A resize at {@code seq} that kept the width changed the count from {@code before} to {@code after} (rows that
     * went up into the scrollback or came back down).
     */
    void resized(long seq, long before, long after) {
        output(seq, seq, before, after);
    }

    /** The counts kept, for a resize that reflows to carry across ({@link #reflowed}). */
    long[] counts() {
        return changes.stream().mapToLong(Change::countBefore).toArray();
    }

    /**
     * A resize at {@code seq} changed the width: every count kept moves to where its line went ({@code moved}, given
     * the {@link #counts()} and {@code before}), and the rows the reflow itself pushed up from the screen or took back,
     * from the old screen's top ({@code before}) to {@code after}, count as a change at {@code seq}.
     */
    void reflowed(long seq, LongUnaryOperator moved, long before, long after) {
        List<Change> kept = new ArrayList<>(changes);
        changes.clear();
        for (Change change : kept) {
            changes.addLast(new Change(change.fromSeq(), change.toSeq(), moved.applyAsLong(change.countBefore())));
        }
        output(seq, seq, moved.applyAsLong(before), after);
    }

    /**
     * The count as of a client that had output up to {@code seq}.
     *
     * @param now the count now
     * @return empty when not known: the client is sent every line kept
     */
    OptionalLong countAt(long seq, long now, long outputSeq) {
        if (seq > outputSeq || seq < knownFrom) {
            return OptionalLong.empty();
        }
        long count = now;
        for (Iterator<Change> newestFirst = changes.descendingIterator(); newestFirst.hasNext(); ) {
            Change change = newestFirst.next();
            boolean seen = change.toSeq() < seq || change.toSeq() == seq && change.fromSeq() < change.toSeq();
            if (seen) {
                break;
            }
            count = change.countBefore();
        }
        return OptionalLong.of(count);
    }
}
