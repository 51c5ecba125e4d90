package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.SavedCursor;
import dev.ptyctl.vt.screen.Screen;

/**
 * Cursor movement, tabulation and DECSC/DECRC, with xterm.js's rules: relative moves first clamp a
 * pending-wrap cursor into the screen, CUU/CUD stop at the scroll margins when they start inside
 * them. In origin mode CUP, HVP and VPA count rows from the top margin and CUP, HVP, CHA and HPA
 * columns from the left margin, and every move stays inside the margins, as in xterm (xterm.js also
 * offsets relative moves and CHA/HPA by the top margin, a bug; see docs/emulator.md).
 */
final class CursorOps {
    private final TerminalState t;

    CursorOps(TerminalState t) {
        this.t = t;
    }

    private Screen screen() {
        return t.active;
    }

    /**
     * Clamps the cursor to the screen (column at most {@code maxCol}), or to the margins in origin mode. Outside origin
     * mode a cursor already on the screen stays where it is without being moved there again: every EL and ED begins
     * here, and a full-screen program's redraw is an EL per row it writes (docs/benchmarks.md, twelfth session).
     */
    void restrict(int maxCol) {
        Screen s = screen();
        Cursor c = s.cursor();
        if (c.marginWrapPending()) {
            if (maxCol >= s.cols()) {
                return; // EL and ED keep a pending wrap
            }
            c.setCol(s.rightMargin());
        }
        boolean origin = t.modes.origin;
        if (!origin && c.col() >= 0 && c.col() <= maxCol && c.row() >= 0 && c.row() < s.rows()) {
            return; // what the clamp below comes to there: the same place, and no wrap pending (cleared above)
        }
        int col = Math.min(maxCol, Math.max(0, c.col()));
        int row = origin
            ? Math.min(s.scrollBottom(), Math.max(s.scrollTop(), c.row()))
            : Math.min(s.rows() - 1, Math.max(0, c.row()));
        if (origin && !s.fullWidth()) {
            col = Math.min(s.rightMargin(), Math.max(s.leftMargin(), col));
        }
        c.moveTo(col, row);
    }

    /** Whether the cursor is between the left and right margins (or wrapping at the right one). */
    boolean insideColumns() {
        Screen s = screen();
        Cursor c = s.cursor();
        return c.marginWrapPending() || (c.col() >= s.leftMargin() && c.col() <= s.rightMargin());
    }

    /** Clamps the cursor into the screen, cancelling a pending wrap. */
    void restrict() {
        restrict(screen().cols() - 1);
    }

    /**
     * Absolute move to {@code col}, {@code row} (both at least 0); rows count from the top margin in origin mode.
     * Outside origin mode it is one clamp to the screen, what moving and {@link #restrict()} come to there: a
     * full-screen program's redraw is a CUP per row it writes (docs/benchmarks.md, eleventh session).
     */
    void setCursor(int col, int row) {
        Screen s = screen();
        if (!t.modes.origin) {
            s.cursor().moveTo(Math.min(col, s.cols() - 1), Math.min(row, s.rows() - 1));
            return;
        }
        long y = (long) s.scrollTop() + row;
        long x = s.fullWidth() ? col : (long) s.leftMargin() + col;
        s.cursor().moveTo((int) Math.min(x, Integer.MAX_VALUE), (int) Math.min(y, Integer.MAX_VALUE));
        restrict();
    }

    /** Relative move from the clamped position (in origin mode, clamped to the margins again). */
    void moveCursor(int dCol, int dRow) {
        restrict();
        Cursor c = screen().cursor();
        moveAbsolute((long) c.col() + dCol, (long) c.row() + dRow);
    }

    /** Moves to a screen position, not counted from the margins, then clamps as {@link #restrict()}. */
    private void moveAbsolute(long col, long row) {
        screen().cursor().moveTo((int) Math.max(Integer.MIN_VALUE, Math.min(col, Integer.MAX_VALUE)),
            (int) Math.max(Integer.MIN_VALUE, Math.min(row, Integer.MAX_VALUE)));
        restrict();
    }

    /** CUU, CSI Ps A: up, stopping at the top margin when starting below it. */
    void up(Params p) {
        int n = saturatedInt(p.getOr(0, 1));
        int diffToTop = screen().cursor().row() - screen().scrollTop();
        moveCursor(0, -(diffToTop >= 0 ? Math.min(diffToTop, n) : n));
    }

