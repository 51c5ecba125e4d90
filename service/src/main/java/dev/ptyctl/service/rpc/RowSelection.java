package dev.ptyctl.service.rpc;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.util.List;
import java.util.OptionalLong;

/**
 * Which rows of the screen {@code pty/read} returns: all, the first N ({@code top}), the last N ({@code bottom}),
 * or the 1-based closed interval {@code start..end}. Values outside the screen are clamped to it; a selection that
 * is empty after clamping (e.g. {@code top: 0}, {@code start > end}) gives {@code ""}.
 */
record RowSelection(Kind kind, long first, long second) {

    enum Kind { ALL, TOP, BOTTOM, RANGE }

    /** Parses and validates the selection params (SPEC §4.2). */
    static RowSelection from(Params params) throws RpcException {
        OptionalLong top = params.integer("top");
        OptionalLong bottom = params.integer("bottom");
        OptionalLong start = params.integer("start");
        OptionalLong end = params.integer("end");
        boolean edge = top.isPresent() || bottom.isPresent();
        boolean range = start.isPresent() || end.isPresent();
        if (top.isPresent() && bottom.isPresent()) {
            throw RpcException.invalidParams("top and bottom cannot be used together");
        }
        if (edge && range) {
            throw RpcException.invalidParams("top/bottom cannot be combined with start/end");
        }
        if (range && (start.isEmpty() || end.isEmpty())) {
            throw RpcException.invalidParams("start and end must be given together");
        }
        if (top.isPresent()) {
            return new RowSelection(Kind.TOP, top.getAsLong(), 0);
        }
        if (bottom.isPresent()) {
            return new RowSelection(Kind.BOTTOM, bottom.getAsLong(), 0);
        }
        if (range) {
            return new RowSelection(Kind.RANGE, start.getAsLong(), end.getAsLong());
        }
        return new RowSelection(Kind.ALL, 0, 0);
    }

    /**
     * The selected rows as {@code pty/read} text; call under the session lock. With {@code scrollback} the rows are
     * those of the scrollback followed by the screen (SPEC §4.2's extension), so {@code bottom: 200} reads the last
     * 200 lines the program wrote, screen included. With {@code joined} the selection counts the lines as the program
     * wrote them, each row it soft-wrapped onto joined to the row before ({@link TextSerializer#unwrappedLines}), so
     * {@code bottom: 1} is the whole last line however many rows it took.
     */
    String text(Terminal terminal, boolean scrollback, boolean joined) {
        if (joined) {
            List<String> lines = TextSerializer.unwrappedLines(terminal, scrollback);
            int from = from(lines.size());
            return TextSerializer.text(lines.subList(from, Math.max(from, to(lines.size()))));
        }
        // Lines counted from the oldest scrollback line, as withScrollbackRows counts them; without the scrollback the
        // selection counts from the screen's first row, which is line scrollbackSize() there.
        int skipped = scrollback ? 0 : terminal.scrollbackSize();
        int lines = terminal.scrollbackSize() + terminal.rows() - skipped;
        // an empty range (from after to) is "" there
        return TextSerializer.withScrollbackRows(terminal, skipped + from(lines), skipped + to(lines));
    }

    /** The first selected of {@code lines} lines, 0-based. */
    private int from(int lines) {
        return switch (kind) {
            case ALL, TOP -> 0;
            case BOTTOM -> lines - clamp(first, 0, lines);
            case RANGE -> clamp(first, 1, lines + 1) - 1;
        };
    }

    /** The line after the last selected of {@code lines} lines (at or before {@link #from} when none is). */
    private int to(int lines) {
        return switch (kind) {
            case ALL, BOTTOM -> lines;
            case TOP -> clamp(first, 0, lines);
            case RANGE -> clamp(second, 0, lines);
        };
    }

    private static int clamp(long value, int min, int max) {
        return (int) Math.max(min, Math.min(max, value));
    }
}
