package dev.ptyctl.client.internal;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;

/**
 * The params of a prompt wait, {@code pty/wait {prompt: true, timeout[, since]}} (docs/protocol-jsonrpc.md), and of a
 * wait for a command's start ({@code started: true}): the one place they are written, for
 * {@code RpcClient.waitForPrompt}, {@code TerminalDriver} and {@link RpcCommandRun}, which keeps the raw answer for
 * {@code ptyctl run --json}.
 */
public final class PromptWaitParams {
    private PromptWaitParams() {
    }

    /**
     * When a prompt wait is answered before its prompt comes, besides the shell's exit: the server's {@code ifBusy}
     * and {@code ifWaitingForInput}, of which a wait asks for one at most.
     */
    public enum AnswerEarly {
        /** Only at the prompt, the timeout, or the shell's exit. */
        NEVER,
        /**
         * Also at once when a command holds the shell as the wait begins ({@code ifBusy: "return"}: unmatched, with
         * {@code busy} saying what holds it), instead of waiting for that command to end.
         */
        IF_BUSY,
        /**
         * Also when the command started after {@code since} (without one: the command that runs, such as the one a
         * queued run waits behind) waits for what a person types ({@code ifWaitingForInput: "return"}: unmatched, with
         * {@code waitingForInput} saying what waits), instead of waiting out the timeout.
         */
        IF_WAITING_FOR_INPUT
    }

    /**
     * A wait for a prompt drawn after output offset {@code since} (any prompt when it is negative), at most
     * {@code timeout} (whole milliseconds).
     *
     * @throws IllegalArgumentException when {@code timeout} is negative
     */
    public static JsonObject of(long since, Duration timeout) {
        return of(since, -1, timeout, AnswerEarly.NEVER);
    }

    /**
     * {@link #of(long, Duration)} that also waits until the shell has drawn {@code minPrompts} prompts in all, new and
     * continuation ones ({@code pty/wait}'s {@code prompts}, ours; none when it is negative), and is answered early
     * as {@code answerEarly} says.
     */
    public static JsonObject of(long since, long minPrompts, Duration timeout, AnswerEarly answerEarly) {
        JsonObjectBuilder params = sinceAndTimeout("prompt", since, timeout);
        if (minPrompts >= 0) {
            params.add("prompts", minPrompts);
        }
        switch (answerEarly) {
            case NEVER -> { }
            case IF_BUSY -> params.add("ifBusy", "return");
            case IF_WAITING_FOR_INPUT -> params.add("ifWaitingForInput", "return");
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
        return sinceAndTimeout("started", since, timeout).build();
    }

    /** {@code {condition: true, timeout[, since]}}, what both waits share. */
    private static JsonObjectBuilder sinceAndTimeout(String condition, long since, Duration timeout) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout is negative: " + timeout);
        }
        JsonObjectBuilder params = JsonSupport.objectBuilder().add(condition, true).add("timeout", timeout.toMillis());
        if (since >= 0) {
            params.add("since", since);
        }
        return params;
    }
}
