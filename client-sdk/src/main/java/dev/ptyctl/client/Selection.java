package dev.ptyctl.client;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * Which rows of the screen {@code pty/read} returns: all of them, the first or last {@code n}, or
 * the 1-based closed interval {@code start..end}. The server clamps values outside the screen.
 *
 * <pre>{@code
 * client.read(Selection.top(3));
 * client.read(Selection.bottom(5));
 * client.read(Selection.rows(2, 6));   // rows 2, 3, 4, 5 and 6
 * }</pre>
 */
public final class Selection {
    private static final Selection ALL = new Selection(Kind.ALL, 0, 0);

    private enum Kind { ALL, TOP, BOTTOM, ROWS }

    private final Kind kind;
    private final int first;
    private final int second;

    private Selection(Kind kind, int first, int second) {
        this.kind = kind;
        this.first = first;
        this.second = second;
    }

    /** The whole screen. */
    public static Selection all() {
        return ALL;
    }

    /** The first {@code rows} rows. */
    public static Selection top(int rows) {
        return new Selection(Kind.TOP, rows, 0);
    }

    /** The last {@code rows} rows. */
    public static Selection bottom(int rows) {
        return new Selection(Kind.BOTTOM, rows, 0);
    }

    /** Rows {@code start} to {@code end}, both included, counting from 1. */
    public static Selection rows(int start, int end) {
        return new Selection(Kind.ROWS, start, end);
    }

    /** The {@code pty/read} params for this selection, e.g. {@code {"top":3}} or {@code {}}. */
    public JsonObject toJson() {
        return switch (kind) {
            case ALL -> JsonObject.EMPTY_JSON_OBJECT;
            case TOP -> JsonSupport.objectBuilder().add("top", first).build();
            case BOTTOM -> JsonSupport.objectBuilder().add("bottom", first).build();
            case ROWS -> JsonSupport.objectBuilder().add("start", first).add("end", second).build();
        };
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Selection s && s.kind == kind && s.first == first && s.second == second;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, first, second);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case ALL -> "Selection.all()";
            case TOP -> "Selection.top(" + first + ")";
            case BOTTOM -> "Selection.bottom(" + first + ")";
            case ROWS -> "Selection.rows(" + first + ", " + second + ")";
        };
    }
}
