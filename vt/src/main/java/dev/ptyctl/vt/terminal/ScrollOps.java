package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;

/**
 * Vertical movement that can scroll, scroll commands and the scroll region: LF/VT/FF, IND, NEL,
 * RI, SU, SD, IL, DL, DECSTBM and DECSLRM. Scrolling only ever happens inside the scroll margins; a
 * line leaves through the top into the scrollback only when the top margin is the first row and
 * the left and right margins are the screen's edges. With narrower left and right margins only the
 * rectangle between the four margins scrolls, and only when the cursor is between them (xterm's
 * rules; xterm.js has no left and right margins).
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
        down(wrapped, cursor.insideColumns());
    }

    /**
     * {@link #down(boolean)} for a cursor known to be inside (or outside) the left and right
     * margins: with margins short of the screen's edges only the rectangle between them scrolls,
     * and not at all when the cursor is outside them.
     */
    void down(boolean wrapped, boolean insideColumns) {
        Screen s = t.active;
        Cursor c = s.cursor();
        int row = c.row() + 1;
        if (row == s.scrollBottom() + 1) {
            if (s.fullWidth()) {
                s.scrollUp(t.eraseStyle(), wrapped);
            } else if (insideColumns) {
                s.scrollRectangle(s.scrollTop(), s.scrollBottom(), s.leftMargin(), s.rightMargin(), 1, true,
                    t.eraseStyle());
            }
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
        if (c.marginWrapPending()) {
            c.setCol(s.rightMargin());
        }
        if (t.modes.is(Mode.LINEFEED_NEWLINE)) {
            cursor.carriageReturn();
        }
        int row = c.row() + 1;
        if (row == s.scrollBottom() + 1 && s.fullWidth()) {
            // What down does at the bottom margin of a full-width region (the line feed of every line of output once
            // the screen is full), called directly: one method less in the chain the JIT compiles at each level.
            s.scrollUp(t.eraseStyle(), false);
        } else {
            down(false);
        }
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
        index();
        cursor.carriageReturn();
    }

    /** RI, ESC M: up one row, scrolling the region down at the top margin. */
    void reverseIndex() {
        cursor.restrict();
        Screen s = t.active;
        Cursor c = s.cursor();
        if (c.row() == s.scrollTop()) {
            if (s.fullWidth()) {
                s.insertLines(s.scrollTop(), s.scrollBottom(), 1, t.eraseStyle());
            } else if (cursor.insideColumns()) {
                s.scrollRectangle(s.scrollTop(), s.scrollBottom(), s.leftMargin(), s.rightMargin(), 1, false,
                    t.eraseStyle());
            }
        } else {
            c.setRow(c.row() - 1);
            cursor.restrict();
        }
    }

    /** SU, CSI Ps S: scroll the region up; lines leaving it are discarded, not kept in scrollback. */
    void scrollUp(Params p) {
        Screen s = t.active;
        if (s.fullWidth()) {
            s.deleteLines(s.scrollTop(), s.scrollBottom(), p.getOr(0, 1), t.eraseStyle());
        } else {
            s.scrollRectangle(s.scrollTop(), s.scrollBottom(), s.leftMargin(), s.rightMargin(), p.getOr(0, 1), true,
                t.eraseStyle());
        }
    }

    /** SD, CSI Ps T: scroll the region down; new rows get the default style (as in xterm.js). */
    void scrollDown(Params p) {
        Screen s = t.active;
        if (s.fullWidth()) {
            s.insertLines(s.scrollTop(), s.scrollBottom(), p.getOr(0, 1), Style.DEFAULT);
        } else {
            s.scrollRectangle(s.scrollTop(), s.scrollBottom(), s.leftMargin(), s.rightMargin(), p.getOr(0, 1), false,
                Style.DEFAULT);
        }
    }

    /** IL, CSI Ps L: insert blank rows at the cursor row, inside the margins only; column 0. */
    void insertLines(Params p) {
        shiftLines(p, false);
    }

    /** DL, CSI Ps M: delete rows at the cursor row, inside the margins only; column 0. */
    void deleteLines(Params p) {
        shiftLines(p, true);
    }

    /** IL and DL: the rows from the cursor to the bottom margin move down (insert) or up (delete). */
    private void shiftLines(Params p, boolean delete) {
        cursor.restrict();
        Screen s = t.active;
        Cursor c = s.cursor();
        if (c.row() < s.scrollTop() || c.row() > s.scrollBottom() || !cursor.insideColumns()) {
            return;
        }
        int count = p.getOr(0, 1);
        if (!s.fullWidth()) {
            s.scrollRectangle(c.row(), s.scrollBottom(), s.leftMargin(), s.rightMargin(), count, delete,
                t.eraseStyle());
        } else if (delete) {
            s.deleteLines(c.row(), s.scrollBottom(), count, t.eraseStyle());
        } else {
            s.insertLines(c.row(), s.scrollBottom(), count, t.eraseStyle());
        }
        c.setCol(s.leftMargin());
    }

    /**
     * DECSLRM, CSI Pl ; Pr s while DECLRMM (mode 69) is set: left and right margins (ignored unless
     * left &lt; right); a missing, zero or too large right margin means the last column. Homes the
     * cursor, as DECSTBM does.
     */
    void setHorizontalMargins(Params p) {
        Screen s = t.active;
        int left = p.getOr(0, 1);
        int right = p.get(1);
        if (p.length() < 2 || right > s.cols() || right == 0) {
            right = s.cols();
        }
        if (right > left) {
            s.setHorizontalMargins(left - 1, right - 1);
            cursor.setCursor(0, 0);
        }
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
