package dev.ptyctl.client;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Objects;

/**
 * Which rows of the screen {@code pty/read} returns: all of them, the first or last {@code n}, or
 * the 1-based closed interval {@code start..end}. The server clamps values outside the screen.
 *
 * <pre>{@code
 * client.read(Selection.top(3));
 * client.read(Selection.bottom(5));
 * client.read(Selection.rows(2, 6));   // rows 2, 3, 4, 5 and 6
 * client.read(Selection.bottom(200).withScrollback()); // the last 200 lines, scrollback and screen
 * client.read(Selection.bottom(1).withRowsJoined());    // the last line, joined from the rows it wrapped onto
 * }</pre>
 */
public final class Selection {
    private static final Selection ALL = new Selection(Kind.ALL, 0, 0, false, false);

    private enum Kind { ALL, TOP, BOTTOM, ROWS }

    private final Kind kind;
    private final int first;
    private final int second;
    private final boolean scrollback;
    private final boolean rowsJoined;

    private Selection(Kind kind, int first, int second, boolean scrollback, boolean rowsJoined) {
        this.kind = kind;
        this.first = first;
        this.second = second;
        this.scrollback = scrollback;
        this.rowsJoined = rowsJoined;
    }

    /** The whole screen. */
    public static Selection all() {
        return ALL;
    }

    /** The first {@code rows} rows. */
    public static Selection top(int rows) {
        return new Selection(Kind.TOP, rows, 0, false, false);
    }

    /** The last {@code rows} rows. */
    public static Selection bottom(int rows) {
        return new Selection(Kind.BOTTOM, rows, 0, false, false);
    }

    /** Rows {@code start} to {@code end}, both included, counting from 1. */
    public static Selection rows(int start, int end) {
        return new Selection(Kind.ROWS, start, end, false, false);
    }

    /**
     * The same rows counted over the scrollback followed by the screen (the lines that scrolled off the top first,
     * oldest first): {@code all().withScrollback()} is everything the terminal still holds. A server older than this
     * parameter would ignore it; {@link RpcClient#read(Selection)} then fails instead of returning the screen alone.
     */
    public Selection withScrollback() {
        return new Selection(kind, first, second, true, rowsJoined);
    }

    /**
     * The lines as the program wrote them: a row that a line soft-wrapped onto is joined to the row before it (as
     * tmux's {@code capture-pane -J}), and the selection counts those lines, not rows:
     * {@code bottom(1).withRowsJoined()} is the whole last line however many rows it took. A server older than this parameter would ignore it;
     * {@link RpcClient#read(Selection)} then fails instead of returning the rows.
     */
    public Selection withRowsJoined() {
        return new Selection(kind, first, second, scrollback, true);
    }

    /** Whether soft-wrapped rows are joined into the lines the program wrote ({@link #withRowsJoined()}). */
    public boolean rowsJoined() {
        return rowsJoined;
    }

    /** Whether the rows count over the scrollback and the screen ({@link #withScrollback()}). */
    public boolean scrollback() {
        return scrollback;
    }

    /** The {@code pty/read} params for this selection, e.g. {@code {"top":3}} or {@code {}}. */
    public JsonObject toJson() {
        JsonObjectBuilder params = switch (kind) {
            case ALL -> JsonSupport.objectBuilder();
            case TOP -> JsonSupport.objectBuilder().add("top", first);
            case BOTTOM -> JsonSupport.objectBuilder().add("bottom", first);
            case ROWS -> JsonSupport.objectBuilder().add("start", first).add("end", second);
        };
        if (scrollback) {
            params.add("scrollback", true);
        }
        return rowsJoined ? params.add("joined", true).build() : params.build();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Selection s && s.kind == kind && s.first == first && s.second == second
                && s.scrollback == scrollback && s.rowsJoined == rowsJoined;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, first, second, scrollback, rowsJoined);
    }

    @Override
    public String toString() {
        String rows = switch (kind) {
            case ALL -> "Selection.all()";
            case TOP -> "Selection.top(" + first + ")";
            case BOTTOM -> "Selection.bottom(" + first + ")";
            case ROWS -> "Selection.rows(" + first + ", " + second + ")";
        };
        return rows + (scrollback ? ".withScrollback()" : "") + (rowsJoined ? ".withRowsJoined()" : "");
    }
}
