package dev.ptyctl.service.pty;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.OptionalLong;

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
 * its lines cannot be matched with what a client saw: a client from before it is counted as of the reflow, so that it
 * gets the lines that scrolled after it (at the new width, never shown) and not the lines it already shows, reflowed,
 * once more; what scrolled between its offset and the reflow is left out, as tmux redraws only the screen when a client
 * comes back at another width. (Sending every line kept instead put the whole scrollback into the local terminal's
 * once more when the window was resized during an outage.)
 */
final class ScrolledLines {
    private record Change(long fromSeq, long toSeq, long countBefore) {
    }

    private final int capacity;
    private final ArrayDeque<Change> changes = new ArrayDeque<>();
    /** Clients that had less output than this are not known (see the class comment). */
    private long knownFrom;
    /** Whether {@link #knownFrom} is a reflow's: clients from before it are counted as of it. */
    private boolean reflowed;

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
            reflowed = false; // more lines since the reflow than the scrollback keeps: all it keeps is news
        }
        changes.addLast(new Change(fromSeq, toSeq, before));
    }

    /**
     * A resize at {@code seq} changed the count from {@code before} to {@code after} (rows that went up into the
     * scrollback or came back down); {@code reflowed} when the width changed.
     */
    void resized(long seq, long before, long after, boolean reflowed) {
        if (reflowed) {
            changes.clear();
            knownFrom = seq + 1;
            this.reflowed = true;
        } else {
            output(seq, seq, before, after);
        }
    }

    /**
     * The count as of a client that had output up to {@code seq}.
     *
     * @param now the count now
     * @return empty when not known: the client is sent every line kept
     */
    OptionalLong countAt(long seq, long now, long outputSeq) {
        if (seq > outputSeq || seq < knownFrom && !reflowed) {
            return OptionalLong.empty();
        }
        long count = now; // a client from before the reflow: no change kept counts as seen, so as of the reflow
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
