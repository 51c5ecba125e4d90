package dev.ptyctl.protocol;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What to do with a command that a run typed and that now waits for what a person types (a REPL, an editor, a
 * password prompt: {@code waitingForInput} in {@code pty/wait}'s and {@code terminal_run}'s answers): the one text
 * the server's {@code terminal_run} (MCP), {@code ptyctl run} and the test DSL's {@code run} give, each in its own
 * verbs ({@link Verbs}: {@code terminal_send}, {@code 'ptyctl write'}, {@code typeLine(...)}). Each front door puts
 * its own situation around it (MCP "still running: ", the CLI "ptyctl: ", the DSL "did not finish") and what it
 * does next; the advice in between reads the same everywhere, so fixing it once fixes it for all three.
 */
public final class WaitingForInputAdvice {
    /**
     * How one front door names the actions the advice suggests.
     *
     * @param type       types into the program, e.g. {@code terminal_send}
     * @param follow     waits for or reads what it prints, e.g. {@code terminal_wait}
     * @param see        shows a full-screen program's screen, e.g. {@code terminal_read}
     * @param ctrlD      Ctrl-D as this front door spells a key, e.g. {@code C-d}
     * @param ctrlC      sends Ctrl-C, e.g. {@code C-c} (where {@code type} already says how keys are sent) or
     *                   {@code 'ptyctl write --key Ctrl+C'}
     * @param giveSecret how this front door's reader gets a password typed, after "(a password prompt); ": an agent
     *                   asks the user ({@code "ask the user for it, or give them the viewUrl to type it, rather than
     *                   guessing, and type it with terminal_send"}), a script or a test types it
     *                   ({@code "type it with 'ptyctl write --text ... --key Enter'"})
     * @param send       how to send keys and text in order, e.g. {@code terminal_send [{"key": "C-d"}]} or
     *                   {@code 'ptyctl write --key Ctrl+D'}: to name a program's quit keys ({@link QuitKeys})
     */
    public record Verbs(String type, String follow, String see, String ctrlD, String ctrlC, String giveSecret,
                        Function<List<QuitKeys.Step>, String> send) {
        public Verbs {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(follow, "follow");
            Objects.requireNonNull(see, "see");
            Objects.requireNonNull(ctrlD, "ctrlD");
            Objects.requireNonNull(ctrlC, "ctrlC");
            Objects.requireNonNull(giveSecret, "giveSecret");
            Objects.requireNonNull(send, "send");
        }
    }

    /** What the waiting program reads, which decides how to answer it and how to end it. */
    public enum Input {
        /** Keys one by one, out of canonical mode: a REPL's line editor, an editor, a pager. */
        KEYS,
        /**
         * Whole lines with echo on, from the terminal itself ({@code cat}, a script's {@code read answer}, apt's
         * "[Y/n]"): Enter sends a line, and Ctrl-D at the start of a line ends its input, whatever the program.
         */
        LINES,
        /** Hidden input, canonical with echo off: a password prompt. */
        HIDDEN
    }

    private WaitingForInputAdvice() {
    }

    /**
     * The advice for {@code what} (e.g. {@code `python3`}, or "it"), which waits for {@code input}; {@code program}:
     * the name of the program that runs (for its quit keys, {@link QuitKeys}), when known; {@code fullScreen}: it
     * shows a full-screen program (alternate screen). Starts with {@code what}, ends without a full stop.
     */
    public static String of(Verbs verbs, String what, Optional<String> program, Input input, boolean fullScreen) {
        Objects.requireNonNull(input, "input");
        if (input == Input.HIDDEN) {
            // Waiting longer would not help, and a password is the user's to give: never guessed.
            return what + " waits for hidden input (a password prompt); " + verbs.giveSecret() + ", or stop it with "
                    + verbs.ctrlC();
        }
        if (input == Input.LINES) {
            // The line discipline, not the program, makes Ctrl-D at a line's start an end of input: true for all.
            return what + " waits for a line of input (it reads the terminal line by line); type a line ending with "
                    + "Enter with " + verbs.type() + " and follow it with " + verbs.follow() + ", end its input with "
                    + verbs.send().apply(List.of(new QuitKeys.Ctrl('d'))) + " at the start of a line or stop it "
                    + "with " + verbs.ctrlC();
        }
        // An interactive program (a REPL, an editor): its prompt will not come back by waiting longer.
        return what + " waits for keyboard input (an interactive "
                + (fullScreen ? "full-screen program: " + verbs.see() + " shows it" : "program")
                + "); type into it with " + verbs.type() + " and follow it with " + verbs.follow()
                + ", end it with " + quitKeys(verbs, program).orElse("its quit command (exit, " + verbs.ctrlD()
                + ", q)") + " or " + verbs.ctrlC();
    }

    /**
     * {@code program}'s quit keys in {@code verbs} with what else to know ({@code terminal_send [{"text": "q"}]}),
     * or empty when the program is unknown or not in {@link QuitKeys}' table.
     */
    static Optional<String> quitKeys(Verbs verbs, Optional<String> program) {
        return program.flatMap(QuitKeys::of).map(quit -> verbs.send().apply(quit.steps()) + quit.note());
    }
}