    /** CUD, CSI Ps B: down, stopping at the bottom margin when starting above it. */
    void down(Params p) {
        int n = saturatedInt(p.getOr(0, 1));
        int diffToBottom = screen().scrollBottom() - screen().cursor().row();
        moveCursor(0, diffToBottom >= 0 ? Math.min(diffToBottom, n) : n);
    }

    /** CUF, CSI Ps C (and HPR, CSI Ps a): right; stops at the right margin when starting inside it. */
    void forward(Params p) {
        int n = saturatedInt(p.getOr(0, 1));
        Screen s = screen();
        if (!s.fullWidth() && insideColumns()) {
            restrict();
            n = Math.min(n, Math.max(0, s.rightMargin() - s.cursor().col()));
        }
        moveCursor(n, 0);
    }

    /** CUB, CSI Ps D: left; stops at the left margin when starting inside it. */
    void backward(Params p) {
        int n = saturatedInt(p.getOr(0, 1));
        if (extendedReverseWrap(n)) {
            return;
        }
        Screen s = screen();
        if (!s.fullWidth() && insideColumns()) {
            restrict();
            n = Math.min(n, Math.max(0, s.cursor().col() - s.leftMargin()));
        }
        moveCursor(-n, 0);
    }

    /** CNL, CSI Ps E: down, then a carriage return (column 0, or the left margin as CR goes there). */
    void nextLine(Params p) {
        down(p);
        carriageReturn();
    }

    /** CPL, CSI Ps F: up, then a carriage return (column 0, or the left margin as CR goes there). */
    void previousLine(Params p) {
        up(p);
        carriageReturn();
    }

    /** CHA, CSI Ps G (and HPA, CSI Ps `): column (from the left margin in origin mode); the row stays. */
    void column(Params p) {
        Screen s = screen();
        int base = t.modes.origin && !s.fullWidth() ? s.leftMargin() : 0;
        restrict();
        moveAbsolute((long) base + p.getOr(0, 1) - 1, s.cursor().row());
    }

    /** CUP, CSI Ps ; Ps H (and HVP, CSI Ps ; Ps f): row and column. */
    void position(Params p) {
        int col = p.length() >= 2 ? p.getOr(1, 1) - 1 : 0;
        int row = p.getOr(0, 1) - 1; // both at least 0: a parameter is never negative, and 0 reads as 1
        setCursor(col, row);
    }

    /** VPA, CSI Ps d: row (from the top margin in origin mode); the column stays. */
    void row(Params p) {
        Screen s = screen();
        int base = t.modes.origin ? s.scrollTop() : 0;
        restrict();
        moveAbsolute(s.cursor().col(), (long) base + p.getOr(0, 1) - 1);
    }

    /** VPR, CSI Ps e: down, ignoring the margins. */
    void rowRelative(Params p) {
        moveCursor(0, saturatedInt(p.getOr(0, 1)));
    }

    /** CR: column 0, or the left margin when the cursor is right of it or in origin mode. */
    void carriageReturn() {
        Screen s = screen();
        Cursor c = s.cursor();
        boolean toMargin = !s.fullWidth() && (t.modes.origin || c.col() >= s.leftMargin());
        c.setCol(toMargin ? s.leftMargin() : 0);
    }

    /** BS: left one column; with reverse wraparound, from column 0 to the end of a soft-wrapped previous row. */
    void backspace() {
        Screen s = screen();
        Cursor c = s.cursor();
        if (extendedReverseWrap(1)) {
            return;
        }
        if (!t.modes.is(Mode.REVERSE_WRAPAROUND)) {
            restrict();
            if (c.col() > 0 && !(c.col() == s.leftMargin() && !s.fullWidth())) {
                c.setCol(c.col() - 1); // stops at the left margin, as xterm
            }
            return;
        }
        restrict(s.cols());
        if (c.col() > 0) {
            c.setCol(c.col() - 1);
        } else if (c.row() > s.scrollTop() && c.row() <= s.scrollBottom() && s.line(c.row()).isWrapped()) {
            s.line(c.row()).setWrapped(false);
            c.moveTo(s.cols() - 1, c.row() - 1);
            Line line = s.line(c.row());
            if (line.width(c.col()) != 0 && !line.hasText(c.col())) {
                c.setCol(c.col() - 1);
            }
        }
        restrict();
    }

