package dev.ptyctl.cli;

import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.protocol.ProcessExit;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * What {@code ptyctl wait} was asked for, checked, and the sentence it prints when the wait ends unmatched
 * (picocli-free, shared by {@link WaitCommand} and {@link FastPath}).
 *
 * @param matches every {@code --match}, in order (several: any of them will do, and {@code wait} prints which)
 * @param regex {@code --regex}
 * @param timeoutMs {@code --timeout}
 * @param idleMs {@code --idle}, or {@code null}
 * @param scrollback {@code --scrollback}
 * @param group {@code --group}, or {@code null}
 * @param since {@code --since}, or {@code null}: the texts are looked for in the output after that offset, and
 *              {@code wait} prints the offset to go on from
 * @param continueAt {@code --continue-at}, or {@code null}: with {@code since}, go on where an earlier wait for the
 *              same texts from the same offset left off unmatched (what its miss named)
 */
record WaitOptions(List<String> matches, boolean regex, long timeoutMs, Long idleMs, boolean scrollback,
                   Integer group, Long since, Long continueAt) {
    /** The default of {@code --timeout}, as picocli shows it in the help. */
    static final String DEFAULT_TIMEOUT_MS = "10000";

    /** Copies the matches; none when {@code --match} was not given. */
    WaitOptions {
        matches = matches == null ? List.of() : List.copyOf(matches);
    }

    /** The only {@code --match}, or {@code null} when there is none or there are several. */
    private String match() {
        return matches.size() == 1 ? matches.getFirst() : null;
    }

    /** {@link WaitOptions} without {@code --since}. */
    WaitOptions(List<String> matches, boolean regex, long timeoutMs, Long idleMs, boolean scrollback,
                Integer group) {
        this(matches, regex, timeoutMs, idleMs, scrollback, group, null, null);
    }

    /** Whether {@code wait} prints which {@code --match} matched: there are several to tell apart. */
    boolean printsIndex() {
        return matches.size() > 1;
    }

    /**
     * The {@code pty/wait} request.
     *
     * @throws UsageException for an empty {@code --match}, a timeout out of range, a non-positive idle time,
     *     {@code --regex} or {@code --group} without {@code --match}, a negative group, or a pattern that does not
     *     compile
     */
    WaitRequest toRequest() {
        checkTimeout(timeoutMs);
        if (idleMs != null && idleMs <= 0) {
            throw new UsageException("--idle must be positive, got " + idleMs);
        }
        if (matches.contains("")) {
            // An empty text is on every screen: the wait would "match" at once, and a script go on unsynchronised.
            throw new UsageException("--match '' is on every screen, so the wait would end at once: give the text to "
                    + "wait for (or --idle MS for quiet output, --prompt for the shell's prompt)");
        }
        if (regex && matches.isEmpty()) {
            throw new UsageException("--regex needs --match");
        }
        if (group != null && (matches.isEmpty() || group < 0)) {
            throw new UsageException(group < 0 ? "--group must be 0 or more, got " + group : "--group needs --match");
        }
        if (since != null && (matches.isEmpty() || since < 0 || scrollback)) {
            throw new UsageException(since < 0 ? "--since is an output offset, 0 or more, got " + since
                    : scrollback ? "--since and --scrollback are exclusive: --since looks in the output after SEQ"
                    : "--since needs --match");
        }
        if (continueAt != null && (since == null || continueAt < since)) {
            throw new UsageException(since == null ? "--continue-at needs --since: it goes on with an earlier wait "
                    + "from that offset" : "--continue-at " + continueAt + " is before --since " + since
                    + " (pass the --since and --continue-at that the earlier wait's miss named)");
        }
        int mostGroups = 0; // of the --match expressions, each compiled once for both checks
        if (regex) {
            for (String match : matches) {
                try {
                    mostGroups = Math.max(mostGroups, Pattern.compile(match).matcher("").groupCount());
                } catch (PatternSyntaxException e) {
                    // named, since with several --match the description alone ("Unclosed group") does not say which
                    throw new UsageException("--match '" + match + "' is not a valid regular expression: "
                            + e.getDescription());
                }
            }
        }
        if (group != null && group > 0) {
            // one text that has the group will do: when another matches, its line is empty
            if (!regex) {
                throw new UsageException("--group " + group + ": plain text has only group 0 (add --regex)");
            }
            if (mostGroups < group) {
                throw new UsageException("--group " + group + ": no --match has that many groups");
            }
        }
        WaitRequest.Builder request = WaitRequest.builder().regex(regex);
        if (matches.size() > 1) {
            request.anyOf(matches.toArray(String[]::new));
        } else {
            request.match(match());
        }
        return request.timeout(Duration.ofMillis(timeoutMs)).idle(idleMs == null ? null : Duration.ofMillis(idleMs))
                .scrollback(scrollback).since(since == null ? -1 : since)
                .continueAt(continueAt == null ? -1 : continueAt).build();
    }

    /**
     * The {@code pty/wait {prompt: true}} request of {@code --prompt}, which takes {@code --timeout} alone.
     *
     * @throws UsageException with {@code --match}, {@code --regex}, {@code --idle} or {@code --scrollback}, or for a
     *     timeout out of range
     */
    WaitRequest toPromptRequest() {
        if (!matches.isEmpty() || regex || idleMs != null || scrollback || group != null || since != null
                || continueAt != null) {
            throw new UsageException("--prompt waits for the shell's prompt alone: not with --match, --regex, --idle, "
                    + "--scrollback, --group, --since or --continue-at");
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
     * Where a loop of short waits goes on after a wait {@code --since} an offset timed out unmatched, said after
     * {@link #missDescription}: the same {@code --since} alone is refused once the output has moved past it. "" without
     * {@code --since}, or when the server named no {@code continueAt} (an older one).
     */
    String continuation(OptionalLong continueAt) {
        return since == null || continueAt.isEmpty() ? "" : " (to go on where it left off: --since " + since
                + " --continue-at " + continueAt.getAsLong() + ")";
    }

    /**
     * Why the wait ended unmatched: the program ended first ({@code programEnded}; {@code how}, when the server said;
     * "the program has exited" when it did not), or the timeout came.
     */
    String missDescription(boolean programEnded, Optional<ProcessExit> how) {
        // With --since the texts were looked for in the output after the offset, not on the screen: saying "screen"
        // (and that rows lose their trailing spaces, which the output keeps) sent a reader to the wrong place.
        String place = since != null ? "in its output after offset " + since : "on its final screen";
        if (programEnded) {
            String ended = how.map(end -> "the program " + end.describe()).orElse("the program has exited");
            if (match() != null) {
                return ended + "; " + (regex ? "no match for /" + match() + "/" : "\"" + match() + "\" is not")
                        + " " + place + notes();
            }
            if (!matches.isEmpty()) {
                return ended + "; none of " + listed() + " is " + place;
            }
            return ended;
        }
        String within = (since != null ? " in the output after offset " + since : "") + " within " + timeoutMs + " ms";
        if (match() != null) {
            return (regex ? "no match for /" + match() + "/" : "\"" + match() + "\" did not appear") + within
                    + notes();
        }
        if (!matches.isEmpty()) {
            return "none of " + listed() + " appeared" + within;
        }
        if (idleMs != null) {
            return "output did not stay quiet for " + idleMs + " ms" + within;
        }
        return "waited " + timeoutMs + " ms (nothing to wait for)";
    }

    private String listed() {
        return matches.stream().map(match -> regex ? "/" + match + "/" : "\"" + match + "\"")
                .collect(Collectors.joining(", "));
    }

    /** What a miss of the one {@code --match} adds: the text holds what the screen's rows never do. */
    private String notes() {
        return since != null ? "" : trailingSpaceNote() + tabNote(); // the output after an offset keeps both
    }

    /**
     * A note when the text ends in a space, which a row never does: rows are matched as {@code read} prints them,
     * without trailing spaces, so the prompt {@code "$ "} that tmux users and pexpect scripts wait for (pexpect's
     * {@code expect('[$#] ')} matches its raw output) never matches here while the line is empty.
     */
    private String trailingSpaceNote() {
        String match = match();
        String trimmed = match.stripTrailing();
        boolean endsInSpace = regex ? match.endsWith(" ") || match.endsWith(" $")
                : !trimmed.equals(match) && !trimmed.isEmpty();
        if (!endsInSpace) {
            return "";
        }
        return " (rows are matched without their trailing spaces: an empty prompt \"$ \" reads as \"$\"; "
                + (regex ? "end the pattern without the space" : "wait for \"" + trimmed + "\"") + ")";
    }

    /**
     * A note when the text holds a tab, which a row never does: a tab moves the terminal's cursor, and the row has
     * spaces where it moved over (as tmux's capture-pane prints it), so {@code printf 'a\tb'} reads as
     * {@code "a       b"} and a script that waits for its output as written (pexpect matches the raw output) never
     * matches.
     */
    private String tabNote() {
        String match = match();
        if (match.indexOf('\t') < 0 && !(regex && match.contains("\\t"))) {
            return "";
        }
        return " (a tab is on the screen as the spaces it moved over: rows hold no tab characters; "
                + (regex ? "match it with \\s+" : "use --regex with \\s+ where the tab is") + ")";
    }
}
