package dev.ptyctl.client.dsl;

/**
 * Part of the screen a {@link Locator} searches ({@link Locator#within(Region)}): a band of rows, counted from 1 as
 * everywhere in the DSL, both ends included.
 *
 * <pre>{@code
 * t.getByText("Save").within(Region.rows(23, 24));   // the status lines
 * t.getByText("Save").within(Region.row(1));         // the title row
 * }</pre>
 *
 * @param from first row, from 1
 * @param to   last row, included
 */
public record Region(int from, int to) {
    /** Checks the rows. */
    public Region {
        if (from < 1 || to < from) {
            throw new IllegalArgumentException("a region is rows from..to with 1 <= from <= to, got " + from + ".." + to);
        }
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

    @Override
    public String toString() {
        return to == Integer.MAX_VALUE ? "the screen" : from == to ? "row " + from : "rows " + from + "-" + to;
    }
}
