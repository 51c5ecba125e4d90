package dev.ptyctl.vt.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * One screen buffer: the main screen (with scrollback) or the alternate screen (without). It owns
 * the visible rows, the cursor, the scroll margins (DECSTBM), the tab stops and the saved cursor,
 * all of which xterm.js also keeps per buffer.
 *
 * <p>Rows are a ring of {@link Line}s: scrolling the whole screen up moves one index, not the rows.
 * A line that scrolls off the top goes to the {@link Scrollback} when the top margin is the first
 * row, as in xterm; the line the scrollback evicts (or the line itself when there is no scrollback)
 * is recycled as the new blank row, so steady-state scrolling allocates nothing. Resizing and
 * reflow are in {@link Reflow}.
 *
 * <p>A row is made when it is first used: until then its place in the ring is null and it reads as blank. Most
 * terminals never show the alternate screen, and many never fill the main one, so an idle terminal keeps only the
 * rows its program wrote (about 12 KiB less per terminal at 100×30 for an unused alternate screen).
 *
 * <p>Row arguments are screen rows, 0 = top of the visible screen.
 */
public final class Screen {
    private final Scrollback scrollback;
    private final Cursor cursor = new Cursor();
    private final TabStops tabs;
    private int cols;
    private int rows;
    private Line[] ring;
    /** Ring index of screen row 0. */
    private int top;
    private Line[] scratch;
    private int scrollTop;
    private int scrollBottom;
    /** Left and right margins (DECSLRM), inclusive; the whole width unless DECLRMM set them. */
    private int leftMargin;
    private int rightMargin;
    private SavedCursor saved = SavedCursor.INITIAL;

    /**
     * Creates a blank screen.
     *
     * @param cols width, at least 1
     * @param rows height, at least 1
     * @param scrollbackLimit lines kept above the screen; 0 for the alternate screen
     */
    public Screen(int cols, int rows, int scrollbackLimit) {
        this.cols = cols;
        this.rows = rows;
        this.scrollback = new Scrollback(scrollbackLimit);
        this.tabs = new TabStops(cols);
        this.ring = new Line[rows];
        this.scratch = new Line[rows];
        this.scrollBottom = rows - 1;
        this.rightMargin = cols - 1;
    }

    /**
     * Width in cells.
     *
     * @return columns
     */
    public int cols() {
        return cols;
    }

    /**
     * Height in rows.
     *
     * @return rows
     */
    public int rows() {
        return rows;
    }

    /**
     * The line at a screen row.
     *
     * @param row 0..rows-1
     * @return the live line
     */
    public Line line(int row) {
        int index = top + row;
        if (index >= rows) {
            index -= rows;
        }
        Line line = ring[index];
        return line != null ? line : (ring[index] = new Line(cols, Style.DEFAULT));
    }

    /**
     * Whether the row at a screen row has been made (see the class comment): a row that has not is blank.
     *
     * @param row 0..rows-1
     * @return false while the row was never used
     */
    boolean rowMade(int row) {
        int index = top + row;
        return ring[index >= rows ? index - rows : index] != null;
    }

    /**
     * A line by its index in the whole buffer as xterm.js counts it: scrollback lines first (0 =
     * oldest), then the screen rows.
     *
     * @param index 0 .. scrollback size + rows - 1; larger values give the last row
     * @return the live line
     */
    public Line lineAtBufferIndex(int index) {
        if (index < scrollback.size()) {
            return scrollback.get(index);
        }
        return line(Math.min(index - scrollback.size(), rows - 1));
    }

    private void setLine(int row, Line line) {
        int index = top + row;
        ring[index >= rows ? index - rows : index] = line;
    }

    /**
     * The cursor of this screen.
     *
     * @return the live cursor
     */
    public Cursor cursor() {
        return cursor;
    }

    /**
     * The lines above the screen.
     *
     * @return the live scrollback
     */
    public Scrollback scrollback() {
        return scrollback;
    }

    /**
     * This screen's tab stops.
     *
     * @return the live tab stops
     */
    public TabStops tabs() {
        return tabs;
    }

    /**
     * Top scroll margin.
     *
     * @return first row of the scroll region
     */
    public int scrollTop() {
        return scrollTop;
    }

    /**
     * Bottom scroll margin.
     *
     * @return last row of the scroll region (inclusive)
     */
    public int scrollBottom() {
        return scrollBottom;
    }

    /**
     * Sets the scroll region (DECSTBM); callers validate {@code top < bottom}.
     *
     * @param top first row
     * @param bottom last row, inclusive
     */
    public void setScrollRegion(int top, int bottom) {
        this.scrollTop = top;
        this.scrollBottom = bottom;
    }

    /**
     * Left margin (DECSLRM).
     *
     * @return first column of the scroll region
     */
    public int leftMargin() {
        return leftMargin;
    }

    /**
     * Right margin (DECSLRM).
     *
     * @return last column of the scroll region (inclusive)
     */
    public int rightMargin() {
        return rightMargin;
    }

