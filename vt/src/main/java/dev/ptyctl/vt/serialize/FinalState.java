package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.Charset;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.SavedCursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.terminal.StateView;
import java.util.List;

/**
 * The end of a VT serialization, once the screens are painted: charsets, origin mode, the cursor,
 * the other modes and the current attributes, in the one order that keeps each from undoing
 * another (origin mode homes the cursor; a DECRC needed for the charset moves it and changes the
 * attributes; the cursor may have to be put in place by printing, which needs US ASCII in GL and
 * insert mode off).
 */
final class FinalState {
    private static final String ESC = VtWriter.ESC;
    private static final String ZERO_WIDTH_SPACE = "\u200b";
    private static final String SLOTS = "()*+";
    private static final int ORIGIN_MODE = 6;

    private final StateView s;
    private final VtWriter w;
    private final List<String> approximations;
    private final int cols;
    private final int rows;
    private final Screen shown;
    private final boolean origin;

    FinalState(StateView s, VtWriter w, List<String> approximations) {
        this.s = s;
        this.w = w;
        this.approximations = approximations;
        this.cols = w.cols();
        this.rows = w.rows();
        this.shown = s.alternateActive() ? s.alternateScreen() : s.mainScreen();
        this.origin = s.flagModes().stream().anyMatch(m -> m.dec() && m.number() == ORIGIN_MODE && m.set());
    }

    void write() {
        boolean restoreCharset = s.activeCharset() != s.designatedCharset(s.charsetShiftLevel());
        if (restoreCharset) {
            charsets(true);
        }
        if (origin) {
            w.csi("?6h");
            w.forgetCursor();
        }
        cursor(restoreCharset ? s.activeCharset() : Charset.US);
        if (!restoreCharset) {
            charsets(false);
        }
        modes();
        w.attributes(s.style(), s.extra());
    }

    // ---- charsets ------------------------------------------------------------------------------

    /**
     * Designations and the shift level; with {@code restore}, the active set differs from the one
     * at the shift level (a DECRC since), and a DECRC of a saved cursor holding it makes it so.
     */
    private void charsets(boolean restore) {
        for (int slot = 0; slot < 4; slot++) {
            Charset charset = s.designatedCharset(slot);
            if (charset != Charset.US) {
                w.raw(ESC + SLOTS.charAt(slot) + charset.designator());
            }
        }
        switch (s.charsetShiftLevel()) {
            case 1 -> w.raw("\u000e");
            case 2 -> w.raw(ESC + "n");
            case 3 -> w.raw(ESC + "o");
            default -> { }
        }
        if (!restore) {
            return;
        }
        Screen other = s.alternateActive() ? s.mainScreen() : s.alternateScreen();
        if (savedOf(shown).charset() == s.activeCharset()) {
            restoreCursor(shown);
        } else if (!s.alternateActive() && savedOf(other).charset() == s.activeCharset()) {
            w.csi("?47h");
            restoreCursor(other);
            w.csi("?47l");
        } else {
            approximations.add("the active charset " + s.activeCharset() + ", which no saved cursor holds");
        }
    }

    private void restoreCursor(Screen screen) {
        SavedCursor saved = savedOf(screen);
        w.raw(ESC + "8");
        w.forgetCursor();
        w.attributesAre(saved.style(), Extras.withLink(saved.extra(), Extras.link(w.extra())));
    }

    private SavedCursor savedOf(Screen screen) {
        return VtSerializer.effectiveSaved(s, screen, rows);
    }

    // ---- cursor --------------------------------------------------------------------------------

    private void cursor(Charset active) {
        Cursor c = shown.cursor();
        int row = c.row();
        int col = c.col();
        boolean reachable = !origin || (row >= shown.scrollTop() && row <= shown.scrollBottom()
            && (shown.fullWidth() || (col >= shown.leftMargin() && col <= shown.rightMargin())));
        if (c.marginWrapPending()) {
            if (!reprintAtRightMargin(row, active)) {
                approximations.add("a wrap pending at the right margin at (" + row + "," + col + ")");
                cup(row, shown.rightMargin());
            }
        } else if (col < cols && reachable) {
            cup(row, col);
        } else if (!s.alternateActive()) {
            VtSerializer.Placement.throughAlternateScreen(w, row, col);
        } else if (!reachable || !pendingOnAlternateScreen(row, col, active)) {
            approximations.add("the cursor at (" + row + "," + col + ") of the alternate screen");
            cup(Math.max(shown.scrollTop(), Math.min(row, shown.scrollBottom())), Math.min(col, cols - 1));
        }
    }

