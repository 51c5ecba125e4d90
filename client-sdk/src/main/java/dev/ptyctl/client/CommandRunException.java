package dev.ptyctl.client;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link RpcClient#run(String, Duration)} typed nothing, or what it typed did not run to its end: the shell was busy
 * with another command or not at its prompt, the command waits for input or did not finish within the timeout, or
 * the shell did not run the line. The message says which and what to do; {@link #reason()} says it for code, and
 * {@link #screen()} is the screen when the run gave up. The connection stays usable, as after an {@link RpcException}.
 *
 * <pre>{@code
 * try {
 *     FinishedCommand make = client.run("make test", Duration.ofMinutes(5));
 * } catch (CommandRunException e) {
 *     if (e.reason() == CommandRunException.Reason.NOT_FINISHED) {
 *         client.write(Action.key(Key.ctrl('c')));   // it still runs: stop it
 *     }
 *     System.err.println(e.getMessage() + "\n" + e.screen().text());
 * }
 * }</pre>
 */
public final class CommandRunException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Why the run did not give a finished command. */
    public enum Reason {
        /** Another command held the shell (a {@code less} left open): nothing was typed, it would have gone there. */
        BUSY,
        /** The shell was not at its prompt within the timeout (still starting, or it exited): nothing was typed. */
        NOT_READY,
        /** The command runs and waits for what a person types (a password prompt, a REPL, {@code read}). */
        WAITING_FOR_INPUT,
        /** The command did not finish within the timeout (it still runs), or the shell ended before it did. */
        NOT_FINISHED,
        /** The shell took the line as incomplete (an unclosed quote): nothing ran; Ctrl-C cleared the line. */
        INCOMPLETE,
        /** The shell refused the line (a syntax error): nothing ran; Ctrl-C cleared the line. */
        RAN_NOTHING
    }

    private final Reason reason;
    private final transient Screen screen;

    /**
     * Creates the exception.
     *
     * @param reason  why the run gave up
     * @param message what happened and what to do
     * @param screen  the screen when it gave up
     */
    public CommandRunException(Reason reason, String message, Screen screen) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.screen = Objects.requireNonNull(screen, "screen");
    }

    /** Why the run did not give a finished command. */
    public Reason reason() {
        return reason;
    }

    /** The screen when the run gave up. */
    public Screen screen() {
        return screen;
    }
}
