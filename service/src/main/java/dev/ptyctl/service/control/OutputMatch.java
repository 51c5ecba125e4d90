package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import java.util.List;
import java.util.Optional;

/**
 * A wait's texts looked for in what the program wrote after an output offset, not on the screen: pexpect's
 * {@code expect}, which reads a stream and consumes it up to each match, so a question answered before the offset is
 * not found again. The text is {@link OutputScan}'s (escape sequences dropped, {@code \r\n} as {@code \n}, a lone CR
 * a line break, the shell's echo of command lines left out); the entry whose match starts first wins
 * ({@link ScreenPatterns#first}), and the answer says the offset just after the match, where the next wait goes on.
 * Both waits on the output after an offset use it: {@code pty/wait}'s {@code since} and MCP's
 * {@code terminal_wait sinceSeq} ({@link TerminalWait}).
 */
public final class OutputMatch {
    /**
     * A match.
     *
     * @param found   which entry, what it matched and captured
     * @param nextSeq the output offset just after the last byte of the match
     */
    public record Hit(ScreenPatterns.Found found, long nextSeq) {
    }

    /**
     * Characters kept before where a look starts its search: what {@code ^}, {@code \b} and a lookbehind read there,
     * so that they answer as over the whole stream (a lookbehind reaching further back sees less).
     */
    static final int CONTEXT = 256;

    private final OutputScan scan;
    private final ScreenPatterns patterns;
    /** {@link ScreenPatterns#reach}: how far before the end of an unmatched text a later match may start. */
    private final int reach;
    /** Where in the scan's text the next look searches from: every match that starts earlier has been looked for. */
    private int searchFrom;
    /** {@link #searched}. */
    private long searched;

    /** Looks for {@code patterns} in the output of {@code log} from offset {@code since} on. */
    public OutputMatch(OutputLog log, long since, ScreenPatterns patterns) {
        this(new OutputScan(log, since, true), patterns);
    }

    /**
     * Goes on with a search from {@code since} that an earlier wait left off unmatched at {@code continueAt} (its
     * {@link #continueAt()}): looks for matches that start there or later, reading the text before it only as far as
     * an expression looks back, so {@code ^} does not match there mid-line. As one long wait would, it also goes on
     * when {@code since} (or even {@code continueAt}) is no longer kept.
     *
     * @throws IllegalArgumentException when {@code continueAt} is before {@code since} or beyond the output so far:
     *                                  not where a wait from {@code since} left off (pty/wait and terminal_wait pass
     *                                  the message on)
     */
    public OutputMatch(OutputLog log, long since, long continueAt, ScreenPatterns patterns) {
        this(new OutputScan(log, checkedContinueAt(log, since, continueAt), true, continueAt > since ? CONTEXT : 0),
                patterns);
    }

    private OutputMatch(OutputScan scan, ScreenPatterns patterns) {
        this.scan = scan;
        this.patterns = patterns;
        this.reach = patterns.reach();
    }

    private static long checkedContinueAt(OutputLog log, long since, long continueAt) {
        if (continueAt < since) {
            throw new IllegalArgumentException("continueAt " + continueAt + " is before since " + since);
        }
        long next = log.nextSeq();
        if (continueAt > next) {
            throw new IllegalArgumentException("continueAt " + continueAt + " is beyond the output so far (" + next
                    + " bytes)");
        }
        return continueAt;
    }

    /** Takes in the output up to {@code upTo}, leaving out {@code regions} (the shell's echo of command lines). */
    public void advance(long upTo, List<InputRegion> regions) {
        scan.advance(upTo, regions);
    }

    /**
     * The first match in the output taken in so far. Each look reads only the text that came since the last one, and
     * before it as much as a match may span ({@link ScreenPatterns#reach}): a wait on a stream that never matches
     * would otherwise read everything since its offset again after every chunk (quadratic: 20 MB of {@code seq}
     * output cost a pending wait seconds of CPU). What no match can start in any more is dropped, so the text kept
     * is bounded too.
     *
     * @throws IllegalArgumentException when a regular expression is too deep for the text, or its search ran out of
     *                                  time ({@link DeadlineText.SearchCut})
     */
    public Optional<Hit> find(long deadlineNanos) {
        CharSequence text = scan.text();
        searchFrom = Math.max(searchFrom, scan.lookBehindEnd());
        searched += text.length() - searchFrom;
        // A search cut by its budget throws (DeadlineText.SearchCut), ending the wait with an error: where it got to
        // is unknown, so moving on would skip text it never read, and searching again runs the same search again.
        Optional<ScreenPatterns.InStream> first = patterns.first(text, searchFrom, deadlineNanos);
        if (first.isPresent()) {
            return Optional.of(new Hit(first.get().found(), scan.seqAfter(first.get().end())));
        }
        searchFrom = Math.max(searchFrom, text.length() - reach);
        if (searchFrom > 0 && searchFrom < text.length() && Character.isLowSurrogate(text.charAt(searchFrom))) {
            searchFrom--; // never between the two halves of a character: a match there began with half of one
        }
        int unused = searchFrom - CONTEXT;
        if (unused > 0) {
            scan.forget(unused);
            searchFrom -= unused;
        }
        return Optional.empty();
    }

    /**
     * Where a wait for the same texts goes on after this one ended unmatched (a timeout, a long wait asked again), as
     * {@code pty/wait}'s {@code continueAt}: the output offset of the first character a match may still start at, the
     * text after it being what a match that more output completes may span. Every match starting before it has been
     * looked for. Meaningful after a {@link #find} that found nothing; the start before any look.
     */
    public long continueAt() {
        return scan.seqAfter(searchFrom);
    }

    /**
     * The characters the looks so far have searched (each look from where its search starts to the end of the text):
     * what a wait's work grows with, counted rather than timed, so that a test of its cost does not depend on how fast
     * or busy the machine is.
     */
    public long searched() {
        return searched;
    }
}
