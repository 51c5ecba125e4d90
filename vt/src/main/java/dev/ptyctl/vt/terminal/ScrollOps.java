package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;

/**
 * Vertical movement that can scroll, scroll commands and the scroll region: LF/VT/FF, IND, NEL,
 * RI, SU, SD, IL, DL and DECSTBM. Scrolling only ever happens inside the scroll margins; a line
 * leaves through the top into the scrollback only when the top margin is the first row.
 */
final class ScrollOps {
    private final TerminalState t;
    private final CursorOps cursor;

    ScrollOps(TerminalState t, CursorOps cursor) {
        this.t = t;
        this.cursor = cursor;
    }

    /**
     * Moves the cursor down one row, scrolling the region up when it is on the bottom margin. Below
     * the bottom margin the cursor stops at the last row.
     *
     * @param wrapped whether a line scrolled in continues the previous one (autowrap)
     */
    void down(boolean wrapped) {
        Screen s = t.active;
        Cursor c = s.cursor();
        int row = c.row() + 1;
        if (row == s.scrollBottom() + 1) {
            s.scrollUp(t.eraseStyle(), wrapped);
            row--;
        } else if (row >= s.rows()) {
            row = s.rows() - 1;
        }
        c.setRow(row);
    }

    /**
     * LF, VT, FF: down one row (and to column 0 under LNM); a pending wrap is cancelled. An explicit
     * line feed onto an existing row ends any soft wrap into it (xterm.js 6), so reflow keeps the
     * rows apart.
     */
    void lineFeed() {
        Screen s = t.active;
        Cursor c = s.cursor();
        if (t.modes.is(Mode.LINEFEED_NEWLINE)) {
            c.setCol(0);
        }
        int row = c.row() + 1;
        down(false);
        if (row != s.scrollBottom() + 1 && row < s.rows()) {
            s.line(c.row()).setWrapped(false);
        }
        if (c.col() >= s.cols()) {
            c.setCol(c.col() - 1);
        }
    }

    /** IND, ESC D or 0x84: down one row, scrolling at the bottom margin. */
    void index() {
        cursor.restrict();
        down(false);
        cursor.restrict();
    }

    /** NEL, ESC E or 0x85: column 0, then IND. */
    void nextLine() {
        t.active.cursor().setCol(0);
        index();
    }

    /** RI, ESC M: up one row, scrolling the region down at the top margin. */
    void reverseIndex() {
        cursor.restrict();
        Screen s = t.active;
        Cursor c = s.cursor();
        if (c.row() == s.scrollTop()) {
            s.insertLines(s.scrollTop(), s.scrollBottom(), 1, t.eraseStyle());
        } else {
            c.setRow(c.row() - 1);
            cursor.restrict();
        }
    }

    /** SU, CSI Ps S: scroll the region up; lines leaving it are discarded, not kept in scrollback. */
    void scrollUp(Params p) {
        Screen s = t.active;
        s.deleteLines(s.scrollTop(), s.scrollBottom(), p.getOr(0, 1), t.eraseStyle());
    }

    /** SD, CSI Ps T: scroll the region down; new rows get the default style (as in xterm.js). */
    void scrollDown(Params p) {
        Screen s = t.active;
        s.insertLines(s.scrollTop(), s.scrollBottom(), p.getOr(0, 1), Style.DEFAULT);
    }

    /** IL, CSI Ps L: insert blank rows at the cursor row, inside the margins only; column 0. */
    void insertLines(Params p) {
        cursor.restrict();
        Screen s = t.active;
        Cursor c = s.cursor();
        if (c.row() < s.scrollTop() || c.row() > s.scrollBottom()) {
            return;
        }
        s.insertLines(c.row(), s.scrollBottom(), p.getOr(0, 1), t.eraseStyle());
        c.setCol(0);
    }

    /** DL, CSI Ps M: delete rows at the cursor row, inside the margins only; column 0. */
    void deleteLines(Params p) {
        cursor.restrict();
        Screen s = t.active;
        Cursor c = s.cursor();
        if (c.row() < s.scrollTop() || c.row() > s.scrollBottom()) {
            return;
        }
        s.deleteLines(c.row(), s.scrollBottom(), p.getOr(0, 1), t.eraseStyle());
        c.setCol(0);
    }

    /**
     * DECSTBM, CSI Ps ; Ps r: sets the scroll region (ignored unless top &lt; bottom) and homes
     * the cursor; a missing, zero or too large bottom means the last row.
     */
    void setScrollRegion(Params p) {
        Screen s = t.active;
        int top = p.getOr(0, 1);
        int bottom = p.get(1);
        if (p.length() < 2 || bottom > s.rows() || bottom == 0) {
            bottom = s.rows();
        }
        if (bottom > top) {
            s.setScrollRegion(top - 1, bottom - 1);
            cursor.setCursor(0, 0);
        }
    }
}
