package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * What {@code pty/wait} returns: whether the match appeared (or the terminal went idle) before the
 * timeout, the screen at that moment and how long the server waited. The screen's rows have no trailing spaces, so
 * a prompt {@code "$ "} at the end of a row is waited for as {@code "$"} (or with {@link RpcClient#waitForPrompt}).
 * A program that has exited ends a wait at once, unmatched unless the text is on its last screen
 * ({@link RpcClient#waitForExit} waits for the exit itself).
 *
 * <pre>{@code
 * WaitResult result = client.waitFor("PASSED", Duration.ofSeconds(5));
 * if (!result.matched()) {
 *     throw new AssertionError("no PASSED after " + result.waitedMs() + " ms:\n" + result.screen().text());
 * }
 * }</pre>
 *
 * @param matched {@code true} when the wait ended because its condition was met
 * @param screen the screen when the wait ended
 * @param waitedMs the time the server measured, in milliseconds
 */
public record WaitResult(boolean matched, Screen screen, long waitedMs) {

    /** Checks that the screen is present. */
    public WaitResult {
        Objects.requireNonNull(screen, "screen");
    }

    /**
     * Reads {@code {matched, screen, cursor, size, waitedMs}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static WaitResult fromJson(JsonObject json) {
        return new WaitResult(JsonFields.bool(json, "matched"), Screen.fromJson(json),
                JsonFields.integer(json, "waitedMs"));
    }
}
