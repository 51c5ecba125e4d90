package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.Terminal;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of a terminal's scrollback lines ({@link ScrollbackLine}), kept up to date a change at a time: a locator that
 * {@link Locator#includingScrollback() includes the scrollback} reads them on every change while it waits, and making
 * a string of each of up to 10,000 lines each time (a megabyte or more per change with the lock held) cost more than
 * the search. Lines in the scrollback do not change, so only those that scrolled in since the last read are made:
 * {@link Terminal#scrolledLineCount()} says how many, the oldest are dropped to the scrollback's size (its limit, an
 * erase of the scrollback, a reset). A resize reflows every line: its caller then {@link #forget}s them all. Used with
 * the screen copy's lock held.
 */
final class ScrollbackText {
    private final List<ScrollbackLine> lines = new ArrayList<>();
    /** The row each line is read through (its arrays reused line after line). */
    private final CellRow reuse = new CellRow();
    /** The terminal's {@link Terminal#scrolledLineCount()} when {@link #lines} were last brought up to date; -1: never. */
    private long scrolled = -1;

    /** The scrollback's lines now, oldest first, as rows read; an immutable copy of the list. */
    List<ScrollbackLine> update(Terminal terminal) {
        long now = terminal.scrolledLineCount();
        int size = terminal.scrollbackSize();
        long added = now - scrolled;
        if (scrolled < 0 || added < 0 || size - Math.min(added, size) > lines.size()) {
            lines.clear(); // first read, lines taken back by a resize, or ours no longer the scrollback's older part
            added = size;
        }
        int fresh = (int) Math.min(added, size);
        lines.subList(0, lines.size() - (size - fresh)).clear();
        for (int i = size - fresh; i < size; i++) {
            lines.add(ScrollbackLine.of(terminal, i, reuse));
        }
        scrolled = now;
        return List.copyOf(lines);
    }

    /** Makes the next {@link #update} read every line again (after a resize, which reflows them). */
    void forget() {
        scrolled = -1;
    }
}
