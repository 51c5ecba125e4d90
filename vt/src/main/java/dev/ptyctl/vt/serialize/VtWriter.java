package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.terminal.StateView;

/**
 * The output of the VT serializer together with a model of the terminal that reads it: where the
 * cursor is (column {@code cols} = wrap pending), the current attributes and hyperlink, and whether
 * a zero-width character printed next would join the previous one. The model lets the painter move
 * and restyle with the shortest sequences and only when something changes.
 *
 * <p>The model assumes what painting sets up: full scroll margins, autowrap on, insert and origin
 * mode off, US ASCII in GL. Operations the model does not follow (screen switches, DECRC...) call
 * {@link #forgetCursor()}, so the next move is absolute.
 */
final class VtWriter {
    static final String ESC = "\u001b";
    static final String CSI = ESC + "[";
    static final String OSC = ESC + "]";
    static final String ST = ESC + "\\";

    private final StringBuilder out;
    private final StateView source;
    private final int cols;
    private final int rows;
    private int row;
    private int col;
    private boolean cursorKnown;
    private long style;
    private long extra;
    private boolean joinable;

    VtWriter(StringBuilder out, StateView source, int cols, int rows) {
        this.out = out;
        this.source = source;
        this.cols = cols;
        this.rows = rows;
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    int row() {
        return row;
    }

    int col() {
        return col;
    }

    boolean cursorKnown() {
        return cursorKnown;
    }

    long style() {
        return style;
    }

    long extra() {
        return extra;
    }

    /** Appends a sequence whose effect on the model the caller takes care of. */
    void raw(String sequence) {
        out.append(sequence);
        joinable = false;
    }

    /** Appends {@code CSI body}. */
    void csi(String body) {
        raw(CSI + body);
    }

    /** The emulator state is now the power-on state (after RIS). */
    void resetModel() {
        row = 0;
        col = 0;
        cursorKnown = true;
        style = 0;
        extra = 0;
        joinable = false;
    }

    /** The cursor is somewhere the model does not know; the next move is absolute. */
    void forgetCursor() {
        cursorKnown = false;
    }

    /** Tells the model where an operation it does not follow left the cursor. */
    void cursorAt(int newRow, int newCol) {
        row = newRow;
        col = newCol;
        cursorKnown = true;
    }

    /** Tells the model the attributes an operation it does not follow (DECRC) restored. */
    void attributesAre(long newStyle, long newExtra) {
        style = newStyle;
        extra = newExtra;
    }

    /**
     * Moves the cursor with the shortest sequence: nothing, CUF, CHA or CUP. Any move also stops a
     * following zero-width character from joining the previous cell.
     *
     * @param newRow screen row
     * @param newCol column, below {@link #cols()}
     */
    void moveTo(int newRow, int newCol) {
        if (cursorKnown && newRow == row) {
            if (newCol == col) {
                return;
            }
            if (newCol > col && col < cols) {
                csi(newCol - col == 1 ? "C" : (newCol - col) + "C");
            } else {
                csi(newCol == 0 ? "G" : (newCol + 1) + "G");
            }
        } else {
            csi(newRow == 0 && newCol == 0 ? "H" : (newRow + 1) + ";" + (newCol + 1) + "H");
        }
        cursorAt(newRow, newCol);
    }

    /**
     * Moves even when the cursor is already there: CHA, which cancels a pending wrap and keeps the
     * next zero-width character from joining.
     *
     * @param newRow screen row
     * @param newCol column
     */
    void moveToExplicitly(int newRow, int newCol) {
        if (cursorKnown && newRow == row) {
            csi(newCol == 0 ? "G" : (newCol + 1) + "G");
        } else {
            csi((newRow + 1) + ";" + (newCol + 1) + "H");
        }
        cursorAt(newRow, newCol);
    }

    /**
     * Sets the graphic rendition, DECSCA protection, underline colour and hyperlink, writing only
     * what changes.
     *
     * @param newStyle packed style
     * @param newExtra packed extras (hyperlink key of the source terminal)
     */
    void attributes(long newStyle, long newExtra) {
        if (newStyle != style || Extras.underlineColor(newExtra) != Extras.underlineColor(extra)) {
            int before = out.length();
            SgrEncoder.appendTransition(out, style, Extras.underlineColor(extra), newStyle,
                Extras.underlineColor(newExtra));
            joinable &= out.length() == before;
        }
        int link = Extras.link(newExtra);
        if (link != Extras.link(extra)) {
            String id = source.hyperlinkId(link);
            out.append(OSC).append("8;").append(id.isEmpty() ? "" : "id=" + id).append(';')
                .append(source.hyperlinkUri(link)).append(ST);
            joinable = false;
        }
        style = newStyle;
        extra = newExtra;
    }

    /** Keeps the attributes but makes the erase style (the background) the default one. */
    void defaultBackground() {
        long erased = dev.ptyctl.vt.screen.Style.withBg(style, 0);
        if (erased != style) {
            attributes(erased, extra);
        }
    }

    /**
     * Prints a cell's text at the cursor, wrapping first when it does not fit (autowrap on, full
     * margins: at the last row the screen scrolls and the cursor stays on that row).
     *
     * @param text base character plus combining marks
     * @param width the cell width the text takes (0, 1 or 2)
     */
    void print(String text, int width) {
        if (col + width > cols) {
            row = Math.min(row + 1, rows - 1);
            col = 0;
        }
        out.append(text);
        col += width;
        joinable = true;
    }

    /** Whether a zero-width character printed now would join the cell before it. */
    boolean joinable() {
        return joinable;
    }

    /** Appends text that only a model-aware caller may write (e.g. a lone zero-width character). */
    void text(String text) {
        out.append(text);
    }
}
