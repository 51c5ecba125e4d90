package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

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
 * <p>A server of this version also says what matched ({@link #found()}, e.g. which of several texts of
 * {@link WaitRequest.Builder#anyOf(String...)}) and, for a wait the program's end cut short, how it ended
 * ({@link #exited()}), so a timeout ({@link #timedOut()}) is told from an exit without asking {@link RpcClient#status()}.
 *
 * @param matched {@code true} when the wait ended because its condition was met
 * @param screen the screen when the wait ended
 * @param waitedMs the time the server measured, in milliseconds
 * @param found what matched, for a matched wait for text (empty from a server older than this member)
 * @param exited how the program ended, when the wait ended unmatched because it had
 * @param nextSince for a wait {@link WaitRequest.Builder#since(long) since} an output offset: where the next one goes
 *                  on from (just after the match; the same offset when unmatched, as nothing was consumed)
 * @param continueAt for such a wait that ended unmatched: where a wait for the same texts from the same offset goes on
 *                  ({@link WaitRequest.Builder#continueAt(long)}), however much output the server has dropped since
 *                  (empty from a server older than this member; {@link RpcClient#waitFor} uses it itself)
 */
public record WaitResult(boolean matched, Screen screen, long waitedMs, Optional<WaitMatch> found,
                         Optional<ProcessExit> exited, OptionalLong nextSince, OptionalLong continueAt) {

    /** Checks that the screen is present. */
    public WaitResult {
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(found, "found");
        Objects.requireNonNull(exited, "exited");
        Objects.requireNonNull(nextSince, "nextSince");
        Objects.requireNonNull(continueAt, "continueAt");
    }

    /** A result without {@link #continueAt()}: a matched wait, or one from an older server. */
    public WaitResult(boolean matched, Screen screen, long waitedMs, Optional<WaitMatch> found,
                      Optional<ProcessExit> exited, OptionalLong nextSince) {
        this(matched, screen, waitedMs, found, exited, nextSince, OptionalLong.empty());
    }

    /** A result without {@link #nextSince()}: a wait on the screen. */
    public WaitResult(boolean matched, Screen screen, long waitedMs, Optional<WaitMatch> found,
                      Optional<ProcessExit> exited) {
        this(matched, screen, waitedMs, found, exited, OptionalLong.empty());
    }

    /** A result without {@link #found()} and {@link #exited()}, as servers before them answered. */
    public WaitResult(boolean matched, Screen screen, long waitedMs) {
        this(matched, screen, waitedMs, Optional.empty(), Optional.empty());
    }

    /**
     * Whether the wait ran out of time: unmatched, and not because the program ended. (From a server that does not
     * send {@code exited}, an unmatched wait always reads as timed out.)
     */
    public boolean timedOut() {
        return !matched && exited.isEmpty();
    }

    /**
     * Reads {@code {matched, screen, cursor, size, waitedMs, found?, exited?, nextSince?, continueAt?}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static WaitResult fromJson(JsonObject json) {
        Optional<WaitMatch> found = json.get("found") instanceof JsonObject what ? Optional.of(WaitMatch.fromJson(what))
                : Optional.empty();
        Optional<ProcessExit> exited = json.get("exited") instanceof JsonObject end ? ProcessExit.fromJson(end)
                : Optional.empty();
        OptionalLong continueAt = json.get("continueAt") instanceof JsonNumber at ? OptionalLong.of(at.longValue())
                : OptionalLong.empty();
        OptionalLong nextSince = json.get("nextSince") instanceof JsonNumber next ? OptionalLong.of(next.longValue())
                : OptionalLong.empty();
        return new WaitResult(JsonFields.bool(json, "matched"), Screen.fromJson(json),
                JsonFields.integer(json, "waitedMs"), found, exited, nextSince, continueAt);
    }
}
