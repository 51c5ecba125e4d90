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
 *   <li>{@code text} / {@code regex}: on the screen, in its rows or in its lines as the program wrote them
 *       ({@link MatchText}: soft-wrapped rows joined, a long path or URL matches whole); with a {@code sinceSeq}, in
 *       the output printed after it instead (plain text, without the command lines the shell echoed while they were
 *       typed), so text already on the screen, or the echo of the command an agent just typed, never matches;</li>
 *   <li>{@code gone}: the text is no longer on the screen, in its rows nor in its lines;</li>
 *   <li>{@code idle}: no output for {@code idleMs} (counted from the later of the last output and the start);</li>
 *   <li>{@code prompt}: the shell is at a prompt drawn after {@code sinceSeq}, or at a continuation prompt drawn
 *       after it (the line typed is incomplete: {@link Outcome#continuation()}; needs shell integration);</li>
 *   <li>{@code exit}: the program has exited.</li>
 * </ul>
 * When the program exits first the outcome says so ({@link Reason#EXIT}, matched only for an exit wait). On the cap
 * the outcome is {@link Reason#CONTINUE} with the seq to go on from.
 */
public final class TerminalWait {
    /** How often {@link Progress} hears from a long wait. */
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What to wait for. */
    public enum Kind { TEXT, REGEX, GONE, IDLE, PROMPT, EXIT }

    /** Why a wait ended. */
    public enum Reason {
        TEXT, REGEX, GONE, IDLE, PROMPT, EXIT, TIMEOUT, CONTINUE;

        /** The reason as the wire spells it: {@code "text"}, {@code "continue"}, ... */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A validated condition.
     *
     * @param kind     what to wait for
     * @param text     the text of TEXT and GONE
     * @param regex    the pattern of REGEX
     * @param idleMs   the quiet time of IDLE
     * @param sinceSeq only output (TEXT, REGEX) or prompts (PROMPT) after this seq count; -1 for none
     * @param minPrompts PROMPT only once the shell has drawn this many prompts in all (new and continuation ones,
     *                 {@link PromptTracker#promptsDrawn}); -1 for none
     */
    public record Condition(Kind kind, String text, Pattern regex, long idleMs, long sinceSeq, long minPrompts) {
        public Condition {
            Objects.requireNonNull(kind, "kind");
        }

        public static Condition text(String text, long sinceSeq) {
            return new Condition(Kind.TEXT, text, null, 0, sinceSeq, -1);
        }

        public static Condition regex(Pattern regex, long sinceSeq) {
            return new Condition(Kind.REGEX, null, regex, 0, sinceSeq, -1);
        }

        public static Condition gone(String text) {
            return new Condition(Kind.GONE, text, null, 0, -1, -1);
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
     * How the wait ended.
     *
     * @param matched      whether the condition held
     * @param reason       why it ended
     * @param screen       the screen then
     * @param continuation a prompt wait ended at a continuation prompt: the shell waits for the rest of an
     *                     incomplete line (an open quote, a trailing backslash, an unfinished block), nothing ran
     */
    public record Outcome(boolean matched, Reason reason, ScreenSnapshot screen, boolean continuation) {
        /** The output seq the screen shows: where a resumed wait goes on from. */
        public long seq() {
            return screen.seq();
        }
    }

    /** Told about a long wait about once a second (MCP progress notifications). */
    @FunctionalInterface
    public interface Progress {
        /** @param elapsedMs time waited so far; @param limitMs the most this wait will take */
        void waiting(long elapsedMs, long limitMs);

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
        boolean sinceOutput = condition.sinceSeq() >= 0
                && (condition.kind() == Kind.TEXT || condition.kind() == Kind.REGEX);
        OutputScan scan = sinceOutput ? new OutputScan(log, condition.sinceSeq()) : null;
        while (true) {
            Look look = look(session, prompts.orElse(null), condition, sinceOutput);
            SessionProgress now = look.progress();
            if (scan != null) {
                scan.advance(now.outputSeq(), look.regions());
            }
            long nanos = System.nanoTime();
            if (holds(condition, look, scan, start, nanos, deadline)) {
                return outcome(session, true, reasonOf(condition.kind()),
                        condition.kind() == Kind.PROMPT && look.continuation());
            }
            if (!now.running()) {
                return outcome(session, condition.kind() == Kind.EXIT, Reason.EXIT, false);
            }
            if (nanos - deadline >= 0) {
                return outcome(session, false, capped ? Reason.CONTINUE : Reason.TIMEOUT, false);
            }
            if (nanos - nextProgress >= 0) {
                progress.waiting(TimeUnit.NANOSECONDS.toMillis(nanos - start), limitMs);
                nextProgress += PROGRESS_EVERY_NANOS;
            }
            long wakeAt = Math.min(deadline, nextProgress);
            if (condition.kind() == Kind.IDLE) {
                wakeAt = Math.min(wakeAt, quietSince(now, start) + TimeUnit.MILLISECONDS.toNanos(condition.idleMs()));
            }
            session.awaitChange(now.outputSeq(), wakeAt);
        }
    }

    private static boolean holds(Condition c, Look look, OutputScan scan, long start, long nanos,
                                 long deadline) {
        return switch (c.kind()) {
            case TEXT -> scan != null ? scan.text().toString().contains(c.text())
                    : look.screen().anyMatches(text -> text.contains(c.text()));
            case REGEX -> scan != null ? DeadlineText.find(c.regex(), scan.text(), deadline)
                    : look.screen().anyMatches(text -> DeadlineText.find(c.regex(), text, deadline));
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
        boolean readsScreen = !sinceOutput && (kind == Kind.TEXT || kind == Kind.REGEX || kind == Kind.GONE);
        boolean tracked = prompts != null;
        long sinceSeq = condition.sinceSeq();
        // The tracker is fed under the session lock, so read under it too: its marks then agree with the screen.
        return session.snapshot((terminal, progress) -> new Look(progress,
                readsScreen ? MatchText.of(terminal, false) : null,
                sinceOutput && tracked ? prompts.inputRegions() : List.of(),
                kind == Kind.PROMPT && tracked && prompts.promptAfter(sinceSeq, condition.minPrompts()),
                kind == Kind.PROMPT && tracked && prompts.continuationAfter(sinceSeq)));
    }

    private static Outcome outcome(TerminalSession session, boolean matched, Reason reason, boolean continuation) {
        return new Outcome(matched, reason, ScreenSnapshot.take(session, 0), continuation);
    }

    private static Reason reasonOf(Kind kind) {
        return Reason.valueOf(kind.name());
    }
}
