package dev.ptyctl.client;

import java.util.Locale;

/**
 * The forms of {@code GET /v1/terminals/{id}/screen} (docs/rest.md).
 *
 * <pre>{@code
 * String text = terminals.screen(id, ScreenFormat.TEXT); // scrollback, then the screen, as plain lines
 * String vt = terminals.screen(id, ScreenFormat.VT);     // escape sequences that redraw it with colours
 * }</pre>
 */
public enum ScreenFormat {
    /** Scrollback then screen rows, plain text, each row ended by {@code \n}. */
    TEXT,
    /** Escape sequences that reproduce screen and scrollback with colours and cursor, starting with {@code ESC c}. */
    VT;

    /** The {@code format} query value: {@code text} or {@code vt}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
