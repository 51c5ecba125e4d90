package dev.ptyctl.service.control;

import dev.ptyctl.protocol.CommandLines;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.CommandOutput;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.shell.PromptTracker.CommandSummary;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs a command line in the terminal's shell the way a person would: waits for the prompt, types the line (pasted,
 * so quotes, heredocs and several lines arrive as one edit; bracketed when the shell asked for it), presses Enter and
 * waits for the prompt drawn after it. Exit code, output and working directory come from the shell integration's
 * marks (OSC 133 C/D, OSC 7): no wrapper around the command, nothing matched on its echo, and {@code cd} or
 * {@code export} persist because the command ran in the shell itself. For several commands the exit code is the
 * last one's and the output is all of theirs. A command that ends the shell ({@code exit 5}, {@code echo x; exit 7})
 * finishes with it: its output, and the shell's exit status as its exit code. A line the shell takes as incomplete (it shows its continuation prompt,
 * marked OSC 633 F) is cancelled with Ctrl-C at once and reported, as is one someone left incomplete before the run.
 *
 * <p>{@code ptyctl run} and the test DSL's {@code TerminalDriver.run} do the same over JSON-RPC, in one class of the
 * SDK ({@code dev.ptyctl.client.internal.RpcCommandRun}); this one stays apart because the service cannot use the
 * SDK (a client of the service: the service depends on it for tests only) nor the SDK the service (no server code in
 * a client), and {@code protocol}, the one module both use, holds wire types, not behaviour (only the rules both sides
 * must agree on, such as {@link CommandLines#nothingToRun}). What differs here is what
 * being in-process gives: the session's own waits instead of {@code pty/wait}, the prompt tracker's records for the
 * output and working directory. (The wait for the line editor's bracketed paste before several lines are pasted is
 * {@link PasteReadiness}'s, in {@link TerminalInput#send}, as for every paste, and ends by the run's deadline.)
 */
public final class CommandRun {

    /**
     * The outcome.
     *
     * @param exitCode  the (last) command's exit code; empty when it timed out or the shell ran nothing; when the
     *                  command ended the shell ({@code exited}), the shell's exit status
     * @param output    what the commands printed, as screen text lines without the trailing newline (when it timed
     *                  out, what they printed so far)
     * @param truncated whether the output was cut (its head is kept)
     * @param cwd       the shell's working directory afterwards (OSC 7), "" if it never said
     * @param seq       the output seq when the run ended
     * @param timedOut  whether the timeout came first (the command keeps running)
     * @param ranNothing the prompt came back with no command run: a blank line or one the shell refused (then
     *                  Ctrl-C was sent to clear the line: fish keeps a refused line in its editor)
     * @param exited    the shell itself exited: with an {@code exitCode}, because the command ended it
     *                  ({@code exit 5}, {@code echo x; exit 7}: its output is there too); without, before the
     *                  command finished (a signal ended the shell, or it exited before the command ran)
     * @param incomplete the shell took the line as incomplete and waited for more (continuation prompt); nothing ran
     *                  and Ctrl-C was sent to cancel the line
     * @param cancelled with {@code incomplete} or a refused line: the shell's prompt came back after the Ctrl-C
     *                  (false: the timeout came first)
     * @param waitingForInput when the command still runs and waits for what a person types: it reads keys (a REPL,
     *                  an editor, a pager: the terminal out of canonical mode) or hidden input (a password prompt),
     *                  and its output has been quiet for {@link AwaitedInput#QUIET}, as seen when the run ended. Said
     *                  before the timeout, since waiting on would not bring its prompt back; {@code output} is what
     *                  it printed so far
     */
    public record Result(OptionalInt exitCode, String output, boolean truncated, String cwd, long seq,
                         boolean timedOut, boolean ranNothing, boolean exited, boolean incomplete,
                         boolean cancelled, Optional<AwaitedInput.Waiting> waitingForInput) {
        /** Whether the command ended the shell ({@code exit 5}): it finished, with the shell's exit status. */
        public boolean endedShell() {
            return exited && exitCode.isPresent();
        }
    }

    /**
     * How long a Ctrl-C that cancels an incomplete line gets to bring the prompt back before it is sent again. fish
     * loses a Ctrl-C that arrives within a few hundred milliseconds of the input before it (measured: 6 of 8 sent at
     * once, none of 8 sent 300 ms later), so a lost one is repeated; one that was merely slow only makes the shell
     * draw one more prompt.
     */
    private static final java.time.Duration CANCEL_RETRY = java.time.Duration.ofSeconds(2);
    /** Ctrl-Cs sent at most for one incomplete line. */
    private static final int CANCEL_ATTEMPTS = 3;

    /**
     * The shell was not at its prompt, so nothing was typed: a command it runs holds the terminal (typing would go to
     * that program: a full-screen one takes the letters as its commands), or no prompt came within the timeout.
     */
    public static final class ShellBusy extends Exception {
        private static final long serialVersionUID = 1L;
        /** The command the shell runs now (its line, when the shell said it), or null when no prompt came. */
        private final transient CommandSummary running;
        private final long seq;

        ShellBusy(CommandSummary running, long seq) {
            super(running == null ? "no prompt" : "running " + running.commandLine().orElse("a command"));
            this.running = running;
            this.seq = seq;
        }

        /** The command the shell runs now; empty when the shell simply showed no prompt within the timeout. */
        public Optional<CommandSummary> running() {
            return Optional.ofNullable(running);
        }

        /** The output seq when the run gave up: where a prompt wait for the shell to be free starts from. */
        public long seq() {
            return seq;
        }
    }

    private CommandRun() {
    }

    /**
     * Runs {@code command}.
     *
     * @throws IllegalArgumentException the terminal's prompts cannot be seen (no shell integration, or not a shell)
     * @throws ShellBusy                a command held the shell when the run began, or no prompt came within the
     *                                  timeout: nothing was typed
     */
    public static Result run(TerminalSession session, Optional<PromptTracker> tracker, OutputLog log,
                             String command, long timeoutMs, int maxBytes)
            throws IOException, InterruptedException, ShellBusy {
        Optional<String> unseen = PromptTracker.whyPromptsUnseen(tracker.orElse(null));
        if (unseen.isPresent()) {
            throw new IllegalArgumentException(unseen.get() + ", nor a command's end and exit code; type into it "
                    + "with terminal_send and wait for its output with terminal_wait {text, regex or idleMs} "
                    + "instead");
        }
        PromptTracker prompts = tracker.orElseThrow();
        Optional<CommandSummary> holding = prompts.runningCommand();
        if (holding.isPresent()) {
            // Said at once rather than after waiting out the timeout: the caller (an agent, mostly) has forgotten a
            // program it left running, and what it typed would go to that program, not to the shell.
            throw new ShellBusy(holding.get(), session.progress().outputSeq());
        }
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        TerminalWait.Outcome ready = awaitPrompt(session, tracker, log, -1, deadline);
        if (ready.matched() && ready.continuation()) {
            // Someone left an incomplete line at the continuation prompt: typing now would add to it. Cancel it.
            ready = cancelIncompleteLine(session, tracker, log, deadline);
        }
        if (!ready.matched() && ready.reason() != TerminalWait.Reason.EXIT) {
            throw new ShellBusy(prompts.runningCommand().orElse(null), ready.seq());
        }
        if (!ready.matched() || ready.continuation()) {
            return unfinished(session, ready);
        }
        boolean severalLines = command.indexOf('\n') >= 0;
        List<TerminalInput.Action> typing = List.of(
                new TerminalInput.Action(severalLines ? TerminalInput.Kind.PASTE
                        : TerminalInput.Kind.TEXT, command),
                new TerminalInput.Action(TerminalInput.Kind.KEY, "Enter"));
        long promptsBefore = prompts.promptsDrawn();
        TerminalInput.Sent sent;
        try {
            // The wait for the line editor's bracketed paste is bounded by the run's timeout too.
            sent = TerminalInput.send(session, prompts, typing, deadline);
        } catch (TerminalInput.UnknownKey e) {
            throw new IllegalStateException("Enter is a key", e);
        }
        long typedAt = sent.seq();
        // Several lines typed without bracketed paste (the shell never turned it on): the shell reads them one by one
        // and draws a prompt after each (a continuation one within a compound command or a here document), so the run
        // is done at the last line's, not the first's, which left the rest to run into the next command. A line a
        // program reads instead of the shell draws none: such a run ends at its timeout.
        long minPrompts = severalLines && !sent.bracketedPaste()
                ? promptsBefore + CommandLines.typedLines(command) : -1;
        End end = awaitEnd(session, prompts, log, TerminalWait.Condition.prompt(typedAt, minPrompts), typedAt,
                deadline);
        TerminalWait.Outcome done = end.outcome();
        List<CommandSummary> ran = prompts.recentCommands().stream()
                .filter(c -> c.outputStartSeq() > typedAt && !c.running()).toList();
        boolean shellExited = !done.matched() && done.reason() == TerminalWait.Reason.EXIT;
        if (shellExited && !ran.isEmpty() && ran.getLast().endedShell()) {
            // A command that ended the shell (exit 5) finished, with the shell's exit status as its code.
            return finished(session, prompts, log, ran, done, maxBytes);
        }
        if (!done.matched()) {
            return shellExited ? unfinished(session, done) : stillRunning(session, prompts, log, ran, typedAt, done,
                    maxBytes, end.waiting());
        }
        if (done.continuation()) {
            return clearedLine(session, tracker, log, deadline, true);
        }
        if (ran.isEmpty() && CommandLines.nothingToRun(command)) {
            return new Result(OptionalInt.empty(), "", false, cwd(session), done.seq(), false, false, false, false,
                    false, Optional.empty());
        }
        if (ran.isEmpty()) {
            // Refused (a syntax error): fish keeps the line in its editor, where the next run's text would join it.
            return clearedLine(session, tracker, log, deadline, false);
        }
        return finished(session, prompts, log, ran, done, maxBytes);
    }

    /** The commands of the run ({@code ran}, oldest first) finished: the last one's exit code, all their output. */
    private static Result finished(TerminalSession session, PromptTracker prompts, OutputLog log,
                                   List<CommandSummary> ran, TerminalWait.Outcome done, int maxBytes) {
        Output output = output(session, prompts, log, ran, maxBytes);
        return new Result(ran.getLast().exitCode(), output.head(), output.truncated(), cwd(session), done.seq(),
                false, false, ran.getLast().endedShell(), false, false, Optional.empty());
    }

    /** How the wait for the run's prompt ended, and what waits for input when that ended it. */
    private record End(TerminalWait.Outcome outcome, Optional<AwaitedInput.Waiting> waiting) {
    }

    /**
     * Waits for the prompt that ends the run, and looks every {@link AwaitedInput#CHECK_EVERY} whether the command
     * waits for typed input instead ({@link AwaitedInput#waiting}): then it ends with what it saw, before the
     * deadline, and the outcome is TIMEOUT.
     */
    private static End awaitEnd(TerminalSession session, PromptTracker prompts, OutputLog log,
                                TerminalWait.Condition prompt, long typedAt, long deadlineNanos)
            throws InterruptedException {
        while (true) {
            long slice = Math.min(deadlineNanos, System.nanoTime() + AwaitedInput.CHECK_EVERY.toNanos());
            TerminalWait.Outcome outcome = awaitPrompt(session, Optional.of(prompts), log, prompt, slice);
            if (outcome.matched() || outcome.reason() == TerminalWait.Reason.EXIT) {
                return new End(outcome, Optional.empty());
            }
            Optional<AwaitedInput.Waiting> waiting = AwaitedInput.waiting(session, prompts, typedAt);
            if (waiting.isPresent() || System.nanoTime() - deadlineNanos >= 0) {
                return new End(outcome, waiting);
            }
        }
    }

    /**
     * The run's commands still run: the timeout came, or the command waits for typed input. What they printed so far
     * (a build's progress, a prompt such as "Password:" or {@code >>>} that waits for an answer), so the caller can
     * tell what it is waiting for without another call. The command keeps running. {@code ran} are the run's
     * finished commands (oldest first); the one still running follows them.
     */
    private static Result stillRunning(TerminalSession session, PromptTracker prompts, OutputLog log,
                                       List<CommandSummary> ran, long typedAt, TerminalWait.Outcome done,
                                       int maxBytes, Optional<AwaitedInput.Waiting> waitingForInput) {
        List<CommandSummary> started = new ArrayList<>(ran);
        prompts.runningCommand().filter(c -> c.outputStartSeq() > typedAt).ifPresent(running -> started.add(
                new CommandSummary(running.commandLine(), running.outputStartSeq(), done.seq(), OptionalInt.empty(),
                        false)));
        Output output = output(session, prompts, log, started, maxBytes);
        return new Result(OptionalInt.empty(), output.head(), output.truncated(), cwd(session), done.seq(),
                waitingForInput.isEmpty(), false, false, false, false, waitingForInput);
    }

    private record Output(String head, boolean truncated) {
    }

    /** The output of {@code commands} (oldest first) as screen text, its head kept under {@code maxBytes}. */
    private static Output output(TerminalSession session, PromptTracker prompts, OutputLog log,
                                 List<CommandSummary> commands, int maxBytes) {
        int cols = session.inspect(Terminal::cols);
        StringBuilder output = new StringBuilder();
        boolean truncated = false;
        for (CommandSummary each : commands) {
            Captured captured = captured(each, prompts, log);
            truncated |= captured.cut();
            output.append(CommandOutput.render(captured.bytes(), cols));
        }
        String text = output.toString();
        if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);
        }
        String head = head(text, maxBytes);
        return new Output(head, truncated || head.length() < text.length());
    }

    private static TerminalWait.Outcome awaitPrompt(TerminalSession session, Optional<PromptTracker> tracker,
                                                    OutputLog log, long sinceSeq, long deadlineNanos)
            throws InterruptedException {
        return awaitPrompt(session, tracker, log, TerminalWait.Condition.prompt(sinceSeq), deadlineNanos);
    }

    private static TerminalWait.Outcome awaitPrompt(TerminalSession session, Optional<PromptTracker> tracker,
                                                    OutputLog log, TerminalWait.Condition prompt, long deadlineNanos)
            throws InterruptedException {
        return TerminalWait.await(session, tracker, log, prompt, remainingMs(deadlineNanos), Long.MAX_VALUE,
                TerminalWait.Progress.NONE);
    }

    /**
     * The result for a line that ran nothing and was cleared with Ctrl-C: {@code incomplete} (the shell waited for
     * more) or refused (the prompt came back without a command).
     */
    private static Result clearedLine(TerminalSession session, Optional<PromptTracker> tracker, OutputLog log,
                                      long deadlineNanos, boolean incomplete)
            throws IOException, InterruptedException {
        TerminalWait.Outcome back = cancelIncompleteLine(session, tracker, log, deadlineNanos);
        return new Result(OptionalInt.empty(), "", false, cwd(session), back.seq(), false, !incomplete,
                back.reason() == TerminalWait.Reason.EXIT, incomplete, back.matched() && !back.continuation(),
                Optional.empty());
    }

    /**
     * Ctrl-C, so the shell drops the incomplete (or refused) line and draws a new prompt; again after
     * {@link #CANCEL_RETRY} while no prompt came, at most {@link #CANCEL_ATTEMPTS} times. The outcome of the last wait
     * for that prompt (drawn after the first Ctrl-C, so a slow answer to it counts too).
     */
    private static TerminalWait.Outcome cancelIncompleteLine(TerminalSession session,
                                                             Optional<PromptTracker> tracker, OutputLog log,
                                                             long deadlineNanos)
            throws IOException, InterruptedException {
        long since = cancelLine(session);
        TerminalWait.Outcome back = null;
        for (int attempt = 1; attempt <= CANCEL_ATTEMPTS; attempt++) {
            long until = attempt == CANCEL_ATTEMPTS ? deadlineNanos
                    : Math.min(deadlineNanos, System.nanoTime() + CANCEL_RETRY.toNanos());
            back = awaitPrompt(session, tracker, log, since, until);
            if (back.matched() && !back.continuation() || back.reason() == TerminalWait.Reason.EXIT
                    || System.nanoTime() - deadlineNanos >= 0) {
                return back;
            }
            if (attempt < CANCEL_ATTEMPTS) {
                cancelLine(session);
            }
        }
        return back;
    }

    /** Ctrl-C: the shell drops the incomplete line and draws a new prompt. Returns where to wait for it from. */
    private static long cancelLine(TerminalSession session) throws IOException, InterruptedException {
        try {
            return TerminalInput.send(session, null, List.of(new TerminalInput.Action(TerminalInput.Kind.KEY, "C-c")))
                    .seq();
        } catch (TerminalInput.UnknownKey e) {
            throw new IllegalStateException("C-c is a key", e);
        }
    }

    private record Captured(byte[] bytes, boolean cut) {
    }

    /** A command's raw output: the tracker's copy for the last one, the output log's range for earlier ones. */
    private static Captured captured(CommandSummary command, PromptTracker prompts, OutputLog log) {
        Optional<PromptTracker.CommandRecord> last = prompts.lastCommand()
                .filter(c -> c.outputStartSeq() == command.outputStartSeq());
        if (last.isPresent()) {
            return new Captured(last.get().outputBytes(), last.get().truncated());
        }
        long start = Math.max(command.outputStartSeq(), log.firstKeptSeq());
        int length = (int) Math.max(0, command.outputEndSeq() - start);
        byte[] bytes = new byte[length];
        OutputLog.Read read = log.read(start, bytes, 0, length, true);
        int got = read.status() == OutputLog.ReadStatus.BYTES ? read.length() : 0;
        return new Captured(java.util.Arrays.copyOf(bytes, got),
                start > command.outputStartSeq() || got < length);
    }

    private static Result unfinished(TerminalSession session, TerminalWait.Outcome outcome) {
        String cwd = cwd(session);
        boolean exited = outcome.reason() == TerminalWait.Reason.EXIT;
        return new Result(OptionalInt.empty(), "", false, cwd, outcome.seq(), !exited, false, exited, false, false,
                Optional.empty());
    }

    /** The first {@code maxBytes} UTF-8 bytes of {@code text}, cut before a character, never inside one. */
    static String head(String text, int maxBytes) {
        if (text.length() * 3L <= maxBytes || text.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
            return text;
        }
        int bytes = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            i += Character.charCount(cp);
        }
        return text.substring(0, i);
    }

    /** The shell's working directory now, from its last OSC 7; "" if it never said. */
    private static String cwd(TerminalSession session) {
        return workingDirectory(session.inspect(Terminal::workingDirectory));
    }

    /** The path of an OSC 7 {@code file://host/path} URI, percent-decoded; "" if there is none. */
    static String workingDirectory(String uri) {
        if (uri == null || uri.isEmpty()) {
            return "";
        }
        try {
            String path = new URI(uri).getPath();
            return path == null ? "" : path;
        } catch (URISyntaxException e) {
            return uri.startsWith("file://") ? uri.substring(uri.indexOf('/', "file://".length())) : "";
        }
    }

    private static long remainingMs(long deadlineNanos) {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }
}
