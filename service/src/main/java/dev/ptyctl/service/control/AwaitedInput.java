package dev.ptyctl.service.control;

import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import java.time.Duration;

/**
 * Whether a command typed into a shell waits for what a person types, so that waiting on for its prompt would not
 * bring it back: MCP's {@code terminal_run} and JSON-RPC's {@code pty/wait {prompt, ifWaitingForInput: "return"}}
 * (which {@code ptyctl run} and the DSL's {@code run} use) answer early instead of waiting out their timeout.
 */
public final class AwaitedInput {
    /**
     * How long such a command must have printed nothing. A program that has switched the terminal to read keys and
     * then computes quietly for longer is reported a little early; the caller then reads or waits for it as for any
     * running program.
     */
    public static final Duration QUIET = Duration.ofSeconds(1);
    /** How often a wait for a prompt looks whether its command waits for input. */
    public static final Duration CHECK_EVERY = Duration.ofMillis(250);

    private AwaitedInput() {
    }

    /**
     * Whether a command the shell started after output offset {@code sinceSeq} is running, has printed nothing for
     * {@link #QUIET}, and either reads keys (the terminal out of canonical mode: a REPL's line editor, an editor, a
     * pager) or hides input (a password prompt). Only while such a command runs: the shell itself reads keys at its
     * prompt. A program reading whole lines with echo on ({@code cat}) cannot be told from a slow one: false.
     */
    public static boolean waitsForInput(TerminalSession session, PromptTracker prompts, long sinceSeq) {
        boolean running = prompts.runningCommand().filter(c -> c.outputStartSeq() > sinceSeq).isPresent();
        return running && System.nanoTime() - session.progress().lastOutputNanos() >= QUIET.toNanos()
                && (session.readsKeys() || session.inputHidden());
    }
}
