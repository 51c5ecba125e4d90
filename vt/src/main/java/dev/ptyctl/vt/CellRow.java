package dev.ptyctl.vt;

import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.terminal.StateView;
import java.util.Arrays;
import java.util.Objects;

/**
 * A copy of one row's cells that its caller owns, filled by {@link Terminal#copyRow} or
 * {@link Terminal#copyScrollbackRow}: the row read cell by cell without an object per cell, as xterm.js's
 * {@code IBufferLine.getCell(x, cellToReuse)} reads. {@link Terminal#cellAt} makes a {@link CellView} (about a
 * hundred bytes) for every cell, and a reader copying a 120x40 screen on each change made half a megabyte of garbage
 * a time; this keeps a row in a few primitive arrays that a second copy into the same object reuses.
 *
 * <p>The accessors answer what {@link CellView}'s components do, for a column; {@link #cell} makes the
 * {@link CellView} of one cell when an object is wanted. A copy does not follow the terminal: it is the row as it was
 * when copied. Not thread-safe; a copy that is no longer written can be read from any thread that received it
 * safely.
 */
public final class CellRow {
    /** Bits of {@link #cells} that hold the width, above the code point's 21. */
    private static final int WIDTH_SHIFT = 24;
    private static final int CODE_POINT_MASK = (1 << WIDTH_SHIFT) - 1;
    private static final long[] NONE = new long[0];

    private int cols;
    private boolean wrapped;
    /** Per cell, the (base) code point (0 for none: empty, or a wide character's right half) and the width above it. */
    private int[] cells = new int[0];
    /** Packed {@link Style} per cell; only read while {@link #styled}, so a row of default cells needs no array. */
    private long[] styles = NONE;
    private boolean styled;
    /** Packed {@link Extras} per cell; only read while {@link #hasExtras} (most rows have none). */
    private long[] extras = NONE;
    private boolean hasExtras;
    /** The whole text of combined cells (base plus marks), null for the rest; null while the row has none. */
    private String[] clusters;
    /** The OSC 8 URI of linked cells, null for the rest; null while the row has none. */
    private String[] links;

    /** An empty row (0 columns), to be filled by a copy. */
    public CellRow() {
    }

    /**
     * Replaces this row's cells with the first {@code n} of {@code line}'s, reusing the arrays when they are long
     * enough.
     *
     * @param line the row to copy
     * @param n how many cells: a screen row's line may be longer than the screen is wide (a narrowed alternate
     *     screen keeps its cells for when it widens again), and the cells past the edge are not on the screen
     * @param state where hyperlink keys are looked up
     */
    void copyFrom(Line line, int n, StateView state) {
        if (cells.length < n) {
            cells = new int[n];
        }
        cols = n;
        wrapped = line.isWrapped();
        styled = false;
        hasExtras = false;
        clusters = cleared(clusters, n);
        links = cleared(links, n);
        for (int col = 0; col < n; col++) {
            cells[col] = line.codePoint(col) | line.width(col) << WIDTH_SHIFT;
            long style = line.style(col);
            if (style != Style.DEFAULT || styled) {
                if (!styled) {
                    styles = zeroedUpTo(styles, col, n);
                    styled = true;
                }
                styles[col] = style;
            }
            if (line.isCluster(col)) {
                clusters = clusters != null && clusters.length >= n ? clusters : new String[n];
                clusters[col] = line.chars(col);
            }
            long extra = line.extra(col);
            if (extra != 0 || hasExtras) {
                if (!hasExtras) {
                    extras = zeroedUpTo(extras, col, n);
                    hasExtras = true;
                }
                extras[col] = extra;
                int link = Extras.link(extra);
                if (link != 0) {
                    links = links != null && links.length >= n ? links : new String[n];
                    links[col] = state.hyperlinkUri(link);
                }
            }
        }
    }

