package dev.ptyctl.vt.screen;

/**
 * The cursor of one screen: a screen row and a column.
 *
 * <p>The column runs from 0 to {@code cols} inclusive. {@code col == cols} is the pending-wrap
 * state: the last column has just been written with autowrap on, and the next printable character
 * goes to the start of the next line. This is how xterm.js models it (and what its {@code cursorX}
 * reports), so cursor movements behave the same in that state: CUF/CUB/CUP clamp first, EL and ED
 * start after the last column, LF keeps the column at {@code cols - 1}.
 *
 * <p>One corner case goes further, again as in xterm.js: a zero-width character that has nothing to
 * join, printed while a wrap is pending, is lost and leaves the column at {@code cols + 1}; the next
 * character wraps.
 */
public final class Cursor {
    private int col;
    private int row;
    /** Wrap pending at a right margin (DECSLRM) short of the last column; see {@link #marginWrapPending}. */
    private boolean marginWrap;

    /** Creates a cursor at the home position. */
    public Cursor() {
    }

    /**
     * The column, 0..cols (cols = wrap pending; cols + 1 in the corner case above).
     *
     * @return the column
     */
    public int col() {
        return col;
    }

    /**
     * The screen row.
     *
     * @return the row, 0..rows-1
     */
    public int row() {
        return row;
    }

    /**
     * Moves the cursor without clamping; callers keep it in range.
     *
     * @param col new column
     * @param row new row
     */
    public void moveTo(int col, int row) {
        this.col = col;
        this.row = row;
        this.marginWrap = false;
    }

    /**
     * Sets the column.
     *
     * @param col new column
     */
    public void setCol(int col) {
        this.col = col;
        this.marginWrap = false;
    }

    /**
     * Sets the row.
     *
     * @param row new row
     */
    public void setRow(int row) {
        this.row = row;
        this.marginWrap = false;
    }

    /**
     * Whether the last column inside a right margin (DECSLRM) was just written with autowrap on, so
     * the next character wraps to the left margin of the next row. The column is then the right
     * margin plus one, which is also an ordinary column; this flag tells them apart. Any move
     * clears it.
     *
     * @return true while such a wrap is pending
     */
    public boolean marginWrapPending() {
        return marginWrap;
    }

    /** Marks the wrap at the right margin as pending; call after the column is set. */
    public void setMarginWrapPending() {
        this.marginWrap = true;
    }

    @Override
    public String toString() {
        return "(" + row + "," + col + ")";
    }
}
