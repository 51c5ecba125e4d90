package dev.ptyctl.client.internal;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;

/**
 * The params of a prompt wait, {@code pty/wait {prompt: true, timeout[, since]}} (docs/protocol-jsonrpc.md), and of a
 * wait for a command's start ({@code started: true}): the one place they are written, for {@code RpcClient.waitForPrompt} and {@link RpcCommandRun}, which keeps the raw answer
 * for {@code ptyctl run --json}.
 */
public final class PromptWaitParams {
    private PromptWaitParams() {
    }

    /**
     * A wait for a prompt drawn after output offset {@code since} (any prompt when it is negative), at most
     * {@code timeout} (whole milliseconds).
     *
     * @throws IllegalArgumentException when {@code timeout} is negative
     */
    public static JsonObject of(long since, Duration timeout) {
        return of(since, -1, timeout);
    }

    /**
     * {@link #of(long, Duration)} that also waits until the shell has drawn {@code minPrompts} prompts in all, new and
     * continuation ones ({@code pty/wait}'s {@code prompts}, ours; none when it is negative).
     */
    public static JsonObject of(long since, long minPrompts, Duration timeout) {
        return of(since, minPrompts, timeout, false);
    }

    /**
     * {@link #of(long, long, Duration)} that, with {@code returnIfBusy}, is answered at once when a command holds the
     * shell as the wait begins ({@code ifBusy: "return"}: unmatched, with {@code busy} saying what holds it) instead
     * of waiting for that command to end.
     */
    public static JsonObject of(long since, long minPrompts, Duration timeout, boolean returnIfBusy) {
        return of(since, minPrompts, timeout, returnIfBusy, false);
    }

    /**
     * {@link #of(long, long, Duration, boolean)} that, with {@code returnIfWaitingForInput} (and a {@code since}), is
     * answered when the command started after {@code since} waits for what a person types ({@code ifWaitingForInput:
     * "return"}: unmatched, with {@code waitingForInput} saying what waits) instead of waiting out the timeout.
     */
    public static JsonObject of(long since, long minPrompts, Duration timeout, boolean returnIfBusy,
                                boolean returnIfWaitingForInput) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout is negative: " + timeout);
        }
        JsonObjectBuilder params = JsonSupport.objectBuilder().add("prompt", true).add("timeout", timeout.toMillis());
        if (since >= 0) {
            params.add("since", since);
        }
        if (minPrompts >= 0) {
            params.add("prompts", minPrompts);
        }
        if (returnIfBusy) {
            params.add("ifBusy", "return");
        }
        if (returnIfWaitingForInput && since >= 0) {
            params.add("ifWaitingForInput", "return");
        }
        return params.build();
    }

    /**
     * A wait for the shell to start a command after output offset {@code since} (any command when it is negative),
     * at most {@code timeout}: {@code pty/wait {started: true, timeout[, since]}}.
     *
     * @throws IllegalArgumentException when {@code timeout} is negative
     */
    public static JsonObject started(long since, Duration timeout) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout is negative: " + timeout);
        }
        JsonObjectBuilder params = JsonSupport.objectBuilder().add("started", true).add("timeout", timeout.toMillis());
        if (since >= 0) {
            params.add("since", since);
        }
        return params.build();
    }
}
