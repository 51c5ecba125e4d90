package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;

/**
 * A terminal's size in character cells.
 *
 * <pre>{@code
 * TerminalSize size = client.read().size();
 * if (size.cols() < 80) client.resize(80, size.rows());
 * }</pre>
 *
 * @param cols columns
 * @param rows rows
 */
public record TerminalSize(int cols, int rows) {

    /**
     * Reads {@code {"cols": C, "rows": R}}.
     *
     * @throws IllegalArgumentException when a member is missing or not an integer
     */
    public static TerminalSize fromJson(JsonObject json) {
        return new TerminalSize(JsonFields.intValue(json, "cols"), JsonFields.intValue(json, "rows"));
    }
}