    /**
     * {@code array} emptied, or null when it is shorter than {@code length}: the accessors index it by column, and a
     * row copied from a narrower one must not keep its short array.
     */
    private static String[] cleared(String[] array, int length) {
        if (array == null || array.length < length) {
            return null;
        }
        Arrays.fill(array, null);
        return array;
    }

    /** {@code array}, or a new one if shorter than {@code length}, with 0 in {@code [0, upTo)}. */
    private static long[] zeroedUpTo(long[] array, int upTo, int length) {
        if (array.length < length) {
            return new long[length];
        }
        Arrays.fill(array, 0, upTo, 0);
        return array;
    }

    /**
     * Number of cells.
     *
     * @return the row's width when copied
     */
    public int cols() {
        return cols;
    }

    /**
     * Whether the row continues the one above it: text wrapped at the right margin onto it (as xterm.js's
     * {@code isWrapped}), as opposed to starting after a line feed.
     *
     * @return true for a soft-wrapped continuation row
     */
    public boolean wrapped() {
        return wrapped;
    }

    /**
     * The cell's width, as {@link CellView#width}.
     *
     * @param col 0-based column
     * @return 1, 2 (left half of a wide character) or 0 (right half; a lone zero-width character)
     */
    public int width(int col) {
        return cells[check(col)] >>> WIDTH_SHIFT;
    }

    /**
     * Whether the cell holds a character, as opposed to being empty or a wide character's right half.
     *
     * @param col 0-based column
     * @return true when {@link #chars} is not empty
     */
    public boolean hasText(int col) {
        return (cells[check(col)] & CODE_POINT_MASK) != 0;
    }

    /**
     * The cell's (base) character.
     *
     * @param col 0-based column
     * @return the code point, 0 for none
     */
    public int codePoint(int col) {
        return cells[check(col)] & CODE_POINT_MASK;
    }

    /**
     * The cell's text, as {@link CellView#chars}; makes a string, which {@link #appendChars} does not.
     *
     * @param col 0-based column
     * @return "" for none, else the base character plus any combining marks
     */
    public String chars(int col) {
        int cp = cells[check(col)] & CODE_POINT_MASK;
        if (cp == 0) {
            return "";
        }
        return clusters != null && clusters[col] != null ? clusters[col] : Character.toString(cp);
    }

