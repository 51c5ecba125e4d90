package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;

/**
 * Editing by columns over the rows of the scroll region: SL and SR (shift every row left or right)
 * and DECIC and DECDC (insert or delete columns at the cursor), with xterm.js's rules: nothing
 * happens when the cursor is outside the top and bottom margins, the new cells take the erase
 * attributes, the affected rows stop being soft-wrapped continuations, and a pending-wrap cursor
 * column counts from the start of the row again (xterm.js takes it modulo the row length). With
 * left and right margins (DECSLRM) only the columns between them move, and DECIC and DECDC do
 * nothing when the cursor is outside them, as in xterm.
 */
final class ColumnOps {
    private final TerminalState t;

    ColumnOps(TerminalState t) {
        this.t = t;
    }

    /** SL, CSI Ps SP @: every row of the region loses Ps cells at its left edge (or margin). */
    void scrollLeft(Params p) {
        Screen s = t.active;
        forEachRegionRow(p, (line, n) -> line.deleteCells(s.leftMargin(), n, t.eraseStyle(), 0, end(s)));
    }

    /** SR, CSI Ps SP A: every row of the region gets Ps blank cells at its left edge (or margin). */
    void scrollRight(Params p) {
        Screen s = t.active;
        forEachRegionRow(p, (line, n) -> line.insertCells(s.leftMargin(), n, t.eraseStyle(), 0, end(s)));
    }

    /** DECIC, CSI Ps ' }: Ps blank columns at the cursor column, in every row of the region. */
    void insertColumns(Params p) {
        Screen s = t.active;
        int col = s.cursor().col();
        if (insideColumns(s, col)) {
            forEachRegionRow(p, (line, n) -> line.insertCells(col % line.cols(), n, t.eraseStyle(), 0, end(s)));
        }
    }

    /** DECDC, CSI Ps ' ~: Ps columns removed at the cursor column, in every row of the region. */
    void deleteColumns(Params p) {
        Screen s = t.active;
        int col = s.cursor().col();
        if (insideColumns(s, col)) {
            forEachRegionRow(p, (line, n) -> line.deleteCells(col % line.cols(), n, t.eraseStyle(), 0, end(s)));
        }
    }

    /**
     * DECBI, ESC 6 (back index): left one column; at the left margin the columns of the scroll region
     * shift right instead, a blank column coming in at the margin (as xterm).
     */
    void backIndex() {
        Screen s = t.active;
        int col = Math.min(s.cursor().col(), s.cols() - 1);
        if (col == s.leftMargin()) {
            shiftRegion((line, n) -> line.insertCells(s.leftMargin(), n, t.eraseStyle(), 0, end(s)));
        } else if (col > 0) {
            s.cursor().setCol(col - 1);
        }
    }

    /**
     * DECFI, ESC 9 (forward index): right one column; at the right margin the columns of the scroll
     * region shift left instead, a blank column coming in at the margin (as xterm).
     */
    void forwardIndex() {
        Screen s = t.active;
        int col = Math.min(s.cursor().col(), s.cols() - 1);
        if (col == s.rightMargin()) {
            shiftRegion((line, n) -> line.deleteCells(s.leftMargin(), n, t.eraseStyle(), 0, end(s)));
        } else if (col < s.cols() - 1) {
            s.cursor().setCol(col + 1);
        }
    }

    private void shiftRegion(RowEdit edit) {
        Screen s = t.active;
        for (int r = s.scrollTop(); r <= s.scrollBottom(); r++) {
            Line line = s.line(r);
            edit.apply(line, 1);
            line.setWrapped(false);
        }
    }

    /** Column after the last that moves: the row's end (as xterm.js), or the right margin's. */
    private static int end(Screen s) {
        return s.fullWidth() ? Integer.MAX_VALUE : s.rightMargin() + 1;
    }

    private static boolean insideColumns(Screen s, int col) {
        return s.fullWidth() || (col >= s.leftMargin() && col <= s.rightMargin());
    }

    /** What one of these does to one row. */
    @FunctionalInterface
    private interface RowEdit {
        void apply(Line line, int count);
    }

    private void forEachRegionRow(Params p, RowEdit edit) {
        Screen s = t.active;
        int row = s.cursor().row();
        if (row < s.scrollTop() || row > s.scrollBottom()) {
            return;
        }
        int n = p.getOr(0, 1);
        for (int r = s.scrollTop(); r <= s.scrollBottom(); r++) {
            Line line = s.line(r);
            edit.apply(line, n);
            line.setWrapped(false);
        }
    }
}
