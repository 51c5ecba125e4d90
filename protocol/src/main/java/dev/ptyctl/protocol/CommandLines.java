package dev.ptyctl.protocol;

/**
 * What both sides count as a command line with nothing to run, for the runs that type a line and wait for the prompt
 * after it (the server's {@code terminal_run}, the SDK's {@code ptyctl run} and {@code TerminalDriver.run}). When the
 * prompt comes back and the shell reports no command, such a line is no failure: the shell did what it does with it,
 * nothing (a blank line; a comment in bash and in fish, which report no command for it). Any other line that ran
 * nothing was refused (a syntax error). zsh takes {@code #} as a command unless {@code interactivecomments} is set,
 * and then reports it as one (127, command not found): that is a result, and this rule is never asked.
 */
public final class CommandLines {
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

    /** Whether every line of {@code commandLine} is blank or a comment (its first non-blank character is {@code #}). */
    public static boolean nothingToRun(String commandLine) {
        return commandLine.lines().map(String::strip).allMatch(line -> line.isEmpty() || line.startsWith("#"));
    }
}
