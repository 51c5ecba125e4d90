package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;

/**
 * Erasing and in-line editing: ED, EL (and their selective forms DECSED, DECSEL, which spare cells
 * protected by DECSCA), ECH, ICH, DCH and DECALN. Erased cells take the erase style (current
 * background only). ED and EL work from a pending-wrap cursor as xterm.js does: the cursor counts
 * as past the last column, so EL 0 then erases nothing, and the wrap stays pending. With left and
 * right margins, which xterm.js lacks, they follow xterm instead (see {@link #cancelWrapBetweenMargins}).
 */
final class EditOps {
    private final TerminalState t;
    private final CursorOps cursor;
    /** Rows {@link #eraseWrittenRows} blanks, reused. */
    private int[] written = new int[0];

    EditOps(TerminalState t, CursorOps cursor) {
        this.t = t;
        this.cursor = cursor;
    }

    /**
     * ED, CSI Ps J: 0 below (from the cursor), 1 above (through the cursor), 2 all, 3 scrollback. Cells
     * protected by SPA (ISO protection) are spared while it is the protection in use, as in xterm.
     */
    void eraseInDisplay(Params p) {
        eraseInDisplay(p, t.isoProtection);
    }

    /** DECSED, CSI ? Ps J: ED that spares protected cells. */
    void selectiveEraseInDisplay(Params p) {
        eraseInDisplay(p, true);
    }

    /**
     * EL, CSI Ps K: 0 to the right of the cursor, 1 to the left through it, 2 the whole row. Cells protected by SPA
     * (ISO protection) are spared while it is the protection in use, as in xterm.
     */
    void eraseInLine(Params p) {
        eraseInLine(p, t.isoProtection);
    }

    /** DECSEL, CSI ? Ps K: EL that spares protected cells. */
    void selectiveEraseInLine(Params p) {
        eraseInLine(p, true);
    }

    /** DECSCA, CSI Ps " q: 1 protects the characters written next from selective erase; 0 and 2 do not. */
    void selectProtection(Params p) {
        t.isoProtection = false;
        switch (p.get(0)) {
            case 1 -> t.style |= Style.PROTECTED;
            case 0, 2 -> t.style &= ~Style.PROTECTED;
            default -> t.unknown.record("DECSCA " + p.get(0));
        }
    }

    private void eraseInDisplay(Params p, boolean selective) {
        Screen s = t.active;
        cancelWrapBetweenMargins(s);
        cursor.restrict(s.cols());
        Cursor c = s.cursor();
        long erase = t.eraseStyle();
        switch (p.get(0)) {
            case 0 -> {
                eraseInRow(c.row(), c.col(), s.cols(), c.col() == 0, selective);
                for (int row = c.row() + 1; row < s.rows(); row++) {
                    resetRow(row, erase, selective);
                }
            }
            case 1 -> {
                eraseInRow(c.row(), 0, c.col() + 1, true, selective);
                if (c.col() + 1 >= s.cols()) {
                    // xterm.js means the next row but indexes its whole buffer with a screen row,
                    // so it unwraps the line at that index counted from the top of the scrollback
                    s.lineAtBufferIndex(c.row() + 1).setWrapped(false);
                }
                for (int row = 0; row < c.row(); row++) {
                    resetRow(row, erase, selective);
                }
            }
            case 2 -> {
                if (erase == Style.DEFAULT && !selective) {
                    eraseWrittenRows(s);
                } else {
                    for (int row = 0; row < s.rows(); row++) {
                        resetRow(row, erase, selective);
                    }
                }
            }
            case 3 -> s.scrollback().clear();
            default -> t.unknown.record((selective ? "DECSED " : "ED ") + p.get(0));
        }
    }

    private void eraseInLine(Params p, boolean selective) {
        Screen s = t.active;
        cancelWrapBetweenMargins(s);
        cursor.restrict(s.cols());
        Cursor c = s.cursor();
        switch (p.get(0)) {
            case 0 -> eraseInRow(c.row(), c.col(), s.cols(), c.col() == 0, selective);
            case 1 -> eraseInRow(c.row(), 0, c.col() + 1, false, selective);
            case 2 -> eraseInRow(c.row(), 0, s.cols(), true, selective);
            default -> t.unknown.record((selective ? "DECSEL " : "EL ") + p.get(0));
        }
    }

    /**
     * With left and right margins set, a pending wrap is cancelled and the cursor goes back to the column
     * it wrote last (the right margin, or the last column when it printed right of the margin), as xterm's
     * ClearInLine does for every ED and EL: xterm keeps its cursor on that column while a wrap is pending.
     * xterm.js has no margins to follow here, and outside them it keeps the wrap pending (the cursor past
     * the last column), which full-width ED and EL follow.
     */
    private static void cancelWrapBetweenMargins(Screen s) {
        Cursor c = s.cursor();
        if (c.marginWrapPending()) {
            c.setCol(s.rightMargin());
        } else if (!s.fullWidth() && c.col() >= s.cols()) {
            c.setCol(s.cols() - 1);
        }
    }

