package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.serialize.Cells.Kind;
import dev.ptyctl.vt.unicode.UnicodeWidth;
import java.util.List;

/**
 * Paints the lines of one screen buffer, oldest first, into a {@link VtWriter}, so that a terminal
 * reading the output ends up with exactly the same cells and the same soft-wrap flags.
 *
 * <p>Each line is painted on a fresh row, left to right, moving over default blank cells and
 * erasing (ECH) runs of blank cells that only have a background colour. The line after it is
 * reached with CR LF, or, when it is a soft-wrapped continuation, by printing past the last
 * column so the terminal wraps (and marks it) itself. Blank cells that carry more than a
 * background colour (left behind when a wide character wraps or half of one is overwritten, which
 * no erase produces) are recreated the way they arise:
 * <ul>
 *   <li>in the middle of a row: a wide placeholder over the cell and the next one, then a
 *       character printed on the placeholder's right half, which blanks the left half with the
 *       current attributes (the next cell is painted again afterwards);</li>
 *   <li>in the last column, when a line follows: a wide character printed there does not fit and
 *       wraps, leaving the cell blank with the current attributes (when the next line is not a
 *       continuation, its row is then cleared, which also ends the soft wrap);</li>
 *   <li>in the last column of the last line: right to left, a wide placeholder over the cell
 *       before and the cell, then a narrow character on the placeholder's left half, which blanks
 *       the right half; the cell before is painted again at the end.</li>
 * </ul>
 * A row made only of such cells, at the end of the buffer, cannot be made this way; it is
 * approximated and reported (see {@link VtSerializer}).
 */
final class LinePainter {
    /** How the previous line left the cursor. */
    enum Entry {
        /** On the row of the next line, which is fresh except for {@link #dirty} columns. */
        FRESH,
        /** Wrap pending at the end of the previous row: the next print continues on a new row. */
        PENDING
    }

    /** A wide character used as a placeholder; any wide character would do. */
    static final String WIDE = "\u4e2d";
    private static final String ZERO_WIDTH_SPACE = "\u200b";

    private final VtWriter w;
    private final int cols;
    private final List<String> approximations;
    /** Whether the main screen is painted (the alternate screen can then help put the cursor). */
    private final boolean onMain;
    private Line line;
    private int row;
    /** Columns [0, dirty) of the row being painted may hold something: they must be painted. */
    private int dirty;
    private Entry entry = Entry.FRESH;
    /** Whether the line after the one being painted continues it (soft wrap). */
    private boolean nextWraps;

    LinePainter(VtWriter w, List<String> approximations, boolean onMain) {
        this.w = w;
        this.onMain = onMain;
        this.cols = w.cols();
        this.approximations = approximations;
    }

    /**
     * Starts a buffer whose first line continues a line that is gone (the scrollback dropped it):
     * paints a throwaway line, wraps into the first row and removes the throwaway line.
     *
     * @param hasScrollback whether the throwaway line would scroll into the scrollback (one row)
     */
    void startWrapped(boolean hasScrollback) {
        w.defaultBackground();
        w.moveTo(0, cols - 1);
        w.print(" ", 1);
        w.print(" ", 1);
        if (w.rows() == 1) {
            if (hasScrollback) {
                w.csi("3J");
            }
        } else {
            w.moveTo(0, 0);
            w.csi("M");
            w.cursorAt(0, 0);
        }
        dirty = 1;
    }

