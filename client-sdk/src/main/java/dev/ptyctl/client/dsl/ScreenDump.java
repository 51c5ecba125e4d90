package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;
import java.util.List;

/**
 * Renders a screen for failure messages: numbered rows, then under a row a line marking the cursor's cell with
 * {@code ^} and, for a locator's failure, what it found with {@code ~} (a match that wrapped is marked on each of its
 * rows), so that "found 1" or a strict mode violation shows which text on the screen it means.
 */
final class ScreenDump {
    /** Columns [from, to) of a row (0-based) that a locator found: marked {@code ~} under the row. */
    record Underline(int row, int from, int to) {
    }

    private ScreenDump() {
    }

    static String render(Screen screen) {
        return render(screen, List.of());
    }

    static String render(Screen screen, List<Underline> found) {
        List<String> lines = screen.lines();
        int rows = Math.max(lines.size(), screen.cursor().row());
        int width = String.valueOf(Math.max(rows, 1)).length();
        StringBuilder out = new StringBuilder();
        out.append("screen ").append(screen.size().cols()).append('x').append(screen.size().rows())
                .append(", cursor at row ").append(screen.cursor().row()).append(", column ")
                .append(screen.cursor().col()).append(found.isEmpty() ? ":" : " (^), what was found marked ~:");
        for (int row = 1; row <= rows; row++) {
            String text = row <= lines.size() ? lines.get(row - 1) : "";
            out.append('\n').append(" ".repeat(width + 1 - String.valueOf(row).length())).append(row).append(" |").append(text);
            String marks = marks(row, screen.cursor().row() == row ? screen.cursor().col() : 0, found);
            if (!marks.isEmpty()) {
                out.append('\n').append(" ".repeat(width + 2)).append('|').append(marks);
            }
        }
        if (rows == 0) {
            out.append("\n(blank)");
        }
        return out.toString();
    }

    /** The marks under row {@code row} (from 1): {@code ~} under what was found, {@code ^} at {@code cursorCol} (from 1; 0: none). */
    private static String marks(int row, int cursorCol, List<Underline> found) {
        StringBuilder marks = new StringBuilder();
        for (Underline underline : found) {
            if (underline.row() == row - 1) {
                while (marks.length() < underline.to()) {
                    marks.append(' ');
                }
                for (int col = underline.from(); col < underline.to(); col++) {
                    marks.setCharAt(col, '~');
                }
            }
        }
        if (cursorCol > 0) {
            while (marks.length() < cursorCol) {
                marks.append(' ');
            }
            marks.setCharAt(cursorCol - 1, '^');
        }
        return marks.toString().stripTrailing();
    }
}
