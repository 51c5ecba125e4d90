package dev.ptyctl.protocol;

import java.time.Duration;

/**
 * What both sides count as a command line with nothing to run, for the runs that type a line and wait for the prompt
 * after it (the server's {@code terminal_run}, the SDK's {@code ptyctl run} and {@code TerminalDriver.run}). When the
 * prompt comes back and the shell reports no command, such a line is no failure: the shell did what it does with it,
 * nothing (a blank line; a comment in bash and in fish, which report no command for it). Any other line that ran
 * nothing was refused (a syntax error). zsh takes {@code #} as a command unless {@code interactivecomments} is set,
 * and then reports it as one (127, command not found): that is a result, and this rule is never asked. A line that
 * ran nothing otherwise is cleared with Ctrl-C, sent again as {@link #CLEAR_RETRY} and {@link #CLEAR_ATTEMPTS} say.
 */
public final class CommandLines {
    /**
     * How long a Ctrl-C that clears a line the shell took as incomplete or refused gets to bring the prompt back
     * before a run sends it again: fish loses a Ctrl-C that arrives within a few hundred milliseconds of the input
     * before it (measured: 6 of 8 sent at once, none of 8 sent 300 ms later); one that was merely slow only makes the
     * shell draw one more prompt.
     */
    public static final Duration CLEAR_RETRY = Duration.ofSeconds(2);
    /** Ctrl-Cs a run sends at most to clear one line. */
    public static final int CLEAR_ATTEMPTS = 3;

    private CommandLines() {
    }

    /**
     * How many lines {@code commandLine} is typed as: its line breaks, and the Enter after it. A shell that leaves
     * bracketed paste off reads them one by one and draws a prompt (or a continuation prompt) after each, so a run is
     * done at the last line's prompt, not the first's.
     */
    public static int typedLines(String commandLine) {
        return (int) commandLine.chars().filter(c -> c == '\n').count() + 1;
    }

    /**
     * Whether {@code commandLine} must be pasted rather than typed key by key: a line break would be Enter, and a tab
     * would be the line editor's completion (bash, zsh and fish insert the completion, or nothing, in its place:
     * {@code echo 'a<TAB>b'} ran as {@code echo 'ab'}). A paste, in bracketed-paste markers, is inserted as it is.
     */
    public static boolean needsPaste(String commandLine) {
        return commandLine.indexOf('\n') >= 0 || commandLine.indexOf('\t') >= 0;
    }

    /** Whether every line of {@code commandLine} is blank or a comment (its first non-blank character is {@code #}). */
    public static boolean nothingToRun(String commandLine) {
        return commandLine.lines().map(String::strip).allMatch(line -> line.isEmpty() || line.startsWith("#"));
    }
}
