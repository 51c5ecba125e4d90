package dev.ptyctl.mcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What a wait's facts say when it answers the whole screen after earlier looks. */
class ScreenChangesTest {
    private static void feed(Terminal t, String text) {
        t.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An agent that sent "vim notes.txt" to a new shell first looked while vim was up; when vim ends, the whole main
     * screen is the answer, and the facts say why, as they do when the main screen was seen before vim.
     */
    @Test
    void theMainScreenAfterAFullScreenProgramSeenFirstSaysWhyItIsWhole() {
        Terminal t = new Terminal(40, 6);
        feed(t, "$ vim notes.txt\r\n\u001b[?1049h\u001b[Hone\r\n~\r\n~");
        ScreenChanges.View inVim = ScreenChanges.view(t, 0, null, false);
        assertThat(inVim.shown()).isEqualTo(ScreenChanges.Shown.SCREEN);
        assertThat(inVim.describe()).as("a first look is not labelled").isEmpty();

        feed(t, "\u001b[?1049l$ ");
        ScreenChanges.View back = ScreenChanges.view(t, 0, inVim.look(), false);
        assertThat(back.shown()).isEqualTo(ScreenChanges.Shown.SCREEN);
        assertThat(back.text()).isEqualTo("$ vim notes.txt\n$\n");
        assertThat(back.describe()).contains("whole screen: a full-screen program ended");
    }

    /** A monitor's screen (alternate screen, 8 rows): a header meter, then processes sorted by CPU. */
    private static String monitor(String meter, String... processes) {
        return "\u001b[H\u001b[2J  CPU[" + meter + "]\r\n  PID S  CPU% Command\r\n"
                + String.join("\r\n", processes);
    }

    /**
     * htop redraws every row at every refresh: each wait answered the whole screen again. Rows that only show other
     * numbers, bars or states (moved by the sort or not) are named in one line; a process that came is shown.
     */
    @Test
    void aMonitorsRowsWithOnlyNewNumbersAreNamedNotShown() {
        Terminal t = new Terminal(40, 8);
        feed(t, "\u001b[?1049h" + monitor("|||    40.0%", " 101 R  30.5 java", " 202 S  10.0 chromium",
                " 303 S   2.5 bash", " 404 S   0.5 sshd"));
        ScreenChanges.View first = ScreenChanges.view(t, 0, null, false);

        feed(t, monitor("||||||| 75.2%", " 202 R  44.1 chromium", " 101 S  30.0 java", " 505 R  12.0 make",
                " 303 S   1.5 bash"));
        ScreenChanges.View next = ScreenChanges.view(t, 0, first.look(), false);

        assertThat(next.shown()).isEqualTo(ScreenChanges.Shown.CHANGED_ROWS);
        assertThat(next.text()).isEqualTo("row 5:  505 R  12.0 make\n"
                + "4 more rows changed only in numbers, bars or one-letter fields (rows 1, 3-4, 6; terminal_read "
                + "shows them)\n");
    }

    /** A few rows changed (an edit in vim): each is shown whole, digits included, as before. */
    @Test
    void aFewChangedRowsAreShownWholeEvenWhenOnlyTheirNumbersChanged() {
        Terminal t = new Terminal(40, 8);
        feed(t, "\u001b[?1049h\u001b[Hport = 8080\r\nhost = example\r\n~\r\n~");
        ScreenChanges.View first = ScreenChanges.view(t, 0, null, false);
        feed(t, "\u001b[1;8H9090");
        ScreenChanges.View edited = ScreenChanges.view(t, 0, first.look(), false);
        assertThat(edited.text()).isEqualTo("row 1: port = 9090\n");
    }
}
