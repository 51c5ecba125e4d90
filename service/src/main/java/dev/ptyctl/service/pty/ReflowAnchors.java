package dev.ptyctl.service.pty;

import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Positions in the main screen's count of scrolled lines ({@code Scrollback.scrolledCount}: position {@code p} is the
 * boundary just above the line numbered {@code p}) carried across a resize that reflows the screen. A reflow cuts the
 * soft-wrapped lines again at the new width, so the n-th row is another row afterwards; but the first row of each line
 * the program wrote stays the same {@link Line} object (the reflow moves cells into it or out of it, and adds or drops
 * the rows after it), so a position is found again by where that row went. A position inside a wrapped line moves up
 * to the line's start: the part a client saw is sent again rather than the rest lost.
 */
final class ReflowAnchors {
    /** The row that holds each position, null for a position above every line kept. */
    private final Map<Long, Line> anchors = new HashMap<>();

    private ReflowAnchors() {
    }

    /** Notes the rows that hold {@code positions} on {@code main} before its resize. */
    static ReflowAnchors before(Screen main, long... positions) {
        ReflowAnchors taken = new ReflowAnchors();
        long oldest = oldestKept(main);
        int lines = main.scrollback().size() + main.rows();
        for (long position : positions) {
            long index = position - oldest;
            if (index < 0 || index >= lines) {
                taken.anchors.put(position, null);
                continue;
            }
            int row = (int) index;
            while (row > 0 && main.lineAtBufferIndex(row).isWrapped()) {
                row--;
            }
            taken.anchors.put(position, main.lineAtBufferIndex(row));
        }
        return taken;
    }

    /**
     * Where each position noted went, on {@code main} after its resize: the count of the row it was held at. A
     * position above every line kept stays where it was (the resize keeps the oldest line's number), and one whose
     * row the resize dropped (more rows than the scrollback keeps) goes above every line kept: all of them count as
     * not seen.
     */
    LongUnaryOperator after(Screen main) {
        long oldest = oldestKept(main);
        Map<Line, Integer> rows = new IdentityHashMap<>();
        int lines = main.scrollback().size() + main.rows();
        for (int index = 0; index < lines; index++) {
            rows.putIfAbsent(main.lineAtBufferIndex(index), index);
        }
        return position -> {
            if (!anchors.containsKey(position)) {
                throw new IllegalArgumentException("position " + position + " was not noted before the resize");
            }
            Line anchor = anchors.get(position);
            if (anchor == null) {
                return position;
            }
            Integer row = rows.get(anchor);
            return row == null ? oldest : oldest + row;
        };
    }

    /** The count's value at the oldest line the scrollback keeps. */
    private static long oldestKept(Screen main) {
        return main.scrollback().scrolledCount() - main.scrollback().size();
    }
}
