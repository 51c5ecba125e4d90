package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Line;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command's exit-code mark (OSC 133 D, put on its prompt's line) when the terminal is resized while the command
 * runs: the mark stays with the prompt's text, also when the prompt was drawn on a wrapped continuation row that the
 * reflow merges or cuts anew.
 */
class PromptMarkReflowTest {
    private static final String BEL = "\u0007";
    /**
     * 30 characters without a final newline on a 20-column terminal: bash draws its next prompt right after them, at
     * column 10 of their wrapped second row.
     */
    private static final String LONG_OUTPUT = "x".repeat(30);

    private static Terminal runningCommand(String before) {
        Terminal t = new Terminal(20, 5, 100);
        feed(t, before + OSC + "133;A" + BEL + "$ " + OSC + "133;B" + BEL + "cmd\r\n" + OSC + "133;C" + BEL
                + "out\r\n");
        return t;
    }

    private static void finish(Terminal t, int exitCode) {
        feed(t, "more\r\n" + OSC + "133;D;" + exitCode + BEL);
    }

    private static void feed(Terminal t, String text) {
        t.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Each marked line of the main screen and scrollback: its text, then "A" and the exit code (or "A" alone). */
    private static List<String> marks(Terminal t) {
        var main = t.emulator().state().mainScreen();
        List<String> marks = new ArrayList<>();
        for (int i = 0; i < main.scrollback().size() + t.rows(); i++) {
            Line line = main.lineAtBufferIndex(i);
            long mark = line.promptMark();
            if (mark != 0) {
                marks.add(line.text().strip() + " A" + ((mark & Line.EXIT_CODE) != 0 ? (int) mark : ""));
            }
        }
        return marks;
    }

    @Test
    void aPromptOnARowOfItsOwnKeepsItsMarkThroughResizes() {
        Terminal t = runningCommand("");
        t.resize(8, 5);
        t.resize(40, 3);
        t.resize(20, 5);
        finish(t, 3);
        assertThat(marks(t)).containsExactly("$ cmd A3");
    }

    @Test
    void aPromptOnAWrappedRowKeepsItsMarkWhenAWiderResizeMergesThatRowIntoTheOneAbove() {
        Terminal t = runningCommand(LONG_OUTPUT);
        assertThat(marks(t)).containsExactly("xxxxxxxxxx$ cmd A");
        t.resize(40, 5);
        finish(t, 3);
        // The row the prompt was drawn on is gone: the mark is on the row that now holds the prompt's text.
        assertThat(marks(t)).containsExactly("x".repeat(30) + "$ cmd A3");
    }

    @Test
    void aPromptOnAWrappedRowKeepsItsMarkWhenANarrowerResizeCutsItsGroupAnew() {
        Terminal t = runningCommand(LONG_OUTPUT);
        t.resize(8, 5);
        finish(t, 1);
        // At 8 columns the group's 30 + 5 cells are rows of 8, 8, 8, 8 and 3: the prompt starts at cell 30, row 4.
        assertThat(marks(t)).containsExactly("xxxxxx$ A1");
        t.resize(20, 5);
        assertThat(marks(t)).containsExactly("xxxxxxxxxx$ cmd A1");
    }

    @Test
    void aPromptThatAWiderResizePushesToTheNextRowKeepsItsMarkOnThatRow() {
        // 'a' and twelve wide characters fill 25 cells; the prompt starts with a wide character at cell 25. At 26
        // columns that character does not fit in the last column of the first row and moves down, so the second row
        // starts at cell 25, not 26: the prompt's row is the second.
        Terminal t = new Terminal(20, 5, 100);
        feed(t, "a" + "\u6f22".repeat(12) + OSC + "133;A" + BEL + "\ud83d\ude80$ " + OSC + "133;B" + BEL + "cmd\r\n"
                + OSC + "133;C" + BEL + "out\r\n");
        t.resize(26, 5);
        finish(t, 3);
        assertThat(marks(t)).containsExactly("\ud83d\ude80$ cmd A3");
        t.resize(20, 5);
        assertThat(marks(t)).containsExactly("\u6f22\u6f22\u6f22\ud83d\ude80$ cmd A3");
    }
}
