package dev.ptyctl.service.shell;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;

/**
 * A command's raw output as the text a user saw: run through a fresh emulator as wide as the terminal, so colours
 * and cursor tricks (progress bars redrawn with CR, erased lines) come out as their final text, and read back with
 * its scrollback so nothing the command printed is cut off. A line wider than the terminal reads as the program wrote
 * it, not cut into rows: a long URL, path or JSON document is one line, and no newline is added that the program
 * did not print.
 */
public final class CommandOutput {
    /** Rows of the scratch emulator; more only cost memory, scrollback keeps everything above. */
    private static final int ROWS = 50;
    /** Scrollback of the scratch emulator: more lines than the capped capture can produce (it grows as needed). */
    private static final int SCROLLBACK_LINES = PromptTracker.MAX_CAPTURE_BYTES;

    private CommandOutput() {
    }

    /**
     * The text of {@code output} rendered {@code cols} wide: lines without trailing spaces, each ended by a newline,
     * the rows a line wrapped onto joined to it; without zsh's partial-line mark ({@link ZshLineEndMark}).
     */
    public static String render(byte[] output, int cols) {
        Terminal scratch = new Terminal(Math.max(cols, 2), ROWS, SCROLLBACK_LINES);
        scratch.feed(output, 0, ZshLineEndMark.end(output, cols));
        return TextSerializer.unwrapped(scratch, true);
    }
}
