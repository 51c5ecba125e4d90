package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.Terminal;
import java.util.Locale;

/**
 * The three ways a terminal's state is rendered (SPEC sections 3 and 4.2), by the name users give
 * them ({@code ptyctl render --format text|scrollback|vt}, {@code GET /screen?format=...}).
 */
public enum Format {
    /** The screen's text: {@link TextSerializer#screen}. */
    TEXT {
        @Override
        public String render(Terminal terminal) {
            return TextSerializer.screen(terminal);
        }
    },
    /** Scrollback then screen, as text: {@link TextSerializer#withScrollback}. */
    SCROLLBACK {
        @Override
        public String render(Terminal terminal) {
            return TextSerializer.withScrollback(terminal);
        }
    },
    /** Escape sequences that rebuild the whole state: {@link VtSerializer#serialize}. */
    VT {
        @Override
        public String render(Terminal terminal) {
            return VtSerializer.serialize(terminal);
        }
    };

    /**
     * Renders a terminal in this format.
     *
     * @param terminal the terminal; not changed
     * @return the rendering
     */
    public abstract String render(Terminal terminal);

    /**
     * The format's name as users write it.
     *
     * @return {@code "text"}, {@code "scrollback"} or {@code "vt"}
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Looks a format up by name.
     *
     * @param id {@code "text"}, {@code "scrollback"} or {@code "vt"}, in any case
     * @return the format
     * @throws IllegalArgumentException for any other name, listing the valid ones
     */
    public static Format of(String id) {
        for (Format format : values()) {
            if (format.id().equalsIgnoreCase(id)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown format '" + id + "': use text, scrollback or vt");
    }
}
