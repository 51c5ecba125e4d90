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
 * <p>Every wait is a {@link PromptWait}, the one that {@code pty/wait {prompt}} runs too, so this run and the one that
 * {@code ptyctl run} and the test DSL's {@code TerminalDriver.run} make over JSON-RPC
 * ({@code dev.ptyctl.client.internal.RpcCommandRun}, a sequence of {@code pty/write} and {@code pty/wait} calls)
 * decide alike when the command has ended, holds the shell ({@code busy}) or waits for input. What stays here is the
 * sequence of typing and waiting, which the SDK's class repeats in its own calls: the service cannot use the SDK (a
 * client of the service: the service depends on it for tests only) nor the SDK the service (no server code in a
 * client), and {@code protocol}, the one module both use, holds wire types and shared rules
 * ({@link CommandLines#nothingToRun}), not behaviour. In-process, the output and working directory come from the
 * prompt tracker's records. (The wait for the line editor's bracketed paste before several lines are pasted is
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
     * @param truncated whether the output was cut: its head and its tail are kept, with a line between them that says
     *                  how much was cut and where the whole output starts ({@code outputSeq})
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
                         boolean cancelled, Optional<RunningProgram> waitingForInput, long outputSeq) {
        /** Whether the command ended the shell ({@code exit 5}): it finished, with the shell's exit status. */
        public boolean endedShell() {
            return exited && exitCode.isPresent();
        }
    }

    /**
     * The shell was not at its prompt, so nothing was typed: a command it runs holds the terminal (typing would go to
     * that program: a full-screen one takes the letters as its commands), or no prompt came within the timeout.
     */
    public static final class ShellBusy extends Exception {
        private static final long serialVersionUID = 1L;
        /** The command the shell runs now (its line, when the shell said it), or null when no prompt came. */
        private final transient RunningProgram running;
        private final long seq;

        ShellBusy(Optional<RunningProgram> running, long seq) {
            super(running.map(r -> "running " + r.commandLine().orElse("a command")).orElse("no prompt"));
            this.running = running.orElse(null);
            this.seq = seq;
        }

        /** The command the shell runs now; empty when the shell simply showed no prompt within the timeout. */
        public Optional<RunningProgram> running() {
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
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        // A command that holds the shell is said at once rather than after waiting out the timeout: the caller (an
        // agent, mostly) has forgotten a program it left running, and what it typed would go to that program.
        PromptWait.Outcome ready = PromptWait.await(session, prompts, PromptWait.Request.beforeTyping(),
                deadline);
        if (ready.ending() == PromptWait.Ending.BUSY) {
            throw new ShellBusy(ready.program(), ready.seq());
        }
        if (ready.ending() == PromptWait.Ending.CONTINUATION) {
            // Someone left an incomplete line at the continuation prompt: typing now would add to it. Cancel it.
            ready = cancelIncompleteLine(session, prompts, deadline);
        }
        if (ready.ending() == PromptWait.Ending.TIMED_OUT) {
            throw new ShellBusy(prompts.runningCommand()
                    .map(running -> RunningProgram.holding(session, running.commandLine())), ready.seq());
        }
        if (ready.ending() != PromptWait.Ending.PROMPT) {
            return unfinished(session, ready);
        }
        boolean severalLines = command.indexOf('\n') >= 0;
        List<TerminalInput.Action> typing = List.of(
                new TerminalInput.Action(CommandLines.needsPaste(command) ? TerminalInput.Kind.PASTE
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
        PromptWait.Outcome done = PromptWait.await(session, prompts,
                PromptWait.Request.afterTyping(typedAt, minPrompts), deadline);
        List<CommandSummary> ran = prompts.recentCommands().stream()
                .filter(c -> c.outputStartSeq() > typedAt && !c.running()).toList();
        boolean shellExited = done.ending() == PromptWait.Ending.EXITED;
        if (shellExited && !ran.isEmpty() && ran.getLast().endedShell()) {
            // A command that ended the shell (exit 5) finished, with the shell's exit status as its code.
            return finished(session, prompts, log, ran, done, maxBytes);
        }
        if (!done.atAnyPrompt()) {
            return shellExited ? unfinished(session, done) : stillRunning(session, prompts, log, ran, typedAt, done,
                    maxBytes);
        }
        if (done.ending() == PromptWait.Ending.CONTINUATION) {
            return clearedLine(session, prompts, deadline, true);
        }
        if (ran.isEmpty() && CommandLines.nothingToRun(command)) {
            return new Result(OptionalInt.empty(), "", false, cwd(session), done.seq(), false, false, false, false,
                    false, Optional.empty(), -1);
        }
        if (ran.isEmpty()) {
            // Refused (a syntax error): fish keeps the line in its editor, where the next run's text would join it.
            return clearedLine(session, prompts, deadline, false);
        }
        return finished(session, prompts, log, ran, done, maxBytes);
    }

    /** The commands of the run ({@code ran}, oldest first) finished: the last one's exit code, all their output. */
    private static Result finished(TerminalSession session, PromptTracker prompts, OutputLog log,
                                   List<CommandSummary> ran, PromptWait.Outcome done, int maxBytes) {
        Output output = output(session, prompts, log, ran, maxBytes);
        return new Result(ran.getLast().exitCode(), output.text(), output.truncated(), cwd(session), done.seq(),
                false, false, ran.getLast().endedShell(), false, false, Optional.empty(), output.fromSeq());
    }

    /**
     * The run's commands still run: the timeout came, or the command waits for typed input. What they printed so far
     * (a build's progress, a prompt such as "Password:" or {@code >>>} that waits for an answer), so the caller can
     * tell what it is waiting for without another call. The command keeps running. {@code ran} are the run's
     * finished commands (oldest first); the one still running follows them.
     */
    private static Result stillRunning(TerminalSession session, PromptTracker prompts, OutputLog log,
                                       List<CommandSummary> ran, long typedAt, PromptWait.Outcome done,
                                       int maxBytes) {
        Optional<RunningProgram> waitingForInput = done.ending() == PromptWait.Ending.WAITING_FOR_INPUT
                ? done.program() : Optional.empty();
        List<CommandSummary> started = new ArrayList<>(ran);
        prompts.runningCommand().filter(c -> c.outputStartSeq() > typedAt).ifPresent(running -> started.add(
                new CommandSummary(running.commandLine(), running.outputStartSeq(), done.seq(), OptionalInt.empty(),
                        false)));
        Output output = output(session, prompts, log, started, maxBytes);
        return new Result(OptionalInt.empty(), output.text(), output.truncated(), cwd(session), done.seq(),
                waitingForInput.isEmpty(), false, false, false, false, waitingForInput, output.fromSeq());
    }

    /** @param fromSeq where the commands' output starts in the output log, -1 for no command */
    private record Output(String text, boolean truncated, long fromSeq) {
    }

    /**
     * The output of {@code commands} (oldest first) as screen text, under {@code maxBytes}: a longer one keeps its
     * head and its tail ({@link #headAndTail}).
     */
    private static Output output(TerminalSession session, PromptTracker prompts, OutputLog log,
                                 List<CommandSummary> commands, int maxBytes) {
        int cols = session.inspect(Terminal::cols);
        StringBuilder output = new StringBuilder();
        boolean truncated = false;
        String end = null;
        for (CommandSummary each : commands) {
            Captured captured = captured(each, prompts, log);
            truncated |= captured.cut();
            output.append(CommandOutput.render(captured.bytes(), cols));
            if (captured.end().length > 0) {
                end = withoutLastNewline(CommandOutput.render(captured.end(), cols)); // the last command's
            }
        }
        long fromSeq = commands.isEmpty() ? -1 : commands.getFirst().outputStartSeq();
        if (end != null) {
            return new Output(headAndTail(output.toString(), end, maxBytes, fromSeq), true, fromSeq);
        }
        String text = withoutLastNewline(output.toString());
        String kept = headAndTail(text, maxBytes, fromSeq);
        return new Output(kept, truncated || !kept.equals(text), fromSeq);
    }

    private static String withoutLastNewline(String text) {
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * The result for a line that ran nothing and was cleared with Ctrl-C: {@code incomplete} (the shell waited for
     * more) or refused (the prompt came back without a command).
     */
    private static Result clearedLine(TerminalSession session, PromptTracker prompts, long deadlineNanos,
                                      boolean incomplete)
            throws IOException, InterruptedException {
        PromptWait.Outcome back = cancelIncompleteLine(session, prompts, deadlineNanos);
        return new Result(OptionalInt.empty(), "", false, cwd(session), back.seq(), false, !incomplete,
                back.ending() == PromptWait.Ending.EXITED, incomplete, back.ending() == PromptWait.Ending.PROMPT,
                Optional.empty(), -1);
    }

    /**
     * Ctrl-C, so the shell drops the incomplete (or refused) line and draws a new prompt; again after
     * {@link CommandLines#CLEAR_RETRY} while no prompt came, at most {@link CommandLines#CLEAR_ATTEMPTS} times. The
     * outcome of the last wait for that prompt (drawn after the first Ctrl-C, so a slow answer to it counts too).
     */
    private static PromptWait.Outcome cancelIncompleteLine(TerminalSession session, PromptTracker prompts,
                                                           long deadlineNanos)
            throws IOException, InterruptedException {
        long since = cancelLine(session);
        PromptWait.Outcome back = null;
        for (int attempt = 1; attempt <= CommandLines.CLEAR_ATTEMPTS; attempt++) {
            long until = attempt == CommandLines.CLEAR_ATTEMPTS ? deadlineNanos
                    : Math.min(deadlineNanos, System.nanoTime() + CommandLines.CLEAR_RETRY.toNanos());
            back = PromptWait.await(session, prompts, PromptWait.Request.after(since), until);
            if (back.ending() == PromptWait.Ending.PROMPT || back.ending() == PromptWait.Ending.EXITED
                    || System.nanoTime() - deadlineNanos >= 0) {
                return back;
            }
            if (attempt < CommandLines.CLEAR_ATTEMPTS) {
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

    /**
     * @param bytes the output, or its head
     * @param cut   whether output is missing from {@code bytes}
     * @param end   for an output whose head alone the tracker kept: its last bytes that the output log still holds
     *              (where a long failing build says why), after a gap; empty otherwise
     */
    private record Captured(byte[] bytes, boolean cut, byte[] end) {
    }

    /** The most of an output's end read back from the output log: as much as terminal_run's maxBytes may show. */
    private static final int MAX_END_BYTES = 4 << 20;

    /**
     * A command's raw output: the tracker's copy for the last one (its head only, past
     * {@link PromptTracker#MAX_CAPTURE_BYTES}: then its end from the output log too), the output log's range for
     * earlier ones.
     */
    private static Captured captured(CommandSummary command, PromptTracker prompts, OutputLog log) {
        Optional<PromptTracker.CommandRecord> last = prompts.lastCommand()
                .filter(c -> c.outputStartSeq() == command.outputStartSeq());
        if (last.isPresent()) {
            PromptTracker.CommandRecord record = last.get();
            byte[] end = new byte[0];
            if (record.truncated()) {
                long start = Math.max(Math.max(record.outputStartSeq() + record.outputBytes().length,
                        log.firstKeptSeq()), record.outputEndSeq() - MAX_END_BYTES);
                end = logRange(log, start, record.outputEndSeq());
            }
            return new Captured(record.outputBytes(), record.truncated(), end);
        }
        long start = Math.max(command.outputStartSeq(), log.firstKeptSeq());
        byte[] bytes = logRange(log, start, command.outputEndSeq());
        return new Captured(bytes, start > command.outputStartSeq() || bytes.length < command.outputEndSeq() - start,
                new byte[0]);
    }

    /** The bytes the output log holds from {@code start} up to {@code endSeq}: none when it holds none of them. */
    private static byte[] logRange(OutputLog log, long start, long endSeq) {
        byte[] bytes = new byte[(int) Math.max(0, endSeq - start)];
        OutputLog.Read read = log.read(start, bytes, 0, bytes.length, true);
        return java.util.Arrays.copyOf(bytes, read.status() == OutputLog.ReadStatus.BYTES ? read.length() : 0);
    }

    private static Result unfinished(TerminalSession session, PromptWait.Outcome outcome) {
        String cwd = cwd(session);
        boolean exited = outcome.ending() == PromptWait.Ending.EXITED;
        return new Result(OptionalInt.empty(), "", false, cwd, outcome.seq(), !exited, false, exited, false, false,
                Optional.empty(), -1);
    }

    /** Room kept for {@link #headAndTail}'s line between the head and the tail. */
    private static final int CUT_LINE_BYTES = 160;

    /**
     * {@code text} if it fits in {@code maxBytes} UTF-8 bytes; else its first quarter and its last three quarters, in
     * whole lines where lines are short enough, and between them one line that says how much was cut and where the
     * whole output starts. The end is kept because that is where a failed build or test run says why (the head
     * alone showed a build that compiled on without error); the head says what ran.
     *
     * @param fromSeq the output seq where the text starts (terminal_output reads from there)
     */
    static String headAndTail(String text, int maxBytes, long fromSeq) {
        String whole = head(text, maxBytes);
        if (whole.length() == text.length()) {
            return text;
        }
        return headAndTail(text, text, false, maxBytes, fromSeq);
    }

    /**
     * {@link #headAndTail(String, int, long)} of an output kept in two parts with a gap between them (the tracker
     * keeps an output's head, the output log its end): the head is taken from {@code start}, the tail from
     * {@code end}, and the line between them says how much was cut at least (the gap's text is not known).
     */
    static String headAndTail(String start, String end, int maxBytes, long fromSeq) {
        return headAndTail(start, end, true, maxBytes, fromSeq);
    }

    private static String headAndTail(String start, String end, boolean gap, int maxBytes, long fromSeq) {
        int room = maxBytes - CUT_LINE_BYTES;
        if (room < CUT_LINE_BYTES) {
            return head(start, maxBytes); // too little room for both ends and the line between
        }
        String head = wholeLines(head(start, room / 4), true);
        String tail = wholeLines(tail(end, room - utf8Length(head)), false);
        String cut = gap ? start.substring(head.length()) + end.substring(0, end.length() - tail.length())
                : start.substring(head.length(), start.length() - tail.length());
        long lines = cut.chars().filter(c -> c == '\n').count();
        return head + (head.endsWith("\n") ? "" : "\n") + "[… " + (gap ? "more than " : "")
                + (lines > 0 ? lines + " lines, " : "") + utf8Length(cut) + " bytes cut here; terminal_output "
                + "{sinceSeq: " + fromSeq + "} reads the whole output …]\n" + tail;
    }

    /** A head ({@code atEnd}: cut after its last newline) or a tail (cut after its first) in whole lines, if any. */
    private static String wholeLines(String part, boolean atEnd) {
        int newline = atEnd ? part.lastIndexOf('\n') : part.indexOf('\n');
        if (newline < 0 || (atEnd ? newline == 0 : newline == part.length() - 1)) {
            return part; // one long line: cut inside it
        }
        return atEnd ? part.substring(0, newline + 1) : part.substring(newline + 1);
    }

    /** The last {@code maxBytes} UTF-8 bytes of {@code text}, cut after a character, never inside one. */
    static String tail(String text, int maxBytes) {
        int bytes = 0;
        int i = text.length();
        while (i > 0) {
            int cp = text.codePointBefore(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            i -= Character.charCount(cp);
        }
        return text.substring(i);
    }

    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
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

}
