package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Screen;

/**
 * The rectangle of a DEC rectangular-area sequence (DECRQCRA, DECFRA, DECERA, DECSERA, DECCRA), in
 * 0-based screen rows and columns, edges included.
 *
 * <p>Read as xterm reads it: parameters {@code Pt ; Pl ; Pb ; Pr}, 1-based; 0 or omitted means the
 * edge of the area (the screen, or the margins in origin mode); in origin mode each value, default
 * included, is moved by the top or left margin; values are then clamped to the area. A rectangle whose
 * top is below its bottom or whose left is right of its right is invalid.
 */
record Rectangle(int top, int left, int bottom, int right) {

    /**
     * Parses the rectangle whose four parameters start at {@code first}.
     *
     * @param count how many of the parameters from {@code first} on belong to it (fewer than 4: defaults)
     * @return the rectangle, or null when it is invalid
     */
    static Rectangle parse(TerminalState t, Params p, int first, int count) {
        Screen s = t.active;
        boolean origin = t.modes.is(Mode.ORIGIN);
        int minRow = origin ? s.scrollTop() + 1 : 1;
        int maxRow = origin ? s.scrollBottom() + 1 : s.rows();
        int minCol = origin ? s.leftMargin() + 1 : 1;
        int maxCol = origin ? s.rightMargin() + 1 : s.cols();
        int rowShift = origin ? s.scrollTop() : 0;
        int colShift = origin ? s.leftMargin() : 0;
        int top = clamp(value(p, first, count, 0, minRow) + rowShift, minRow, maxRow);
        int left = clamp(value(p, first, count, 1, minCol) + colShift, minCol, maxCol);
        int bottom = clamp(value(p, first, count, 2, maxRow) + rowShift, minRow, maxRow);
        int right = clamp(value(p, first, count, 3, maxCol) + colShift, minCol, maxCol);
        if (top > bottom || left > right) {
            return null;
        }
        return new Rectangle(top - 1, left - 1, bottom - 1, right - 1);
    }

    private static int value(Params p, int first, int count, int index, int fallback) {
        int v = index < count ? p.get(first + index) : 0;
        return v > 0 ? v : fallback;
    }

    private static int clamp(int v, int min, int max) {
        return Math.max(min, Math.min(max, v));
    }

    int width() {
        return right - left + 1;
    }

    int height() {
        return bottom - top + 1;
    }
}
