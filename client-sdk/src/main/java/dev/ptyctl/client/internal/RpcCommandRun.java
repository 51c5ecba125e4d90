package dev.ptyctl.client.internal;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.WriteResult;
import dev.ptyctl.client.internal.PromptWaitParams.AnswerEarly;
import dev.ptyctl.protocol.BusyShellAdvice;
import dev.ptyctl.protocol.CommandLines;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs a command line in a shell with ptyctl's shell integration over its JSON-RPC endpoint, as a person would: waits
 * for the prompt (an incomplete line someone left at a continuation prompt is cancelled first), types the line
 * (pasted when it has several, so the shell takes them as one edit) and Enter, and waits for the prompt drawn after
 * it ({@code pty/wait {prompt, since}}, whose answer carries the command's exit code and output). A line the shell
 * took as incomplete or refused is cleared with Ctrl-C, sent again while the prompt does not come back.
 *
 * <p>The one implementation of this for {@code ptyctl run} (the CLI's {@code RunCommand}) and the test DSL's
 * {@code TerminalDriver.run}; each turns the {@link Outcome} into its own report (exit code and messages, or an
 * assertion error). The server's {@code terminal_run} (MCP) does the same in-process, without a socket, in the
 * service's {@code CommandRun}: the service cannot use this class (the SDK is a client of the service, which depends
 * on it only for tests) and this class cannot use the service's (the SDK carries no server code). What each wait
 * decides (the command ended, the shell is busy, the command waits for input) is the server's either way: its
 * {@code pty/wait {prompt}} and {@code terminal_run} wait with the same class ({@code PromptWait}); the two share the
 * Ctrl-C retry too ({@link CommandLines#CLEAR_RETRY}).
 */
public final class RpcCommandRun {
    /** Beyond a server-side wait: room for the reply to arrive, so a slow reply is not taken for a dead server. */
    static final Duration REPLY_MARGIN = Duration.ofSeconds(5);
    /** How a run ended. */
    public enum Ending {
        /**
         * A command held the shell when the run began (a {@code less} left open, an earlier run that timed out and
         * still runs): nothing was typed, since it would have gone to that program. {@link Outcome#answer()} has
         * {@code busy: {commandLine?, program?, fullScreen}} ({@link #describeProgram}). Only when the run was not told
         * to wait for a busy shell.
         */
        BUSY,
        /** The shell was not at its prompt within the timeout (still starting, or it exited): nothing was typed. */
        NOT_READY,
        /**
         * The line was typed and its command still runs, waiting for what a person types: it reads keys (a REPL, an
         * editor, a pager), hidden input (a password prompt) or a line from the terminal ({@code read answer}) and
         * has printed nothing for a second, so its prompt would not come back by waiting on; or, for a run that waits
         * for a busy shell, the command it waits behind does so, and nothing was typed. {@link Outcome#answer()} has
         * {@code waitingForInput: {commandLine?, program?, inputHidden, readsLines?, fullScreen}}
         * ({@link #describeProgram}, {@link #awaitedInput}). Only for a run without an {@link InputWaitListener}.
         */
        WAITING_FOR_INPUT,
        /**
         * The line was typed; its prompt did not come back within the timeout, or the shell exited before the
         * command finished (a signal ended it, or it ended before the command ran).
         */
        NOT_FINISHED,
        /** The shell took the line as incomplete (a continuation prompt): nothing ran; Ctrl-C cancelled it. */
        INCOMPLETE,
        /**
         * The line was blank or only a comment: Enter drew a new prompt and nothing ran, as in any terminal. Not a
         * failure: a script that runs what it is given must not stop at an empty line or a comment.
         */
        BLANK_LINE,
        /** The prompt came back with no command run: the shell refused the line (cleared with Ctrl-C). */
        RAN_NOTHING,
        /** The command ran: {@link Outcome#answer()} has its {@code command} (and {@code commands}). */
        FINISHED,
        /**
         * The command ran and ended the shell ({@code exit 5}, {@code echo x; exit 7}): {@link Outcome#answer()} has
         * its {@code command}, with {@code endedShell: true}, its output and the shell's exit status as its
         * {@code exitCode}. No prompt comes after it: the terminal's program has ended.
         */
        SHELL_EXITED
    }

    /**
     * The outcome.
     *
     * @param ending       how the run ended
     * @param answer       the answer of the prompt wait that decided it: the one before typing for
     *                     {@link Ending#NOT_READY}, the one after typing otherwise
     * @param cleared      for a line cleared with Ctrl-C: whether the shell's prompt came back after it
     * @param lastWriteSeq the output offset of the run's last write (the line, or a Ctrl-C); -1 when it wrote nothing
     */
    public record Outcome(Ending ending, JsonObject answer, boolean cleared, long lastWriteSeq) {
    }

    /** Told when a command waits for what a person types, before the run waits on for its prompt. */
    @FunctionalInterface
    public interface InputWaitListener {
        /**
         * A command waits for input.
         *
         * @param answer what waits, as {@link Ending#WAITING_FOR_INPUT}'s answer has it
         * @param typed  true for the command the run typed; false for the one a run that waits for a busy shell
         *               waits behind (nothing is typed yet)
         */
        void waitingForInput(JsonObject answer, boolean typed);
    }

    private final RpcClient client;
    private final long deadlineNanos;
    private final boolean waitIfBusy;
    private final InputWaitListener whileWaitingForInput;
    private long lastWriteSeq = -1;

    private RpcCommandRun(RpcClient client, long deadlineNanos, boolean waitIfBusy,
                          InputWaitListener whileWaitingForInput) {
        this.client = client;
        this.deadlineNanos = deadlineNanos;
        this.waitIfBusy = waitIfBusy;
        this.whileWaitingForInput = whileWaitingForInput;
    }

    /**
     * Runs {@code line}, all waits together ending by {@code deadlineNanos} ({@link System#nanoTime()}); a shell busy
     * with a command is not waited for ({@link Ending#BUSY}).
     *
     * @throws IOException the connection failed or the server refused a request (no shell integration)
     */
    public static Outcome run(RpcClient client, String line, long deadlineNanos) throws IOException {
        return run(client, line, deadlineNanos, false);
    }

    /**
     * {@link #run(RpcClient, String, long)}; with {@code waitIfBusy}, a shell busy with a command is waited for (until
     * the deadline) instead, so runs from several scripts queue up, unless that command waits for input (a REPL, a
     * pager): then nothing is typed and the run ends {@link Ending#WAITING_FOR_INPUT} (the five-argument form, with
     * a listener, is told and waits on).
     */
    public static Outcome run(RpcClient client, String line, long deadlineNanos, boolean waitIfBusy)
            throws IOException {
        return new RpcCommandRun(client, deadlineNanos, waitIfBusy, null).run(line);
    }

    /**
     * {@link #run(RpcClient, String, long, boolean)} that does not end at a command waiting for input
     * ({@link Ending#WAITING_FOR_INPUT}): {@code whileWaitingForInput} gets that answer, once for the command a
     * queued run waits behind and once for the run's own, and the run waits on for the prompt until the deadline.
     * For a caller that only reports it ({@code ptyctl run}): a program that works in raw mode ({@code ssh -t host
     * make}) looks the same during a quiet second, and a script must not fail for it.
     */
    public static Outcome run(RpcClient client, String line, long deadlineNanos, boolean waitIfBusy,
                              InputWaitListener whileWaitingForInput) throws IOException {
        return new RpcCommandRun(client, deadlineNanos, waitIfBusy, Objects.requireNonNull(whileWaitingForInput))
                .run(line);
    }

    /**
     * The command of {@link Ending#BUSY}'s answer (what holds the shell) or {@link Ending#WAITING_FOR_INPUT}'s (what
     * waits), as a reader would name it: {@code `less notes.txt`} (the line, when the shell reported it), with the
     * program when that says more ({@code `make test` (now: cc1)}); {@code less} when the shell did not report the
     * line; "a command" when nothing is known.
     */
    public static String describeProgram(JsonObject answer) {
        return BusyShellAdvice.describe(commandLine(answer), programName(answer));
    }

    /** The command line of {@link Ending#BUSY}'s or {@link Ending#WAITING_FOR_INPUT}'s answer, if the shell told it. */
    public static Optional<String> commandLine(JsonObject answer) {
        JsonObject report = programReport(answer);
        return report.containsKey("commandLine") ? Optional.of(report.getString("commandLine")) : Optional.empty();
    }

    /**
     * The name of the program that holds the terminal in {@link Ending#BUSY}'s or {@link Ending#WAITING_FOR_INPUT}'s
     * answer ({@code less}), when the server could tell.
     */
    public static Optional<String> programName(JsonObject answer) {
        JsonObject report = programReport(answer);
        return report.containsKey("program") ? Optional.of(report.getString("program")) : Optional.empty();
    }

    /**
     * Whether the program of {@link Ending#BUSY}'s or {@link Ending#WAITING_FOR_INPUT}'s answer shows a full-screen
     * program (alternate screen).
     */
    public static boolean programIsFullScreen(JsonObject answer) {
        return programReport(answer).getBoolean("fullScreen", false);
    }

    /**
     * What {@link Ending#WAITING_FOR_INPUT}'s command waits for: hidden input (a password prompt), a line (it reads the
     * terminal line by line; a server from before {@code readsLines} never says so) or keys.
     */
    public static WaitingForInputAdvice.Input awaitedInput(JsonObject answer) {
        JsonObject report = programReport(answer);
        return report.getBoolean("inputHidden", false) ? WaitingForInputAdvice.Input.HIDDEN
                : report.getBoolean("readsLines", false) ? WaitingForInputAdvice.Input.LINES
                : WaitingForInputAdvice.Input.KEYS;
    }

    /** What {@link Ending#BUSY}'s or {@link Ending#WAITING_FOR_INPUT}'s answer says of the program. */
    private static JsonObject programReport(JsonObject answer) {
        return answer.containsKey("busy") ? answer.getJsonObject("busy") : answer.getJsonObject("waitingForInput");
    }

    private Outcome run(String line) throws IOException {
        // A queued run waits for the busy shell's command to end, which a REPL or a pager never does by itself: told
        // as the run's own command would be.
        JsonObject ready = waitIfBusy ? waitReportingInputWaits(-1, -1, false)
                : waitForPrompt(-1, -1, deadlineNanos, AnswerEarly.IF_BUSY);
        if (ready.containsKey("busy")) {
            return outcome(Ending.BUSY, ready, false);
        }
        if (ready.containsKey("waitingForInput")) {
            return outcome(Ending.WAITING_FOR_INPUT, ready, false);
        }
        if (continuation(ready)) {
            ready = clearLine(); // someone left an incomplete line: typing now would add to it
        }
        if (!atPrompt(ready)) {
            return outcome(Ending.NOT_READY, ready, false);
        }
        boolean severalLines = line.indexOf('\n') >= 0;
        WriteResult typed = write(List.of(CommandLines.needsPaste(line) ? Action.paste(line) : Action.text(line),
                Action.key(Key.ENTER)));
        long typedAt = typed.outputSeq();
        // A shell that leaves bracketed paste off reads the lines one by one, drawing a prompt (or a continuation
        // prompt) after each: the run is done at the last line's, not the first's (the rest would run into the next)
        long minPrompts = severalLines && !typed.bracketedPaste() && typed.promptsDrawn() >= 0
                ? typed.promptsDrawn() + CommandLines.typedLines(line) : -1;
        JsonObject done = waitReportingInputWaits(typedAt, minPrompts, true);
        if (done.containsKey("waitingForInput")) {
            return outcome(Ending.WAITING_FOR_INPUT, done, false);
        }
        if (!done.getBoolean("matched")) {
            // The wait answers at once when the shell exits, with the command during which it did, if there was one.
            JsonObject command = done.getJsonObject("command");
            boolean endedShell = command != null && command.getBoolean("endedShell", false);
            return outcome(endedShell ? Ending.SHELL_EXITED : Ending.NOT_FINISHED, done, false);
        }
        if (continuation(done)) {
            return outcome(Ending.INCOMPLETE, done, atPrompt(clearLine()));
        }
        if (done.getJsonObject("command") == null) {
            // A blank line (or a comment) leaves nothing to clear; a refused one may stay in the editor (fish), to be
            // joined by the next line typed.
            return CommandLines.nothingToRun(line) ? outcome(Ending.BLANK_LINE, done, true)
                    : outcome(Ending.RAN_NOTHING, done, atPrompt(clearLine()));
        }
        return outcome(Ending.FINISHED, done, false);
    }

    /**
     * A prompt wait ({@link #waitForPrompt(long, long, long, AnswerEarly)}) answered early when the command that runs
     * waits for input: the listener is told and the wait goes on until the deadline; without a listener that answer
     * is returned (with {@code waitingForInput}).
     */
    private JsonObject waitReportingInputWaits(long since, long minPrompts, boolean typed) throws IOException {
        JsonObject answer;
        try {
            answer = waitForPrompt(since, minPrompts, deadlineNanos, AnswerEarly.IF_WAITING_FOR_INPUT);
        } catch (RpcException refused) {
            if (since >= 0 || refused.code() != RpcErrorCode.INVALID_PARAMS.code()) {
                throw refused;
            }
            // A server from before this client (a `ptyctl server` runs for days across updates) takes
            // ifWaitingForInput only with since: the queued run waits without being told of a program waiting.
            return waitForPrompt(since, minPrompts, deadlineNanos, AnswerEarly.NEVER);
        }
        if (answer.containsKey("waitingForInput") && whileWaitingForInput != null) {
            whileWaitingForInput.waitingForInput(answer, typed);
            answer = waitForPrompt(since, minPrompts, deadlineNanos, AnswerEarly.NEVER);
        }
        return answer;
    }

    private Outcome outcome(Ending ending, JsonObject wait, boolean cleared) {
        return new Outcome(ending, wait, cleared, lastWriteSeq);
    }

    /**
     * Ctrl-C, so the shell drops the line and draws a new prompt; again after {@link CommandLines#CLEAR_RETRY} while
     * none came, at most {@link CommandLines#CLEAR_ATTEMPTS} times, unless the shell exited. Answers the last prompt
     * wait, which counts a prompt drawn after the first Ctrl-C, however slow.
     */
    private JsonObject clearLine() throws IOException {
        long since = ctrlC();
        JsonObject back = null;
        for (int attempt = 1; attempt <= CommandLines.CLEAR_ATTEMPTS; attempt++) {
            long until = attempt == CommandLines.CLEAR_ATTEMPTS ? deadlineNanos
                    : Math.min(deadlineNanos, System.nanoTime() + CommandLines.CLEAR_RETRY.toNanos());
            back = waitForPrompt(since, until);
            if (atPrompt(back) || System.nanoTime() - deadlineNanos >= 0
                    || !back.getBoolean("matched") && !client.status().running()) {
                return back;
            }
            if (attempt < CommandLines.CLEAR_ATTEMPTS) {
                ctrlC();
            }
        }
        return back;
    }

    private long ctrlC() throws IOException {
        return write(List.of(Action.key(Key.ctrl('c')))).outputSeq();
    }

    /** Writes; its outputSeq is where the write was applied, where to wait for the prompt after it from. */
    private WriteResult write(List<Action> actions) throws IOException {
        WriteResult written = client.write(actions);
        if (written.outputSeq() == WriteResult.UNKNOWN_SEQ) {
            throw new IOException("the server did not say where its output was when it took the input (no outputSeq "
                    + "in the pty/write result), so the prompt after it cannot be told from the one before");
        }
        lastWriteSeq = written.outputSeq();
        return written;
    }

    /** {@link #waitForPrompt(long, long, long, AnswerEarly)} with no prompt count, waiting for a busy shell. */
    private JsonObject waitForPrompt(long since, long untilNanos) throws IOException {
        return waitForPrompt(since, -1, untilNanos, AnswerEarly.NEVER);
    }

    /**
     * {@code pty/wait {prompt: true[, since]}}, with what is left until {@code untilNanos} ({@link System#nanoTime()}):
     * waits until the shell is at a prompt drawn after output offset {@code since} (any prompt when it is negative),
     * or at a continuation prompt, and has drawn {@code minPrompts} prompts in all (-1: any); answered early (with
     * {@code busy} or {@code waitingForInput}) as {@code answerEarly} says. The answer as the server gave it.
     */
    private JsonObject waitForPrompt(long since, long minPrompts, long untilNanos, AnswerEarly answerEarly)
            throws IOException {
        // A run longer than the server's longest wait (a 30-minute build) asks again with the same since.
        return LongWait.wait(client, Duration.ofNanos(Math.max(0, untilNanos - System.nanoTime())),
                timeout -> client.call(RpcMethod.WAIT, PromptWaitParams.of(since, minPrompts, timeout, answerEarly),
                        timeout.plus(REPLY_MARGIN)));
    }

    /** Whether a prompt wait ended at a continuation prompt (the line typed so far is incomplete). */
    private static boolean continuation(JsonObject waited) {
        return waited.getBoolean("continuation", false);
    }

    /** Whether a prompt wait ended at the shell's main prompt: matched, and not at a continuation prompt. */
    private static boolean atPrompt(JsonObject waited) {
        return waited.getBoolean("matched") && !continuation(waited);
    }
}