    /**
     * Whether the left and right margins are the screen's edges, as they are unless DECLRMM and
     * DECSLRM changed them.
     *
     * @return true for full-width scrolling
     */
    public boolean fullWidth() {
        return leftMargin == 0 && rightMargin == cols - 1;
    }

    /**
     * Sets the left and right margins (DECSLRM); callers validate {@code left < right}.
     *
     * @param left first column
     * @param right last column, inclusive
     */
    public void setHorizontalMargins(int left, int right) {
        this.leftMargin = left;
        this.rightMargin = right;
    }

    /**
     * Scrolls the rectangle of rows {@code [top, bottom]} and columns {@code [left, right]} by
     * {@code n} rows, up (content moves up, blanks appear at the bottom) or down; nothing outside
     * it moves and nothing goes to the scrollback. Scrolling with left and right margins (DECSLRM).
     *
     * @param top first row
     * @param bottom last row, inclusive
     * @param left first column
     * @param right last column, inclusive
     * @param n rows to scroll, capped at the height
     * @param up direction
     * @param fillStyle style of the blank cells
     */
    public void scrollRectangle(int top, int bottom, int left, int right, int n, boolean up, long fillStyle) {
        int height = bottom - top + 1;
        n = Math.min(n, height);
        int width = right - left + 1;
        if (n <= 0 || width <= 0) {
            return;
        }
        for (int r = top; r <= bottom; r++) {
            line(r).cutWideCharactersAt(left, right + 1, fillStyle);
        }
        for (int i = 0; i < height - n; i++) {
            int to = up ? top + i : bottom - i;
            int from = up ? to + n : to - n;
            line(to).copyCells(line(from), left, left, width);
        }
        for (int i = 0; i < n; i++) {
            line(up ? bottom - i : top + i).fill(left, right + 1, fillStyle, 0);
        }
    }

    /**
     * The cursor state saved by DECSC.
     *
     * @return saved state
     */
    public SavedCursor saved() {
        return saved;
    }

    /**
     * Stores the state for DECRC.
     *
     * @param saved the state
     */
    public void setSaved(SavedCursor saved) {
        this.saved = saved;
    }

    /**
     * The line scroll-up of LF, IND and autowrap at the bottom margin: the region moves up one row
     * and a blank row appears at the bottom margin. With the top margin at row 0 the line leaving the
     * screen goes to the scrollback (xterm keeps it even when the bottom margin is above the last
     * row); otherwise it is discarded.
     *
     * @param fillStyle style of the new blank row
     * @param wrapped whether the new row continues the one above (autowrap)
     */
    public void scrollUp(long fillStyle, boolean wrapped) {
        Line blank;
        if (scrollTop == 0) {
            Line leaving = line(0);
            blank = recycle(scrollback.pushForReuse(leaving, cols), fillStyle);
            if (scrollBottom == rows - 1) {
                top = top + 1 == rows ? 0 : top + 1;
            } else {
                shiftUp(0, scrollBottom);
            }
        } else {
            blank = recycle(line(scrollTop), fillStyle);
            shiftUp(scrollTop, scrollBottom);
        }
        blank.setWrapped(wrapped);
        setLine(scrollBottom, blank);
    }

    /**
     * Removes {@code n} rows at {@code row} and adds as many blank rows at {@code bottom}; rows below
     * {@code bottom} do not move (DL, SU). The removed rows are discarded, not kept in scrollback.
     *
     * @param row first row removed
     * @param bottom last row of the affected region, inclusive
     * @param n number of rows; capped at the region height
     * @param fillStyle style of the blank rows
     */
    public void deleteLines(int row, int bottom, int n, long fillStyle) {
        int height = bottom - row + 1;
        n = Math.min(n, height);
        if (n <= 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            scratch[i] = line(row + i);
        }
        for (int r = row; r + n <= bottom; r++) {
            setLine(r, line(r + n));
        }
        for (int i = 0; i < n; i++) {
            setLine(bottom - n + 1 + i, recycle(scratch[i], fillStyle));
            scratch[i] = null;
        }
    }

    /**
     * Inserts {@code n} blank rows at {@code row}, pushing rows down; rows pushed past {@code bottom}
     * are discarded (IL, SD, RI at the top margin).
     *
     * @param row where the blank rows appear
     * @param bottom last row of the affected region, inclusive
     * @param n number of rows; capped at the region height
     * @param fillStyle style of the blank rows
     */
    public void insertLines(int row, int bottom, int n, long fillStyle) {
        int height = bottom - row + 1;
        n = Math.min(n, height);
        if (n <= 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            scratch[i] = line(bottom - n + 1 + i);
        }
        for (int r = bottom; r - n >= row; r--) {
            setLine(r, line(r - n));
        }
        for (int i = 0; i < n; i++) {
            setLine(row + i, recycle(scratch[i], fillStyle));
            scratch[i] = null;
        }
    }

