package dev.ptyctl.client.dsl;

import java.util.Objects;

/**
 * What {@link TerminalDriver#run(String)} returns: the command's output, as the terminal showed it
 * (plain text, without the prompt or the echoed command line), and its exit code.
 *
 * <pre>{@code
 * CommandResult result = terminal.run("ls /etc/hostname");
 * assert result.exitCode() == 0;
 * assert result.output().equals("/etc/hostname\n");
 * }</pre>
 *
 * @param output    the command's output, each line ending in {@code \n}
 * @param exitCode  the exit code the shell reported, or {@link #UNKNOWN_EXIT_CODE}
 * @param truncated whether the output was longer than the server keeps per command, and cut
 */
public record CommandResult(String output, int exitCode, boolean truncated) {
    /** The exit code when the shell did not report one. */
    public static final int UNKNOWN_EXIT_CODE = -1;

    /** Checks the output is present. */
    public CommandResult {
        Objects.requireNonNull(output, "output");
    }

    /** Whether the command exited with 0. */
    public boolean succeeded() {
        return exitCode == 0;
    }
}
