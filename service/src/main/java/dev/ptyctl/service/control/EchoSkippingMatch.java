package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.output.OutputText;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * {@link OutputMatch} that first goes past the echo of the lines just typed into a program (a REPL, {@code cat}, a
 * script's {@code read}): the terminal, or the program's line editor, prints each typed line before the program
 * answers it, so {@code print('done')} typed into Python matched a wait for {@code done} at once, whatever the program
 * did. The lines are looked for in order, each together with the caller's texts: when a line's echo shows first
 * (nothing the program printed before it matched), the search goes on after it, with the next line; when a caller's
 * text shows first, that is the answer. A line that is not echoed as typed (a password, keys to vim) leaves the search
 * as it was, and the lines after it are not skipped.
 *
 * <p>An echo read in pieces (a line editor that echoes a key at a time, as node's does) may show as far as the
 * caller's text before the rest of it arrives: a text found inside the start of an echo still arriving waits up to
 * {@value #ECHO_REST_MS} ms for the rest of it (never past the wait's deadline), then is looked for after it.
 *
 * <p>Everything happens inside the wait's own looks, under its one deadline: a wait never lasts longer than its
 * caller asked because of an echo.
 */
final class EchoSkippingMatch {
    /**
     * How long the rest of an echo that has begun may take to show; past it the caller's text found in its start is
     * the answer, as it was before echoes were skipped. The rest of a line written at once comes within milliseconds.
     */
    static final long ECHO_REST_MS = 2_000;
    /** How far before a match the text is read to see whether it lies in an echo still arriving. */
    private static final int ECHO_LOOKBACK_BYTES = 64 * 1024;

    /** A caller's text found in the start of an echo, answered once {@code untilNanos} passes without the rest. */
    private record Pending(OutputMatch.Hit hit, long untilNanos, OutputMatch restOfEcho) {
    }

    private final OutputLog log;
    private final ScreenPatterns patterns;
    /** The lines whose echo is still to be gone past, the next first. */
    private final Deque<String> echoes;
    private OutputMatch search;
    /** Where {@link #search} starts: the wait's sinceSeq, or just after the last echo gone past. */
    private long from;
    private Pending pending;
    private long upTo = -1;
    private List<InputRegion> regions = List.of();
    /** What the searches before the current one searched. */
    private long searchedBefore;

    /** The search {@code search} makes, with no echo to go past (a wait that goes on where an earlier one left off). */
    EchoSkippingMatch(OutputLog log, OutputMatch search, ScreenPatterns patterns) {
        this.log = log;
        this.patterns = patterns;
        this.echoes = new ArrayDeque<>();
        this.search = search;
    }

    /**
     * Looks for {@code patterns} after {@code sinceSeq}, past the echo of {@code echoes}.
     *
     * @param echoes the lines typed at sinceSeq, in order, none blank
     */
    EchoSkippingMatch(OutputLog log, long sinceSeq, ScreenPatterns patterns, List<String> echoes) {
        this.log = log;
        this.patterns = patterns;
        this.echoes = new ArrayDeque<>(echoes);
        this.from = sinceSeq;
        this.search = searchFromHere(nextSearched());
    }

    /** {@link OutputMatch#advance}. */
    void advance(long upTo, List<InputRegion> regions) {
        this.upTo = upTo;
        this.regions = regions;
        search.advance(upTo, regions);
        if (pending != null) {
            pending.restOfEcho().advance(upTo, regions);
        }
    }

    /** The first of the caller's texts after the echoes that show; its index is the caller's. */
    Optional<OutputMatch.Hit> find(long deadlineNanos) {
        while (true) {
            if (pending != null) {
                Optional<OutputMatch.Hit> rest = pending.restOfEcho().find(deadlineNanos);
                if (rest.isPresent()) {
                    searchedBefore += pending.restOfEcho().searched();
                    goPast(rest.get().nextSeq());
                    continue;
                }
                if (System.nanoTime() - pending.untilNanos() < 0) {
                    return Optional.empty();
                }
                OutputMatch.Hit hit = pending.hit();
                pending = null;
                return Optional.of(hit);
            }
            Optional<OutputMatch.Hit> hit = search.find(deadlineNanos);
            if (hit.isEmpty() || echoes.isEmpty()) {
                return hit;
            }
            if (hit.get().found().index() == 0) {
                Optional<OutputMatch.Hit> longer = askedTextFrom(hit.get(), deadlineNanos);
                if (longer.isPresent()) {
                    return longer;
                }
                goPast(hit.get().nextSeq());
                continue;
            }
            OutputMatch.Hit asked = new OutputMatch.Hit(shifted(hit.get().found()), hit.get().nextSeq());
            OptionalLong redrawn = echoDrawnAgainAfter(asked, deadlineNanos);
            if (redrawn.isPresent()) {
                goPast(redrawn.getAsLong());
                continue;
            }
            if (!inEchoUnderWay(asked)) {
                return Optional.of(asked);
            }
            // The rest comes at once (the line was written at once): go on after the whole echo when it does.
            OutputMatch rest = searchFromHere(nextEcho());
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ECHO_REST_MS);
            pending = new Pending(asked, until - deadlineNanos < 0 ? until : deadlineNanos, rest);
        }
    }

    /**
     * When the next look must come, even without output: {@code otherwise}, or the end of the wait for the rest of an
     * echo when that is sooner (the text found in the echo's start is then the answer).
     */
    long wakeBy(long otherwise) {
        return pending == null ? otherwise : Math.min(otherwise, pending.untilNanos());
    }

    /** {@link OutputMatch#continueAt}. */
    long continueAt() {
        return search.continueAt();
    }

    /** {@link OutputMatch#searched}, over every search this one made. */
    long searched() {
        return searchedBefore + search.searched();
    }

    /** What the main search looks for: the next line's echo, then the caller's texts; past the last echo, the texts. */
    private ScreenPatterns nextSearched() {
        if (echoes.isEmpty()) {
            return patterns;
        }
        List<ScreenPatterns.Entry> entries = new ArrayList<>();
        entries.add(new ScreenPatterns.Entry(echoes.getFirst(), null));
        entries.addAll(patterns.entries());
        return new ScreenPatterns(entries);
    }

    /** The next line's echo alone. */
    private ScreenPatterns nextEcho() {
        return new ScreenPatterns(List.of(new ScreenPatterns.Entry(echoes.getFirst(), null)));
    }

    /** A search for {@code searched} in the output from {@link #from} on, taken in as far as the looks so far. */
    private OutputMatch searchFromHere(ScreenPatterns searched) {
        OutputMatch fromHere = new OutputMatch(log, from, searched);
        if (upTo >= 0) {
            fromHere.advance(upTo, regions);
        }
        return fromHere;
    }

    /** Past the echo of the next line, ending at {@code seq}: looks for the line after it, or the texts alone. */
    private void goPast(long seq) {
        echoes.removeFirst();
        pending = null;
        searchedBefore += search.searched();
        from = seq;
        search = searchFromHere(nextSearched());
    }

    /**
     * A caller's text that starts where the next line's echo was found and goes on past it: then what was found is
     * not the echo (an echo ends with its line) but the start of the program's answer. A one-letter answer to a
     * program that reads keys without echoing them ({@code y} to a {@code [y/N]} in raw mode) and its reply
     * {@code yes, installing}: the {@code y} was taken for the echo, and the wait for the reply ran to its timeout
     * with the reply on the screen.
     */
    private Optional<OutputMatch.Hit> askedTextFrom(OutputMatch.Hit echo, long deadlineNanos) {
        OutputMatch asked = searchFromHere(patterns);
        Optional<OutputMatch.Hit> hit = asked.find(deadlineNanos);
        searchedBefore += asked.searched();
        if (hit.isEmpty() || hit.get().nextSeq() <= echo.nextSeq()
                || !hit.get().found().text().startsWith(echo.found().text()) || startOf(hit.get()) != startOf(echo)) {
            return Optional.empty();
        }
        return hit;
    }

    /** Where a match of plain text starts in the output (its text's bytes before where it ends). */
    private static long startOf(OutputMatch.Hit hit) {
        return hit.nextSeq() - hit.found().text().getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Where the next line's echo ends when {@code hit} lies in a drawing of it that the line editor drew again, whole,
     * later on the same line: node's REPL, read in pieces under load, draws part of a typed line, then moves to the
     * line's start and draws all of it (no line break in between), and a look that comes after both found the text in
     * the partial drawing first. A line break between the hit and the echo makes the hit the program's output (a line
     * that printed it before the next one's echo).
     */
    private OptionalLong echoDrawnAgainAfter(OutputMatch.Hit hit, long deadlineNanos) {
        OutputMatch whole = searchFromHere(nextEcho());
        Optional<OutputMatch.Hit> echo = whole.find(deadlineNanos);
        searchedBefore += whole.searched();
        if (echo.isEmpty() || echo.get().nextSeq() <= hit.nextSeq()
                || lineBreakBetween(hit.nextSeq(), echo.get().nextSeq())) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(echo.get().nextSeq());
    }

    /** Whether the output between the two seqs holds a line feed (what is no longer kept counts as one). */
    private boolean lineBreakBetween(long fromSeq, long toSeq) {
        byte[] bytes = new byte[4096];
        long seq = fromSeq;
        while (seq < toSeq) {
            OutputLog.Read read = log.read(seq, bytes, 0, (int) Math.min(bytes.length, toSeq - seq), true);
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                return true;
            }
            if (read.length() == 0) {
                return false; // the rest is part of one character: no line feed
            }
            for (int i = 0; i < read.length(); i++) {
                if (bytes[i] == '\n') {
                    return true;
                }
            }
            seq += read.length();
        }
        return false;
    }

    /**
     * Whether {@code hit} lies in the start of the next line's echo, still arriving: the text printed since
     * {@link #from} ends with the start of that line (after a prompt, say {@code ... }), and the match ends inside it.
     */
    private boolean inEchoUnderWay(OutputMatch.Hit hit) {
        String echo = echoes.getFirst();
        String printed = OutputText.read(log, Math.max(from, upTo - ECHO_LOOKBACK_BYTES), Integer.MAX_VALUE).text();
        String line = printed.substring(Math.max(printed.lastIndexOf('\n'), printed.lastIndexOf('\r')) + 1);
        int shown = Math.min(line.length(), echo.length());
        while (shown > 0 && !line.endsWith(echo.substring(0, shown))) {
            shown--;
        }
        String afterHit = OutputText.read(log, hit.nextSeq(), Integer.MAX_VALUE).text();
        return shown > 0 && afterHit.length() < shown;
    }

    private static ScreenPatterns.Found shifted(ScreenPatterns.Found found) {
        return new ScreenPatterns.Found(found.index() - 1, found.text(), found.groups(), found.named(), found.row(),
                found.col());
    }
}
