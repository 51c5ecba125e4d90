package dev.ptyctl.service.control;

import dev.ptyctl.protocol.WaitingForInputAdvice;
import dev.ptyctl.service.pty.ForegroundProcess;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import java.util.Optional;

/**
 * The command that runs in a shell, as a {@link PromptWait} that it ended early saw it: one that holds the shell when a
 * run wants to type ({@code busy} in {@code pty/wait}'s answer, {@code CommandRun.ShellBusy}), or one that waits for
 * what a person types ({@code waitingForInput}, {@link AwaitedInput}).
 *
 * @param commandLine the command line as the shell reported it
 * @param program     the name of the program that holds the terminal (its foreground process group's leader, or the
 *                    oldest process left in it: {@code less} for {@code seq 100 | less}), where {@code /proc} says
 * @param fullScreen  whether it shows a full-screen program (alternate screen), which takes typed letters as commands
 * @param input       for a command waiting for input: what it reads (keys, lines, hidden input); empty for one that
 *                    holds a busy shell
 */
public record RunningProgram(Optional<String> commandLine, Optional<String> program, boolean fullScreen,
                             Optional<WaitingForInputAdvice.Input> input) {
    /** What holds {@code session}'s shell now, {@code commandLine} as its tracker reported it. */
    static RunningProgram holding(TerminalSession session, Optional<String> commandLine) {
        return of(session, commandLine, Optional.empty());
    }

    /** What runs in {@code session}'s shell and waits for {@code input}, {@code commandLine} as reported. */
    static RunningProgram waitingFor(TerminalSession session, Optional<String> commandLine,
                                     WaitingForInputAdvice.Input input) {
        return of(session, commandLine, Optional.of(input));
    }

    private static RunningProgram of(TerminalSession session, Optional<String> commandLine,
                                     Optional<WaitingForInputAdvice.Input> input) {
        return new RunningProgram(commandLine, ForegroundProcess.foregroundProgram(session.pid()),
                session.inspect(Terminal::alternateScreenActive), input);
    }

    /** Whether it waits for hidden input (a password prompt). */
    public boolean inputHidden() {
        return input.equals(Optional.of(WaitingForInputAdvice.Input.HIDDEN));
    }

    /**
     * Whether it reads the terminal line by line with echo on (a {@code read}, a {@code [y/N]} question, {@code cat}).
     * The wire says so as {@code readsLines: true} and leaves the member out otherwise, so that older clients, which
     * know keys and hidden input only, read such a command as one that waits for keys.
     */
    public boolean readsLines() {
        return input.equals(Optional.of(WaitingForInputAdvice.Input.LINES));
    }
}