    /**
     * Mode 1045 with autowrap (xterm's extended reverse wraparound, what mode 45 did up to xterm 382):
     * moving left past the left margin continues at the right margin of the row above, whether or not
     * that row wrapped, and from the top margin at the bottom one. A cursor left of the left margin
     * uses the screen's edge instead. A pending wrap counts as one step.
     *
     * @return false when the mode is off and the caller moves the usual way
     */
    private boolean extendedReverseWrap(int n) {
        Screen s = screen();
        Cursor c = s.cursor();
        if (!t.modes.is(Mode.EXTENDED_REVERSE_WRAPAROUND) || !t.modes.autowrap || n <= 0) {
            return false;
        }
        boolean pending = c.marginWrapPending() || c.col() >= s.cols();
        int col = pending ? Math.min(c.col(), s.cols()) - 1 : c.col();
        int row = c.row();
        int left = col < s.leftMargin() ? 0 : s.leftMargin();
        int right = s.rightMargin();
        int count = n;
        if (pending) {
            count--;
        } else {
            col--;
        }
        for (;;) {
            if (col < left) {
                col = right;
                row = row == s.scrollTop() ? s.scrollBottom() : row - 1;
            }
            if (--count <= 0) {
                break;
            }
            col--;
        }
        c.moveTo(col, row);
        return true;
    }

    /** HT: next tab stop; nothing while a wrap is pending. */
    void tab() {
        Screen s = screen();
        Cursor c = s.cursor();
        if (c.col() < s.cols() && !c.marginWrapPending()) {
            int next = s.tabs().next(c.col());
            c.setCol(!s.fullWidth() && insideColumns() ? Math.min(next, s.rightMargin()) : next);
        }
    }

    /** CHT, CSI Ps I: forward Ps tab stops, no further than the right margin when starting left of it (as xterm). */
    void forwardTab(Params p) {
        Screen s = screen();
        Cursor c = s.cursor();
        if (c.col() >= s.cols()) {
            return;
        }
        int limit = !s.fullWidth() && c.col() <= s.rightMargin() ? s.rightMargin() : s.cols() - 1;
        for (int n = Math.min(p.getOr(0, 1), s.cols()); n > 0; n--) {
            c.setCol(Math.min(s.tabs().next(c.col()), limit));
        }
    }

    /** CBT, CSI Ps Z: back Ps tab stops. */
    void backwardTab(Params p) {
        Cursor c = screen().cursor();
        if (c.col() >= screen().cols()) {
            return;
        }
        for (int n = Math.min(p.getOr(0, 1), screen().cols()); n > 0; n--) {
            c.setCol(screen().tabs().previous(c.col()));
        }
    }

    /** HTS, ESC H: tab stop at the cursor column. */
    void setTabStop() {
        screen().tabs().set(screen().cursor().col());
    }

    /** TBC, CSI Ps g: 0 clears the stop at the cursor, 3 clears all. */
    void clearTabStops(Params p) {
        switch (p.get(0)) {
            case 0 -> screen().tabs().clear(screen().cursor().col());
            case 3 -> screen().tabs().clearAll();
            default -> t.unknown.record("TBC " + p.get(0));
        }
    }

    /** DECSC, ESC 7 (and SCOSC, CSI s): saves position, style, active charset and origin mode. */
    void save() {
        Screen s = screen();
        Cursor c = s.cursor();
        t.savedOrigin[s == t.main ? 0 : 1] = t.modes.origin;
        s.setSaved(new SavedCursor(c.col(), s.scrollback().size() + c.row(), t.style, Extras.withLink(t.extra, 0),
            t.charsets.active()));
    }

    /** DECRC, ESC 8 (and SCORC, CSI u): restores what {@link #save()} kept. */
    void restore() {
        Screen s = screen();
        SavedCursor saved = s.saved();
        t.modes.set(Mode.ORIGIN, t.savedOrigin[s == t.main ? 0 : 1]); // DECRC restores DECOM too, as xterm
        s.cursor().moveTo(saved.col(), Math.max(saved.absoluteRow() - s.scrollback().size(), 0));
        t.style = saved.style();
        // the underline colour comes back; an open hyperlink stays as it is (xterm.js saves neither)
        t.extra = Extras.withLink(saved.extra(), Extras.link(t.extra));
        t.charsets.restoreActive(saved.charset());
        restrict();
    }

    /** Caps a movement count so adding it to a coordinate cannot overflow; any screen is far smaller. */
    private static int saturatedInt(int value) {
        return Math.min(value, 1 << 24);
    }
}
