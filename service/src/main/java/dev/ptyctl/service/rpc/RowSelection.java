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

    /** The selected rows as {@code pty/read} text; call under the session lock. */
    String text(Terminal terminal) {
        int rows = terminal.rows();
        return switch (kind) {
            case ALL -> TextSerializer.screen(terminal);
            case TOP -> rows(terminal, 0, clamp(first, 0, rows));
            case BOTTOM -> rows(terminal, rows - clamp(first, 0, rows), rows);
            case RANGE -> rows(terminal, clamp(first, 1, rows + 1) - 1, clamp(second, 0, rows));
        };
    }

    private static String rows(Terminal terminal, int from, int toExclusive) {
        return from >= toExclusive ? "" : TextSerializer.screenRows(terminal, from, toExclusive);
    }

    private static int clamp(long value, int min, int max) {
        return (int) Math.max(min, Math.min(max, value));
    }
}
