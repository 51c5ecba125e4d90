package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.Terminal;

/**
 * Plain-text rendering of a terminal. Newline policy (SPEC section 4.2): each row is its text with
 * trailing spaces removed; trailing blank rows are dropped; every remaining row ends with
 * {@code "\n"}; nothing at all gives {@code ""}. Wide characters appear once; soft-wrapped rows are
 * still separate rows.
 */
public final class TextSerializer {
    private TextSerializer() {
    }

    /**
     * SPEC section 4.2 text of the whole screen: rows with trailing spaces removed, trailing blank
     * rows dropped, every remaining row ends with "\n", blank screen is "".
     *
     * @param t the terminal
     * @return the screen text
     */
    public static String screen(Terminal t) {
        return screenRows(t, 0, t.rows());
    }

    /**
     * The same rules applied to screen rows [fromRow, toRowExclusive) (0-based) only.
     *
     * @param t the terminal
     * @param fromRow first row, clamped to the screen
     * @param toRowExclusive row after the last, clamped to the screen
     * @return the text of those rows
     */
    public static String screenRows(Terminal t, int fromRow, int toRowExclusive) {
        int from = Math.max(0, fromRow);
        int to = Math.min(t.rows(), toRowExclusive);
        String[] rows = new String[Math.max(0, to - from)];
        for (int row = from; row < to; row++) {
            rows[row - from] = t.rowText(row);
        }
        return join(rows);
    }

    /**
     * Scrollback lines then screen, same rules.
     *
     * @param t the terminal
     * @return the text of the scrollback followed by the screen
     */
    public static String withScrollback(Terminal t) {
        int history = t.scrollbackSize();
        String[] rows = new String[history + t.rows()];
        for (int i = 0; i < history; i++) {
            rows[i] = t.scrollbackRowText(i);
        }
        for (int row = 0; row < t.rows(); row++) {
            rows[history + row] = t.rowText(row);
        }
        return join(rows);
    }

    private static String join(String[] rows) {
        int last = rows.length - 1;
        while (last >= 0 && rows[last].isEmpty()) {
            last--;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i <= last; i++) {
            text.append(rows[i]).append('\n');
        }
        return text.toString();
    }
}
