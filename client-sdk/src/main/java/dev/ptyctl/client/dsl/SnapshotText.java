package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.CellView;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of a snapshot file: a header with the size and cursor, the screen's rows numbered, then a compact style
 * layer, one line per row that has styled cells, each run as {@code FROM-TO attributes} (columns from 1, both
 * included) in the names {@link Style} takes. Depends on nothing but the cells: no time, no id, no path, so the same
 * screen gives the same file on every machine.
 *
 * <pre>
 * ptyctl snapshot
 * size 60x12, cursor 3,15
 * --- text
 *  1 |✔ built  v1.2
 *  2 | deploy  failed: quota
 *  3 |$
 * --- styles
 *  1 |1-7 bold fg=green; 10-13 italic
 *  2 |1-8 inverse; 10-22 underline fg=red
 * </pre>
 *
 * <p>A snapshot of some rows ({@link TerminalAssert#within}) says which in its header ({@code size 60x12, rows 1-11,
 * cursor 3,15}), keeps the screen's row numbers, and names no cursor outside them ({@code cursor outside}). One of the
 * text alone ({@link TerminalAssert#withoutStyles}) says so ({@code cursor 3,15, styles left out}) and has no style
 * layer.
 */
final class SnapshotText {
    private SnapshotText() {
    }

    static String of(Cells cells) {
        return of(cells, Region.all());
    }

    /** The snapshot of the rows of {@code region} (those the screen has). */
    static String of(Cells cells, Region region) {
        return of(cells, region, true);
    }

    /**
     * The snapshot of the rows of {@code region}, with its style layer or without ({@code withStyles} false: the header
     * says {@code styles left out}, and there is no {@code --- styles} section).
     */
    static String of(Cells cells, Region region, boolean withStyles) {
        int first = region.from() - 1;
        int end = Math.min(cells.rows(), region.to());
        int last = end;
        while (last > first && cells.rowText(last - 1).isEmpty() && (!withStyles || styles(cells, last - 1).isEmpty())) {
            last--;
        }
        int width = String.valueOf(Math.max(1, last)).length();
        StringBuilder text = new StringBuilder("ptyctl snapshot\nsize ").append(cells.cols()).append('x')
                .append(cells.rows());
        if (!region.equals(Region.all())) {
            text.append(", rows ").append(region.from()).append('-').append(Math.max(region.from(), end));
        }
        text.append(", cursor ");
        boolean inside = cells.cursorRow() >= first && cells.cursorRow() < end;
        text.append(!cells.cursorVisible() ? "hidden" : !inside ? "outside"
                : (cells.cursorRow() + 1) + "," + (cells.cursorCol() + 1));
        text.append(withStyles ? "" : ", styles left out").append("\n--- text\n");
        for (int row = first; row < last; row++) {
            text.append(number(row + 1, width)).append(cells.rowText(row)).append('\n');
        }
        if (!withStyles) {
            return text.toString();
        }
        text.append("--- styles\n");
        for (int row = first; row < last; row++) {
            String styles = styles(cells, row);
            if (!styles.isEmpty()) {
                text.append(number(row + 1, width)).append(styles).append('\n');
            }
        }
        return text.toString();
    }

    private static String number(int row, int width) {
        return " ".repeat(width + 1 - String.valueOf(row).length()) + row + " |";
    }

    /** The row's runs of cells with one style other than the default. */
    static String styles(Cells cells, int row) {
        List<String> runs = new ArrayList<>();
        int col = 0;
        CellRow cellRow = cells.row(row);
        while (col < cells.cols()) {
            String look = describe(cellRow, col);
            int end = col + 1;
            while (end < cells.cols() && (cellRow.sameStyle(col, end) || describe(cellRow, end).equals(look))) {
                end++;
            }
            if (!look.isEmpty()) {
                runs.add((col + 1) + "-" + end + " " + look);
            }
            col = end;
        }
        return String.join("; ", runs);
    }

    /** The look of the cell at {@code col} of {@code row} as {@link Style} names it, "" for the default. */
    static String describe(CellRow row, int col) {
        List<String> parts = new ArrayList<>();
        for (Style.Attribute attribute : Style.Attribute.values()) {
            if (attribute.in(row, col)) {
                parts.add(attribute.label());
            }
        }
        if (row.fgMode(col) != CellView.COLOR_DEFAULT) {
            parts.add("fg=" + color(row.fgMode(col), row.fg(col)));
        }
        if (row.bgMode(col) != CellView.COLOR_DEFAULT) {
            parts.add("bg=" + color(row.bgMode(col), row.bg(col)));
        }
        return String.join(" ", parts);
    }

    private static String color(int mode, int value) {
        if (mode == CellView.COLOR_RGB) {
            return String.format("#%06x", value);
        }
        return value < 16 ? ColorNames.name(value) : String.valueOf(value);
    }
}
