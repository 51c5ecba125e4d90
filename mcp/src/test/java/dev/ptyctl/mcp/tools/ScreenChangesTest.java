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
     * htop redraws every row at every refresh: each wait answered the whole screen again. The rows of its list of
     * like rows (a program's threads) with other numbers or states are named in one line; a process that came is
     * shown, and so is the meter, a row like no other with other numbers.
     */
    @Test
    void aMonitorsRowsWithOnlyNewNumbersAreNamedNotShown() {
        Terminal t = new Terminal(40, 8);
        feed(t, "\u001b[?1049h" + monitor("|||    40.0%", " 101 R  30.5 java", " 102 S  10.0 java",
                " 103 S   2.5 java", " 404 S   0.5 sshd"));
        ScreenChanges.View first = ScreenChanges.view(t, 0, null, false);

        feed(t, monitor("||||||| 75.2%", " 103 R  44.1 java", " 101 S  30.0 java", " 505 R  12.0 make",
                " 102 S   1.5 java"));
        ScreenChanges.View next = ScreenChanges.view(t, 0, first.look(), false);

        assertThat(next.shown()).isEqualTo(ScreenChanges.Shown.CHANGED_ROWS);
        assertThat(next.text()).isEqualTo("row 1:   CPU[||||||| 75.2%]\n"
                + "row 5:  505 R  12.0 make\n"
                + "3 more rows are lines of your last look that moved, or rows of a list of like rows with other "
                + "numbers, bars or one-letter fields (rows 3-4, 6; terminal_read shows them)\n");
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

    /**
     * A full-screen test dashboard redraws every row each second (a clock, each suite's time): its counters are
     * what the agent waits for. Summarised as "only numbers changed", failed: 0 becoming failed: 3 and 12/40
     * becoming 40/40 were not in the text a model reads, which then said nothing had happened.
     */
    @Test
    void aDashboardsCountersThatChangedAreShownThoughOnlyTheirNumbersChanged() {
        Terminal t = new Terminal(40, 8);
        feed(t, "\u001b[?1049h" + dashboard("12:00:01", "1.2s", "0.8s", "0.3s", "12/40", 0));
        ScreenChanges.View first = ScreenChanges.view(t, 0, null, false);
        feed(t, dashboard("12:00:02", "2.2s", "1.8s", "1.3s", "40/40", 3));
        ScreenChanges.View next = ScreenChanges.view(t, 0, first.look(), false);

        assertThat(next.text()).contains("tests 40/40", "failed: 3");
    }

    private static String dashboard(String clock, String api, String db, String ui, String progress, int failed) {
        return "\u001b[H\u001b[2Jtest dashboard  " + clock + "\r\n  api  " + api + "\r\n  db   " + db
                + "\r\n  ui   " + ui + "\r\n\r\ntests " + progress + "\r\nfailed: " + failed;
    }
}
