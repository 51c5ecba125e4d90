package dev.ptyctl.service.control;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.JoinedText;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The text a wait ({@code pty/wait}, MCP's {@code terminal_wait}) looks for its match in: the rows' text and, when a
 * row goes on into the next, the same text with soft-wrapped rows joined ({@link TextSerializer#unwrapped}), so that a
 * long path, URL or message that wrapped at the right margin matches whole, as a person reading the screen sees it.
 * Read under the session lock, matched after it is released.
 *
 * @param rows    the rows' text ({@link TextSerializer#screen}; with the scrollback,
 *                {@link TextSerializer#withScrollback})
 * @param lines   the lines as the program wrote them, with where each row begins in them; empty when no row wraps
 *                (they are then the rows, not built twice)
 * @param history how many scrollback lines come before the screen's rows in both (0 without the scrollback)
 */
public record MatchText(String rows, Optional<JoinedText> lines, int history) {
    /**
     * The terminal's text now; call under the session lock.
     *
     * @param scrollback whether the scrollback comes first
     */
    public static MatchText of(Terminal terminal, boolean scrollback) {
        return new MatchText(scrollback ? TextSerializer.withScrollback(terminal) : TextSerializer.screen(terminal),
                TextSerializer.joinedIfWrapped(terminal, scrollback), scrollback ? terminal.scrollbackSize() : 0);
    }

    /** Whether {@code found} holds for the rows' text or for the lines'. */
    public boolean anyMatches(Predicate<String> found) {
        return found.test(rows) || lines.isPresent() && found.test(lines.get().text());
    }
}
