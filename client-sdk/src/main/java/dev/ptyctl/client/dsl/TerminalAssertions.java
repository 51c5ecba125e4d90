package dev.ptyctl.client.dsl;

import java.util.List;

/**
 * The entry point of the DSL's assertions: import {@code TerminalAssertions.assertThat} statically.
 *
 * <pre>{@code
 * assertThat(t.getByText("Saved")).isVisible();
 * assertThat(t).matchesSnapshot();
 * assertThat(t.commands()).allSucceeded();
 * }</pre>
 */
public final class TerminalAssertions {
    private TerminalAssertions() {
    }

    /** Assertions on what a locator finds; each waits until it holds (at most the driver's default timeout). */
    public static LocatorAssert assertThat(Locator locator) {
        return new LocatorAssert(locator, null);
    }

    /**
     * Assertions on the terminal's screen that wait until they hold: {@link TerminalAssert#matchesSnapshot()},
     * {@link TerminalAssert#hasCursorAt}.
     */
    public static TerminalAssert assertThat(TerminalDriver terminal) {
        return new TerminalAssert(terminal.source());
    }

    /** The same assertions on the screen a recording ends on, checked at once. */
    public static TerminalAssert assertThat(Replay replay) {
        return new TerminalAssert(replay.source());
    }

    /** Assertions on the commands a shell ran. */
    public static CommandsAssert assertThat(List<Command> commands) {
        return new CommandsAssert(commands);
    }
}
