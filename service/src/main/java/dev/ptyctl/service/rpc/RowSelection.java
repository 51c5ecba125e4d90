package dev.ptyctl.service.rpc;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
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
     * 200 lines the program wrote, screen included.
     */
    String text(Terminal terminal, boolean scrollback) {
        // Lines counted from the oldest scrollback line, as withScrollbackRows counts them; without the scrollback the
        // selection counts from the screen's first row, which is line scrollbackSize() there.
        int skipped = scrollback ? 0 : terminal.scrollbackSize();
        int lines = terminal.scrollbackSize() + terminal.rows() - skipped;
        return switch (kind) {
            case ALL -> rows(terminal, skipped, 0, lines);
            case TOP -> rows(terminal, skipped, 0, clamp(first, 0, lines));
            case BOTTOM -> rows(terminal, skipped, lines - clamp(first, 0, lines), lines);
            case RANGE -> rows(terminal, skipped, clamp(first, 1, lines + 1) - 1, clamp(second, 0, lines));
        };
    }

    /** Lines [from, toExclusive) after the {@code skipped} first; "" when the range is empty. */
    private static String rows(Terminal terminal, int skipped, int from, int toExclusive) {
        return TextSerializer.withScrollbackRows(terminal, skipped + from, skipped + toExclusive);
    }

    private static int clamp(long value, int min, int max) {
        return (int) Math.max(min, Math.min(max, value));
    }
}