    /**
     * Makes every row blank (ED 2 keeps the rows; this is for activating the alternate screen and
     * for reset) and restores margins, tab stops and cursor.
     *
     * @param fillStyle style of the blank cells
     */
    public void clearAll(long fillStyle) {
        for (int r = 0; r < rows; r++) {
            if (fillStyle != Style.DEFAULT || rowMade(r)) {
                recycle(line(r), fillStyle);
            }
        }
        top = 0;
        scrollTop = 0;
        scrollBottom = rows - 1;
        leftMargin = 0;
        rightMargin = cols - 1;
        cursor.moveTo(0, 0);
        tabs.reset();
    }

    /**
     * Changes the size the way xterm.js does (see {@link Reflow}): rows come back from or go to the
     * scrollback depending on where the cursor is, soft-wrapped lines are reflowed to the new width
     * (this is the main screen's resize: it reflows whatever its scrollback limit, 0 included, as xterm.js's
     * normal buffer does), the cursor is clamped into the new size (a pending wrap is
     * cancelled) and the scroll region is reset to the full screen.
     *
     * @param newCols new width, at least 1
     * @param newRows new height, at least 1
     */
    public void resize(int newCols, int newRows) {
        resize(newCols, newRows, scrollback.limit(), true);
    }

    /**
     * {@link #resize(int, int)} with an explicit scrollback limit afterwards and reflow switch, for
     * the alternate screen, whose hidden history xterm.js sizes differently (see {@link
     * #setHistoryLimit}).
     *
     * @param newCols new width, at least 1
     * @param newRows new height, at least 1
     * @param newHistoryLimit scrollback lines kept after the resize
     * @param reflow whether soft-wrapped lines follow the new width
     */
    public void resize(int newCols, int newRows, int newHistoryLimit, boolean reflow) {
        List<Line> all = new ArrayList<>(scrollback.size() + rows);
        for (int i = 0; i < scrollback.size(); i++) {
            all.add(scrollback.get(i));
        }
        for (int r = 0; r < rows; r++) {
            all.add(line(r));
        }
        Reflow.Layout layout = new Reflow.Layout(all, rows + scrollback.limit(), cols, rows);
        layout.ybase = scrollback.size();
        layout.cursorRow = cursor.row();
        layout.cursorCol = cursor.col();
        layout.savedRow = saved.absoluteRow();
        layout.savedCol = saved.col();
        Reflow.resize(layout, newCols, newRows, newRows + newHistoryLimit, reflow);

        List<Line> lines = layout.lines.toList();
        int ybase = Math.max(0, Math.min(layout.ybase, lines.size()));
        // Counted from the oldest kept line, which stays the oldest: rows that go up into the scrollback count as
        // scrolled, rows that come back down as taken back (exact when the width stays; a reflow renumbers).
        long oldestKept = scrollback.scrolledCount() - scrollback.size();
        scrollback.setLimit(newHistoryLimit);
        scrollback.clear();
        for (int i = Math.max(0, ybase - newHistoryLimit); i < ybase; i++) {
            scrollback.push(lines.get(i));
        }
        scrollback.continueCount(oldestKept + scrollback.size());
        ring = new Line[newRows];
        for (int r = 0; r < newRows; r++) {
            int index = ybase + r;
            Line line = index < lines.size() ? lines.get(index) : null;
            ring[r] = line != null ? line : new Line(newCols, Style.DEFAULT);
        }
        top = 0;
        rows = newRows;
        cols = newCols;
        scratch = new Line[newRows];
        cursor.moveTo(Math.max(0, layout.cursorCol), Math.max(0, Math.min(layout.cursorRow, newRows - 1)));
        saved = new SavedCursor(layout.savedCol, layout.savedRow, saved.style(), saved.extra(), saved.charset());
        scrollTop = 0;
        scrollBottom = newRows - 1;
        leftMargin = 0;
        rightMargin = newCols - 1;
        tabs.resize(newCols);
    }

    /**
     * Changes how many lines this screen keeps above its rows, dropping the oldest if needed. The
     * main screen's limit is fixed; the alternate screen has none, except that xterm.js lets it keep
     * hidden lines when it is entered while smaller than it has been since it was last left
     * (they come back into view if the screen grows again).
     *
     * @param limit new limit, at least 0
     */
    public void setHistoryLimit(int limit) {
        scrollback.setLimit(limit);
    }

    /**
     * Gives this screen a new size with blank rows, keeping nothing but the saved cursor: how the
     * alternate screen is resized while it is not shown (it is cleared when entered anyway).
     *
     * @param newCols new width, at least 1
     * @param newRows new height, at least 1
     */
    public void resizeBlank(int newCols, int newRows) {
        cols = newCols;
        rows = newRows;
        ring = new Line[newRows]; // blank rows, made when used
        top = 0;
        scratch = new Line[newRows];
        cursor.moveTo(0, 0);
        scrollTop = 0;
        scrollBottom = newRows - 1;
        leftMargin = 0;
        rightMargin = newCols - 1;
        tabs.resize(newCols);
    }

    private Line recycle(Line line, long fillStyle) {
        line.reset(cols, fillStyle);
        return line;
    }

    private void shiftUp(int from, int to) {
        for (int r = from; r < to; r++) {
            setLine(r, line(r + 1));
        }
    }
}
