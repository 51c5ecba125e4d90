package dev.ptyctl.cli;

import dev.ptyctl.vt.unicode.UnicodeWidth;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Prints rows as left-aligned columns two spaces apart, the last column unpadded (as {@code docker ps} does), one
 * line per row whatever the values hold, and no wider than the screen when it is given one.
 *
 * <ul>
 *   <li>A value's control characters (a newline in a command's argument, an escape in a title) are shown escaped
 *   ({@link #printable}): printed raw, they would break the row or drive the terminal.</li>
 *   <li>Columns are aligned by the cells a value takes on the screen, not by its chars: a CJK title or an emoji
 *   takes two cells per character, a combining accent none.</li>
 *   <li>With a screen width, the free-text columns ({@code shrinkable}) give up their ends, marked with an ellipsis,
 *   widest first, until each line fits; the fixed ones (ids, states, sizes) are never cut.</li>
 * </ul>
 */
final class Table {
    static final String ELLIPSIS = "\u2026";
    /** A cut column keeps at least this many cells, or its header's width when that is more. */
    private static final int MIN_CUT_WIDTH = 8;
    private static final int GAP = 2;

    private Table() {
    }

    /**
     * Prints {@code rows} (the first is the header), cutting the {@code shrinkable} columns so that each line fits
     * in {@code screenWidth} cells when given and needed.
     */
    static void print(PrintWriter out, List<List<String>> rows, OptionalInt screenWidth, Set<Integer> shrinkable) {
        int columns = rows.getFirst().size();
        List<List<String>> cells = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            cells.add(row.stream().map(Table::printable).toList());
        }
        int[] widths = new int[columns];
        for (List<String> row : cells) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], width(row.get(c)));
            }
        }
        if (screenWidth.isPresent()) {
            shrink(widths, cells.getFirst(), screenWidth.getAsInt(), shrinkable);
        }
        for (List<String> row : cells) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = cut(row.get(c), widths[c]);
                line.append(cell);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - width(cell) + GAP));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /** Narrows the widest shrinkable column by one cell at a time until the line fits or none can give more. */
    private static void shrink(int[] widths, List<String> header, int screenWidth, Set<Integer> shrinkable) {
        int total = GAP * (widths.length - 1);
        for (int width : widths) {
            total += width;
        }
        while (total > screenWidth) {
            int widest = -1;
            for (int c = 0; c < widths.length; c++) { // in column order: a tie cuts the left one
                if (!shrinkable.contains(c)) {
                    continue;
                }
                int floor = Math.max(MIN_CUT_WIDTH, width(header.get(c)));
                if (widths[c] > floor && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return; // the fixed columns alone are wider than the screen: it wraps, as it would have
            }
            widths[widest]--;
            total--;
        }
    }

    /** {@code cell} whole when it fits in {@code width} cells, else its start and an ellipsis in exactly as many. */
    private static String cut(String cell, int width) {
        if (width(cell) <= width) {
            return cell;
        }
        StringBuilder kept = new StringBuilder();
        int used = 0;
        for (int i = 0; i < cell.length(); ) {
            int codePoint = cell.codePointAt(i);
            int cells = cellsOf(codePoint);
            if (used + cells > width - 1) {
                break;
            }
            kept.appendCodePoint(codePoint);
            used += cells;
            i += Character.charCount(codePoint);
        }
        return kept + ELLIPSIS;
    }

    /**
     * {@code value} with its control characters written as escapes: {@code \n}, {@code \r}, {@code \t}, {@code \\e}
     * for escape and {@code \xHH} for the others (C0, DEL, C1); a backslash stays as it is.
     */
    static String printable(String value) {
        StringBuilder shown = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7f && c < 0xa0);
            if (control && shown == null) {
                shown = new StringBuilder(value.length() + 8).append(value, 0, i);
            }
            if (shown == null) {
                continue;
            }
            if (!control) {
                shown.append(c);
                continue;
            }
            switch (c) {
                case '\n' -> shown.append("\\n");
                case '\r' -> shown.append("\\r");
                case '\t' -> shown.append("\\t");
                case '\u001b' -> shown.append("\\e");
                default -> shown.append(String.format("\\x%02x", (int) c));
            }
        }
        return shown == null ? value : shown.toString();
    }

    /** The cells {@code text} takes on a screen. ASCII text (most of it) is its length, without the width tables. */
    static int width(String text) {
        int cells = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            cells += cellsOf(codePoint);
            i += Character.charCount(codePoint);
        }
        return cells;
    }

    private static int cellsOf(int codePoint) {
        // printable ASCII without UnicodeWidth, whose first use builds 128 KiB of tables: a plain ls skips that
        return codePoint >= 0x20 && codePoint < 0x7f ? 1 : UnicodeWidth.of(codePoint);
    }
}
