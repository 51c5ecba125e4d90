package dev.ptyctl.vt.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Resizing a screen buffer the way xterm.js's {@code Buffer.resize} does, including the reflow of
 * soft-wrapped lines when the width changes ({@code BufferReflow}).
 *
 * <p>It works on the buffer as xterm.js lays it out: one list of lines, oldest first, scrollback
 * followed by the visible rows, with {@code ybase} the index of the first visible row and the
 * cursor and saved cursor rows relative to it ({@code savedY} absolute). {@link Screen} builds that
 * view, calls {@link #resize} and takes the result apart again; a resize is rare, so the copy costs
 * nothing that matters.
 *
 * <p>Rules, all from xterm.js:
 * <ul>
 *   <li>Growing rows pulls lines back from the scrollback while the cursor is on the last row,
 *       otherwise adds blank rows; shrinking removes rows below the cursor first, then moves top
 *       rows into the scrollback.</li>
 *   <li>Only the main screen reflows, whatever its scrollback limit (xterm.js's normal buffer, also with a
 *       scrollback of 0); the alternate one does not. Wider: a row
 *       continued on soft-wrapped rows takes their cells back and the emptied rows disappear.
 *       Narrower: such a group, or a long unwrapped row, is cut into more rows. The group holding
 *       the cursor is left alone (cut at the new width when narrowing).</li>
 *   <li>Without reflow, rows are only made longer when the width grows; when it shrinks they keep
 *       their cells (the alternate screen shows them again if the width comes back).</li>
 * </ul>
 */
final class Reflow {
    /**
     * xterm.js's CircularList as far as resizing can tell: pushing onto a full list drops its first
     * line, popping only shortens the length, and reading past the length still finds the lines that
     * were there. xterm.js's resize depends on all three, so ours must too.
     */
    static final class Lines {
        private final List<Line> storage;
        private int length;
        private int maxLength;

        Lines(List<Line> lines, int maxLength) {
            this.storage = new ArrayList<>(lines);
            this.length = lines.size();
            this.maxLength = maxLength;
        }

        int size() {
            return length;
        }

        /** The line at an index, or null where xterm.js would find nothing. */
        Line get(int index) {
            return index >= 0 && index < storage.size() ? storage.get(index) : null;
        }

        void set(int index, Line line) {
            if (index < storage.size()) {
                storage.set(index, line);
            } else {
                storage.add(line);
            }
        }

        void push(Line line) {
            if (length == maxLength) {
                storage.remove(0);
                set(length - 1, line);
            } else {
                set(length++, line);
            }
        }

        void setMaxLength(int maxLength) {
            this.maxLength = maxLength;
        }

        void pop() {
            length--;
        }

        void setLength(int newLength) {
            while (storage.size() < newLength) {
                storage.add(null);
            }
            length = newLength;
        }

        void trimStart(int count) {
            storage.subList(0, count).clear();
            length -= count;
        }

        /** The lines up to the length, oldest first. */
        List<Line> toList() {
            return new ArrayList<>(storage.subList(0, length));
        }
    }

    /** A buffer laid out as one list; all fields are read and updated by {@link #resize}. */
    static final class Layout {
        final Lines lines;
        int maxLength;
        int ybase;
        int cursorRow;
        int cursorCol;
        int savedRow;
        int savedCol;
        int cols;
        int rows;

        Layout(List<Line> lines, int maxLength, int cols, int rows) {
            this.lines = new Lines(lines, maxLength);
            this.maxLength = maxLength;
            this.cols = cols;
            this.rows = rows;
        }
    }

    private Reflow() {
    }

    /**
     * Resizes the buffer in place.
     *
     * @param b the buffer; its {@code maxLength} is the old line capacity (rows plus scrollback)
     * @param newCols new width
     * @param newRows new height
     * @param newMaxLength line capacity after the resize: new rows plus the scrollback limit
     * @param reflow whether soft-wrapped lines follow the new width (the main screen)
     */
    static void resize(Layout b, int newCols, int newRows, int newMaxLength, boolean reflow) {
        if (newMaxLength > b.maxLength) {
            b.maxLength = newMaxLength;
            b.lines.setMaxLength(newMaxLength);
        }
        if (b.cols < newCols) {
            for (int i = 0; i < b.lines.size(); i++) {
                b.lines.get(i).resize(newCols, Style.DEFAULT);
            }
        }
        int addToY = resizeRows(b, newCols, newRows);
        if (newMaxLength < b.maxLength) {
            int amountToTrim = b.lines.size() - newMaxLength;
            if (amountToTrim > 0) {
                b.lines.trimStart(amountToTrim);
                b.ybase = Math.max(b.ybase - amountToTrim, 0);
                b.savedRow = Math.max(b.savedRow - amountToTrim, 0);
            }
            b.maxLength = newMaxLength;
            b.lines.setMaxLength(newMaxLength);
        }
        b.cursorCol = Math.min(b.cursorCol, newCols - 1);
        b.cursorRow = Math.min(b.cursorRow, newRows - 1) + addToY;
        b.savedCol = Math.min(b.savedCol, newCols - 1);
        if (reflow) {
            if (newCols > b.cols) {
                reflowLarger(b, newCols, newRows);
            } else if (newCols < b.cols) {
                reflowSmaller(b, newCols, newRows);
                for (int i = 0; i < b.lines.size(); i++) {
                    b.lines.get(i).resize(newCols, Style.DEFAULT);
                }
            }
        }
        b.cols = newCols;
        b.rows = newRows;
    }

    /** Returns how far the cursor moved down because lines came back from the scrollback. */
    private static int resizeRows(Layout b, int newCols, int newRows) {
        Lines lines = b.lines;
        int addToY = 0;
        if (b.rows < newRows) {
            for (int y = b.rows; y < newRows; y++) {
                if (lines.size() < newRows + b.ybase) {
                    if (b.ybase > 0 && lines.size() <= b.ybase + b.cursorRow + addToY + 1) {
                        b.ybase--;
                        addToY++;
                    } else {
                        lines.push(new Line(newCols, Style.DEFAULT));
                    }
                }
            }
        } else {
            for (int y = b.rows; y > newRows; y--) {
                if (lines.size() > newRows + b.ybase) {
                    if (lines.size() > b.ybase + b.cursorRow + 1) {
                        lines.pop();
                    } else {
                        b.ybase++;
                    }
                }
            }
        }
        return addToY;
    }

    // ---- wider: pull cells back onto the first rows of each wrapped group --------------------

    private static void reflowLarger(Layout b, int newCols, int newRows) {
        List<int[]> toRemove = linesToRemove(b, newCols);
        if (toRemove.isEmpty()) {
            return;
        }
        List<Line> kept = new ArrayList<>(b.lines.size());
        int next = 0;
        int removed = 0;
        for (int i = 0; i < b.lines.size(); i++) {
            if (next < toRemove.size() && toRemove.get(next)[0] == i) {
                int count = toRemove.get(next)[1];
                i += count - 1;
                removed += count;
                next++;
            } else {
                kept.add(b.lines.get(i));
            }
        }
        for (int i = 0; i < kept.size(); i++) {
            b.lines.set(i, kept.get(i));
        }
        b.lines.setLength(kept.size());
        for (int k = 0; k < removed; k++) {
            if (b.ybase == 0) {
                if (b.cursorRow > 0) {
                    b.cursorRow--;
                }
                if (b.lines.size() < newRows) {
                    b.lines.push(new Line(newCols, Style.DEFAULT));
                }
            } else {
                b.ybase--;
            }
        }
        b.savedRow = Math.max(b.savedRow - removed, 0);
    }

    /** Moves cells up within each wrapped group; returns [first index, count] of rows left empty. */
    private static List<int[]> linesToRemove(Layout b, int newCols) {
        List<int[]> toRemove = new ArrayList<>();
        Lines lines = b.lines;
        int cursorLine = b.ybase + b.cursorRow;
        for (int y = 0; y < lines.size() - 1; y++) {
            int i = y + 1;
            if (!lines.get(i).isWrapped()) {
                continue;
            }
            List<Line> group = new ArrayList<>();
            group.add(lines.get(y));
            while (i < lines.size() && lines.get(i).isWrapped()) {
                group.add(lines.get(i));
                i++;
            }
            if (cursorLine >= y && cursorLine < i) {
                y += group.size() - 1;
                continue;
            }
            List<int[]> marks = markedCells(group, b.cols);
            int[] rowStarts = new int[group.size()];
            int destLine = packLarger(group, b.cols, newCols, rowStarts);
            moveMarks(group, marks, Arrays.copyOf(rowStarts, destLine + 1));
            int countToRemove = 0;
            for (int k = group.size() - 1; k > 0; k--) {
                if (k > destLine || group.get(k).trimmedLength() == 0) {
                    countToRemove++;
                } else {
                    break;
                }
            }
            if (countToRemove > 0) {
                toRemove.add(new int[] {y + group.size() - countToRemove, countToRemove});
            }
            y += group.size() - 1;
        }
        return toRemove;
    }

    /**
     * Packs a group's cells into rows of {@code newCols}; returns the index of the last row used, and puts in
     * {@code rowStarts} where each row now starts in the group's text: a row whose last column could not take a wide
     * character holds one cell less, so later rows start one cell earlier than {@code row * newCols}.
     */
    private static int packLarger(List<Line> group, int oldCols, int newCols, int[] rowStarts) {
        int destLine = 0;
        int destCol = wrappedTrimmedLength(group, 0, oldCols);
        int srcLine = 1;
        int srcCol = 0;
        while (srcLine < group.size()) {
            int srcLength = wrappedTrimmedLength(group, srcLine, oldCols);
            int cells = Math.min(srcLength - srcCol, newCols - destCol);
            group.get(destLine).copyCells(group.get(srcLine), srcCol, destCol, cells);
            destCol += cells;
            if (destCol == newCols) {
                destLine++;
                destCol = 0;
                rowStarts[destLine] = rowStarts[destLine - 1] + newCols;
            }
            srcCol += cells;
            if (srcCol == srcLength) {
                srcLine++;
                srcCol = 0;
            }
            if (destCol == 0 && destLine != 0 && group.get(destLine - 1).width(newCols - 1) == 2) {
                // a wide character does not fit at the end of the row: move it down
                group.get(destLine).copyCells(group.get(destLine - 1), newCols - 1, destCol++, 1);
                group.get(destLine - 1).fill(newCols - 1, newCols, Style.DEFAULT, 0);
                rowStarts[destLine]--;
            }
        }
        group.get(destLine).erase(destCol, newCols, Style.DEFAULT);
        return destLine;
    }

    // ---- narrower: cut groups into more rows ---------------------------------------------------

    /** A run of new blank rows to insert before list index {@code start} (of the final list). */
    private record Insertion(int start, List<Line> lines) {
    }

    private static void reflowSmaller(Layout b, int newCols, int newRows) {
        Lines lines = b.lines;
        List<Insertion> toInsert = new ArrayList<>();
        int countToInsert = 0;
        for (int y = lines.size() - 1; y >= 0; y--) {
            Line nextLine = lines.get(y);
            if (nextLine == null || !nextLine.isWrapped() && nextLine.trimmedLength() <= newCols) {
                continue;
            }
            List<Line> group = new ArrayList<>();
            group.add(nextLine);
            while (nextLine.isWrapped() && y > 0) {
                nextLine = lines.get(--y);
                if (nextLine == null) {
                    break;
                }
                group.addFirst(nextLine);
            }
            int cursorLine = b.ybase + b.cursorRow;
            if (cursorLine >= y && cursorLine < y + group.size()) {
                continue;
            }
            int lastLineLength = group.getLast().trimmedLength();
            int[] destLengths = newLineLengths(group, b.cols, newCols);
            if (destLengths.length == 0) {
                continue;
            }
            int linesToAdd = destLengths.length - group.size();
            int trimmedLines = b.ybase == 0 && b.cursorRow != lines.size() - 1
                ? Math.max(0, b.cursorRow - b.maxLength + linesToAdd)
                : Math.max(0, lines.size() - b.maxLength + linesToAdd);
            List<Line> newLines = new ArrayList<>();
            for (int k = 0; k < linesToAdd; k++) {
                Line blank = new Line(newCols, Style.DEFAULT);
                blank.setWrapped(true);
                newLines.add(blank);
            }
            if (!newLines.isEmpty()) {
                toInsert.add(new Insertion(y + group.size() + countToInsert, newLines));
                countToInsert += newLines.size();
            }
            List<int[]> marks = markedCells(group, b.cols);
            group.addAll(newLines);
            unpackSmaller(group, destLengths, linesToAdd, lastLineLength, b.cols);
            int[] rowStarts = new int[destLengths.length];
            for (int r = 1; r < destLengths.length; r++) {
                rowStarts[r] = rowStarts[r - 1] + destLengths[r - 1];
            }
            moveMarks(group, marks, rowStarts);
            for (int k = 0; k < group.size() && k < destLengths.length; k++) {
                if (destLengths[k] < newCols) {
                    group.get(k).fill(destLengths[k], destLengths[k] + 1, Style.DEFAULT, 0);
                }
            }
            adjustViewportSmaller(b, newRows, linesToAdd - trimmedLines, countToInsert);
            b.savedRow = Math.min(b.savedRow + linesToAdd, b.ybase + newRows - 1);
        }
        if (!toInsert.isEmpty()) {
            insert(b, toInsert, countToInsert);
        }
    }

    /**
     * The rows of a group that carry a prompt mark, each as {row, offset of the prompt's first cell in the group's
     * text}; read before the cells move.
     */
    private static List<int[]> markedCells(List<Line> group, int oldCols) {
        List<int[]> marks = new ArrayList<>();
        int offset = 0;
        for (int k = 0; k < group.size(); k++) {
            if (group.get(k).promptMark() != 0) {
                marks.add(new int[] {k, offset + group.get(k).promptColumn()});
            }
            offset += wrappedTrimmedLength(group, k, oldCols);
        }
        return marks;
    }

    /**
     * Moves each mark found by {@link #markedCells} to the row that now holds its cell, given where each row of the
     * group now starts in its text (the last row takes an offset past the end).
     */
    private static void moveMarks(List<Line> group, List<int[]> marks, int[] rowStarts) {
        long[] taken = new long[marks.size()];
        for (int m = 0; m < taken.length; m++) {
            taken[m] = group.get(marks.get(m)[0]).takePromptMark(); // all first: a mark may land where another was
        }
        for (int m = 0; m < taken.length; m++) {
            int offset = marks.get(m)[1];
            int row = rowStarts.length - 1;
            while (row > 0 && rowStarts[row] > offset) {
                row--;
            }
            group.get(row).putPromptMark(taken[m], offset - rowStarts[row]);
        }
    }

    /** Copies a group's cells, last to first, into rows of the new lengths. */
    private static void unpackSmaller(List<Line> group, int[] destLengths, int linesToAdd, int lastLineLength,
                                      int oldCols) {
        int destLine = destLengths.length - 1;
        int destCol = destLengths[destLine];
        if (destCol == 0) {
            destLine--;
            destCol = destLengths[destLine];
        }
        int srcLine = group.size() - linesToAdd - 1;
        int srcCol = lastLineLength;
        while (srcLine >= 0) {
            int cells = Math.min(srcCol, destCol);
            if (destLine < 0 || destLine >= group.size()) {
                break;
            }
            group.get(destLine).copyCells(group.get(srcLine), srcCol - cells, destCol - cells, cells);
            destCol -= cells;
            if (destCol == 0) {
                destLine--;
                destCol = destLine >= 0 ? destLengths[destLine] : 0;
            }
            srcCol -= cells;
            if (srcCol == 0) {
                srcLine--;
                srcCol = wrappedTrimmedLength(group, Math.max(srcLine, 0), oldCols);
            }
        }
    }

    private static void adjustViewportSmaller(Layout b, int newRows, int adjustments, int countToInsert) {
        for (int k = 0; k < adjustments; k++) {
            if (b.ybase == 0) {
                if (b.cursorRow < newRows - 1) {
                    b.cursorRow++;
                    b.lines.pop();
                } else {
                    b.ybase++;
                }
            } else if (b.ybase < Math.min(b.maxLength, b.lines.size() + countToInsert) - newRows) {
                b.ybase++;
            }
        }
    }

    /** Puts the new rows in place; when the buffer overflows its maximum the oldest lines go. */
    private static void insert(Layout b, List<Insertion> toInsert, int countToInsert) {
        List<Line> original = b.lines.toList();
        int newLength = Math.min(b.maxLength, original.size() + countToInsert);
        Line[] result = new Line[newLength];
        int originalIndex = original.size() - 1;
        int nextIndex = 0;
        Insertion next = toInsert.get(0);
        int insertedSoFar = 0;
        for (int i = Math.min(b.maxLength - 1, original.size() + countToInsert - 1); i >= 0; i--) {
            if (next != null && next.start() > originalIndex + insertedSoFar) {
                for (int k = next.lines().size() - 1; k >= 0; k--) {
                    if (i >= 0) {
                        result[i] = next.lines().get(k);
                    }
                    i--;
                }
                i++;
                insertedSoFar += next.lines().size();
                nextIndex++;
                next = nextIndex < toInsert.size() ? toInsert.get(nextIndex) : null;
            } else if (originalIndex >= 0) {
                result[i] = original.get(originalIndex--);
            } else {
                break;
            }
        }
        b.lines.setLength(newLength);
        for (int i = 0; i < newLength; i++) {
            b.lines.set(i, result[i]);
        }
    }

    /** How long each row of a group becomes at the new width; a wide character never straddles two. */
    private static int[] newLineLengths(List<Line> group, int oldCols, int newCols) {
        int cellsNeeded = 0;
        for (int k = 0; k < group.size(); k++) {
            cellsNeeded += wrappedTrimmedLength(group, k, oldCols);
        }
        List<Integer> lengths = new ArrayList<>();
        int srcCol = 0;
        int srcLine = 0;
        int cellsAvailable = 0;
        while (cellsAvailable < cellsNeeded) {
            if (cellsNeeded - cellsAvailable < newCols) {
                lengths.add(cellsNeeded - cellsAvailable);
                break;
            }
            srcCol += newCols;
            int oldTrimmedLength = wrappedTrimmedLength(group, srcLine, oldCols);
            if (srcCol > oldTrimmedLength) {
                srcCol -= oldTrimmedLength;
                srcLine++;
            }
            boolean endsWithWide = srcCol > 0 && srcLine < group.size() && group.get(srcLine).width(srcCol - 1) == 2;
            if (endsWithWide) {
                srcCol--;
            }
            int lineLength = endsWithWide ? newCols - 1 : newCols;
            lengths.add(lineLength);
            cellsAvailable += lineLength;
        }
        int[] result = new int[lengths.size()];
        for (int k = 0; k < result.length; k++) {
            result[k] = lengths.get(k);
        }
        return result;
    }

    /**
     * The cells of row {@code i} of a group that carry over: all of them, except the last row's
     * trailing empty cells, and except an empty last cell left because a wide character wrapped.
     */
    private static int wrappedTrimmedLength(List<Line> group, int i, int cols) {
        if (i == group.size() - 1) {
            return group.get(i).trimmedLength();
        }
        Line line = group.get(i);
        boolean endsInNull = !line.hasText(cols - 1) && line.width(cols - 1) == 1;
        boolean followingStartsWithWide = group.get(i + 1).width(0) == 2;
        return endsInNull && followingStartsWithWide ? cols - 1 : cols;
    }
}
