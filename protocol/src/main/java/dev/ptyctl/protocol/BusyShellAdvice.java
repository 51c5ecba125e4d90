package dev.ptyctl.protocol;

import java.util.List;
import java.util.Optional;

/**
 * What to do when a run finds the shell busy with a command (a {@code less} or {@code vim} left open, an earlier run
 * still running: {@code busy} in {@code pty/wait}'s answer), so nothing was typed: the one text the server's
 * {@code terminal_run} (MCP), {@code ptyctl run} and the test DSL's {@code run} give, each in its own verbs
 * ({@link WaitingForInputAdvice.Verbs}), naming the program's own quit keys where {@link QuitKeys} knows them. Each
 * front door puts its own frame around it ("Nothing was typed: the shell in terminal X is ...", "ptyctl: nothing
 * was typed: the shell is ...") and says what comes after (run again, {@code --queue}, another terminal).
 */
public final class BusyShellAdvice {
    private BusyShellAdvice() {
    }

    /**
     * What runs in the shell as a reader would name it: {@code `less notes.txt`} (the command line, when the shell
     * reported it), with the program when that says more ({@code `make test` (now: cc1)}); {@code less} when the shell
     * did not report the line; "a command" when nothing is known.
     */
    public static String describe(Optional<String> commandLine, Optional<String> program) {
        if (commandLine.isEmpty()) {
            return program.orElse("a command");
        }
        boolean programSaysMore = program.isPresent() && !commandLine.get().strip().startsWith(program.get());
        return "`" + commandLine.get() + "`" + (programSaysMore ? " (now: " + program.get() + ")" : "");
    }

    /**
     * The advice, starting "busy running" and ending without a full stop: {@code commandLine} and {@code program}
     * (the foreground program's name) are what holds the shell, {@code fullScreen} whether it shows a full-screen
     * program, {@code typed} what would have gone to it ("the command"), {@code waitForIt} how this front door waits
     * for the shell's prompt ({@code 'ptyctl wait --prompt --timeout MS'}).
     */
    public static String of(WaitingForInputAdvice.Verbs verbs, Optional<String> commandLine, Optional<String> program,
                            boolean fullScreen, String typed, String waitForIt) {
        String stop = verbs.send().apply(List.of(new QuitKeys.Ctrl('c')));
        // A program not in the table: a full-screen one most likely quits with q (a pager, top); any other, Ctrl-C.
        String endIt = WaitingForInputAdvice.quitKeys(verbs, program).map(keys -> keys + ", or " + stop)
                .orElse(fullScreen ? "its quit key, e.g. " + verbs.send().apply(List.of(new QuitKeys.Text("q")))
                        + ", or " + stop : stop);
        return "busy running " + describe(commandLine, program)
                + (fullScreen ? " (a full-screen program: " + verbs.see() + " shows it)" : "") + ", and " + typed
                + " would have gone to it. End it first (" + endIt + ") or wait until it finishes (" + waitForIt + ")";
    }
}
