package dev.ptyctl.vt.serialize;

import java.util.Arrays;

/**
 * The lines a program wrote with their soft-wrapped rows joined ({@link TextSerializer#joinedIfWrapped}), and where
 * each row's cells begin in that text: what is found in a line that wrapped is placed on the row it starts on.
 */
public final class JoinedText {
    private final String text;
    private final int[] rowStarts;

    /**
     * @param text      the joined lines, under {@link TextSerializer}'s newline policy
     * @param rowStarts for each row, scrollback lines first, the index in {@code text} where its first cell is
     */
    JoinedText(String text, int[] rowStarts) {
        this.text = text;
        this.rowStarts = rowStarts;
    }

    /** The joined lines. */
    public String text() {
        return text;
    }

    /**
     * The row (0-based, scrollback lines first) whose cells hold the character at {@code index} of {@link #text}.
     *
     * @param index an index into the text
     * @return the row
     */
    public int rowAt(int index) {
        int found = Arrays.binarySearch(rowStarts, index);
        if (found >= 0) {
            // A row's start is unique while the row holds text; the rows after the last line start past its end.
            return found;
        }
        return Math.max(0, -found - 2);
    }

    /**
     * Where row {@code row}'s first cell is in {@link #text}.
     *
     * @param row a row as {@link #rowAt} gives it
     * @return the index
     */
    public int rowStart(int row) {
        return rowStarts[row];
    }
}
