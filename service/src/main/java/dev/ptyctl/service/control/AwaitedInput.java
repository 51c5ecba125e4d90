package dev.ptyctl.service.control;

import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import java.time.Duration;
import java.util.Optional;

/**
 * Whether a command typed into a shell waits for what a person types, so that waiting on for its prompt would not
 * bring it back: a {@link PromptWait} asked to then ends there, for MCP's {@code terminal_run} (which answers early)
 * and JSON-RPC's {@code pty/wait {prompt, ifWaitingForInput: "return"}}, which tells {@code ptyctl run} (which says so
 * and waits on) and the DSL's {@code run} (which fails).
 *
 * <p>The sign is the terminal's mode while the command's output is quiet: out of canonical mode (the program reads
 * keys: a REPL's line editor, an editor, a pager) or canonical with echo off (a password prompt). Programs that put
 * the terminal in raw mode while they work ({@code ssh -t host make}, {@code docker run -it}) look the same during a
 * quiet second; that is why only the MCP answer and the DSL end early, and {@code ptyctl run} only reports it.
 */
public final class AwaitedInput {
    /**
     * How long such a command must have printed nothing: a REPL or an editor has drawn its prompt or screen within
     * milliseconds of starting, while a second is longer than most pauses of a program that is still producing.
     */
    public static final Duration QUIET = Duration.ofSeconds(1);
    /**
     * How often a wait for a prompt looks again: a program waiting for keys prints nothing that would wake the wait,
     * and a quarter of {@link #QUIET} keeps the answer within 1.25 s of the command's last output at four cheap
     * {@code tcgetattr} calls a second.
     */
    static final Duration CHECK_EVERY = Duration.ofMillis(250);

    private AwaitedInput() {
    }

    /**
     * The command the shell started after output offset {@code sinceSeq}, when it is running, has printed nothing for
     * {@link #QUIET}, and either reads keys or hides input; empty otherwise. Only while such a command runs: the
     * shell itself reads keys at its prompt. A program reading whole lines with echo on ({@code cat}) cannot be told
     * from a slow one: empty.
     */
    static Optional<RunningProgram> waiting(TerminalSession session, PromptTracker prompts, long sinceSeq) {
        Optional<PromptTracker.CommandSummary> running = prompts.runningCommand()
                .filter(c -> c.outputStartSeq() > sinceSeq);
        if (running.isEmpty() || System.nanoTime() - session.progress().lastOutputNanos() < QUIET.toNanos()) {
            return Optional.empty();
        }
        TerminalSession.InputMode mode = session.inputMode();
        if (mode != TerminalSession.InputMode.KEYS && mode != TerminalSession.InputMode.HIDDEN) {
            return Optional.empty();
        }
        return Optional.of(RunningProgram.of(session, running.get().commandLine(),
                mode == TerminalSession.InputMode.HIDDEN));
    }
}
