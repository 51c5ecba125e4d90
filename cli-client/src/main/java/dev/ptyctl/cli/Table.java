package dev.ptyctl.cli;

import java.io.PrintWriter;
import java.util.List;

/** Prints rows as left-aligned columns two spaces apart, the last column unpadded (as {@code docker ps} does). */
final class Table {
    private Table() {
    }

    static void print(PrintWriter out, List<List<String>> rows) {
        int columns = rows.getFirst().size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = row.get(c);
                line.append(cell);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - cell.length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