    /** CUP, relative to the top (and left) margin in origin mode. */
    private void cup(int row, int col) {
        int left = origin && !shown.fullWidth() ? shown.leftMargin() : 0;
        w.csi(((origin ? row - shown.scrollTop() : row) + 1) + ";" + (col - left + 1) + "H");
        w.cursorAt(row, col);
    }

    /** Prints the cell at the right margin again, which leaves the wrap pending there. */
    private boolean reprintAtRightMargin(int row, Charset active) {
        Line line = shown.line(row);
        int right = shown.rightMargin();
        int col = Cells.kind(line, right) == Cells.Kind.SPACER && right > shown.leftMargin() ? right - 1 : right;
        if (!Cells.printable(line, col, right + 1) || changedBy(active, line.chars(col))
            || (origin && (row < shown.scrollTop() || row > shown.scrollBottom()))) {
            return false;
        }
        cup(row, col);
        w.attributes(line.style(col), line.extra(col));
        w.text(line.chars(col));
        return true;
    }

    /**
     * A pending wrap on the alternate screen, which cannot be left and entered again without being
     * cleared: print the row's last cell again (or, for a row that was erased whole, print and erase
     * it again, EL 1 keeps the wrap pending); failing that, get the wrap pending on the row above,
     * lose a zero-width character past it (column {@code cols + 1}) and line-feed, which keeps that
     * column minus one.
     */
    private boolean pendingOnAlternateScreen(int row, int col, Charset active) {
        if (pendingAt(row, active)) {
            zeroWidthPastTheEnd(col);
            return true;
        }
        Line line = shown.line(row);
        boolean lineFeedWorks = row > 0 && !line.isWrapped() && row - 1 != shown.scrollBottom()
            && (!origin || row - 1 >= shown.scrollTop());
        if (!lineFeedWorks || !pendingAt(row - 1, active)) {
            return false;
        }
        zeroWidthPastTheEnd(cols + 1);
        w.raw("\n");
        zeroWidthPastTheEnd(col);
        return true;
    }

    private boolean pendingAt(int row, Charset active) {
        Line line = shown.line(row);
        int col = Cells.lastTextColumn(line, cols);
        if (col >= 0 && !changedBy(active, line.chars(col))) {
            cup(row, col);
            w.attributes(line.style(col), line.extra(col));
            w.text(line.chars(col));
            return true;
        }
        long erased = Cells.style(line, 0);
        for (int c = 0; c < cols; c++) {
            if (Cells.kind(line, c) != Cells.Kind.EMPTY || Cells.style(line, c) != erased || Cells.extra(line, c) != 0
                || dev.ptyctl.vt.screen.Style.eraseStyle(erased) != erased) {
                return false;
            }
        }
        cup(row, cols - 1);
        w.text(" ");
        w.attributes(dev.ptyctl.vt.screen.Style.withBg(w.style(), dev.ptyctl.vt.screen.Style.bg(erased)), w.extra());
        w.csi("1K");
        return true;
    }

    private void zeroWidthPastTheEnd(int col) {
        if (col > cols) {
            w.raw(ESC + "\\");
            w.text(ZERO_WIDTH_SPACE);
        }
    }

    private static boolean changedBy(Charset charset, String text) {
        return text.codePoints().anyMatch(cp -> charset.map(cp) != cp);
    }

    // ---- modes ---------------------------------------------------------------------------------

    private void modes() {
        for (StateView.ModeValue mode : s.flagModes()) {
            boolean keptByReset = (!mode.dec() && mode.number() == 20) || (mode.dec() && mode.number() == 12);
            boolean isOrigin = mode.dec() && mode.number() == ORIGIN_MODE;
            if (!isOrigin && (keptByReset || mode.set() != mode.powerOn())) {
                w.csi((mode.dec() ? "?" : "") + mode.number() + (mode.set() ? "h" : "l"));
            }
        }
        if (s.mouseProtocolMode() != 0) {
            w.csi("?" + s.mouseProtocolMode() + "h");
        }
        if (s.mouseEncodingMode() != 0) {
            w.csi("?" + s.mouseEncodingMode() + "h");
        }
        w.csi(s.cursorHidden() ? "?25l" : "?25h");
        if (s.cursorStyle() != 0) {
            w.csi(s.cursorStyle() + " q");
        }
    }
}
