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

    /** Snapshot assertions on the terminal's whole screen ({@link SnapshotAssert#matchesSnapshot()}). */
    public static SnapshotAssert assertThat(TerminalDriver terminal) {
        return new SnapshotAssert(terminal.source());
    }

    /** Snapshot assertions on the screen a recording ends on. */
    public static SnapshotAssert assertThat(Replay replay) {
        return new SnapshotAssert(replay.source());
    }

    /** Assertions on the commands a shell ran. */
    public static CommandsAssert assertThat(List<Command> commands) {
        return new CommandsAssert(commands);
    }
}
