package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * searched {@link Region} are not searched, so a line is cut at the region's edges; a pattern's {@code ^} and {@code $}
 * still hold only at the line's true start and end, not at such a cut ({@link Line#eachMatch}).
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
            // only the first line searched can start on a row that continues one left out (above the region or the
            // screen), only the last go on into one; a band of columns reads each row alone, its band's edges its ends
            line.startsMidLine = region.allColumns() && first == start && first >= 0 && line.continues(first);
            line.endsMidLine = region.allColumns() && row == end - 1 && end < cells.rows() && line.continues(end);
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
        /** A one-row line's text (most lines: the row's own string, no copy). */
        private String text;
        /** A line of several rows: read in place, not copied (see {@link Joined}). */
        private final Joined joined = new Joined();
        /** For a row cut to the region's columns: the row's characters before the band, and the band's (padded) text. */
        private int cut;
        private String paddedCut;
        /** Whether the line's first row continues a row not searched: its text starts inside the program's line. */
        private boolean startsMidLine;
        /** Whether the line's last row goes on into a row not searched: its text stops inside the program's line. */
        private boolean endsMidLine;

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
            text = null;
            int length = 0;
            for (int i = 0; i < rowCount; i++) {
                starts[i] = length;
                length += i < rowCount - 1 ? joinedLength(first + i) : rowText(first + i).length();
            }
            joined.length = length;
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
        CharSequence text() {
            if (text != null) {
                return text;
            }
            joined.padLast = false;
            return joined;
        }

        /** {@link #text} with the last row's trailing blank cells as spaces: where text that ends in spaces is found. */
        CharSequence padded() {
            int last = firstRow + rowCount - 1;
            if (!region.allColumns()) {
                return paddedCut;
            }
            if (rowCount == 1) {
                return padded(last);
            }
            joined.padLast = true;
            return joined;
        }

        /**
         * Gives {@code into} each non-empty match of {@code pattern} in {@link #text}. Where a region cut the line, the
         * pattern sees the characters just outside the cut (for {@code \b} and lookarounds) but cannot match them,
         * and {@code ^} and {@code $} do not hold at the cut: a region starting on a row that text wrapped onto does
         * not make that row the start of a line, as it is not one without the region.
         */
        void eachMatch(Pattern pattern, Consumer<Locator.Match> into) {
            CharSequence text = text();
            int offset = startsMidLine ? 1 : 0;
            Matcher m;
            if (offset == 0 && !endsMidLine) {
                m = pattern.matcher(text);
            } else {
                String framed = (startsMidLine ? String.valueOf(charBefore()) : "") + text
                        + (endsMidLine ? String.valueOf(charAfter()) : "");
                m = pattern.matcher(framed).region(offset, offset + text.length())
                        .useAnchoringBounds(false).useTransparentBounds(true);
            }
            while (m.find()) {
                if (m.end() > m.start()) {
                    into.accept(match(m.start() - offset, m.end() - offset, m.group()));
                }
            }
        }

        /**
         * The character the program's line has right before this line's first row: the last one the row above joins,
         * or a space when that row is not on the screen (it scrolled off).
         */
        private char charBefore() {
            int above = firstRow - 1;
            if (above < 0) {
                return ' ';
            }
            int length = joinedLength(above);
            return length == 0 ? ' ' : padded(above).charAt(length - 1);
        }

        /** The first character of the row this line's last row goes on into (a space for a blank one). */
        private char charAfter() {
            String next = cells.rowText(lastRow() + 1);
            return next.isEmpty() ? ' ' : next.charAt(0);
        }

        /** The index of {@code text} in {@code in} from {@code from}, or -1: String's own search for a one-row line. */
        static int indexOf(CharSequence in, String text, int from) {
            if (in instanceof String string) {
                return string.indexOf(text, from);
            }
            return ((Joined) in).indexOf(text, from);
        }

        /**
         * The rows of a wrapped line read as one text without copying them: a look at a screen with a long scrollback
         * reads every wrapped line of it on each change, and joining them into strings each time made a build log's
         * wrapped lines cost their size in garbage per look. A row that goes on is as wide as its cells, its
         * trailing blanks read as spaces; the last row ends at its text, or at its cells' end when padded.
         */
        private final class Joined implements CharSequence {
            private int length;
            private boolean padLast;
            /** The row read last: reads go left to right, so the next is mostly in the same row. */
            private int lastPart;

            @Override
            public int length() {
                int last = firstRow + rowCount - 1;
                return padLast ? starts[rowCount - 1] + paddedLength(last) : length;
            }

            @Override
            public char charAt(int index) {
                int part = lastPart < rowCount && starts[lastPart] <= index ? lastPart : 0;
                while (part + 1 < rowCount && starts[part + 1] <= index) {
                    part++;
                }
                lastPart = part;
                String row = rowText(firstRow + part);
                int offset = index - starts[part];
                return offset < row.length() ? row.charAt(offset) : ' ';
            }

            /**
             * The index of {@code text} from {@code from}, or -1: each row's own string searched by String's search,
             * and the places where a match would cross into the next row compared a character at a time.
             */
            int indexOf(String text, int from) {
                int end = length();
                for (int part = 0; part < rowCount; part++) {
                    int partStart = starts[part];
                    int partEnd = part + 1 < rowCount ? starts[part + 1] : end;
                    if (partEnd <= from) {
                        continue;
                    }
                    String row = rowText(firstRow + part);
                    int inRow = row.indexOf(text, Math.max(0, from - partStart));
                    int withinRow = inRow >= 0 ? partStart + inRow : -1;
                    // a match not within the row's own string reaches past its end: into its blanks or the next row
                    int crossFrom = Math.max(from, Math.max(partStart, partStart + row.length() - text.length() + 1));
                    int crossTo = withinRow >= 0 ? withinRow : partEnd;
                    for (int i = crossFrom; i < crossTo && i + text.length() <= end; i++) {
                        if (matchesAt(text, i)) {
                            return i;
                        }
                    }
                    if (withinRow >= 0) {
                        return withinRow;
                    }
                }
                return -1;
            }

            private boolean matchesAt(String text, int at) {
                for (int j = 0; j < text.length(); j++) {
                    if (charAt(at + j) != text.charAt(j)) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public CharSequence subSequence(int start, int end) {
                StringBuilder out = new StringBuilder(end - start);
                for (int i = start; i < end; i++) {
                    out.append(charAt(i));
                }
                return out.toString();
            }

            @Override
            public String toString() {
                return subSequence(0, length()).toString();
            }
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

        /**
         * How many characters of {@code row}, which goes on into the next, the line joins: all its cells, but the last
         * when a wide character that did not fit there went on to the next row whole and left it blank (the program
         * wrote no space there: "9" and "\u4e2d" read on as "9\u4e2d").
         */
        private int joinedLength(int row) {
            return paddedLength(row) - (endsUnwritten(row) && startsWide(row + 1) ? 1 : 0);
        }

        /** Whether {@code row}'s last cell holds nothing: no character, not even a space, was written there. */
        private boolean endsUnwritten(int row) {
            if (row < 0) {
                return above.get(row + above.size()).endsUnwritten();
            }
            CellRow cellRow = cells.row(row);
            return !cellRow.hasText(cellRow.cols() - 1) && cellRow.width(cellRow.cols() - 1) == 1;
        }

        /** Whether {@code row} starts with a wide character. */
        private boolean startsWide(int row) {
            return row < 0 ? above.get(row + above.size()).startsWide() : cells.row(row).width(0) == 2;
        }

        /** How many characters {@link #padded(int)} of {@code row} has, without making it. */
        private int paddedLength(int row) {
            if (row < 0) {
                ScrollbackLine line = above.get(row + above.size());
                return line.text().length() + line.blanks();
            }
            return cells.paddedLength(row);
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
