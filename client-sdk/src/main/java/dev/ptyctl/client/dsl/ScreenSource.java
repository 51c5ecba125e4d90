package dev.ptyctl.client.dsl;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where locators, snapshots and screen assertions read cells from: a live terminal (waits are woken by its output) or
 * a {@link Replay} (the recording's last screen, which never changes).
 */
interface ScreenSource {
    /** Checks {@code condition} now and after every change until it holds or {@code timeout} passes. */
    <T> LiveScreen.Outcome<T> await(Function<Cells, Optional<T>> condition, Duration timeout);

    /** The screen now. */
    Cells cells();

    /**
     * {@code read} of the screen now and, when it asks for it, the {@link #scrollback} of the same moment: a locator
     * that includes the scrollback and read the two apart would find a line that scrolled off in between twice, or
     * not at all.
     */
    default <T> T read(Function<Cells, T> read) {
        return read.apply(cells());
    }

    /** How long a wait takes when given no timeout. */
    Duration defaultTimeout();

    /** The error for a failed expectation, with the screen as it is now. */
    TerminalAssertionError failure(String expectation);

    /**
     * The error for an expectation that {@code wait}'s last look found false, with the screen of that look: what the
     * message says it found and the screen shown beside it are one moment, whatever output arrived since.
     */
    default TerminalAssertionError failure(String expectation, LiveScreen.Outcome<?> wait) {
        return failure(expectation);
    }

    /**
     * As {@link #failure(String, LiveScreen.Outcome)}, with what a locator {@code found} on that look marked on the
     * screen the message shows.
     */
    default TerminalAssertionError failure(String expectation, LiveScreen.Outcome<?> wait,
                                           List<ScreenDump.Underline> found) {
        return failure(expectation, wait);
    }

    /** Who the snapshots belong to, for their file names. */
    SnapshotOwner snapshotOwner();

    /**
     * Notes an assertion that held, begun at {@code startNanos} ({@link System#nanoTime()}), e.g. {@code text "Ready"
     * to be visible}: a live terminal's driver lists it among the test's steps; a replay has none.
     */
    default void held(String expectation, long startNanos) {
    }

    /** The scrollback's lines, oldest first, for locators that include it and failures that say what scrolled off. */
    List<ScrollbackLine> scrollback();
}
