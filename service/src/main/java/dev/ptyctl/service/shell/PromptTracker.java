package dev.ptyctl.service.shell;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.pty.OutputListener;
import dev.ptyctl.vt.CommandLineEscapes;
import dev.ptyctl.vt.OscScanner;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Follows the prompt marks a shell with ptyctl's integration emits (SPEC §5.9) in the raw output, and keeps what they
 * tell: whether the shell is at its prompt or running a command, and for each command its command line, output range
 * and exit code; for the last one also its output bytes.
 *
 * <p>The marks are OSC 133 (A prompt start, B command line start, C output start, D;exit code), OSC 633 F (a
 * continuation prompt: the line typed so far is not a complete command) and, for the command
 * line itself, {@code OSC 633 ; E ; <command line>} as VS Code's shell integration sends it: backslash escapes
 * {@code \\} and {@code \xHH} stand for a backslash and any byte (our scripts escape {@code ;}, backslash and control
 * characters), an optional further {@code ;} field (VS Code's nonce) is ignored. A shell that sends no E mark still
 * gets everything else.
 *
 * <p>It reads the raw byte stream rather than the emulator's screen because a command's output is a range of the
 * stream: rendered on its own (see {@link CommandRecord#outputBytes()}) it is exactly what the command printed,
 * whatever the screen has scrolled or redrawn since. The marks are found by the emulator module's {@link OscScanner},
 * which survives marks split across reads; everything but {@code ESC ] 133 ;} and {@code ESC ] 633 ;} passes by.
 *
 * <p>Thread-safe: {@link #output} runs on the session's emulator thread, readers on any thread.
 */
public final class PromptTracker implements OutputListener {
    /** Where the shell is, as far as its marks say. */
    public enum State {
        /** No mark seen yet: no integration, or the shell has not drawn its first prompt. */
        UNKNOWN,
        /** Reading a command line (its prompt is drawn: after B). */
        AT_PROMPT,
        /** Running a command (after C, until the next prompt is drawn). */
        RUNNING,
        /** The shell has exited (a command it was running then ended with it). */
        EXITED
    }

    /**
     * One command, finished or running.
     *
     * @param commandLine    the command line as the shell reported it (empty when its integration does not say)
     * @param outputStartSeq output offset where its output began (just after the C mark)
     * @param outputEndSeq   output offset where it ended (where the D mark began); -1 while it runs
     * @param exitCode       its exit status, when the shell reported one; for one the shell's exit ended, the
     *                       shell's exit status
     * @param endedShell     it ended the shell (see {@link CommandRecord})
     */
    public record CommandSummary(Optional<String> commandLine, long outputStartSeq, long outputEndSeq,
                                 OptionalInt exitCode, boolean endedShell) {
        /** Whether the command is still running. */
        public boolean running() {
            return outputEndSeq < 0;
        }

        CommandSummary withEndedShell() {
            return new CommandSummary(commandLine, outputStartSeq, outputEndSeq, exitCode, true);
        }
    }

    /**
     * The last finished command with what it printed.
     *
     * @param outputStartSeq output offset where its output began (just after the C mark)
     * @param outputEndSeq   output offset where it ended (where the D mark began, or the end of the output)
     * @param exitCode       its exit status, when the shell reported one; for one the shell's exit ended, the
     *                       shell's exit status
     * @param outputBytes    its raw output, at most {@link #MAX_CAPTURE_BYTES} (the beginning is kept)
     * @param truncated      whether output beyond that limit was dropped
     * @param commandLine    the command line, when the shell reported it
     * @param endedShell     it ended the shell: the shell exited by itself while it ran, or right after it without
     *                       drawing a prompt ({@code exit 5}, {@code echo x; exit 7}, {@code exec prog}); its
     *                       {@code exitCode} is then the shell's exit status. A command a signal to the shell cut short
     *                       (a close's SIGHUP) has the shell's status (129) as its exit code but not this flag
     */
    public record CommandRecord(long outputStartSeq, long outputEndSeq, OptionalInt exitCode, byte[] outputBytes,
                                boolean truncated, Optional<String> commandLine, boolean endedShell) {
        CommandRecord withEndedShell() {
            return new CommandRecord(outputStartSeq, outputEndSeq, exitCode, outputBytes, truncated, commandLine,
                    true);
        }
    }

    /**
     * Where the shell's line editor echoed a command line as it was typed: from the end of the prompt (B) to the
     * start of the command's output (C), or to the next prompt when no command ran. A wait for text "in the output"
     * skips these ranges, so a command line typed by an agent never matches the text it waits for.
     *
     * @param fromSeq first byte after the prompt
     * @param toSeq   where the output or the next prompt began; {@link Long#MAX_VALUE} while the line is being typed
     */
    public record InputRegion(long fromSeq, long toSeq) {
    }

    /** What is kept of one command's output: enough for any report a script reads, bounded per terminal. */
    public static final int MAX_CAPTURE_BYTES = 4 << 20;
    /** How many commands {@link #recentCommands} remembers (lines and ranges only: a few KiB). */
    public static final int MAX_RECENT_COMMANDS = 50;
    /** Longest OSC 133 payload looked at ("D;255" plus extensions); anything longer is not ours. */
    private static final int MAX_MARK_PAYLOAD = 64;
    /** Longest OSC 633 payload (an escaped command line) kept; the command of a longer line is recorded without it. */
    private static final int MAX_COMMAND_LINE_PAYLOAD = 16 * 1024;

    private final BracketedPasteMemory bracketedPaste = new BracketedPasteMemory();
    /** Whether the server loaded its integration into the program, so marks are sure to come. */
    private final boolean integrated;
    /** Whether any OSC 133 mark was seen: a program that sends its own marks counts as integrated. */
    private boolean sawMark;
    private State state = State.UNKNOWN;
    /** Where the command line being typed began (after B), or -1 when none is. */
    private long inputStartSeq = -1;
    private final ArrayDeque<InputRegion> inputRegions = new ArrayDeque<>();
    private long lastPromptSeq = -1;
    /** Output offset just after the last continuation prompt's mark (OSC 633 F), or -1. */
    private long lastContinuationSeq = -1;
    /** New and continuation prompts drawn so far: a shell reading lines one by one draws one after each line. */
    private long promptsDrawn;
    /** Whether any A mark was seen: shells that send only B get every B counted as a prompt. */
    private boolean sawPromptStart;
    /** An A was seen and its B not yet. */
    private boolean awaitingEndOfPrompt;
    private CommandRecord lastCommand;
    /** Output offset just after the last C mark (a command's start), or -1 before the first. */
    private long lastCommandStartSeq = -1;
    /** Whether a prompt (A or B) came after the last command ended: if the shell exits before one, that ended it. */
    private boolean promptSinceLastCommand = true;
    private final ArrayDeque<CommandSummary> recent = new ArrayDeque<>();
    /** The last finished commands with their output, together at most {@link #MAX_CAPTURE_BYTES} of it. */
    private final ArrayDeque<CommandRecord> recentRecords = new ArrayDeque<>();
    private long recentRecordBytes;

    /** The marks' scanner: OSC 133 and 633, payloads up to the longest command line kept. */
    private final OscScanner marks = new OscScanner(MAX_COMMAND_LINE_PAYLOAD, 133, 633);
    /** Where the mark being handled began (its ESC); at the shell's exit, the end of its output. */
    private long markStartSeq;
    /** The output offset just after the last chunk seen. */
    private long outputEndSeq;

    // The command line announced for the next command, and the command being run, if any.
    private Optional<String> announcedLine = Optional.empty();
    private Optional<String> runningLine = Optional.empty();
    private long captureStartSeq = -1;
    private final ByteArrayOutputStream capture = new ByteArrayOutputStream();
    private boolean captureTruncated;
    /** See the constructor. */
    private final Optional<String> exitNotice;

    /**
     * @param integrated whether the server loaded ptyctl's integration into the program (a plain bash, zsh or fish);
     *                   any other program's prompts are seen only if it sends marks of its own
     */
    public PromptTracker(boolean integrated) {
        this(integrated, Optional.empty());
    }

    /**
     * @param exitNotice the line the shell prints of its own as {@code exit} ends it ("exit" for bash,
     *                   {@link ShellIntegration.Launch#exitNotice}): not the output of the command that ended it
     */
    public PromptTracker(boolean integrated, Optional<String> exitNotice) {
        this.integrated = integrated;
        this.exitNotice = exitNotice;
    }

    /**
     * As {@link #output}, without looking at the bytes of a chunk in which the emulator began no OSC sequence (most
     * chunks of most programs): the scan would find no mark in it, and a running command's output is captured whole.
     * The scan was 3-5 % of the screen thread's time while a program streamed (docs/benchmarks.md, twentieth session).
     */
    @Override
    public synchronized void applied(byte[] data, int offset, int length, long outputSeqAfter, boolean oscBegun) {
        if (oscBegun || !marks.passesOver(data, offset, offset + length)) {
            output(data, offset, length, outputSeqAfter);
            return;
        }
        outputEndSeq = outputSeqAfter;
        if (captureStartSeq >= 0) {
            capture(data, offset, length);
        }
    }

    @Override
    public synchronized void output(byte[] data, int offset, int length, long outputSeqAfter) {
        long seq = outputSeqAfter - length;
        outputEndSeq = outputSeqAfter;
        int end = offset + length;
        int i = offset;
        while (i < end) {
            // Up to just after the next mark (or the chunk's end); a running command's output is captured in runs,
            // its D mark included (cut off when the command ends).
            int next = marks.scan(data, i, end, seq);
            if (captureStartSeq >= 0) {
                capture(data, i, next - i);
            }
            seq += next - i;
            i = next;
            if (marks.found()) {
                markStartSeq = marks.startOffset();
                markEnded(marks.number(), marks.payload(), marks.cut(), marks.endOffset());
            }
        }
    }

    /**
     * The shell ended as {@code end} says. A command it was running never gets its D: it ends here, with the
     * shell's exit status as its own. That is exactly right for the command that ended the shell ({@code exit 5},
     * {@code echo x; exit 130}: the status is the one it gave {@code exit}; bash and zsh send no D for it), and the
     * only status there is for one a signal to the shell cut short (a close: 129, SIGHUP). Which of the two it was
     * is told by the wait status, not by the number: {@code exit 130} and a SIGINT both give 130. fish does send the
     * D of its {@code exit} and then ends without a prompt: a command that finished with no prompt after it ended
     * the shell too, with its own exit code.
     */
    @Override
    public synchronized void ended(ProcessExit end) {
        boolean byItself = !end.bySignal();
        if (captureStartSeq >= 0) {
            // bash's own "exit" line, written after the command's last output, is not the command's output
            markStartSeq = outputEndSeq - (byItself ? exitNoticeLength() : 0);
            lastCommand = endCommand(OptionalInt.of(end.exitCode()), byItself);
        } else if (byItself && !promptSinceLastCommand && !recent.isEmpty()) {
            recent.addLast(recent.removeLast().withEndedShell());
            CommandRecord record = recentRecords.removeLast(); // the same command: the last one is always kept
            recentRecords.addLast(record.withEndedShell());
            if (lastCommand == record) {
                lastCommand = recentRecords.getLast();
            }
        }
        endInput(outputEndSeq);
        state = State.EXITED;
    }

    /**
     * How many bytes at the end of the running command's output are the shell's exit notice and its line end
     * ({@code exit\r\n}, or {@code exit\n} on a terminal that does not add CRs); 0 when the output does not end
     * with it (zsh, fish, an {@code exec} of another program) or was cut before its end.
     */
    private int exitNoticeLength() {
        if (exitNotice.isEmpty() || captureTruncated) {
            return 0;
        }
        byte[] output = capture.toByteArray();
        for (String lineEnd : List.of("\r\n", "\n")) {
            byte[] notice = (exitNotice.get() + lineEnd).getBytes(StandardCharsets.UTF_8);
            if (output.length >= notice.length && Arrays.equals(output, output.length - notice.length,
                    output.length, notice, 0, notice.length)) {
                return notice.length;
            }
        }
        return 0;
    }

    /** A complete mark; {@code endSeq} is the offset just after its terminator. */
    private void markEnded(int number, String mark, boolean cut, long endSeq) {
        if (number == 633) {
            if (mark.startsWith("E;") && !cut) {
                announcedLine = Optional.of(CommandLineEscapes.decode(mark.substring(2)));
            } else if ((mark.equals("F") || mark.startsWith("F;")) && state == State.AT_PROMPT) {
                lastContinuationSeq = endSeq; // PS2: the line typed at the prompt is not complete yet
                promptsDrawn++;
            }
            return;
        }
        if (cut || mark.length() > MAX_MARK_PAYLOAD) {
            return; // no OSC 133 of ours is that long
        }
        char kind = mark.isEmpty() ? '?' : mark.charAt(0);
        sawMark = true;
        switch (kind) {
            case 'A', 'B' -> {
                if (kind == 'B') {
                    state = State.AT_PROMPT; // at A the prompt is still being drawn: input typed now would be lost
                    if (inputStartSeq < 0) {
                        inputStartSeq = endSeq;
                    }
                } else {
                    endInput(markStartSeq);
                }
                // A starts a new prompt; its B ends the prompt text, and only then is the shell ready to read a
                // line: a wait for "the prompt after my command" ends there, not at A (input typed between A and B
                // would be echoed by the tty before the prompt, or lost). A B without an A since the last one is the
                // shell redrawing the same prompt (ptyctl's scripts put only B in PS1, so a readline, zle or fish
                // repaint repeats only B): not a new prompt. Shells that never send A have every B counted.
                if (kind == 'B' && (awaitingEndOfPrompt || !sawPromptStart)) {
                    lastPromptSeq = endSeq;
                    promptsDrawn++;
                }
                sawPromptStart |= kind == 'A';
                awaitingEndOfPrompt = kind == 'A';
                if (captureStartSeq >= 0) {
                    // A prompt without a D (e.g. Ctrl-C at a prompt, a shell that skips D): the command is over.
                    endCommand(OptionalInt.empty(), false);
                }
                promptSinceLastCommand = true;
                captureStartSeq = -1;
                if (kind == 'A') {
                    announcedLine = Optional.empty(); // an E belongs to the command line of this prompt
                }
            }
            case 'C' -> {
                endInput(markStartSeq);
                if (captureStartSeq >= 0) {
                    // A second C before any D: a shell ran the commands of one multi-line input one after another,
                    // each with its own C, and sent no D between them (ptyctl's bash script does send one). The
                    // one before ends here, without a code.
                    endCommand(OptionalInt.empty(), false);
                }
                state = State.RUNNING;
                captureStartSeq = endSeq;
                lastCommandStartSeq = endSeq;
                runningLine = announcedLine;
                announcedLine = Optional.empty();
                capture.reset();
                captureTruncated = false;
            }
            case 'D' -> finishCommand(mark);
            default -> {
                // other OSC 133 kinds (P, L, ...) carry nothing we use
            }
        }
    }

    private void finishCommand(String mark) {
        if (captureStartSeq < 0) {
            return; // a D without its C: nothing ran since the prompt
        }
        OptionalInt exit = OptionalInt.empty();
        String[] fields = mark.split(";");
        if (fields.length > 1 && fields[1].matches("-?\\d{1,9}")) {
            exit = OptionalInt.of(Integer.parseInt(fields[1]));
        }
        lastCommand = endCommand(exit, false);
    }

    /**
     * The running command ended where the current mark began ({@code endedShell}: with the shell); remembers it with
     * its output.
     */
    private CommandRecord endCommand(OptionalInt exit, boolean endedShell) {
        byte[] bytes = capture.toByteArray();
        // Bytes were captured as they went by, the mark's own included: keep only what came before the mark.
        int keep = (int) Math.max(0, Math.min(bytes.length, markStartSeq - captureStartSeq));
        byte[] output = Arrays.copyOf(bytes, keep);
        CommandRecord ended = new CommandRecord(captureStartSeq, markStartSeq, exit, output, captureTruncated,
                runningLine, endedShell);
        remember(new CommandSummary(runningLine, captureStartSeq, markStartSeq, exit, endedShell));
        recentRecords.addLast(ended);
        recentRecordBytes += output.length;
        while (recentRecords.size() > MAX_RECENT_COMMANDS
                || recentRecordBytes > MAX_CAPTURE_BYTES && recentRecords.size() > 1) {
            recentRecordBytes -= recentRecords.removeFirst().outputBytes().length;
        }
        captureStartSeq = -1;
        runningLine = Optional.empty();
        capture.reset();
        promptSinceLastCommand = false;
        return ended;
    }

    private void endInput(long endSeq) {
        if (inputStartSeq >= 0) {
            if (inputRegions.size() == MAX_RECENT_COMMANDS) {
                inputRegions.removeFirst();
            }
            inputRegions.addLast(new InputRegion(inputStartSeq, endSeq));
            inputStartSeq = -1;
        }
    }

    private void remember(CommandSummary command) {
        if (recent.size() == MAX_RECENT_COMMANDS) {
            recent.removeFirst();
        }
        recent.addLast(command);
    }

    private void capture(byte[] data, int from, int count) {
        int room = MAX_CAPTURE_BYTES - capture.size();
        if (count > room) {
            captureTruncated = true;
        }
        if (room > 0) {
            capture.write(data, from, Math.min(count, room));
        }
    }

    /**
     * Whether prompts can be seen at all: the server loaded its integration into the program, or the program sent a
     * mark of its own. When not ({@code cat}, {@code python3}, {@code bash --norc}), a wait for a prompt would only
     * ever time out, so callers refuse it at once.
     */
    public synchronized boolean promptsVisible() {
        return integrated || sawMark;
    }

    /**
     * Why prompts cannot be seen in a terminal with these marks ({@code null}: shell integration is off), or empty
     * when they can; the caller adds what to do instead.
     */
    public static Optional<String> whyPromptsUnseen(PromptTracker prompts) {
        if (prompts == null) {
            return Optional.of("this terminal has no shell integration (it is turned off), so its prompts cannot "
                    + "be seen");
        }
        if (!prompts.promptsVisible()) {
            return Optional.of("no shell integration marks have been seen in this terminal: it does not run a shell "
                    + "that ptyctl loaded its integration into (bash, zsh or fish started plainly; not a program "
                    + "such as cat or python3, nor bash --norc or sh), so its prompts cannot be seen");
        }
        return Optional.empty();
    }

    /** Where the shell is now. */
    public synchronized State state() {
        return state;
    }

    /**
     * Output offset just after the B mark that completed the most recent new prompt, or -1 when none has been seen;
     * a redrawn prompt (B alone) does not move it.
     */
    public synchronized long lastPromptSeq() {
        return lastPromptSeq;
    }

    /**
     * How many prompts, new and continuation ones alike, the shell has drawn so far: a prompt wait for several lines
     * typed without bracketed paste waits for one per line ({@link dev.ptyctl.protocol.CommandLines#typedLines}).
     */
    public synchronized long promptsDrawn() {
        return promptsDrawn;
    }

    /**
     * Whether the shell shows a continuation prompt (PS2, marked with OSC 633 F) drawn after output offset
     * {@code since}, with no new prompt and no command started since: the line typed at the prompt is incomplete (an
     * unbalanced quote, a trailing backslash, an unfinished {@code if}), and the shell waits for more of it.
     */
    public synchronized boolean continuationAfter(long since) {
        return state == State.AT_PROMPT && lastContinuationSeq > since && lastContinuationSeq > lastPromptSeq;
    }

    /**
     * Whether a prompt wait from output offset {@code since} is over: the shell is at a new prompt drawn after it, or
     * at a continuation prompt drawn after it ({@link #continuationAfter}), and has drawn at least {@code minPrompts}
     * prompts in all ({@link #promptsDrawn}; -1 for no such bound). Read at one moment, so the facts agree.
     */
    public synchronized boolean promptAfter(long since, long minPrompts) {
        return (state == State.AT_PROMPT && lastPromptSeq > since || continuationAfter(since))
                && promptsDrawn >= minPrompts;
    }

    /** The last command that finished, if any. */
    public synchronized Optional<CommandRecord> lastCommand() {
        return Optional.ofNullable(lastCommand);
    }

    /**
     * The last finished command, if its output began after output offset {@code since}: the command a prompt wait
     * from {@code since} ended with, as {@code pty/wait}'s {@code command} tells it. This chooses by where the command
     * started; MCP's {@code terminal_wait} chooses its exit code by where the command ended instead
     * ({@link #lastCommand()} with an end after {@code sinceSeq}), on purpose: its keys may end a program that started
     * before them (q to less).
     */
    public synchronized Optional<CommandRecord> lastCommandAfter(long since) {
        return lastCommand().filter(c -> c.outputStartSeq() > since);
    }

    /**
     * Whether the shell started a command (its C mark) after output offset {@code since}, whether it still runs or
     * has finished since: "the line typed at {@code since} has been taken", so a Ctrl-C sent after this no longer
     * finds it in a line editor that would drop it unrun. The shell prints the mark just before it hands the terminal
     * to the command: {@code pty/wait {started}} also waits for that hand-over (WaitMethod).
     */
    public synchronized boolean commandStartedAfter(long since) {
        return lastCommandStartSeq > since;
    }

    /** The command running now, if the shell said one started and has not said it ended. */
    public synchronized Optional<CommandSummary> runningCommand() {
        return captureStartSeq < 0 ? Optional.empty()
                : Optional.of(new CommandSummary(runningLine, captureStartSeq, -1, OptionalInt.empty(), false));
    }

    /**
     * The last {@link #MAX_RECENT_COMMANDS} command lines' echo ranges, oldest first, with the one being typed (open
     * ended) last.
     */
    public synchronized List<InputRegion> inputRegions() {
        if (inputStartSeq < 0) {
            return List.copyOf(inputRegions);
        }
        List<InputRegion> all = new java.util.ArrayList<>(inputRegions);
        all.add(new InputRegion(inputStartSeq, Long.MAX_VALUE));
        return all;
    }

    /**
     * The finished commands whose output began after output offset {@code since}, oldest first, with their output:
     * every command of one multi-line input, as far as the last {@link #MAX_RECENT_COMMANDS} commands and
     * {@link #MAX_CAPTURE_BYTES} of their output reach (older ones are left out).
     */
    public synchronized List<CommandRecord> commandsAfter(long since) {
        return recentRecords.stream().filter(c -> c.outputStartSeq() > since).toList();
    }

    /**
     * The exit code of the last command that finished, when the shell reported one; for a command the shell's exit
     * ended, the shell's exit status.
     */
    public synchronized OptionalInt lastExitCode() {
        return recent.isEmpty() ? OptionalInt.empty() : recent.getLast().exitCode();
    }

    /** What pastes learned of this terminal's shell's bracketed paste (see {@link BracketedPasteMemory}). */
    public BracketedPasteMemory bracketedPaste() {
        return bracketedPaste;
    }

    /** The last {@link #MAX_RECENT_COMMANDS} finished commands, oldest first. */
    public synchronized List<CommandSummary> recentCommands() {
        return List.copyOf(recent);
    }
}
