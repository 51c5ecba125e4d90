package dev.ptyctl.client.dsl;

/**
 * A point in a terminal's output, taken by {@link TerminalDriver#mark()}: {@link TerminalDriver#expectAfter(Mark)}
 * then matches only what the program drew after it.
 *
 * <pre>{@code
 * var m = t.mark();
 * t.press(Key.ENTER);
 * t.expectAfter(m).text("Sent");
 * }</pre>
 *
 * @param seq the output offset of the mark: every byte the program wrote before {@code mark()} was called lies
 *            before it
 */
public record Mark(long seq) {
    /** Checks the offset. */
    public Mark {
        if (seq < 0) {
            throw new IllegalArgumentException("a mark's seq is an output offset, >= 0: " + seq);
        }
    }
}
