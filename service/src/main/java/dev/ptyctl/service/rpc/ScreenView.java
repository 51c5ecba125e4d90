package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.vt.Terminal;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The {@code screen}, {@code cursor} and {@code size} members shared by {@code pty/read} and {@code pty/wait}.
 *
 * <p>The cursor is 1-based and reported as xterm.js reports {@code buffer.cursorX/Y} (plus one): after a character
 * is written in the last column the cursor waits there with a pending wrap, and its column is then
 * {@code cols + 1}.
 */
final class ScreenView {

    private ScreenView() {
    }

    /** {@code {screen, cursor, size}} with the given screen text; call under the session lock. */
    static JsonObjectBuilder of(Terminal terminal, String screenText) {
        return JsonSupport.objectBuilder()
                .add("screen", screenText)
                .add("cursor", cursor(terminal))
                .add("size", size(terminal));
    }

    static JsonObject cursor(Terminal terminal) {
        return JsonSupport.objectBuilder().add("row", terminal.cursorRow() + 1).add("col", terminal.cursorCol() + 1)
                .build();
    }

    static JsonObject size(Terminal terminal) {
        return JsonSupport.objectBuilder().add("cols", terminal.cols()).add("rows", terminal.rows()).build();
    }
}
