package dev.ptyctl.service.control;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text that stops a regular-expression search once a deadline has passed. A pattern such as {@code (a+)+b} can take
 * exponential time on the wrong text; {@link java.util.regex.Matcher} cannot be interrupted, but it reads the text
 * through {@link #charAt}, which checks the clock now and then and throws when time is up. Every wait for a regular
 * expression (JSON-RPC's {@code pty/wait}, MCP's {@code terminal_wait}) searches through it.
 */
public final class DeadlineText implements CharSequence {
    /**
     * Time a single search may take even when the wait's own deadline is sooner (as with a timeout of 0): ample for
     * any sane pattern on a screen, and a bound for a catastrophic one.
     */
    private static final long MIN_BUDGET_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * The longest a look at a stream may search ({@link #streamBudgetEnd}): far beyond what a sane expression takes
     * over the output one look reads (2 MiB at most, in milliseconds), short enough to report a runaway one at once.
     */
    private static final long MAX_STREAM_BUDGET_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** Reading the clock on every character would cost more than the search; every 4096th is often enough. */
    private static final int CHECK_EVERY = 4096;

    private final CharSequence text;
    private final long deadlineNanos;
    private int untilCheck = CHECK_EVERY;

    private DeadlineText(CharSequence text, long deadlineNanos) {
        this.text = text;
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * Whether {@code pattern} is found in {@code text}; false when the search outlived the wait's
     * {@code deadlineNanos} ({@link System#nanoTime()}), or {@link #MIN_BUDGET_NANOS} from now when that is later.
     *
     * @throws IllegalArgumentException when the pattern is too deep for the text: Java's engine recurses once per
     *                                  repetition of a group with alternatives, so {@code (a|b)*} over a line of a
     *                                  few thousand characters overflows the thread's stack. The message says how to
     *                                  write the pattern instead.
     */
    public static boolean find(Pattern pattern, CharSequence text, long deadlineNanos) {
        return orEmpty(pattern, text, 0, budgetEnd(deadlineNanos), false).isPresent();
    }

    /**
     * When the searches of one look at the screen must stop: the wait's {@code deadlineNanos}, or
     * {@link #MIN_BUDGET_NANOS} from now when that is later. A look at several texts gives this to each
     * {@link #findLast} or {@link #findFirst}, so that together they take no longer than one search would: 64 expressions that backtrack
     * for ever would otherwise hold a wait of 100 ms for 64 s.
     */
    public static long budgetEnd(long deadlineNanos) {
        return Math.max(deadlineNanos, System.nanoTime() + MIN_BUDGET_NANOS);
    }

    /**
     * The first place {@code pattern} is found in {@code text} at {@code from} or later: in a program's output read as
     * a stream, what it printed first. Empty when it is not found. The text before {@code from} is still read where the
     * pattern looks back ({@code ^}, {@code \b}, a lookbehind), so a search that goes on where the last one stopped
     * answers as a search of the whole text would.
     *
     * @param budgetEnd when to give up: {@link #streamBudgetEnd(long)} of the wait's deadline, shared by the searches
     *                  of one look
     * @throws SearchCut                when the search went on past {@code budgetEnd}: unlike a screen's, a stream's
     *                                  search must know, as the next one goes on from where this one stopped
     * @throws IllegalArgumentException as {@link #find}
     */
    public static Optional<MatchResult> findFirst(Pattern pattern, CharSequence text, int from, long budgetEnd) {
        long began = System.nanoTime();
        try {
            return search(pattern, text, from, budgetEnd, false);
        } catch (TimeUp e) {
            throw new SearchCut(pattern, System.nanoTime() - began, text.length() - from);
        }
    }

    /**
     * When the searches of one look at a stream must stop: as {@link #budgetEnd(long)}, but never more than
     * {@link #MAX_STREAM_BUDGET_NANOS} from now. A cut stream search ends its wait with an error ({@link SearchCut}),
     * so a runaway expression is reported within seconds, not after a wait of up to 10 minutes that held a core.
     */
    public static long streamBudgetEnd(long deadlineNanos) {
        return budgetEnd(Math.min(deadlineNanos, System.nanoTime() + MAX_STREAM_BUDGET_NANOS));
    }

    /**
     * A search of a stream that ran out of its budget before it could say whether its expression is in the text. The
     * wait cannot go on past text it has not read, and searching it again runs the same search again (a long wait
     * asking again from its {@code continueAt} did, request after request, until its timeout, then answered only
     * "not matched"), so it ends the wait as a refused expression does, naming it.
     */
    public static final class SearchCut extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        SearchCut(Pattern pattern, long tookNanos, int characters) {
            super("the regular expression " + pattern.pattern() + " searched " + characters + " characters of output "
                    + "for " + TimeUnit.NANOSECONDS.toMillis(tookNanos) + " ms without an answer: it backtracks (a "
                    + "repetition inside a repetition, such as (.*a)+ or (a|ab)*, tries every way of splitting the "
                    + "text); write it so each character can be matched one way only: a character class ([^b]*) or a "
                    + "possessive repetition (a*+)");
        }
    }

    /**
     * The last place {@code pattern} is found in {@code text} (each search going on after the one before, as
     * {@link Matcher#find()} does): on a terminal the lowest match on the screen, what the program printed last.
     * Empty when it is not found or the search went on past {@code budgetEnd}.
     *
     * @param budgetEnd when to give up ({@link System#nanoTime()}): {@link #budgetEnd(long)} of the wait's deadline,
     *                  shared by the searches of one look
     * @throws IllegalArgumentException as {@link #find}
     */
    public static Optional<MatchResult> findLast(Pattern pattern, CharSequence text, long budgetEnd) {
        return orEmpty(pattern, text, 0, budgetEnd, true);
    }

    /** A search whose running out of time is taken as not found: a screen is looked at whole again next time. */
    private static Optional<MatchResult> orEmpty(Pattern pattern, CharSequence text, int from, long budgetEnd,
                                                 boolean last) {
        try {
            return search(pattern, text, from, budgetEnd, last);
        } catch (TimeUp e) {
            return Optional.empty();
        }
    }

    private static Optional<MatchResult> search(Pattern pattern, CharSequence text, int from, long budgetEnd,
                                                boolean last) {
        try {
            Matcher matcher = pattern.matcher(new DeadlineText(text, budgetEnd));
            if (from > 0) {
                matcher.region(from, text.length()).useTransparentBounds(true).useAnchoringBounds(false);
            }
            if (!matcher.find()) {
                return Optional.empty();
            }
            if (last) {
                // Only where each match starts: copying every match's result (toMatchResult) cost 4-20 times as much
                // over 10,000 lines of scrollback with 60,000 matches (2.5 ms against 20-60 ms, measured)
                int lastStart = matcher.start();
                while (matcher.find()) {
                    lastStart = matcher.start();
                }
                matcher.find(lastStart);
            }
            return Optional.of(matcher.toMatchResult()); // a copy that reads its groups from a String, not charAt
        } catch (StackOverflowError e) {
            throw new IllegalArgumentException("the regular expression " + pattern.pattern() + " is too deep for "
                    + text.length() + " characters of text (Java's engine recurses once per repetition of a group "
                    + "such as (a|b)*); use a character class ([ab]*) or a possessive repetition ((?:a|b)*+)");
        }
    }

    /** Thrown out of the matcher when the deadline has passed. */
    private static final class TimeUp extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimeUp() {
            super(null, null, false, false);
        }
    }

    @Override
    public char charAt(int index) {
        if (--untilCheck == 0) {
            untilCheck = CHECK_EVERY;
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new TimeUp();
            }
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new DeadlineText(text.subSequence(start, end), deadlineNanos);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
