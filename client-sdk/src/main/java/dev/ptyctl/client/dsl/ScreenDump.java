package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;
import java.util.List;

/** Renders a screen for failure messages: numbered rows, then a caret under the cursor's cell. */
final class ScreenDump {
    private ScreenDump() {
    }

    static String render(Screen screen) {
        List<String> lines = screen.lines();
        int rows = Math.max(lines.size(), screen.cursor().row());
        int width = String.valueOf(Math.max(rows, 1)).length();
        StringBuilder out = new StringBuilder();
        out.append("screen ").append(screen.size().cols()).append('x').append(screen.size().rows())
                .append(", cursor at row ").append(screen.cursor().row()).append(", column ")
                .append(screen.cursor().col()).append(':');
        for (int row = 1; row <= rows; row++) {
            String text = row <= lines.size() ? lines.get(row - 1) : "";
            out.append('\n').append(" ".repeat(width + 1 - String.valueOf(row).length())).append(row).append(" |").append(text);
            if (row == screen.cursor().row()) {
                out.append('\n').append(" ".repeat(width + 2)).append('|')
                        .append(" ".repeat(Math.max(0, screen.cursor().col() - 1))).append('^');
            }
        }
        if (rows == 0) {
            out.append("\n(blank)");
        }
        return out.toString();
    }
}
