package dev.ptyctl.service.terminals;

import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SpawnOptions;
import java.time.Duration;
import java.util.Locale;

/**
 * The {@code ptyctl.terminals} configuration (SPEC §8): defaults for new terminals and the limits the registry
 * enforces. The constructor checks every value and names the key in its message.
 *
 * @param shell              program started when a request names none; empty for {@code $SHELL}, else
 *                           {@code /bin/bash}
 * @param cols               width of a terminal whose request gives none
 * @param rows               height of a terminal whose request gives none
 * @param scrollbackLines    lines each emulator keeps above the screen
 * @param replayBytes        recent output kept per terminal for replay and recordings
 * @param clientBacklogBytes how far a WebSocket client may fall behind before it is paused
 * @param maxTerminals       most terminals alive at once
 * @param answerQueries      who answers terminal queries: {@code auto}, {@code server} or {@code clients}
 * @param shellIntegration   whether shells get the integration scripts (SPEC §5.9)
 * @param killGrace          time between hang-up and kill when a terminal is closed
 * @param titleReports       whether the server's emulator answers the title and icon-label reports (XTWINOPS 21
 *                           and 20), off by default as in xterm: a title is text another program may have chosen
 * @param idPrefix           what every terminal id starts with ({@code p3-} on server 3 of several behind a proxy
 *                           that routes on it, docs/scaling.md); letters, digits, {@code .}, {@code _}, {@code -}
 */
public record TerminalSettings(String shell, int cols, int rows, int scrollbackLines, int replayBytes,
                               int clientBacklogBytes, int maxTerminals, String answerQueries,
                               boolean shellIntegration, Duration killGrace, boolean titleReports, String idPrefix) {
    /** SPEC §8 defaults. */
    public static final TerminalSettings DEFAULTS = new TerminalSettings("", 100, 30, 10_000, 2 * 1024 * 1024,
            1024 * 1024, 256, "auto", true, Duration.ofMillis(2000), false, "");
    /** Room for a pod's ordinal or a host's short name; ids stay short enough to type. */
    static final int MAX_ID_PREFIX = 32;
    /**
     * Below this a replay buffer could not hold one screenful of a large terminal; it must also keep more than the
     * screen can lag behind the log ({@link #screenLagBytes()}).
     */
    static final int MIN_REPLAY_BYTES = 64 * 1024;

    /** Validates. */
    public TerminalSettings {
        shell = shell == null ? "" : shell.strip();
        checkDimension("cols", cols);
        checkDimension("rows", rows);
        atLeast("scrollbackLines", scrollbackLines, 0);
        atLeast("replayBytes", replayBytes, MIN_REPLAY_BYTES);
        atLeast("clientBacklogBytes", clientBacklogBytes, 1);
        atLeast("maxTerminals", maxTerminals, 1);
        answerQueries = answerQueries == null ? "auto" : answerQueries.strip().toLowerCase(Locale.ROOT);
        if (!answerQueries.equals("auto") && !answerQueries.equals("server") && !answerQueries.equals("clients")) {
            throw new IllegalArgumentException(
                    "ptyctl.terminals.answerQueries must be auto, server or clients, got " + answerQueries);
        }
        if (killGrace == null || killGrace.isNegative()) {
            throw new IllegalArgumentException("ptyctl.terminals.killGraceMillis must not be negative");
        }
        idPrefix = idPrefix == null ? "" : idPrefix.strip();
        // It ends up in URL paths, where a proxy routes on it.
        if (idPrefix.length() > MAX_ID_PREFIX || !idPrefix.chars().allMatch(c -> c < 128
                && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-'))) {
            throw new IllegalArgumentException("ptyctl.terminals.idPrefix must be at most " + MAX_ID_PREFIX
                    + " letters, digits, '.', '_' or '-', got \"" + idPrefix + "\"");
        }
    }

    /**
     * How far a terminal's screen may fall behind its output log ({@link SpawnOptions#maxScreenLag}): the session's
     * default, but at most a quarter of the replay buffer, so that the seq of a reset snapshot, which is the screen's,
     * is always still in the log with room to spare.
     */
    public int screenLagBytes() {
        int quarter = Math.min(PtySession.DEFAULT_SCREEN_LAG_BYTES, replayBytes / 4);
        return Math.max(PtySession.MIN_SCREEN_LAG_BYTES, quarter);
    }

    /** Whether the server's emulator answers queries when a terminal starts (no client has set the size yet). */
    public boolean serverAnswersAtStart() {
        return !answerQueries.equals("clients");
    }

    private static void checkDimension(String key, int value) {
        if (value < 1 || value > SpawnOptions.MAX_DIMENSION) {
            throw new IllegalArgumentException("ptyctl.terminals." + key + " must be from 1 to "
                    + SpawnOptions.MAX_DIMENSION + ", got " + value);
        }
    }

    private static void atLeast(String key, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException("ptyctl.terminals." + key + " must be at least " + min + ", got "
                    + value);
        }
    }
}