    /**
     * Paints one line on its row.
     *
     * @param target the line to reproduce
     * @param screenRow the row it ends up on
     * @param afterEntry run once the cursor is on that row, before any cell is painted; null for none
     * @param next the line painted after this one, null for the last
     */
    void paint(Line target, int screenRow, Runnable afterEntry, Line next) {
        this.line = target;
        this.row = screenRow;
        int col = 0;
        if (entry == Entry.PENDING) {
            col = wrapInto();
        }
        if (afterEntry != null) {
            afterEntry.run();
            dirty = Math.max(dirty, col); // the cells printed while wrapping are painted again
            col = 0;
        }
        int last = cols - 1;
        boolean wrapsOn = next != null && next.isWrapped();
        nextWraps = wrapsOn;
        if (cols >= 2 && line.width(last - 1) == 2 && !Cells.printable(line, last - 1, cols)) {
            paintRange(col, last - 1);
            if (endQuirk()) {
                endAfterQuirk(next != null, wrapsOn);
                return;
            }
            col = last - 1;
        }
        boolean special = isSpecialBlank(last);
        if (next != null && (special || (wrapsOn && kind(last) == Kind.EMPTY))) {
            paintRange(col, last);
            placeholderWrap(last, !wrapsOn);
            return;
        }
        if (next == null && special) {
            int start = last;
            while (start > 0 && isSpecialBlank(start - 1)) {
                start--;
            }
            paintRange(col, start);
            chain(start);
            return;
        }
        paintRange(col, cols);
        if (next != null) {
            endLine(wrapsOn);
        }
    }

    // ---- cells ---------------------------------------------------------------------------------

    private Kind kind(int col) {
        return Cells.kind(line, col);
    }

    private long style(int col) {
        return Cells.style(line, col);
    }

    private long extra(int col) {
        return Cells.extra(line, col);
    }

    private boolean isSpecialBlank(int col) {
        return Cells.isSpecialBlank(line, col);
    }

    /** Paints columns [from, to) left to right. */
    private void paintRange(int from, int to) {
        int col = from;
        while (col < to) {
            Kind kind = kind(col);
            switch (kind) {
                case SPACER -> {
                    if (col == 0 || kind(col - 1) != Kind.WIDE) {
                        loneSpacer(col);
                    }
                    col++;
                }
                case EMPTY -> col = isSpecialBlank(col) ? specialBlank(col) : blanks(col, to);
                default -> col = text(col, kind);
            }
        }
    }

    /** Prints a text cell; returns the next column. */
    private int text(int col, Kind kind) {
        if (!Cells.printable(line, col, cols)) {
            if (col == cols - 3 && zeroWidthPairAtEdge(col)) {
                return cols;
            }
            if (col < cols - 2 && line.width(col) == 2 && quirkPair(col)) {
                return col + 2;
            }
            approximate("a cell whose width does not follow from its text ('" + line.chars(col) + "' width "
                + line.width(col) + ")", col);
            eraseRun(col, col + 1, Style.bg(style(col)));
            return col + 1;
        }
        if (kind == Kind.ZERO_WIDTH && w.joinable()) {
            w.moveToExplicitly(row, col);
        } else {
            w.moveTo(row, col);
        }
        w.attributes(style(col), extra(col));
        w.print(line.chars(col), kind == Kind.WIDE ? 2 : 1);
        return col + (kind == Kind.WIDE ? 2 : 1);
    }

    /** A run of blank cells that erasing can make: skipped when fresh and default. */
    private int blanks(int col, int to) {
        int bg = Style.bg(style(col));
        int end = col;
        while (end < to && kind(end) == Kind.EMPTY && !isSpecialBlank(end) && Style.bg(style(end)) == bg
            && (bg != 0 || end < dirty)) {
            end++;
        }
        if (end == col) {
            return col + 1; // a fresh default blank: nothing to do
        }
        eraseRun(col, end, bg);
        return end;
    }

    /** ECH over [from, to) with the given background. */
    private void eraseRun(int from, int to, int bg) {
        w.moveTo(row, from);
        w.attributes(Style.withBg(w.style(), bg), w.extra());
        w.csi(to - from == 1 ? "X" : (to - from) + "X");
        if (to - 1 < dirty) {
            dirty = Math.max(dirty, to + 1); // erasing half of a dirty wide character blanks the other half
        }
    }

    /** A blank with more than a background, not in the last column: see the class comment. */
    private int specialBlank(int col) {
        w.moveTo(row, col);
        w.print(WIDE, 2);
        w.moveTo(row, col + 1);
        w.attributes(style(col), extra(col));
        w.print(" ", 1);
        dirty = Math.max(dirty, col + 2);
        return col + 1;
    }

    // ---- xterm.js quirks that leave cells no plain printing makes ------------------------------

