package dev.ptyctl.service.control;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The screen of a terminal and the facts an agent needs beside it, taken at one moment under the session lock.
 *
 * @param screen        the screen as text (the {@code pty/read} rules), after {@code scrollback} lines from above it
 *                      when asked; with {@code joined} the lines as the program wrote them (see {@link #take(
 *                      TerminalSession, int, boolean)})
 * @param cursorRow     1-based
 * @param cursorCol     1-based
 * @param cols          width
 * @param rows          height
 * @param altScreen     whether a full-screen program has the alternate screen up
 * @param inputHidden   whether the terminal does not echo what is typed (canonical mode, echo off: a password prompt)
 * @param title         the title the program set (OSC 0/2), "" if none
 * @param seq           the output seq the screen shows everything up to
 * @param exit          how the program ended (exit status, or the signal that killed it) once it has
 */
public record ScreenSnapshot(String screen, int cursorRow, int cursorCol, int cols, int rows, boolean altScreen,
                             boolean inputHidden, String title, long seq, Optional<ProcessExit> exit) {

    /** Takes a snapshot with {@code scrollback} lines (≥ 0) of history above the screen. */
    public static ScreenSnapshot take(TerminalSession session, int scrollback) {
        return take(session, scrollback, false);
    }

    /**
     * Takes a snapshot with {@code scrollback} lines (≥ 0) of history above the screen; with {@code joined} the text
     * has each row a line soft-wrapped onto joined to it, so a URL or path wider than the screen reads whole, and
     * {@code scrollback} counts such lines ({@link TextSerializer#screenAfterScrollback}).
     */
    public static ScreenSnapshot take(TerminalSession session, int scrollback, boolean joined) {
        boolean hidden = session.inputHidden();
        return session.snapshot((t, progress) -> new ScreenSnapshot(
                TextSerializer.screenAfterScrollback(t, scrollback, joined), t.cursorRow() + 1,
                t.cursorCol() + 1, t.cols(), t.rows(), t.alternateScreenActive(), hidden, t.title(),
                progress.outputSeq(), progress.exit()));
    }

    /** Whether the program is still running. */
    public boolean running() {
        return exit.isEmpty();
    }

    /** The program's exit code once it has exited (128 + the signal's number after a signal). */
    public OptionalInt exitCode() {
        return exit.map(end -> OptionalInt.of(end.exitCode())).orElse(OptionalInt.empty());
    }
}
