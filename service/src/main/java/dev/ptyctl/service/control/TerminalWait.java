package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Waits, woken by the session after every chunk of output (no polling), until one condition holds, the program
 * exits, the timeout passes or the server's cap on a single wait does:
 * <ul>
 *   <li>{@code text} / {@code regex} / {@code any} (several texts and regular expressions, the one found winning,
 *       {@link ScreenPatterns}): on the screen, in its rows or in its lines as the program wrote them
 *       ({@link MatchText}: soft-wrapped rows joined, a long path or URL matches whole), the lowest match winning;
 *       with a {@code sinceSeq}, in the output printed after it instead, the first match winning (plain text in which
 *       a carriage return starts a new line, without the command lines the shell echoed while they were typed), so
 *       text already on the screen, or the echo of the command an agent just typed, never matches;</li>
 *   <li>{@code gone}: the text is no longer on the screen, in its rows nor in its lines;</li>
 *   <li>{@code idle}: no output for {@code idleMs} (counted from the later of the last output and the start);</li>
 *   <li>{@code prompt}: the shell is at a prompt drawn after {@code sinceSeq}, or at a continuation prompt drawn
 *       after it (the line typed is incomplete: {@link Outcome#continuation()}; needs shell integration);</li>
 *   <li>{@code exit}: the program has exited.</li>
 * </ul>
 * When the program exits first the outcome says so ({@link Reason#EXIT}, matched only for an exit wait). On the cap
 * the outcome is {@link Reason#CONTINUE} with the seq to go on from, and for text after {@code sinceSeq} the
 * {@link Outcome#continueAt()} a wait that goes on passes ({@link Condition#continuingAt}). A text that held says which and where
 * ({@link Outcome#match()}).
 */
public final class TerminalWait {
    /** How often {@link Progress} hears from a long wait. */
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What to wait for. */
    public enum Kind {
        TEXT, REGEX, ANY, GONE, IDLE, PROMPT, EXIT;

        /** Why a wait of this kind ended when it held. */
        public Reason reason() {
            return Reason.valueOf(name());
        }
    }

    /** Why a wait ended. */
    public enum Reason {
        TEXT, REGEX, ANY, GONE, IDLE, PROMPT, EXIT, TIMEOUT, CONTINUE;

        /** The reason as the wire spells it: {@code "text"}, {@code "continue"}, ... */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A validated condition.
     *
     * @param kind     what to wait for
     * @param patterns the texts of TEXT (one substring), REGEX (one expression) and ANY
     * @param text     the text of GONE
     * @param idleMs   the quiet time of IDLE
     * @param sinceSeq only output (TEXT, REGEX, ANY) or prompts (PROMPT) after this seq count; -1 for none
     * @param minPrompts PROMPT only once the shell has drawn this many prompts in all (new and continuation ones,
     *                 {@link PromptTracker#promptsDrawn}); -1 for none
     * @param continueAt TEXT, REGEX and ANY after {@code sinceSeq}: go on where an earlier wait for the same texts
     *                 left off unmatched ({@link Outcome#continueAt()}); -1 for none
     * @param echoes   TEXT, REGEX and ANY after {@code sinceSeq}: the lines typed into a program at sinceSeq, whose
     *                 echo the texts are looked for after ({@link #skippingEchoOf}); empty for none
     */
    public record Condition(Kind kind, ScreenPatterns patterns, String text, long idleMs, long sinceSeq,
                            long minPrompts, long continueAt, List<String> echoes) {
        public Condition {
            Objects.requireNonNull(kind, "kind");
            echoes = List.copyOf(echoes);
        }

        /** A condition that goes on with no earlier wait and skips no echo. */
        public Condition(Kind kind, ScreenPatterns patterns, String text, long idleMs, long sinceSeq,
                         long minPrompts) {
            this(kind, patterns, text, idleMs, sinceSeq, minPrompts, -1, List.of());
        }

        /**
         * This wait for text after {@code sinceSeq}, going on where an earlier one for the same texts and
         * {@code sinceSeq} left off ({@link Outcome#continueAt()}): it finds a text split across the two, and goes on
         * when the output at {@code sinceSeq} is no longer kept.
         *
         * @throws IllegalArgumentException when this is not a wait for text after {@code sinceSeq}, or
         *                                  {@code continueAt} is before it
         */
        public Condition continuingAt(long continueAt) {
            if (patterns == null || sinceSeq < 0) {
                throw new IllegalArgumentException("continueAt needs sinceSeq with text, regex or any: it goes on "
                        + "with an earlier wait for them");
            }
            if (continueAt < sinceSeq) {
                throw new IllegalArgumentException("continueAt " + continueAt + " is before sinceSeq " + sinceSeq
                        + " (pass the sinceSeq and continueAt of the answer that said continue)");
            }
            return new Condition(kind, patterns, text, idleMs, sinceSeq, minPrompts, continueAt, List.of());
        }

        /**
         * This wait for text after {@code sinceSeq}, looking for it only after the echo of {@code lines}, typed into a
         * program at sinceSeq (a REPL, {@code cat}): each line's echo is gone past when it shows before any of the
         * texts ({@link EchoSkippingMatch}). Unchanged for other waits, and for one that goes on where an earlier one
         * left off (that one went past the echo).
         *
         * @param lines the lines typed, in order, each without its line break; blank ones are left out
         */
        public Condition skippingEchoOf(List<String> lines) {
            if (patterns == null || sinceSeq < 0 || continueAt >= 0) {
                return this;
            }
            return new Condition(kind, patterns, text, idleMs, sinceSeq, minPrompts, continueAt,
                    lines.stream().filter(line -> !line.isBlank()).toList());
        }

        public static Condition text(String text, long sinceSeq) {
            return new Condition(Kind.TEXT, new ScreenPatterns(List.of(new ScreenPatterns.Entry(text, null))), null,
                    0, sinceSeq, -1);
        }

        public static Condition regex(Pattern regex, long sinceSeq) {
            return new Condition(Kind.REGEX, new ScreenPatterns(List.of(new ScreenPatterns.Entry(regex.pattern(),
                    regex))), null, 0, sinceSeq, -1);
        }

        /** Any of several texts and expressions; the outcome says which ({@link Outcome#match()}). */
        public static Condition any(ScreenPatterns patterns, long sinceSeq) {
            return new Condition(Kind.ANY, Objects.requireNonNull(patterns), null, 0, sinceSeq, -1);
        }

        public static Condition gone(String text) {
            return new Condition(Kind.GONE, null, text, 0, -1, -1);
        }

        public static Condition idle(long idleMs) {
            return new Condition(Kind.IDLE, null, null, idleMs, -1, -1);
        }

        public static Condition prompt(long sinceSeq) {
            return prompt(sinceSeq, -1);
        }

        /** {@link #prompt(long)} once the shell has drawn {@code minPrompts} prompts in all. */
        public static Condition prompt(long sinceSeq, long minPrompts) {
            return new Condition(Kind.PROMPT, null, null, 0, sinceSeq, minPrompts);
        }

        public static Condition exit() {
            return new Condition(Kind.EXIT, null, null, 0, -1, -1);
        }
    }

    /**
     * Which text held and where.
     *
     * @param found    which entry, what it matched and captured, and, on the screen, its row and column
     * @param afterSeq with {@code sinceSeq}: the output seq just after the match, where a wait for what follows it
     *                 goes on; -1 for a match on the screen
     */
    public record Match(ScreenPatterns.Found found, long afterSeq) {
    }

    /**
     * How the wait ended.
     *
     * @param matched      whether the condition held
     * @param reason       why it ended
     * @param screen       the screen then
     * @param continuation a prompt wait ended at a continuation prompt: the shell waits for the rest of an
     *                     incomplete line (an open quote, a trailing backslash, an unfinished block), nothing ran
     * @param match        for a text, regex or any wait that held: which text, and where
     * @param continueAt   for a wait for text after {@code sinceSeq} that timed out or reached the cap: where a wait
     *                     for the same texts goes on ({@link Condition#continuingAt}, {@link OutputMatch#continueAt});
     *                     -1 otherwise
     */
    public record Outcome(boolean matched, Reason reason, ScreenSnapshot screen, boolean continuation,
                          Optional<Match> match, long continueAt) {
        /** An outcome no later wait goes on from. */
        public Outcome(boolean matched, Reason reason, ScreenSnapshot screen, boolean continuation,
                       Optional<Match> match) {
            this(matched, reason, screen, continuation, match, -1);
        }

        /** The output seq the screen shows: where a resumed wait goes on from. */
        public long seq() {
            return screen.seq();
        }
    }

    /**
     * Told how a wait goes: about once a second, how long it has waited (MCP progress notifications); after each look
     * at the output, how much it has searched.
     */
    @FunctionalInterface
    public interface Progress {
        /** @param elapsedMs time waited so far; @param limitMs the most this wait will take */
        void waiting(long elapsedMs, long limitMs);

        /**
         * After each look at the output after sinceSeq: the characters the wait's looks have searched so far
         * ({@link OutputMatch#searched}).
         */
        default void searched(long chars) {
        }

        Progress NONE = (elapsed, limit) -> { };
    }

    private TerminalWait() {
    }

    /**
     * One look at the session, under its lock, with only what the condition reads (a look comes with every chunk of
     * output): {@code screen} is null unless it looks for text on the screen, {@code regions} empty unless it looks
     * in the output after an offset, {@code promptAfter} and {@code continuation} false unless it waits for a prompt.
     */
    private record Look(SessionProgress progress, MatchText screen, List<InputRegion> regions, boolean promptAfter,
                        boolean continuation) {
    }

    /**
     * Waits.
     *
     * @param timeoutMs how long the caller is willing to wait
     * @param capMs     the server's limit on one wait; when it is shorter and is reached, the outcome is CONTINUE
     * @throws IllegalArgumentException for a prompt wait on a terminal whose prompts cannot be seen (no shell
     *                                  integration, or a program that is not an integrated shell), and for a regex
     *                                  too deep for the text searched ({@link DeadlineText#find})
     */
    public static Outcome await(TerminalSession session, Optional<PromptTracker> prompts, OutputLog log,
                                Condition condition, long timeoutMs, long capMs, Progress progress)
            throws InterruptedException {
        if (condition.kind() == Kind.PROMPT) {
            Optional<String> unseen = PromptTracker.whyPromptsUnseen(prompts.orElse(null));
            if (unseen.isPresent()) {
                throw new IllegalArgumentException(unseen.get() + "; wait for text, regex or idleMs instead");
            }
        }
        boolean capped = capMs < timeoutMs;
        long limitMs = Math.min(timeoutMs, capMs);
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(limitMs);
        long nextProgress = start + PROGRESS_EVERY_NANOS;
        boolean sinceOutput = condition.sinceSeq() >= 0 && condition.patterns() != null;
        // pty/wait's search of the output: each look reads only what came since the last one (and the end of the old
        // text that a match may span), not everything since sinceSeq again.
        EchoSkippingMatch inOutput = sinceOutput ? outputMatch(log, condition) : null;
        while (true) {
            Look look = look(session, prompts.orElse(null), condition, sinceOutput);
            SessionProgress now = look.progress();
            if (inOutput != null) {
                inOutput.advance(now.outputSeq(), look.regions());
            }
            long nanos = System.nanoTime();
            Optional<Match> match = condition.patterns() == null ? Optional.empty()
                    : match(condition.patterns(), look, inOutput, deadline);
            if (inOutput != null) {
                progress.searched(inOutput.searched());
            }
            if (match.isPresent() || condition.patterns() == null && holds(condition, look, start, nanos)) {
                return outcome(session, true, condition.kind().reason(),
                        condition.kind() == Kind.PROMPT && look.continuation(), match);
            }
            if (!now.running()) {
                return outcome(session, condition.kind() == Kind.EXIT, Reason.EXIT, false, Optional.empty());
            }
            if (nanos - deadline >= 0) {
                return new Outcome(false, capped ? Reason.CONTINUE : Reason.TIMEOUT, ScreenSnapshot.take(session, 0),
                        false, Optional.empty(), inOutput == null ? -1 : inOutput.continueAt());
            }
            if (nanos - nextProgress >= 0) {
                progress.waiting(TimeUnit.NANOSECONDS.toMillis(nanos - start), limitMs);
                nextProgress += PROGRESS_EVERY_NANOS;
            }
            long wakeAt = Math.min(deadline, nextProgress);
            if (inOutput != null) {
                wakeAt = inOutput.wakeBy(wakeAt);
            }
            if (condition.kind() == Kind.IDLE) {
                wakeAt = Math.min(wakeAt, quietSince(now, start) + TimeUnit.MILLISECONDS.toNanos(condition.idleMs()));
            }
            session.awaitChange(now.outputSeq(), wakeAt);
        }
    }

    /** The search of the output after sinceSeq, from where an earlier wait left off when it goes on with one. */
    private static EchoSkippingMatch outputMatch(OutputLog log, Condition condition) {
        return condition.continueAt() < 0
                ? new EchoSkippingMatch(log, condition.sinceSeq(), condition.patterns(), condition.echoes())
                : new EchoSkippingMatch(log, new OutputMatch(log, condition.sinceSeq(), condition.continueAt(),
                condition.patterns()), condition.patterns());
    }

    /**
     * Which of the texts the look shows: in the output after sinceSeq ({@code inOutput}) the first printed, on the
     * screen the lowest (what was printed last), as pty/wait finds them.
     */
    private static Optional<Match> match(ScreenPatterns patterns, Look look, EchoSkippingMatch inOutput,
                                         long deadline) {
        if (inOutput != null) {
            return inOutput.find(deadline).map(hit -> new Match(hit.found(), hit.nextSeq()));
        }
        return patterns.find(look.screen(), deadline).map(found -> new Match(found, -1));
    }

    /** Whether a condition without texts holds. */
    private static boolean holds(Condition c, Look look, long start, long nanos) {
        return switch (c.kind()) {
            case TEXT, REGEX, ANY -> throw new IllegalStateException("a text is matched, not held: " + c.kind());
            case GONE -> !look.screen().anyMatches(text -> text.contains(c.text()));
            case IDLE -> nanos - quietSince(look.progress(), start) >= TimeUnit.MILLISECONDS.toNanos(c.idleMs());
            case PROMPT -> look.promptAfter();
            case EXIT -> !look.progress().running();
        };
    }

    private static long quietSince(SessionProgress progress, long start) {
        return progress.lastOutputNanos() - start > 0 ? progress.lastOutputNanos() : start;
    }

    /** @param sinceOutput whether the condition looks for text in the output after an offset, not on the screen */
    private static Look look(TerminalSession session, PromptTracker prompts, Condition condition,
                             boolean sinceOutput) {
        Kind kind = condition.kind();
        boolean readsScreen = !sinceOutput && (condition.patterns() != null || kind == Kind.GONE);
        boolean tracked = prompts != null;
        long sinceSeq = condition.sinceSeq();
        // The tracker is fed under the session lock, so read under it too: its marks then agree with the screen.
        return session.snapshot((terminal, progress) -> new Look(progress,
                readsScreen ? MatchText.of(terminal, false) : null,
                sinceOutput && tracked ? prompts.inputRegions() : List.of(),
                kind == Kind.PROMPT && tracked && prompts.promptAfter(sinceSeq, condition.minPrompts()),
                kind == Kind.PROMPT && tracked && prompts.continuationAfter(sinceSeq)));
    }

    private static Outcome outcome(TerminalSession session, boolean matched, Reason reason, boolean continuation,
                                   Optional<Match> match) {
        return new Outcome(matched, reason, ScreenSnapshot.take(session, 0), continuation, match);
    }
}
