package dev.ptyctl.client.dsl;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Assertions on the commands a shell ran ({@link TerminalDriver#commands()}, {@link Replay#commands()}), from
 * {@link TerminalAssertions#assertThat(List)}. A failure lists every command with its exit code, duration and
 * directory.
 *
 * <pre>{@code
 * assertThat(t.commands()).allSucceeded();
 * }</pre>
 */
public final class CommandsAssert {
    private final List<Command> commands;

    CommandsAssert(List<Command> commands) {
        this.commands = List.copyOf(Objects.requireNonNull(commands, "commands"));
    }

    /** Every command finished with exit code 0 (and at least one ran). */
    public CommandsAssert allSucceeded() {
        if (commands.isEmpty()) {
            throw new AssertionError("expected every command to succeed, but no command ran");
        }
        List<Command> failed = commands.stream().filter(c -> !c.succeeded()).toList();
        if (!failed.isEmpty()) {
            throw new AssertionError("expected every command to succeed, but " + failed.size() + " of " + commands.size()
                    + " did not:\n" + list(failed) + "\nall commands:\n" + list(commands));
        }
        return this;
    }

    /** Exactly {@code count} commands ran. */
    public CommandsAssert hasSize(int count) {
        if (commands.size() != count) {
            throw new AssertionError("expected " + count + " commands but " + commands.size() + " ran:\n" + list(commands));
        }
        return this;
    }

    static String list(List<Command> commands) {
        return commands.stream().map(c -> "  " + c.describe()).collect(Collectors.joining("\n"));
    }
}
