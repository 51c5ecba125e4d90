package dev.ptyctl.client.dsl;

/**
 * Part of the screen a {@link Locator} searches ({@link Locator#within(Region)}): a band of rows and, narrowed with
 * {@link #columns}, a band of columns in it (a split pane, a file manager's panel), counted from 1 as everywhere in the
 * DSL, both ends included.
 *
 * <pre>{@code
 * t.getByText("Save").within(Region.rows(23, 24));                  // the status lines
 * t.getByText("Save").within(Region.row(1));                        // the title row
 * t.getByText("$ ").within(Region.rows(1, 19).columns(42, 80));     // tmux's right pane
 * }</pre>
 *
 * @param from       first row, from 1
 * @param to         last row, included
 * @param fromColumn first column, from 1
 * @param toColumn   last column, included
 */
public record Region(int from, int to, int fromColumn, int toColumn) {
    /** Checks the rows and columns. */
    public Region {
        if (from < 1 || to < from) {
            throw new IllegalArgumentException("a region is rows from..to with 1 <= from <= to, got " + from + ".." + to);
        }
        if (fromColumn < 1 || toColumn < fromColumn) {
            throw new IllegalArgumentException("a region's columns are from..to with 1 <= from <= to, got "
                    + fromColumn + ".." + toColumn);
        }
    }

    /** Rows {@code from} to {@code to}, every column. */
    public Region(int from, int to) {
        this(from, to, 1, Integer.MAX_VALUE);
    }

    /** Rows {@code from} to {@code to} (from 1, both included). */
    public static Region rows(int from, int to) {
        return new Region(from, to);
    }

    /** One row (from 1). */
    public static Region row(int row) {
        return new Region(row, row);
    }

    /** The whole screen, however tall. */
    public static Region all() {
        return new Region(1, Integer.MAX_VALUE);
    }

    /**
     * These rows, columns {@code from} to {@code to} only (from 1, both included): a pane of a split screen. A row cut
     * by a column band is searched alone, never joined to the next where text wrapped (the program's wrapping is the
     * whole row's, not the band's).
     */
    public Region columns(int from, int to) {
        return new Region(this.from, this.to, from, to);
    }

    /** Whether the region has every column of its rows. */
    boolean allColumns() {
        return fromColumn == 1 && toColumn == Integer.MAX_VALUE;
    }

    /** Whether the 0-based {@code column} is in the region. */
    boolean coversColumn(int column) {
        return column >= fromColumn - 1 && column < toColumn;
    }

    @Override
    public String toString() {
        String rows = from == 1 && to == Integer.MAX_VALUE ? "the screen" : band("row", from, to);
        return allColumns() ? rows : rows + ", " + band("column", fromColumn, toColumn);
    }

    /** A band of rows or columns as messages name it: {@code row 3}, {@code rows 2-5}, {@code rows 4-} (to the end). */
    private static String band(String unit, int from, int to) {
        return to == Integer.MAX_VALUE ? unit + "s " + from + "-" : from == to ? unit + " " + from
                : unit + "s " + from + "-" + to;
    }
}
