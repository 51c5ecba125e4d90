package dev.ptyctl.cli;

import dev.ptyctl.client.Selection;
import dev.ptyctl.protocol.RpcMethod;

/**
 * {@code read}'s {@code --top}, {@code --bottom} and {@code --start}/{@code --end} as the {@code pty/read} selection,
 * for the fast path and picocli alike (each has already refused combinations that exclude each other). Rows count
 * from 1, so a count or row below 1, and a range that ends before it starts, are usage errors: the server would
 * clamp them to an empty selection, and a script with a miscomputed value would read a blank screen, exit 0.
 * Values past the last row are still the server's to clamp (the screen's size is not known here). {@code --start}
 * alone reads to the last row, {@code --end} alone from the first.
 */
final class RowSelection {
    /**
     * What a negative row means in tmux's {@code capture-pane -S -50} (lines of history above the screen), and how
     * {@code read} says it: a script ported from tmux gets the command that works instead of a bare refusal.
     */
    private static final String TMUX_HISTORY = "; lines above the screen (tmux's capture-pane -S -N) are read with "
            + "--scrollback: 'ptyctl read --scrollback --bottom N' is the last N lines, the scrollback's included";

    private RowSelection() {
    }

    /**
     * The selection for the options given (null when not given), over the scrollback and the screen with
     * {@code scrollback}, counting the lines the program wrote (soft-wrapped rows joined) with {@code joined}.
     *
     * @throws UsageException for a value below 1 or {@code --start} after {@code --end}
     */
    static Selection of(Integer top, Integer bottom, Integer start, Integer end, boolean scrollback, boolean joined) {
        Selection rows = of(top, bottom, start, end);
        Selection counted = scrollback ? rows.withScrollback() : rows;
        return joined ? counted.withRowsJoined() : counted;
    }

    private static Selection of(Integer top, Integer bottom, Integer start, Integer end) {
        if (top != null) {
            return Selection.top(atLeastOne("--top", top));
        }
        if (bottom != null) {
            return Selection.bottom(atLeastOne("--bottom", bottom));
        }
        if (start == null && end == null) {
            return Selection.all();
        }
        // One alone, as tmux's capture-pane -S or -E: pty/read takes both, and clamps an end past the last row.
        int first = start == null ? 1 : atLeastOne("--start", start);
        int last = end == null ? RpcMethod.MAX_DIMENSION : atLeastOne("--end", end);
        if (first > last) {
            throw new UsageException("--start must not be after --end, got --start " + start + " --end " + end);
        }
        return Selection.rows(first, last);
    }

    private static int atLeastOne(String option, int value) {
        if (value < 1) {
            throw new UsageException(option + " must be at least 1 (rows count from 1), got " + value
                    + (value < 0 && !option.equals("--top") ? TMUX_HISTORY : ""));
        }
        return value;
    }
}