    /**
     * Appends the cell's text ({@link #chars}) to {@code out}, nothing for a cell without text.
     *
     * @param col 0-based column
     * @param out where the text goes
     * @return {@code out}
     */
    public StringBuilder appendChars(int col, StringBuilder out) {
        int cp = cells[check(col)] & CODE_POINT_MASK;
        if (cp != 0) {
            if (clusters != null && clusters[col] != null) {
                out.append(clusters[col]);
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out;
    }

    /**
     * Whether two cells of this row look alike: same attributes and colours (underline colour too), whatever their
     * text and hyperlink. What a reader grouping cells into runs of one style asks.
     *
     * @param col 0-based column
     * @param other another 0-based column
     * @return true when their styles are equal
     */
    public boolean sameStyle(int col, int other) {
        return visible(style(col)) == visible(style(other))
            && Extras.underlineColor(extra(col)) == Extras.underlineColor(extra(other));
    }

    /** The style without what does not show (the DECSCA protection). */
    private static long visible(long style) {
        return style & ~Style.PROTECTED;
    }

    /**
     * Foreground colour mode, as {@link CellView#fgMode}.
     *
     * @param col 0-based column
     * @return {@link CellView#COLOR_DEFAULT}, {@link CellView#COLOR_PALETTE} or {@link CellView#COLOR_RGB}
     */
    public int fgMode(int col) {
        return CellView.colorMode(Style.fg(style(col)));
    }

    /**
     * Foreground colour, as {@link CellView#fg}.
     *
     * @param col 0-based column
     * @return palette index or 0xRRGGBB; 0 for the default
     */
    public int fg(int col) {
        return Style.colorValue(Style.fg(style(col)));
    }

    /**
     * Background colour mode, as {@link #fgMode}.
     *
     * @param col 0-based column
     * @return the mode
     */
    public int bgMode(int col) {
        return CellView.colorMode(Style.bg(style(col)));
    }

    /**
     * Background colour, as {@link #fg}.
     *
     * @param col 0-based column
     * @return palette index or 0xRRGGBB; 0 for the default
     */
    public int bg(int col) {
        return Style.colorValue(Style.bg(style(col)));
    }

    /**
     * SGR 1.
     *
     * @param col 0-based column
     * @return true when bold
     */
    public boolean bold(int col) {
        return has(col, Style.BOLD);
    }

    /**
     * SGR 2.
     *
     * @param col 0-based column
     * @return true when faint
     */
    public boolean faint(int col) {
        return has(col, Style.FAINT);
    }

    /**
     * SGR 3.
     *
     * @param col 0-based column
     * @return true when italic
     */
    public boolean italic(int col) {
        return has(col, Style.ITALIC);
    }

    /**
     * Underline style, as {@link CellView#underline}.
     *
     * @param col 0-based column
     * @return 0 none, 1 single, 2 double, 3 curly, 4 dotted, 5 dashed
     */
    public int underline(int col) {
        return Style.underline(style(col));
    }

    /**
     * SGR 5.
     *
     * @param col 0-based column
     * @return true when blinking
     */
    public boolean blink(int col) {
        return has(col, Style.BLINK);
    }

    /**
     * SGR 7.
     *
     * @param col 0-based column
     * @return true when inverse
     */
    public boolean inverse(int col) {
        return has(col, Style.INVERSE);
    }

    /**
     * SGR 8.
     *
     * @param col 0-based column
     * @return true when invisible
     */
    public boolean invisible(int col) {
        return has(col, Style.INVISIBLE);
    }

    /**
     * SGR 9.
     *
     * @param col 0-based column
     * @return true when struck through
     */
    public boolean strikethrough(int col) {
        return has(col, Style.STRIKETHROUGH);
    }

    /**
     * SGR 53.
     *
     * @param col 0-based column
     * @return true when overlined
     */
    public boolean overline(int col) {
        return has(col, Style.OVERLINE);
    }

    /**
     * Underline colour mode (SGR 58), as {@link #fgMode}; the default means "same as the foreground".
     *
     * @param col 0-based column
     * @return the mode
     */
    public int underlineColorMode(int col) {
        return CellView.colorMode(Extras.underlineColor(extra(col)));
    }

    /**
     * Underline colour, as {@link #fg}.
     *
     * @param col 0-based column
     * @return palette index or 0xRRGGBB; 0 for the default
     */
    public int underlineColor(int col) {
        return Style.colorValue(Extras.underlineColor(extra(col)));
    }

    /**
     * The URI of the OSC 8 hyperlink the cell belongs to.
     *
     * @param col 0-based column
     * @return the URI, "" for none
     */
    public String hyperlink(int col) {
        check(col);
        return links != null && links[col] != null ? links[col] : "";
    }

    /**
     * The cell as a {@link CellView}, the object {@link Terminal#cellAt} gives.
     *
     * @param col 0-based column
     * @return a new view of the cell
     */
    public CellView cell(int col) {
        return CellView.of(chars(col), width(col), style(col), extra(col), hyperlink(col));
    }

    private boolean has(int col, long attribute) {
        return (style(col) & attribute) != 0;
    }

    private long style(int col) {
        check(col);
        return styled ? styles[col] : Style.DEFAULT;
    }

    private long extra(int col) {
        check(col);
        return hasExtras ? extras[col] : 0;
    }

    private int check(int col) {
        return Objects.checkIndex(col, cols);
    }

    /**
     * The row's text and size, for messages.
     *
     * @return e.g. {@code "CellRow[80, \"$ ls\"]"}
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int col = 0; col < cols; col++) {
            appendChars(col, text);
        }
        return "CellRow[" + cols + ", \"" + text + "\"]";
    }
}
