package dev.ptyctl.service.pty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to start in a new PTY and how.
 *
 * @param command         the program and its arguments (see {@link CommandLine} to split a command line)
 * @param cwd             the working directory; must exist
 * @param cols            terminal width, 1–1000
 * @param rows            terminal height, 1–1000
 * @param environment     variables added to (or replacing) the ones {@link TerminalEnvironment} gives
 * @param scrollbackLines how many lines scrolled off the top the emulator keeps
 * @param answerQueries   whether the server's emulator answers terminal queries (SPEC §5.5)
 * @param killGrace       how long a hung-up program may take to exit before it is killed
 * @param maxScreenLag    how many bytes the emulator may fall behind the output listeners before the reader waits
 *                        for it (at least {@link PtySession#MIN_SCREEN_LAG_BYTES}): room for the emulator to catch
 *                        up later under a burst, while a reset snapshot's seq must still be in an output log
 * @param outputListeners listeners that see each chunk as the PTY reader reads it, before the emulator, from byte 0
 *                        (an output log needs this: seq is a byte offset from the very first byte)
 * @param screenListeners listeners that see each chunk right after the emulator has applied it, under the session
 *                        lock, from byte 0: for whatever reads the screen or must agree with it (titles, prompts)
 * @param titleReports    whether the server's emulator answers the title and icon-label reports (XTWINOPS 21 and
 *                        20); off by default, as in xterm
 */
public record SpawnOptions(List<String> command, Path cwd, int cols, int rows, Map<String, String> environment,
                           int scrollbackLines, boolean answerQueries, Duration killGrace, int maxScreenLag,
                           List<OutputListener> outputListeners, List<OutputListener> screenListeners,
                           boolean titleReports) {
    /** SPEC §3 and §8 {@code scrollbackLines}. */
    public static final int DEFAULT_SCROLLBACK_LINES = 10_000;
    /** SPEC §8 {@code killGraceMillis}: long enough for a shell or editor to save state on SIGHUP. */
    public static final Duration DEFAULT_KILL_GRACE = Duration.ofMillis(2000);
    /** Largest width or height accepted (SPEC §4.2). */
    public static final int MAX_DIMENSION = 1000;

    /** Validates and copies. */
    public SpawnOptions {
        command = List.copyOf(command);
        if (command.isEmpty() || command.getFirst().isBlank()) {
            throw new IllegalArgumentException("command is empty");
        }
        Objects.requireNonNull(cwd, "cwd");
        if (!Files.isDirectory(cwd)) {
            throw new IllegalArgumentException("working directory does not exist: " + cwd);
        }
        checkDimension("cols", cols);
        checkDimension("rows", rows);
        environment = Map.copyOf(environment);
        if (scrollbackLines < 0) {
            throw new IllegalArgumentException("scrollback lines must not be negative: " + scrollbackLines);
        }
        if (killGrace.isNegative()) {
            throw new IllegalArgumentException("kill grace period must not be negative: " + killGrace);
        }
        if (maxScreenLag < PtySession.MIN_SCREEN_LAG_BYTES) {
            throw new IllegalArgumentException("the screen must be allowed to lag at least "
                    + PtySession.MIN_SCREEN_LAG_BYTES + " bytes, got " + maxScreenLag);
        }
        outputListeners = List.copyOf(outputListeners);
        screenListeners = List.copyOf(screenListeners);
    }

    /** Options without output listeners (add them with {@link #withOutputListener}). */
    public SpawnOptions(List<String> command, Path cwd, int cols, int rows, Map<String, String> environment,
                        int scrollbackLines, boolean answerQueries, Duration killGrace) {
        this(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                PtySession.DEFAULT_SCREEN_LAG_BYTES, List.of(), List.of(), false);
    }

    /** {@code command} in the server's working directory at 100×30, answering queries, default grace period. */
    public static SpawnOptions of(List<String> command) {
        return new SpawnOptions(command, Path.of("").toAbsolutePath(), 100, 30, Map.of(),
                DEFAULT_SCROLLBACK_LINES, true, DEFAULT_KILL_GRACE);
    }

    /** A copy in {@code directory}. */
    public SpawnOptions withCwd(Path directory) {
        return new SpawnOptions(command, directory, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy with another size. */
    public SpawnOptions withSize(int newCols, int newRows) {
        return new SpawnOptions(command, cwd, newCols, newRows, environment, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy with these extra variables (replacing the previous extras). */
    public SpawnOptions withEnvironment(Map<String, String> extra) {
        return new SpawnOptions(command, cwd, cols, rows, extra, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy that keeps {@code lines} lines of scrollback. */
    public SpawnOptions withScrollbackLines(int lines) {
        return new SpawnOptions(command, cwd, cols, rows, environment, lines, answerQueries, killGrace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy whose emulator does or does not answer the title and icon-label reports (XTWINOPS 21, 20). */
    public SpawnOptions withTitleReports(boolean answer) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, outputListeners, screenListeners, answer);
    }

    /** A copy that does or does not answer terminal queries. */
    public SpawnOptions withAnswerQueries(boolean answer) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answer, killGrace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy with another grace period between hang-up and kill. */
    public SpawnOptions withKillGrace(Duration grace) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, grace,
                maxScreenLag, outputListeners, screenListeners, titleReports);
    }

    /** A copy whose emulator may fall up to {@code bytes} behind the output listeners (see the record's doc). */
    public SpawnOptions withMaxScreenLag(int bytes) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                bytes, outputListeners, screenListeners, titleReports);
    }

    /**
     * A copy that also registers {@code listener} before the PTY reader starts: it sees every byte of output, from
     * the first one, on the reader thread as it is read, before the emulator has applied it (see
     * {@link OutputListener}).
     */
    public SpawnOptions withOutputListener(OutputListener listener) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, append(outputListeners, listener), screenListeners, titleReports);
    }

    /**
     * A copy that also registers {@code listener} before the PTY reader starts: it sees every byte of output, from
     * the first one, right after the emulator has applied it, under the session lock (see {@link OutputListener}).
     */
    public SpawnOptions withScreenListener(OutputListener listener) {
        return new SpawnOptions(command, cwd, cols, rows, environment, scrollbackLines, answerQueries, killGrace,
                maxScreenLag, outputListeners, append(screenListeners, listener), titleReports);
    }

    private static List<OutputListener> append(List<OutputListener> listeners, OutputListener listener) {
        List<OutputListener> more = new ArrayList<>(listeners);
        more.add(Objects.requireNonNull(listener, "listener"));
        return more;
    }

    private static void checkDimension(String name, int value) {
        if (value < 1 || value > MAX_DIMENSION) {
            throw new IllegalArgumentException(name + " must be from 1 to " + MAX_DIMENSION + ", got " + value);
        }
    }
}
