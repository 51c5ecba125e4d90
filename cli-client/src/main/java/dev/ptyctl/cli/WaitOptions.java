package dev.ptyctl.cli;

import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.protocol.RpcMethod;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What {@code ptyctl wait} was asked for, checked, and the sentence it prints when the wait ends unmatched
 * (picocli-free, shared by {@link WaitCommand} and {@link FastPath}).
 *
 * @param match {@code --match}, or {@code null}
 * @param regex {@code --regex}
 * @param timeoutMs {@code --timeout}
 * @param idleMs {@code --idle}, or {@code null}
 * @param scrollback {@code --scrollback}
 */
record WaitOptions(String match, boolean regex, long timeoutMs, Long idleMs, boolean scrollback) {
    /** The default of {@code --timeout}, as picocli shows it in the help. */
    static final String DEFAULT_TIMEOUT_MS = "10000";

    /**
     * The {@code pty/wait} request.
     *
     * @throws UsageException for a timeout out of range, a non-positive idle time, {@code --regex} without
     *     {@code --match}, or a pattern that does not compile
     */
    WaitRequest toRequest() {
        checkTimeout(timeoutMs);
        if (idleMs != null && idleMs <= 0) {
            throw new UsageException("--idle must be positive, got " + idleMs);
        }
        if (regex && match == null) {
            throw new UsageException("--regex needs --match");
        }
        if (regex) {
            try {
                Pattern.compile(match);
            } catch (PatternSyntaxException e) {
                throw new UsageException("--match is not a valid regular expression: " + e.getDescription());
            }
        }
        return WaitRequest.builder().match(match).regex(regex).timeout(Duration.ofMillis(timeoutMs))
                .idle(idleMs == null ? null : Duration.ofMillis(idleMs)).scrollback(scrollback).build();
    }

    /**
     * The {@code pty/wait {prompt: true}} request of {@code --prompt}, which takes {@code --timeout} alone.
     *
     * @throws UsageException with {@code --match}, {@code --regex}, {@code --idle} or {@code --scrollback}, or for a
     *     timeout out of range
     */
    WaitRequest toPromptRequest() {
        if (match != null || regex || idleMs != null || scrollback) {
            throw new UsageException("--prompt waits for the shell's prompt alone: not with --match, --regex, --idle "
                    + "or --scrollback");
        }
        return toRequest(); // checks --timeout
    }

    /**
     * Checks a {@code --timeout}: {@code wait}'s, and {@code run}'s, whose waits are {@code pty/wait}s bound alike.
     *
     * @throws UsageException when it is out of range
     */
    static void checkTimeout(long timeoutMs) {
        if (timeoutMs < 0 || timeoutMs > RpcMethod.MAX_WAIT_TIMEOUT_MS) {
            throw new UsageException("--timeout must be from 0 to " + RpcMethod.MAX_WAIT_TIMEOUT_MS + " ms, got "
                    + timeoutMs);
        }
    }

    /**
     * Why the wait ended unmatched. The server ends a wait early without a match only when the program has exited
     * (SPEC §4), so a wait shorter than the timeout means that.
     */
    String missDescription(long waitedMs) {
        if (waitedMs < timeoutMs) {
            String exited = "the program has exited";
            if (match != null) {
                return exited + "; " + (regex ? "no match for /" + match + "/" : "\"" + match + "\" is not")
                        + " on its final screen" + trailingSpaceNote();
            }
            return exited;
        }
        String within = " within " + timeoutMs + " ms";
        if (match != null) {
            return (regex ? "no match for /" + match + "/" : "\"" + match + "\" did not appear") + within
                    + trailingSpaceNote();
        }
        if (idleMs != null) {
            return "output did not stay quiet for " + idleMs + " ms" + within;
        }
        return "waited " + timeoutMs + " ms (nothing to wait for)";
    }

    /**
     * A note when the text ends in a space, which a row never does: rows are matched as {@code read} prints them,
     * without trailing spaces, so the prompt {@code "$ "} that tmux users and pexpect scripts wait for (pexpect's
     * {@code expect('[$#] ')} matches its raw output) never matches here while the line is empty.
     */
    private String trailingSpaceNote() {
        String trimmed = match.stripTrailing();
        boolean endsInSpace = regex ? match.endsWith(" ") || match.endsWith(" $")
                : !trimmed.equals(match) && !trimmed.isEmpty();
        if (!endsInSpace) {
            return "";
        }
        return " (rows are matched without their trailing spaces: an empty prompt \"$ \" reads as \"$\"; "
                + (regex ? "end the pattern without the space" : "wait for \"" + trimmed + "\"") + ")";
    }
}
