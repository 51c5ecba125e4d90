package dev.ptyctl.service.control;

import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import java.util.Optional;

/**
 * Waits for the shell's prompt after a point (the end of a command typed there), woken by the session after every
 * chunk of output: the one wait, and the one decision of how it ended, behind both front doors that run a command and
 * wait for its end. MCP's {@code terminal_run} ({@link CommandRun}, in-process) and JSON-RPC's {@code pty/wait
 * {prompt}} ({@code WaitMethod}, which {@code ptyctl run} and the test DSL's {@code run} call over the socket) both
 * wait here; each turns the {@link Outcome} into its own answer.
 *
 * <p>Besides the prompt it ends at a continuation prompt (the line typed was incomplete), at the shell's exit and at
 * the deadline; and, when asked, early: at once when a command holds the shell as the wait begins
 * ({@link Ending#BUSY}: typing now would go to that program), or when the command started after the point waits for
 * what a person types ({@link Ending#WAITING_FOR_INPUT}, {@link AwaitedInput}: its prompt would not come back by
 * waiting on).
 */
public final class PromptWait {
    /** How a wait ended. */
    public enum Ending {
        /** The shell is at a prompt drawn after {@link Request#since} (and what the caller also waits for holds). */
        PROMPT,
        /** As {@link #PROMPT}, at a continuation prompt: the shell waits for the rest of an incomplete line. */
        CONTINUATION,
        /** {@link Request#returnIfBusy}: a command held the shell when the wait began; nothing was waited for. */
        BUSY,
        /** {@link Request#returnIfWaitingForInput}: the command started after {@code since} waits for typed input. */
        WAITING_FOR_INPUT,
        /** The shell exited first. */
        EXITED,
        /** The deadline came first. */
        TIMED_OUT
    }

    /**
     * What to wait for.
     *
     * @param since        only a prompt drawn after this output offset counts; -1 for any prompt
     * @param minPrompts   and only once the shell has drawn this many prompts in all, new and continuation ones
     *                     ({@link PromptTracker#promptsDrawn}); -1 for none
     * @param returnIfBusy end at once, {@link Ending#BUSY}, when a command holds the shell as the wait begins
     * @param returnIfWaitingForInput end, {@link Ending#WAITING_FOR_INPUT}, when the command started after
     *                     {@code since} waits for typed input
     */
    public record Request(long since, long minPrompts, boolean returnIfBusy, boolean returnIfWaitingForInput) {
        /** Any prompt drawn after {@code since}, waited for however busy the shell is. */
        public static Request after(long since) {
            return new Request(since, -1, false, false);
        }

        /** Before typing a command: any prompt, but a shell that a command holds is answered at once. */
        public static Request beforeTyping() {
            return new Request(-1, -1, true, false);
        }

        /**
         * After typing a command at output offset {@code typedAt}: its prompt ({@code minPrompts} in all, -1 for any
         * count), ending early when the command waits for typed input.
         */
        public static Request afterTyping(long typedAt, long minPrompts) {
            return new Request(typedAt, minPrompts, false, true);
        }
    }

    /**
     * How the wait ended.
     *
     * @param ending  why
     * @param program for {@link Ending#BUSY} the command that holds the shell, for {@link Ending#WAITING_FOR_INPUT}
     *                the one that waits; empty otherwise
     * @param seq     the output offset when it ended: where a wait that goes on starts from
     */
    public record Outcome(Ending ending, Optional<RunningProgram> program, long seq) {
        /** Whether the shell is at a prompt, its main one or a continuation one. */
        public boolean atAnyPrompt() {
            return ending == Ending.PROMPT || ending == Ending.CONTINUATION;
        }
    }

    /**
     * What the caller waits for besides the prompt ({@code pty/wait}'s {@code match} and {@code idleMs}): the wait
     * ends at the prompt only once this holds too. Asked once per look, before the prompt.
     */
    public interface Also {
        /**
         * Whether it holds now.
         *
         * @throws IllegalArgumentException when it cannot be decided (a regular expression too deep for the text)
         */
        boolean holds();

        /** The {@link System#nanoTime()} by which to look again although no output came (an idle time's end). */
        long wakeAt();
    }

    /** Nothing besides the prompt. */
    public static final Also NOTHING_ELSE = new Also() {
        @Override
        public boolean holds() {
            return true;
        }

        @Override
        public long wakeAt() {
            return Long.MAX_VALUE;
        }
    };

    private PromptWait() {
    }

    /** One look at the prompt marks, under the session's lock, so that they agree with the output offset. */
    private record Look(SessionProgress progress, boolean promptAfter, boolean continuation) {
    }

    /**
     * Waits until {@code deadlineNanos} ({@link System#nanoTime()}) at most; {@code prompts} must see the shell's
     * prompts ({@link PromptTracker#whyPromptsUnseen}: the caller says why not in its own terms).
     */
    public static Outcome await(TerminalSession session, PromptTracker prompts, Request request, long deadlineNanos,
                                Also also) throws InterruptedException {
        if (request.returnIfBusy()) {
            Optional<PromptTracker.CommandSummary> running = prompts.runningCommand();
            if (running.isPresent()) {
                return end(session, Ending.BUSY,
                        Optional.of(RunningProgram.holding(session, running.get().commandLine())));
            }
        }
        AwaitedInput awaited = new AwaitedInput(session, prompts, request.since(),
                AwaitedInput.drawingWatchFor(deadlineNanos - System.nanoTime()));
        while (true) {
            // The tracker is fed under the session lock, so read under it too: its marks then agree with the seq.
            Look look = session.snapshot((terminal, progress) -> new Look(progress,
                    prompts.promptAfter(request.since(), request.minPrompts()),
                    prompts.continuationAfter(request.since())));
            boolean alsoHolds = also.holds();
            if (look.promptAfter() && alsoHolds) {
                return end(session, look.continuation() ? Ending.CONTINUATION : Ending.PROMPT, Optional.empty());
            }
            if (!look.progress().running()) {
                return end(session, Ending.EXITED, Optional.empty());
            }
            long now = System.nanoTime();
            if (now - deadlineNanos >= 0) {
                return end(session, Ending.TIMED_OUT, Optional.empty());
            }
            long wakeAt = earlier(deadlineNanos, also.wakeAt());
            if (request.returnIfWaitingForInput()) {
                Optional<RunningProgram> waiting = awaited.look();
                if (waiting.isPresent()) {
                    return end(session, Ending.WAITING_FOR_INPUT, waiting);
                }
                // Nothing is printed while a program waits for keys, so no output wakes the wait: look again soon.
                wakeAt = earlier(wakeAt, now + AwaitedInput.CHECK_EVERY.toNanos());
            }
            session.awaitChange(look.progress().outputSeq(), wakeAt);
        }
    }

    /** {@link #await(TerminalSession, PromptTracker, Request, long, Also)} for the prompt alone. */
    public static Outcome await(TerminalSession session, PromptTracker prompts, Request request, long deadlineNanos)
            throws InterruptedException {
        return await(session, prompts, request, deadlineNanos, NOTHING_ELSE);
    }

    /** The earlier of two {@link System#nanoTime()} instants, {@link Long#MAX_VALUE} counting as never. */
    private static long earlier(long a, long b) {
        if (a == Long.MAX_VALUE || b == Long.MAX_VALUE) {
            return Math.min(a, b);
        }
        return a - b <= 0 ? a : b;
    }

    private static Outcome end(TerminalSession session, Ending ending, Optional<RunningProgram> program) {
        return new Outcome(ending, program, session.progress().outputSeq());
    }
}
