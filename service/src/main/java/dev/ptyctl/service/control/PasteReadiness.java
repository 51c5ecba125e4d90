package dev.ptyctl.service.control;

import dev.ptyctl.service.pty.ForegroundProcess;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.BracketedPasteMemory;
import dev.ptyctl.service.shell.PromptTracker;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Holds a paste of several lines (or of a tab) back until the shell's line editor has turned bracketed paste on (mode
 * 2004), when the shell is at its prompt with the mode still off. The prompt's mark (OSC 133 B) comes with the prompt
 * text, and zsh's editor turns the mode on only after it, as it starts to read (bash and fish turn it on before B); a
 * paste encoded in that gap goes out without the markers, and the shell runs it line by line instead of taking it as
 * one edit, or completes at its tab. So every front door that pastes ({@code pty/write}'s {@code paste}, MCP's {@code terminal_send} and
 * {@code terminal_run}, and through {@code pty/write} {@code ptyctl write --paste}, {@code ptyctl run} and the test
 * DSL) waits here first, woken by output, no polling.
 *
 * <p>Only then: a paste into a program that is not a shell at its prompt (cat, vim, a running command) goes out at
 * once, with the mode as it is, as a terminal would send it. A shell configured without bracketed paste gets its
 * lines plainly after {@link #GRACE}, the first time: the terminal then remembers that its shell leaves the mode off
 * ({@link BracketedPasteMemory}) and later pastes to it go out at once, until the mode is seen on at a prompt or
 * another shell (another foreground process group) is at the prompt.
 */
public final class PasteReadiness {
    /** Longest wait for the line editor to turn bracketed paste on: ample on a loaded machine. */
    static final Duration GRACE = Duration.ofSeconds(2);
    /** {@code shell} in {@link #await} before the foreground process group is read (-1 means unreadable). */
    private static final long GROUP_NOT_READ = Long.MIN_VALUE;

    private PasteReadiness() {
    }

    /**
     * Waits, at most {@link #GRACE}, until bracketed paste is on, when {@code actions} paste several lines or a tab to
     * a shell at its prompt ({@code prompts}, null without shell integration) that has the mode off; returns at once
     * otherwise, when the program exits, and when this shell left the mode off for a whole grace before.
     */
    public static void await(TerminalSession session, PromptTracker prompts, List<TerminalInput.Action> actions)
            throws InterruptedException {
        await(session, prompts, actions, System.nanoTime() + GRACE.toNanos());
    }

    /**
     * {@link #await(TerminalSession, PromptTracker, List)} for a caller with a deadline of its own (a command run's
     * timeout): waits until {@code deadlineNanos} ({@link System#nanoTime()}) at the latest, so the wait never runs
     * the caller past it; still at most {@link #GRACE}.
     */
    public static void await(TerminalSession session, PromptTracker prompts, List<TerminalInput.Action> actions,
                             long deadlineNanos) throws InterruptedException {
        if (prompts == null || prompts.state() != PromptTracker.State.AT_PROMPT || !pastesWhatTheEditorActsOn(actions)) {
            return;
        }
        long graceEnds = System.nanoTime() + GRACE.toNanos();
        boolean wholeGrace = deadlineNanos - graceEnds >= 0;
        long until = wholeGrace ? graceEnds : deadlineNanos;
        BracketedPasteMemory memory = prompts.bracketedPaste();
        long shell = GROUP_NOT_READ; // read from /proc only once the mode is seen off: most shells have it on
        while (true) {
            var look = session.snapshot((terminal, progress) -> Map.entry(terminal.bracketedPaste(), progress));
            if (look.getKey()) {
                memory.seenOn();
                return;
            }
            if (shell == GROUP_NOT_READ) {
                shell = ForegroundProcess.foregroundGroup(session.pid()).orElse(-1);
            }
            if (!look.getValue().running() || prompts.state() != PromptTracker.State.AT_PROMPT
                    || memory.leavesItOff(shell)) {
                return;
            }
            if (System.nanoTime() - until >= 0) {
                if (wholeGrace) {
                    memory.leftOff(shell); // a whole grace at the prompt without the mode: it is not coming
                }
                return;
            }
            session.awaitChange(look.getValue().outputSeq(), until);
        }
    }

    /**
     * Whether a paste holds what a line editor acts on when it comes without the markers: a line break (the line
     * runs) or a tab (completion: {@code echo 'a<TAB>b'} ran as {@code echo 'ab'}, which terminal_run pastes a line
     * with a tab to avoid).
     */
    private static boolean pastesWhatTheEditorActsOn(List<TerminalInput.Action> actions) {
        return actions.stream().anyMatch(action -> action.kind() == TerminalInput.Kind.PASTE
                && (action.value().indexOf('\n') >= 0 || action.value().indexOf('\r') >= 0
                || action.value().indexOf('\t') >= 0));
    }
}
