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

    /** Assertions on the commands a shell ran. */
    public static CommandsAssert assertThat(List<Command> commands) {
        return new CommandsAssert(commands);
    }
}