    /**
     * ECH, CSI Ps X: erase Ps cells from the cursor without moving anything. Like xterm.js it may
     * reach past the right margin into cells a narrowed alternate screen still keeps.
     */
    void eraseChars(Params p) {
        cursor.restrict();
        Cursor c = t.active.cursor();
        Line line = t.active.line(c.row());
        int end = (int) Math.min((long) c.col() + p.getOr(0, 1), line.cols());
        if (t.isoProtection) {
            line.eraseUnprotected(c.col(), end, t.eraseStyle());
        } else {
            line.erase(c.col(), end, t.eraseStyle());
        }
    }

    /**
     * SPA, ESC V (start of protected area): the characters written next are protected, and ED, EL and
     * ECH then spare protected cells too (ISO protection, as xterm; DECSCA goes back to DEC protection,
     * which only DECSED and DECSEL respect).
     */
    void startProtectedArea() {
        t.isoProtection = true;
        t.style |= Style.PROTECTED;
    }

    /** EPA, ESC W (end of protected area): the characters written next are not protected. */
    void endProtectedArea() {
        t.style &= ~Style.PROTECTED;
    }

    /**
     * ICH, CSI Ps @: insert Ps blank cells at the cursor, shifting the rest of the row (up to the
     * right margin) right; nothing when the cursor is outside the left and right margins.
     */
    void insertChars(Params p) {
        boolean inside = cursor.insideColumns();
        cursor.restrict();
        Cursor c = t.active.cursor();
        if (t.active.fullWidth()) {
            t.active.line(c.row()).insertCells(c.col(), p.getOr(0, 1), t.eraseStyle(), 0);
        } else if (inside) {
            t.active.line(c.row()).insertCells(c.col(), p.getOr(0, 1), t.eraseStyle(), 0, t.active.rightMargin() + 1);
        }
    }

    /** DCH, CSI Ps P: delete Ps cells at the cursor, shifting the rest of the row left. */
    void deleteChars(Params p) {
        boolean inside = cursor.insideColumns();
        cursor.restrict();
        Cursor c = t.active.cursor();
        if (t.active.fullWidth()) {
            t.active.line(c.row()).deleteCells(c.col(), p.getOr(0, 1), t.eraseStyle(), 0);
        } else if (inside) {
            t.active.line(c.row()).deleteCells(c.col(), p.getOr(0, 1), t.eraseStyle(), 0, t.active.rightMargin() + 1);
        }
    }

    /**
     * DECALN, ESC # 8: fills the whole screen with 'E' and homes the cursor. As xterm does, it first
     * resets origin mode and the top, bottom, left and right margins, so every row is filled whatever
     * margins and origin mode were set (xterm.js fills every row too, by running past its buffer). The
     * cells keep the current colours and flags but no underline, as in xterm.js (xterm would also reset
     * the rendition; kept as xterm.js because the page draws these cells).
     */
    void screenAlignment() {
        Screen s = t.active;
        t.modes.set(Mode.ORIGIN, false);
        s.setScrollRegion(0, s.rows() - 1);
        s.setHorizontalMargins(0, s.cols() - 1);
        long style = Style.withUnderline(t.style, Style.UNDERLINE_NONE);
        for (int row = 0; row < s.rows(); row++) {
            Line line = s.line(row);
            for (int col = 0; col < line.cols(); col++) {
                line.set(col, 'E', 1, style, 0);
            }
            line.setWrapped(false);
        }
        cursor.setCursor(0, 0);
    }

    private void eraseInRow(int row, int from, int to, boolean clearWrap, boolean selective) {
        Line line = t.active.line(row);
        if (selective) {
            line.eraseUnprotected(from, to, t.eraseStyle());
        } else {
            line.erase(from, to, t.eraseStyle());
        }
        if (clearWrap) {
            line.setWrapped(false);
        }
    }

    /**
     * ED 2 with the default erase style: blanks the rows that are not blank already. They are picked out first
     * without a branch per row, then blanked: a full-screen program's redraw leaves some rows written and others not,
     * in no order a branch predictor could learn, and a test per row mispredicted on about every other written one.
     */
    private void eraseWrittenRows(Screen s) {
        int rows = s.rows();
        if (written.length < rows) {
            written = new int[rows];
        }
        int[] w = written;
        int n = 0;
        for (int row = 0; row < rows; row++) {
            w[n] = row;
            n += s.line(row).blankUnwrapped() ? 0 : 1;
        }
        for (int i = 0; i < n; i++) {
            resetRow(w[i], Style.DEFAULT, false);
        }
    }

    private void resetRow(int row, long erase, boolean selective) {
        Line line = t.active.line(row);
        if (selective) {
            for (int col = 0; col < line.cols(); col++) {
                if (!line.isProtected(col)) {
                    line.fill(col, col + 1, erase, 0);
                }
            }
        } else {
            line.fill(0, line.cols(), erase, 0);
        }
        line.setWrapped(false);
    }
}
