package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.service.control.MatchText;
import dev.ptyctl.service.control.OutputMatch;
import dev.ptyctl.service.control.PromptWait;
import dev.ptyctl.service.control.RunningProgram;
import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.ForegroundProcess;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.CommandOutput;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code pty/wait}: checks the screen at once and again after every chunk of output, woken by the session (there
 * is no polling interval), until the condition holds, the timeout passes, or the process exits.
 *
 * <ul>
 *   <li>{@code match}: a substring of the {@code pty/read} screen text; with {@code regex: true} a Java regular
 *       expression found anywhere in it, in {@link java.util.regex.Pattern#MULTILINE} mode so {@code ^} and {@code $} match at
 *       row ends; with {@code scrollback: true} matched against scrollback plus screen. Also matched against the
 *       same text with soft-wrapped rows joined ({@link TextSerializer#unwrapped}), so that a line longer than the
 *       screen is wide matches whole (there {@code ^} and {@code $} match at the ends of the program's lines).</li>
 *   <li>{@code anyOf: [...]}: instead of {@code match}, several texts (or {@code {match, regex?}} objects), the wait
 *       satisfied by any ({@link WaitPatternParams}). With either, a matched answer has {@code found: {index, text,
 *       groups, named?, row?, col?}}: which one, what it matched, a regular expression's groups, where it starts
 *       ({@link ScreenPatterns}).</li>
 *   <li>{@code since: S} with {@code match} or {@code anyOf} (without {@code prompt} or {@code started}): the texts
 *       are looked for in what the program wrote after output offset S ({@link OutputMatch}), not on the screen,
 *       where a question answered before S still shows; the answer has {@code nextSince}, just after the match (S
 *       when unmatched), and unmatched {@code continueAt}: with {@code continueAt: C} a wait for the same texts goes on
 *       from where that one left off, also once S has dropped out of the log (a wait longer than the longest timeout
 *       is asked again). Refused, never matched on the screen instead, without an output log ({@code ptyctl serve})
 *       or, without {@code continueAt}, for an S the log no longer keeps.</li>
 *   <li>{@code idleMs: N}: the wait is satisfied once no output has arrived for N ms (and {@code match}, if given,
 *       is on screen). The quiet time counts from the later of the last output and the start of the wait, so a
 *       wait sent right after a write gives the program at least N ms to answer.</li>
 *   <li>{@code prompt: true} (needs shell integration): satisfied once the shell is at its prompt, or at a
 *       continuation prompt (then the answer has {@code continuation: true}); with
 *       {@code since: S} (an {@code outputSeq}, e.g. from the {@code pty/write} that typed a command) only by a
 *       prompt drawn after offset S, i.e. after that command. The answer then carries {@code command}: the exit
 *       code and output (rendered as text) of the last command, when it started after S; and {@code commands}: the
 *       same for every command that started after S, oldest first (a multi-line input runs several). A command
 *       that ended the shell ({@code exit 5}) is there too, in the answer that comes at the exit, with
 *       {@code endedShell: true} and the shell's exit status as its {@code exitCode}; one a signal to the shell
 *       cut short (a close) has that status (129) as its {@code exitCode}, without the flag. With
 *       {@code ifBusy: "return"} a shell that runs a command when the wait begins is not waited for: the answer comes
 *       at once, unmatched, with {@code busy: {commandLine?, program?, fullScreen}} (what holds the shell: its line
 *       as the shell reported it, the foreground program's name, whether it uses the alternate screen), so a caller
 *       about to type a command learns that it would go to that program instead. With
 *       {@code ifWaitingForInput: "return"}, a command started after S (without {@code since}: the command that runs,
 *       such as one a caller queued behind) that waits for what a person types
 *       ({@link PromptWait.Ending#WAITING_FOR_INPUT}: it reads keys, hides input or sleeps reading a line from the
 *       terminal, and has printed nothing for a second) ends the wait, unmatched, with {@code waitingForInput:
 *       {commandLine?, program?, inputHidden, readsLines?, fullScreen}}: its prompt would not come back by waiting
 *       on.</li>
 *   <li>{@code started: true} (needs shell integration): satisfied once the shell has started a command (OSC 133 C)
 *       after output offset {@code since} (any command without it), whether it still runs or has finished since:
 *       the line typed at {@code since} is running, so a Ctrl-C sent now interrupts it rather than the line
 *       editor.</li>
 *   <li>None of these: waits {@code timeout} ms and answers {@code matched: false}.</li>
 *   <li>After the process has exited: answers at once; {@code matched} says whether {@code match} is on the final
 *       screen (with only {@code idleMs}, an exited program counts as idle). An unmatched answer then has
 *       {@code exited: {exitCode, signal?}}, so a caller tells "the program ended first" from a timeout.</li>
 * </ul>
 * {@code timeout} is 0–600000 ms (default 10000); {@code waitedMs} is the measured time.
 */
final class WaitMethod implements RpcMethodHandler {
    /**
     * The validated wait: what to look for and how long.
     *
     * @param promptSince  {@link #NOT_ASKED} when not waiting for a prompt
     * @param minPrompts   with a prompt wait, the shell's prompt count ({@code promptsDrawn} of pty/write) it must
     *                     have reached, -1 for none
     * @param returnIfBusy with a prompt wait: answer at once when a command holds the shell ({@code ifBusy: "return"})
     * @param startedSince {@link #NOT_ASKED} when not waiting for a command to start
     * @param returnIfWaitingForInput with a prompt wait: answer when the command started after its offset (any
     *                     running command without one) waits for typed input ({@code ifWaitingForInput: "return"})
     */
    private record Condition(ScreenPatterns match, boolean scrollback, long timeoutMs, long idleMs, long promptSince,
                             long minPrompts, boolean returnIfBusy, long startedSince,
                             boolean returnIfWaitingForInput, long outputSince, long continueAt) {
        boolean hasMatch() {
            return match != null;
        }

        /** Whether this goes on with an earlier wait on the output after {@code outputSince}. */
        boolean continues() {
            return continueAt > NOT_ASKED;
        }

        /** Whether {@code match} is looked for in the output after {@code outputSince}, not on the screen. */
        boolean inOutput() {
            return outputSince > NOT_ASKED;
        }

        boolean hasIdle() {
            return idleMs >= 0;
        }

        boolean hasPrompt() {
            return promptSince > NOT_ASKED;
        }

        boolean hasStarted() {
            return startedSince > NOT_ASKED;
        }
    }

    private static final long NOT_ASKED = -2;

    private final PromptTracker prompts;
    private final OutputLog output;

    /** @param output the terminal's output log, null where none is kept ({@code since} with a text is refused) */
    WaitMethod(PromptTracker prompts, OutputLog output) {
        this.prompts = prompts;
        this.output = output;
    }

    /**
     * One look at the session, taken under its lock: the text to match (null without {@code match}) and, when that
     * text is the screen's, the screen to answer with (null otherwise: the answer reads it then). Matching happens
     * after the lock is released, so an expensive pattern never holds up the PTY reader or other clients.
     */
    private record Look(SessionProgress progress, MatchText matchText, List<InputRegion> regions, Screen screen) {
    }

    /** What an answer shows of the terminal. */
    private record Screen(String text, JsonObject cursor, JsonObject size) {
        /** Call under the session lock. */
        static Screen of(Terminal terminal, String text) {
            return new Screen(text, ScreenView.cursor(terminal), ScreenView.size(terminal));
        }
    }

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) throws RpcException, InterruptedException {
        Condition condition = condition(new Params(params));
        if (condition.hasPrompt() || condition.hasStarted()) {
            var unseen = PromptTracker.whyPromptsUnseen(prompts);
            if (unseen.isPresent()) {
                throw RpcException.invalidParams((condition.hasPrompt() ? "prompt: " : "started: ") + unseen.get()
                        + "; wait for a match or idleMs instead");
            }
        }
        OutputMatch inOutput = condition.inOutput() ? outputMatch(condition) : null;
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(condition.timeoutMs());
        ScreenConditions screen = new ScreenConditions(session, prompts, condition, inOutput, start, deadline);
        try {
            return condition.hasPrompt() ? promptWait(session, condition, screen, start, deadline)
                    : otherWait(session, condition, screen, start, deadline);
        } catch (ScreenConditions.TooDeep tooDeep) {
            throw RpcException.invalidParams("match: " + tooDeep.getMessage());
        }
    }

    /**
     * The search of the output after {@code since}, refused where the output is not there to read: under
     * {@code ptyctl serve} (no output log), before what the log still keeps, or beyond what has been written. Never a
     * silent fallback to the screen, where the text answered before the offset still shows.
     */
    private OutputMatch outputMatch(Condition condition) throws RpcException {
        long since = condition.outputSince();
        if (output != null && condition.continues()) {
            // Goes on with a long wait: since and even continueAt may have been overwritten since, and the wait goes
            // on from what is kept, as one wait that falls behind a stream does.
            try {
                return new OutputMatch(output, since, condition.continueAt(), condition.match());
            } catch (IllegalArgumentException e) {
                throw RpcException.invalidParams(e.getMessage());
            }
        }
        if (output == null) {
            throw RpcException.invalidParams("since with match or anyOf reads the output after the offset, and "
                    + "this server keeps no output (ptyctl serve): match the screen without since, or host the "
                    + "program with ptyctl server");
        }
        long first = output.firstKeptSeq();
        if (since < first) {
            throw RpcException.invalidParams("since " + since + " is older than the output kept (from " + first
                    + "; the server keeps the last " + output.capacity() + " bytes): the text in between is gone; "
                    + "wait with since " + first + " for what is kept (a wait going on with an earlier one from "
                    + "since passes that one's continueAt too)");
        }
        long next = output.nextSeq();
        if (since > next) {
            throw RpcException.invalidParams("since " + since + " is beyond the output so far (" + next + " bytes)");
        }
        return new OutputMatch(output, since, condition.match());
    }

    /**
     * A prompt wait: {@link PromptWait}'s, the one {@code terminal_run} waits with too, with {@code match} and
     * {@code idleMs} as what it also waits for; its ending as this method's answer.
     */
    private JsonObject promptWait(TerminalSession session, Condition condition, ScreenConditions screen, long start,
                                  long deadline) throws InterruptedException {
        PromptWait.Outcome outcome = PromptWait.await(session, prompts, new PromptWait.Request(
                condition.promptSince(), condition.minPrompts(), condition.returnIfBusy(),
                condition.returnIfWaitingForInput()), deadline, screen);
        // A busy shell is answered before any look: take one for the screen of the answer.
        Look look = screen.last() != null ? screen.last() : look(session, prompts, condition);
        JsonObject result = result(look, session, outcome.atAnyPrompt(), Optional.empty(), start);
        return switch (outcome.ending()) {
            case BUSY -> heldBy("busy", result, outcome.program().orElseThrow());
            case WAITING_FOR_INPUT -> heldBy("waitingForInput", result, outcome.program().orElseThrow());
            case PROMPT, CONTINUATION, EXITED, TIMED_OUT -> withCommand(result, session, condition.promptSince());
        };
    }

    /** A wait for {@code match}, {@code idleMs} or a command's start, or for nothing but the timeout. */
    private JsonObject otherWait(TerminalSession session, Condition condition, ScreenConditions screen, long start,
                                 long deadline) throws InterruptedException {
        long startMarkSeen = -1;
        while (true) {
            boolean screenOk = screen.holds();
            SessionProgress progress = screen.last().progress();
            long now = System.nanoTime();
            boolean startMarked = condition.hasStarted() && prompts.commandStartedAfter(condition.startedSince());
            if (startMarked && startMarkSeen < 0) {
                startMarkSeen = now;
            }
            boolean startedOk = !condition.hasStarted() || startMarked && handedOver(session, startMarkSeen, now);
            boolean satisfied = (condition.hasMatch() || condition.hasIdle() || condition.hasStarted())
                    && screenOk && startedOk;
            if (satisfied || !progress.running() || now >= deadline) {
                JsonObject result = result(screen.last(), session, satisfied,
                        satisfied ? screen.found() : Optional.empty(), start);
                return condition.inOutput() ? withNextSince(result, condition, satisfied ? screen.hit() : null,
                        screen.continueAt()) : result;
            }
            long wakeAt = Math.min(deadline, screen.wakeAt());
            if (startMarked) {
                // The hand-over of the terminal prints nothing.
                wakeAt = Math.min(wakeAt, now + HANDOVER_CHECK_NANOS);
            }
            session.awaitChange(progress.outputSeq(), wakeAt);
        }
    }

    /**
     * Adds {@code nextSince}: where the next wait on the output goes on from. After a match, the offset just after
     * it (pexpect consumes its buffer up to the match, so what follows it in the same chunk is still found next
     * time); without one, the {@code since} asked, as nothing was consumed, and {@code continueAt}: where a wait for
     * the same texts from the same {@code since} goes on (a long wait asked again), whatever the log has dropped.
     */
    private static JsonObject withNextSince(JsonObject result, Condition condition, OutputMatch.Hit hit,
                                            long continueAt) {
        JsonObjectBuilder answer = JsonSupport.PROVIDER.createObjectBuilder(result);
        if (hit != null) {
            return answer.add("nextSince", hit.nextSeq()).build();
        }
        return answer.add("nextSince", condition.outputSince()).add("continueAt", continueAt).build();
    }

    /**
     * When a wait should look again although no output came: at the end of the idle time while the last look saw it
     * ahead ({@code idleAsked}: idleMs asked and the match there; {@code idlePassed}: that look found it over); else
     * at the deadline. Once a look has found the idle time over, only new output can change the answer, and output
     * wakes the wait by itself: a wait for the prompt with {@code idleMs} that kept the past idle instant spun a core
     * until the prompt came (3.5–3.9 CPU-s over a {@code sleep 6}). What the look saw decides, not the clock now: an
     * idle time that ends between the look and this call is looked at again at once, not at the deadline.
     */
    static long nextLookAt(boolean idleAsked, boolean idlePassed, long idleAt, long deadline) {
        if (!idleAsked || idlePassed) {
            return deadline;
        }
        return deadline - idleAt <= 0 ? deadline : idleAt;
    }

    /**
     * {@code match} and {@code idleMs} (each holds when not asked), looked at once per {@link #holds}; the last look
     * is the answer's screen.
     */
    private static final class ScreenConditions implements PromptWait.Also {
        private final TerminalSession session;
        private final PromptTracker prompts;
        private final Condition condition;
        private final OutputMatch inOutput;
        private final long start;
        private final long deadline;
        private Look last;
        private Optional<ScreenPatterns.Found> found = Optional.empty();
        private OutputMatch.Hit hit;
        private boolean matchOk;
        private long idleAt;
        /** Whether the last look found the idle time over. */
        private boolean idlePassed;

        /** @param inOutput the search of the output with {@code since}, null for the screen */
        ScreenConditions(TerminalSession session, PromptTracker prompts, Condition condition, OutputMatch inOutput,
                         long start, long deadline) {
            this.session = session;
            this.prompts = prompts;
            this.condition = condition;
            this.inOutput = inOutput;
            this.start = start;
            this.deadline = deadline;
        }

        /** @throws TooDeep when the regular expression is too deep for the text */
        @Override
        public boolean holds() {
            last = look(session, prompts, condition);
            try {
                if (inOutput != null) {
                    inOutput.advance(last.progress().outputSeq(), last.regions());
                    hit = inOutput.find(deadline).orElse(null);
                    found = Optional.ofNullable(hit).map(OutputMatch.Hit::found);
                } else {
                    found = condition.hasMatch()
                            ? condition.match().find(last.matchText(), deadline)
                            : Optional.empty();
                }
                matchOk = !condition.hasMatch() || found.isPresent();
            } catch (IllegalArgumentException tooDeep) {
                throw new TooDeep(tooDeep.getMessage());
            }
            long quietSince = Math.max(start, last.progress().lastOutputNanos());
            idleAt = quietSince + TimeUnit.MILLISECONDS.toNanos(Math.max(condition.idleMs(), 0));
            idlePassed = System.nanoTime() - idleAt >= 0;
            boolean idleOk = !condition.hasIdle() || idlePassed || !last.progress().running();
            return matchOk && idleOk;
        }

        @Override
        public long wakeAt() {
            return nextLookAt(condition.hasIdle() && matchOk, idlePassed, idleAt, deadline);
        }

        /** The last look, null before the first. */
        Look last() {
            return last;
        }

        /** What the last look found of {@code match} or {@code anyOf}. */
        Optional<ScreenPatterns.Found> found() {
            return found;
        }

        /** With {@code since}, where a wait for the same texts goes on after this one ({@link OutputMatch#continueAt}). */
        long continueAt() {
            return inOutput.continueAt();
        }

        /** With {@code since}, the last look's match in the output, null for none. */
        OutputMatch.Hit hit() {
            return hit;
        }

        /** {@link dev.ptyctl.service.control.DeadlineText#find}'s refusal of a pattern too deep for the text, through the wait to the caller. */
        static final class TooDeep extends RuntimeException {
            private static final long serialVersionUID = 1L;

            TooDeep(String message) {
                super(message);
            }
        }
    }

    /** How often a started wait that has seen the mark looks whether the shell has handed the terminal over. */
    private static final long HANDOVER_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /**
     * How long after the start mark a started wait accepts a command that has not taken the terminal: a builtin
     * ({@code read}) never does, a subshell's leader never execs, and forking and exec'ing a program takes
     * milliseconds, not half a second.
     */
    private static final long HANDOVER_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /**
     * Whether a command whose start mark the wait saw at {@code markSeen} has the terminal: shells print the mark
     * (OSC 133 C, fish in its preexec) just before they hand the terminal to the command, and a Ctrl-C sent in
     * between reaches the shell (which drops it, or cuts its own hook short), not the command; so does one sent after
     * the shell's child has taken the terminal but before it has exec'd the program. So the wait also wants the
     * program to hold the terminal ({@link ForegroundProcess#programHoldsTerminal}); or the command to have finished;
     * or {@link #HANDOVER_GRACE_NANOS} to have passed (a builtin, a subshell, a nested shell: nothing to tell them by).
     * Where {@code /proc} cannot be read, the mark alone.
     */
    private boolean handedOver(TerminalSession session, long markSeen, long now) {
        return ForegroundProcess.programHoldsTerminal(session.pid()) || prompts.runningCommand().isEmpty()
                || now - markSeen >= HANDOVER_GRACE_NANOS;
    }

    /**
     * The answer of a prompt wait that a command holding the shell ended early ({@code ifBusy} or
     * {@code ifWaitingForInput}): {@code result} plus {@code member: {inputHidden and readsLines?
     * (waitingForInput only), commandLine?, program?, fullScreen}} (the line as the shell reported it, the foreground
     * program's name, whether it uses the alternate screen).
     */
    private static JsonObject heldBy(String member, JsonObject result, RunningProgram running) {
        JsonObjectBuilder facts = JsonSupport.objectBuilder();
        if (running.input().isPresent()) {
            facts.add("inputHidden", running.inputHidden());
            if (running.readsLines()) {
                facts.add("readsLines", true);
            }
        }
        running.commandLine().ifPresent(line -> facts.add("commandLine", line));
        running.program().ifPresent(program -> facts.add("program", program));
        facts.add("fullScreen", running.fullScreen());
        return JsonSupport.PROVIDER.createObjectBuilder(result).add(member, facts).build();
    }

    /**
     * Adds {@code command: {exitCode, output, truncated, commandLine}} for the last command, when it started after
     * {@code since}, and with a {@code since} {@code commands}: every command that started after it; or
     * {@code continuation: true} when the shell shows a continuation prompt instead (the line typed was incomplete,
     * nothing ran).
     */
    private JsonObject withCommand(JsonObject result, TerminalSession session, long since) {
        if (prompts.continuationAfter(since)) {
            return JsonSupport.PROVIDER.createObjectBuilder(result).add("continuation", true).build();
        }
        var command = prompts.lastCommandAfter(since);
        if (command.isEmpty()) {
            return result;
        }
        int cols = session.snapshot((terminal, progress) -> terminal.cols());
        JsonObjectBuilder answer = JsonSupport.PROVIDER.createObjectBuilder(result)
                .add("command", commandJson(command.get(), cols));
        if (since >= 0) {
            var all = JsonSupport.arrayBuilder();
            prompts.commandsAfter(since).forEach(each -> all.add(commandJson(each, cols)));
            answer.add("commands", all);
        }
        return answer.build();
    }

    private static JsonObject commandJson(PromptTracker.CommandRecord record, int cols) {
        JsonObjectBuilder json = JsonSupport.objectBuilder()
                .add("output", CommandOutput.render(record.outputBytes(), cols))
                .add("truncated", record.truncated());
        record.commandLine().ifPresent(line -> json.add("commandLine", line));
        if (record.exitCode().isPresent()) {
            json.add("exitCode", record.exitCode().getAsInt());
        } else {
            json.addNull("exitCode");
        }
        if (record.endedShell()) {
            json.add("endedShell", true); // it ended the shell (exit 5): exitCode is the shell's exit status
        }
        return json.build();
    }

    /**
     * The shell's echo of command lines ({@code regions}) is read under the session lock, as the tracker is fed under
     * it, so its marks agree with the output offset of the look.
     */
    private static Look look(TerminalSession session, PromptTracker prompts, Condition condition) {
        return session.snapshot((terminal, progress) -> {
            MatchText matchText = condition.hasMatch() && !condition.inOutput()
                    ? MatchText.of(terminal, condition.scrollback()) : null;
            // The screen a match on it was found in is the answer's, so that found's row and col are its cells.
            // Other waits (since, idleMs, prompt, started) read it only for their answer: a look per chunk of
            // output, and the whole screen serialized in each, cost the server time for every chunk of a stream.
            Screen screen = matchText == null ? null : Screen.of(terminal,
                    condition.scrollback() ? TextSerializer.screen(terminal) : matchText.rows());
            List<InputRegion> regions = condition.inOutput() && prompts != null ? prompts.inputRegions() : List.of();
            return new Look(progress, matchText, regions, screen);
        });
    }

    /** The screen of the answer: the look's own, or read now. */
    private static Screen screenOf(Look look, TerminalSession session) {
        return look.screen() != null ? look.screen()
                : session.snapshot((terminal, progress) -> Screen.of(terminal, TextSerializer.screen(terminal)));
    }

    /**
     * {@code {matched, screen, cursor, size, waitedMs}}, with {@code found} (what matched) and, for a wait the
     * program's end cut short, {@code exited: {exitCode, signal?}}: told apart from a timeout without a second call.
     */
    private static JsonObject result(Look look, TerminalSession session, boolean matched,
                                     Optional<ScreenPatterns.Found> found, long start) {
        Screen screen = screenOf(look, session);
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        JsonObjectBuilder result = JsonSupport.objectBuilder().add("matched", matched).add("screen", screen.text())
                .add("cursor", screen.cursor()).add("size", screen.size()).add("waitedMs", waitedMs);
        found.ifPresent(what -> result.add("found", WaitPatternParams.toJson(what)));
        if (!matched) {
            look.progress().exit().ifPresent(end -> result.add("exited", end.addTo(JsonSupport.objectBuilder())));
        }
        return result.build();
    }

    private static Condition condition(Params params) throws RpcException {
        String match = params.string("match").orElse(null); // or anyOf, WaitPatternParams's
        boolean regex = params.bool("regex", false);
        boolean scrollback = params.bool("scrollback", false);
        long timeout = params.integerInRange("timeout", 0, RpcMethod.MAX_WAIT_TIMEOUT_MS,
                RpcMethod.DEFAULT_WAIT_TIMEOUT_MS);
        long idleMs = params.integerInRange("idleMs", 0, RpcMethod.MAX_WAIT_TIMEOUT_MS, -1);
        boolean prompt = params.bool("prompt", false);
        boolean started = params.bool("started", false);
        if (prompt && started) {
            throw RpcException.invalidParams("prompt and started are exclusive: wait for one, then the other");
        }
        long since = params.integerInRange("since", 0, Long.MAX_VALUE, -1);
        boolean returnIfBusy = returnOrWait(params, "ifBusy");
        if (returnIfBusy && !prompt) {
            throw RpcException.invalidParams("ifBusy needs prompt");
        }
        boolean returnIfWaitingForInput = returnOrWait(params, "ifWaitingForInput");
        if (returnIfWaitingForInput && !prompt) {
            throw RpcException.invalidParams("ifWaitingForInput needs prompt");
        }
        long minPrompts = params.integerInRange("prompts", 0, Long.MAX_VALUE, -1);
        if (minPrompts >= 0 && !prompt) {
            throw RpcException.invalidParams("prompts needs prompt");
        }
        ScreenPatterns matcher = WaitPatternParams.patterns(params, match, regex, scrollback);
        // With a prompt or a start, since is when they must come after (the text is still looked for on the screen,
        // as before); else it is where the text is looked for: in the output after it.
        boolean outputSince = since >= 0 && !prompt && !started;
        if (outputSince && matcher == null) {
            throw RpcException.invalidParams("since needs match, anyOf, prompt or started");
        }
        long continueAt = params.integerInRange("continueAt", 0, Long.MAX_VALUE, -1);
        if (continueAt >= 0 && !outputSince) {
            throw RpcException.invalidParams("continueAt needs since with match or anyOf: it goes on with an earlier "
                    + "wait on the output after since, from that wait's answer");
        }
        if (continueAt >= 0 && continueAt < since) {
            throw RpcException.invalidParams("continueAt " + continueAt + " is before since " + since
                    + ": it is where an earlier wait from since left off, since or later");
        }
        if (outputSince && scrollback) {
            throw RpcException.invalidParams("since and scrollback are exclusive: with since the text is looked for "
                    + "in the output after the offset, which scrolled lines are part of");
        }
        return new Condition(matcher, scrollback, timeout, idleMs, prompt ? since : NOT_ASKED, minPrompts,
                returnIfBusy, started ? since : NOT_ASKED, returnIfWaitingForInput,
                outputSince ? since : NOT_ASKED, continueAt >= 0 ? continueAt : NOT_ASKED);
    }

    /** A {@code "wait"} (the default) or {@code "return"} parameter: whether it is {@code "return"}. */
    private static boolean returnOrWait(Params params, String name) throws RpcException {
        String value = params.string(name).orElse("wait");
        if (!value.equals("wait") && !value.equals("return")) {
            throw RpcException.invalidParams(name + " is \"wait\" or \"return\", got \"" + value + "\"");
        }
        return value.equals("return");
    }
}