    /**
     * A right half of a wide character whose left half is gone: ICH on the right half of a wide
     * character blanks the left half and shifts the right half along. Repeated here with a
     * placeholder two columns to the left, whose cells are painted again afterwards.
     */
    private void loneSpacer(int col) {
        if (col < 2 || kind(col - 1) != Kind.EMPTY || isSpecialBlank(col - 1)) {
            approximate("a lone right half of a wide character", col);
            eraseRun(col, col + 1, 0);
            return;
        }
        int from = col >= 3 && kind(col - 2) == Kind.SPACER && kind(col - 3) == Kind.WIDE ? col - 3 : col - 2;
        w.moveTo(row, col - 2);
        w.attributes(style(col), extra(col));
        w.print(WIDE, 2);
        w.moveTo(row, col - 1);
        w.defaultBackground();
        w.csi("@");
        dirty = dirty > col ? dirty + 1 : Math.max(dirty, col);
        paintRange(from, col);
    }

    /**
     * Whether the last two cells are one of the states autowrap-off printing at the right margin
     * leaves in xterm.js (see {@link #quirkPair}); if so they are painted.
     */
    private boolean endQuirk() {
        int c = cols - 2;
        if (cols < 2 || line.width(c) != 2 || Cells.printable(line, c, cols) || !onlyMarksAfterBase(line.chars(c))) {
            return false;
        }
        int baseWidth = UnicodeWidth.of(line.chars(c).codePointAt(0));
        if (baseWidth == 2) {
            return quirkPair(c);
        }
        Kind last = kind(cols - 1);
        boolean lastPaintable = last == Kind.EMPTY || Cells.printable(line, cols - 1, cols);
        if (lastPaintable && (baseWidth == 1 || !specialStyle(c) || c >= 1)) {
            widenedByDroppedWide(baseWidth);
            return true;
        }
        return false;
    }

    /**
     * A two-column cell {@code src} that plain printing cannot make, and the cell after it, as
     * autowrap-off printing at the right margin leaves them in xterm.js: a wide character whose right
     * half was overwritten by a narrow character, by a zero-width character (after one was lost past
     * the margin), or blanked (by a wide character dropped there); or a narrow character or a blank
     * widened by zero-width characters that followed a dropped wide character (xterm.js gives the
     * cell the width of the character the marks followed). Made in the last two columns, then, when
     * {@code src} is further left (SL, DECDC or a resize moved them), pulled into place with DCH.
     */
    private boolean quirkPair(int src) {
        int dst = cols - 2;
        String text = line.chars(src);
        if (!onlyMarksAfterBase(text) || (src < dst && dirty > src)) {
            return false;
        }
        boolean made = UnicodeWidth.of(text.codePointAt(0)) == 2 ? overwrittenWide(src) : widenedInPlace(src);
        if (made && src < dst) {
            w.defaultBackground();
            w.moveTo(row, src);
            w.csi((dst - src) + "P");
        }
        return made;
    }

    /** A wide character in the last-but-one column whose right half autowrap-off printing replaced. */
    private boolean overwrittenWide(int src) {
        Kind second = kind(src + 1);
        boolean text = (second == Kind.NARROW || second == Kind.ZERO_WIDTH) && Cells.printable(line, src + 1, cols);
        if (!text && second != Kind.EMPTY) {
            return false;
        }
        w.moveTo(row, cols - 2);
        w.attributes(style(src), extra(src));
        w.text(line.chars(src));
        w.csi("?7l");
        if (second == Kind.ZERO_WIDTH) {
            w.text(ZERO_WIDTH_SPACE); // lost past the margin; the next zero-width character then lands in it
        }
        w.attributes(style(src + 1), extra(src + 1));
        w.text(text ? line.chars(src + 1) : WIDE); // a dropped wide character blanks the cell it stops on
        w.csi("?7h");
        w.cursorAt(row, text ? cols : cols - 1);
        return true;
    }

