package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * One command the shell ran, as its shell integration reported it: the line typed, its exit code, how long it ran,
 * where, and what it printed. {@link TerminalDriver#commands()} lists every command of a test, also those typed with
 * {@code type(...)} and {@code press(ENTER)} rather than {@code run(...)}; {@link Replay#commands()} those of a
 * recording.
 *
 * <pre>{@code
 * t.typeLine("make test").waitForPrompt();
 * assertThat(t.lastCommand().exitCode()).isZero();
 * TerminalAssertions.assertThat(t.commands()).allSucceeded();
 * }</pre>
 *
 * @param line     the command line as the shell reported it ("" when its integration does not say)
 * @param exitCode its exit status, or {@link #UNKNOWN_EXIT_CODE} (interrupted at the prompt, or still running)
 * @param duration from the start of its output to its end, as the output arrived
 * @param cwd      the working directory the shell reported before it ran ("" when unknown)
 * @param output   what it printed, as the terminal showed it: plain text, each line ending in {@code \n}
 * @param running  whether it had not finished when the list was taken
 */
public record Command(String line, int exitCode, Duration duration, String cwd, String output, boolean running) {
    /** The exit code when the shell did not report one. */
    public static final int UNKNOWN_EXIT_CODE = -1;

    /** Checks nothing is null. */
    public Command {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(output, "output");
    }

    /** Whether it finished with exit code 0. */
    public boolean succeeded() {
        return !running && exitCode == 0;
    }

    /** One line for reports: {@code $ make test  → 2 (1.2 s, in /src)}. */
    public String describe() {
        String status = running ? "still running" : exitCode == UNKNOWN_EXIT_CODE ? "no exit code" : "exit " + exitCode;
        return "$ " + line + "  -> " + status + " (" + Durations.describe(duration) + (cwd.isEmpty() ? "" : ", in " + cwd)
                + ")";
    }
}
