package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.Terminal;

/**
 * A line of the scrollback as locators search it: its text as a row reads (no trailing blanks), how many blank cells
 * followed that text to the line's right edge, and whether the line continues the one above it (text that wrapped at
 * the right margin onto it, {@link CellRow#wrapped()}), so that text wrapped across two lines is found whole.
 *
 * @param text          the line's text, trailing blanks removed
 * @param blanks        the blank cells after the text, up to the line's width
 * @param wrapped       whether the line is a soft-wrapped continuation of the line above
 * @param endsUnwritten whether its last cell holds nothing (not even a space): where a wide character that did not
 *                      fit went on to the next line whole
 * @param startsWide    whether it starts with a wide character
 */
record ScrollbackLine(String text, int blanks, boolean wrapped, boolean endsUnwritten, boolean startsWide) {
    /** The text with its trailing blank cells as spaces, as wide as the line was: what a line wrapped onto the next ends with. */
    String padded() {
        return blanks == 0 ? text : text + " ".repeat(blanks);
    }

    /** Scrollback line {@code index} of {@code terminal}, read through {@code reuse} (a row whose arrays are reused). */
    static ScrollbackLine of(Terminal terminal, int index, CellRow reuse) {
        String text = terminal.scrollbackRowText(index);
        CellRow row = terminal.copyScrollbackRow(index, reuse);
        int blanks = 0;
        for (int col = row.cols() - 1; col >= 0 && blank(row, col); col--) {
            blanks++;
        }
        int last = row.cols() - 1;
        return new ScrollbackLine(text, blanks, row.wrapped(), !row.hasText(last) && row.width(last) == 1,
                row.width(0) == 2);
    }

    private static boolean blank(CellRow row, int col) {
        return row.hasText(col) ? row.codePoint(col) == ' ' : row.width(col) != 0;
    }
}