    /**
     * A cell just left of the last column and two columns wide that holds only zero-width characters,
     * followed by a zero-width cell of its own: what autowrap-off printing leaves when zero-width
     * characters come right before the edge and a wide character is dropped there (e.g. ZWJ, ZWSP, a
     * wide emoji, ZWJ: xterm.js gives the characters after the dropped one to the cell before the
     * zero-width one, with the dropped character's width). Made the same way: the zero-width cell, the
     * dropped wide character, then the first cell's characters. (Whether that cell first held a
     * zero-width character of its own or was blank, the result is the same.)
     */
    private boolean zeroWidthPairAtEdge(int src) {
        String text = line.chars(src);
        int last = cols - 1;
        if (line.width(src) != 2 || text.isEmpty() || !text.codePoints().allMatch(cp -> UnicodeWidth.of(cp) == 0)
            || kind(src + 1) != Kind.ZERO_WIDTH || !Cells.printable(line, src + 1, cols)
            || kind(last) != Kind.EMPTY || isSpecialBlank(last) || specialStyle(src)) {
            return false;
        }
        w.moveToExplicitly(row, src + 1); // a move first, so the character takes a cell of its own
        w.attributes(style(src + 1), extra(src + 1));
        w.text(line.chars(src + 1));
        w.attributes(style(src), extra(src));
        w.csi("?7l");
        w.text(WIDE + text); // the wide character is dropped at the edge; the rest joins cell src
        w.csi("?7h");
        w.cursorAt(row, last);
        return true;
    }

    /** {@link #widenedByDroppedWide} for a pair further left: plain cells only. */
    private boolean widenedInPlace(int src) {
        if (src == cols - 2) {
            return false; // endQuirk handles the last two columns, blanks with attributes included
        }
        String text = line.chars(src);
        int base = text.codePointAt(0);
        int baseWidth = UnicodeWidth.of(base);
        Kind second = kind(src + 1);
        boolean secondOk = second == Kind.EMPTY ? !isSpecialBlank(src + 1)
            : second == Kind.NARROW && Cells.printable(line, src + 1, cols);
        if (!secondOk || (baseWidth == 0 && specialStyle(src))) {
            return false;
        }
        int last = cols - 1;
        if (baseWidth == 1) {
            w.moveTo(row, last - 1);
            w.attributes(style(src), extra(src));
            w.print(Character.toString(base), 1);
        } else if (Style.bg(style(src)) != 0) {
            eraseRun(last - 1, last, Style.bg(style(src)));
        }
        if (second == Kind.NARROW) {
            w.moveTo(row, last);
            w.attributes(style(src + 1), extra(src + 1));
            w.print(line.chars(src + 1), 1);
        } else if (Style.bg(style(src + 1)) != 0) {
            eraseRun(last, cols, Style.bg(style(src + 1)));
        }
        w.csi("?7l");
        w.moveToExplicitly(row, last);
        w.text(WIDE + (baseWidth == 1 ? text.substring(Character.charCount(base)) : text));
        w.csi("?7h");
        w.cursorAt(row, last);
        return true;
    }

    /** Base (or the blank the marks started on), last cell, then the dropped character and the marks. */
    private void widenedByDroppedWide(int baseWidth) {
        int c = cols - 2;
        int last = cols - 1;
        String text = line.chars(c);
        if (isSpecialBlank(last)) {
            blankThroughLeft(last, false); // cell c is painted next
        }
        if (baseWidth == 1) {
            w.moveTo(row, c);
            w.attributes(style(c), extra(c));
            w.print(Character.toString(text.codePointAt(0)), 1);
        } else if (specialStyle(c)) {
            blankThroughLeft(c, true);
        } else {
            eraseRun(c, c + 1, Style.bg(style(c)));
        }
        if (!isSpecialBlank(last)) {
            dirty = cols;
            paintRange(last, cols);
        }
        w.csi("?7l");
        w.moveToExplicitly(row, last);
        w.text(WIDE + (baseWidth == 1 ? text.substring(Character.charCount(text.codePointAt(0))) : text));
        w.csi("?7h");
        w.cursorAt(row, last);
    }

