package dev.ptyctl.service.control;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.util.List;
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
     * has each row a line soft-wrapped onto joined to it ({@link TextSerializer#unwrappedLines}), so a URL or path
     * wider than the screen reads whole, and {@code scrollback} counts such lines.
     */
    public static ScreenSnapshot take(TerminalSession session, int scrollback, boolean joined) {
        boolean hidden = session.inputHidden();
        return session.snapshot((t, progress) -> new ScreenSnapshot(
                joined ? joinedText(t, scrollback) : text(t, scrollback), t.cursorRow() + 1,
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

    private static String joinedText(Terminal t, int scrollback) {
        List<String> screenLines = TextSerializer.unwrappedLines(t, false);
        if (scrollback <= 0) {
            return TextSerializer.text(screenLines);
        }
        // A line ends on the same row with the scrollback as without it (only where a line starts can differ, at the
        // screen's top edge), so the screen's lines are the last screenLines.size() of the whole text's.
        List<String> lines = TextSerializer.unwrappedLines(t, true);
        int from = Math.max(0, lines.size() - screenLines.size() - scrollback);
        return TextSerializer.text(lines.subList(from, lines.size()));
    }

    private static String text(Terminal t, int scrollback) {
        if (scrollback <= 0) {
            return TextSerializer.screen(t);
        }
        int history = t.scrollbackSize();
        int from = Math.max(0, history - scrollback);
        StringBuilder text = new StringBuilder();
        for (int i = from; i < history; i++) {
            text.append(t.scrollbackRowText(i).stripTrailing()).append('\n');
        }
        // The screen's own text already drops its trailing blank rows; history lines above it are kept as they are,
        // unless the whole screen is blank (then trailing blank history lines go too, as the rules say).
        text.append(TextSerializer.screen(t));
        String all = text.toString();
        int end = all.length();
        while (end > 0 && all.charAt(end - 1) == '\n' && (end == 1 || all.charAt(end - 2) == '\n')) {
            end--;
        }
        return all.substring(0, end);
    }
}
