package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * What {@code pty/read} returns: the screen as plain text, the cursor and the terminal size.
 *
 * <p>{@code text} follows the protocol's rules (docs/protocol-jsonrpc.md): each selected row with trailing spaces
 * removed and ending in {@code \n}, trailing blank rows dropped, {@code ""} for a blank screen.
 *
 * <pre>{@code
 * Screen screen = client.read(Selection.bottom(3));
 * assert screen.text().endsWith("$\n");   // a prompt "$ ": its trailing space is trimmed
 * }</pre>
 *
 * @param text the selected rows as text
 * @param cursor the cursor position (1-based)
 * @param size the terminal size
 */
public record Screen(String text, Cursor cursor, TerminalSize size) {

    /** Checks that no component is {@code null}. */
    public Screen {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(size, "size");
    }

    /**
     * Reads a result with {@code screen}, {@code cursor} and {@code size} members (from
     * {@code pty/read} or {@code pty/wait}).
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static Screen fromJson(JsonObject json) {
        return new Screen(JsonFields.string(json, "screen"),
                Cursor.fromJson(JsonFields.object(json, "cursor")),
                TerminalSize.fromJson(JsonFields.object(json, "size")));
    }

    /** The text split into rows, without their line ends; empty for a blank screen. */
    public List<String> lines() {
        return text.isEmpty() ? List.of() : text.lines().toList();
    }
}