    /**
     * Makes {@code col} blank with its attributes by printing a narrow character over the left half
     * of a wide placeholder covering {@code col - 1} and {@code col}. That overwrites {@code col - 1}
     * (and blanks {@code col - 2} when it held the wide character {@code col - 1} was the right
     * half of); with {@code repaint} those cells are painted again.
     */
    private void blankThroughLeft(int col, boolean repaint) {
        w.moveTo(row, col - 1);
        w.print(WIDE, 2);
        w.moveTo(row, col - 1);
        w.attributes(style(col), extra(col));
        w.print(" ", 1);
        if (repaint) {
            int from = col >= 2 && kind(col - 1) == Kind.SPACER && kind(col - 2) == Kind.WIDE ? col - 2 : col - 1;
            dirty = Math.max(dirty, col);
            paintRange(from, col);
        }
    }

    private boolean specialStyle(int col) {
        return Style.eraseStyle(style(col)) != style(col) || extra(col) != 0;
    }

    private static boolean onlyMarksAfterBase(String text) {
        int first = Character.charCount(text.codePointAt(0));
        return text.substring(first).codePoints().allMatch(cp -> UnicodeWidth.of(cp) == 0);
    }

    // ---- line ends -----------------------------------------------------------------------------

    /** The last cell is blank: a wide character that does not fit wraps and blanks it. */
    private void placeholderWrap(int last, boolean endWrap) {
        w.moveTo(row, last);
        w.attributes(style(last), extra(last));
        w.print(WIDE, 2);
        int newRow = w.row();
        if (endWrap || Style.bg(style(last)) != 0) {
            w.raw("\r");
            w.cursorAt(newRow, 0);
            w.defaultBackground();
            w.csi(endWrap ? "K" : cols + "X");
            dirty = 0;
        } else {
            dirty = 2;
        }
        entry = Entry.FRESH;
    }

    /** Recreates the special blanks [start, cols) right to left (last line only). */
    private void chain(int start) {
        if (start == 0) {
            approximate("a last row made only of blank cells with attributes", 0);
            blanks(0, cols);
            return;
        }
        for (int col = cols - 1; col >= start; col--) {
            w.moveTo(row, col - 1);
            w.print(WIDE, 2);
            w.moveTo(row, col - 1);
            w.attributes(style(col), extra(col));
            w.print(" ", 1);
        }
        int before = start - 1;
        if (kind(before) == Kind.SPACER && before > 0 && kind(before - 1) == Kind.WIDE) {
            before--;
        }
        dirty = cols;
        paintRange(before, start);
    }

    /** After {@link #endQuirk}: the wrap must be pending when the next line continues this one. */
    private void endAfterQuirk(boolean hasNext, boolean wrapsOn) {
        if (!hasNext) {
            return;
        }
        if (wrapsOn && w.col() < cols) {
            if (onMain) {
                VtSerializer.Placement.throughAlternateScreen(w, row, cols);
            } else {
                approximate("a row continued on the next one after autowrap-off cells", cols - 1);
            }
        }
        endLine(wrapsOn);
    }

    /** CR LF to a fresh row, or nothing when the next line continues this one (wrap pending). */
    private void endLine(boolean wrapsOn) {
        if (wrapsOn) {
            entry = Entry.PENDING;
            return;
        }
        if (!w.cursorKnown() || w.row() != row) {
            w.moveTo(row, 0);
        }
        w.defaultBackground();
        w.raw("\r\n");
        w.cursorAt(Math.min(row + 1, w.rows() - 1), 0);
        dirty = 0;
        entry = Entry.FRESH;
    }

    /**
     * The previous row ended with a wrap pending: printing now continues on this row and marks it
     * as a continuation. Prints the first cell itself when that cannot disturb the new row (a row
     * scrolled in takes the current background), else a placeholder painted over later.
     */
    private int wrapInto() {
        entry = Entry.FRESH;
        dirty = 0;
        Kind kind = kind(0);
        if ((kind == Kind.NARROW || kind == Kind.WIDE) && Style.bg(style(0)) == 0 && Cells.printable(line, 0, cols)) {
            w.attributes(style(0), extra(0));
            w.print(line.chars(0), kind == Kind.WIDE ? 2 : 1);
            return kind == Kind.WIDE ? 2 : 1;
        }
        w.defaultBackground();
        w.print(" ", 1);
        dirty = 1;
        return 0;
    }

    private void approximate(String what, int col) {
        approximations.add(what + " at column " + col + " of row " + row);
    }
}
