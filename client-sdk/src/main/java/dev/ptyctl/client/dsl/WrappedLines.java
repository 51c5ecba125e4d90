package dev.ptyctl.client.dsl;

import java.util.List;
import java.util.function.Consumer;

/**
 * The lines a text or pattern {@link Locator} searches, as the program wrote them: rows that text wrapped across at the
 * right margin (the lower row {@link dev.ptyctl.vt.CellRow#wrapped() continues} the upper) are joined into one line,
 * so a command line longer than the screen is as wide is found whole; rows after a line break (a hard newline, a
 * cursor move) are not, so text never matches across two things the program drew apart. A row that goes on into the
 * next is joined with all its cells, blanks included (a space at the right edge is part of the text), the line's last
 * row without its trailing blanks, as a row reads.
 *
 * <p>Rows are numbered as {@link Locator.Match} numbers them: 0-based on the screen, negative in the scrollback (-1 is
 * the line right above the screen). The scrollback's last line and the screen's first are joined like any two rows,
 * except on the alternate screen, whose first row never continues the main screen's scrollback. Rows outside the
 * searched {@link Region} are not searched, so a line is cut at the region's edges.
 */
final class WrappedLines {
    private WrappedLines() {
    }

    /**
     * Calls {@code each} with every line of {@code region} of {@code cells}, after those of {@code above} (the
     * scrollback, oldest first; empty for the screen alone), top to bottom. The {@link Line} given is reused for the
     * next line: read it in the call.
     */
    static void forEach(Cells cells, Region region, List<ScrollbackLine> above, Consumer<Line> each) {
        Line line = new Line(cells, above, region);
        int start = above.isEmpty() ? region.from() - 1 : -above.size();
        int end = Math.min(cells.rows(), region.to());
        for (int row = start; row < end; row++) {
            int first = row;
            while (region.allColumns() && row + 1 < end && line.continues(row + 1)) {
                row++;
            }
            line.set(first, row);
            each.accept(line);
        }
    }

    /** One line: one row, or several joined where text wrapped, or the part of a row in a band of columns. */
    static final class Line {
        private final Cells cells;
        private final List<ScrollbackLine> above;
        private final Region region;
        private int firstRow;
        private int rowCount;
        /** Where each row's text begins in {@link #text}. */
        private int[] starts = new int[1];
        private String text;
        /** For a row cut to the region's columns: the row's characters before the band, and the band's (padded) text. */
        private int cut;
        private String paddedCut;

        private Line(Cells cells, List<ScrollbackLine> above, Region region) {
            this.cells = cells;
            this.above = above;
            this.region = region;
        }

        /** Whether {@code row} continues the row above it (and that row is searched with it). */
        private boolean continues(int row) {
            if (row < 0) {
                return above.get(row + above.size()).wrapped();
            }
            return cells.row(row).wrapped() && !(row == 0 && cells.alternateScreen());
        }

        private void set(int first, int last) {
            firstRow = first;
            rowCount = last - first + 1;
            if (starts.length < rowCount) {
                starts = new int[Math.max(rowCount, starts.length * 2)];
            }
            starts[0] = 0;
            cut = 0;
            if (!region.allColumns()) {
                cutToColumns(first);
                return;
            }
            if (rowCount == 1) {
                text = rowText(first); // most lines: no copy
                return;
            }
            StringBuilder joined = new StringBuilder();
            for (int i = 0; i < rowCount; i++) {
                starts[i] = joined.length();
                joined.append(i < rowCount - 1 ? padded(first + i) : rowText(first + i));
            }
            text = joined.toString();
        }

        /** The line's first row. */
        int firstRow() {
            return firstRow;
        }

        /** The line's last row: its first unless text wrapped. */
        int lastRow() {
            return firstRow + rowCount - 1;
        }

        /** The characters of screen row {@code row} whose cells are in the region's columns, as this line's text. */
        private void cutToColumns(int row) {
            String padded = cells.paddedRowText(row);
            int from = 0;
            while (from < padded.length() && cells.columnOf(row, from) < region.fromColumn() - 1) {
                from++;
            }
            int to = from;
            while (to < padded.length() && region.coversColumn(cells.columnOf(row, to))) {
                to++;
            }
            cut = from;
            paddedCut = padded.substring(from, to);
            text = paddedCut.stripTrailing();
        }

        /** Whether the 0-based {@code column} is in the searched columns. */
        boolean coversColumn(int column) {
            return region.coversColumn(column);
        }

        /** Whether the line begins in the scrollback, above the screen. */
        boolean inScrollback() {
            return firstRow < 0;
        }

        /** The line's text: its rows' text joined, the last row's trailing blanks left out. */
        String text() {
            return text;
        }

        /** {@link #text} with the last row's trailing blank cells as spaces: where text that ends in spaces is found. */
        String padded() {
            int last = firstRow + rowCount - 1;
            if (!region.allColumns()) {
                return paddedCut;
            }
            return rowCount == 1 ? padded(last) : text + padded(last).substring(rowText(last).length());
        }

        /** The characters {@code [from, to)} of {@link #padded} (or {@link #text}), {@code found}, as a match. */
        Locator.Match match(int from, int to, String found) {
            int startRow = rowOf(from);
            int endRow = rowOf(to - 1);
            int firstColumn = column(startRow, from - starts[startRow - firstRow]);
            int lastColumn = column(endRow, to - 1 - starts[endRow - firstRow]);
            return new Locator.Match(startRow, firstColumn, endRow, lastColumn + width(endRow, lastColumn), found);
        }

        /** The row holding character {@code index} of the text. */
        private int rowOf(int index) {
            int i = rowCount - 1;
            while (i > 0 && starts[i] > index) {
                i--;
            }
            return firstRow + i;
        }

        private String rowText(int row) {
            return row < 0 ? above.get(row + above.size()).text() : cells.rowText(row);
        }

        private String padded(int row) {
            return row < 0 ? above.get(row + above.size()).padded() : cells.paddedRowText(row);
        }

        /** A scrollback line's characters stand for its columns; a screen row's map to its cells. */
        private int column(int row, int index) {
            return row < 0 ? index : cells.columnOf(row, index + cut);
        }

        private int width(int row, int column) {
            return row < 0 ? 1 : Math.max(1, cells.row(row).width(column));
        }
    }
}
