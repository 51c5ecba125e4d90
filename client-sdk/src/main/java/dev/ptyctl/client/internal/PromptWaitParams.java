package dev.ptyctl.client.internal;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;

/**
 * The params of a prompt wait, {@code pty/wait {prompt: true, timeout[, since]}} (docs/protocol-jsonrpc.md): the one
 * place they are written, for {@code RpcClient.waitForPrompt} and {@link RpcCommandRun}, which keeps the raw answer
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
        return params.build();
    }
}
