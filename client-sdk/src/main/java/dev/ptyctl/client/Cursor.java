package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;

/**
 * The cursor position on the screen, 1-based like the protocol: the top-left cell is row 1,
 * column 1.
 *
 * <pre>{@code
 * Cursor cursor = client.read().cursor();
 * boolean atLineStart = cursor.col() == 1;
 * }</pre>
 *
 * @param row 1-based row
 * @param col 1-based column
 */
public record Cursor(int row, int col) {

    /**
     * Reads {@code {"row": R, "col": C}}.
     *
     * @throws IllegalArgumentException when a member is missing or not an integer
     */
    public static Cursor fromJson(JsonObject json) {
        return new Cursor(JsonFields.intValue(json, "row"), JsonFields.intValue(json, "col"));
    }
}
