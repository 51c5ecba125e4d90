package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The snapshot file's text ({@link SnapshotText}): every look of the screen written down, nothing else. */
class SnapshotTextTest {
    private static String snapshot(int cols, int rows, String output) {
        return SnapshotText.of(Cells.of(Screens.terminal(cols, rows, output)));
    }

    @Test
    void textRowsNumberedThenOneStyleLinePerStyledRow() {
        String output = ESC + "[1;32m\u2714 built" + ESC + "[0m  " + ESC + "[3mv1.2" + ESC + "[0m\r\n"
                + ESC + "[7m deploy " + ESC + "[0m " + ESC + "[4;31mfailed: quota" + ESC + "[0m\r\n"
                + ESC + "[38;5;208mpal" + ESC + "[38;2;1;2;3mrgb" + ESC + "[91;44mbri" + ESC + "[0m\r\n$ ";
        assertThat(snapshot(30, 6, output)).isEqualTo("""
                ptyctl snapshot
                size 30x6, cursor 4,3
                --- text
                 1 |\u2714 built  v1.2
                 2 | deploy  failed: quota
                 3 |palrgbbri
                 4 |$
                --- styles
                 1 |1-7 bold fg=green; 10-13 italic
                 2 |1-8 inverse; 10-22 underline fg=red
                 3 |1-3 fg=208; 4-6 fg=#010203; 7-9 fg=bright-red bg=blue
                """);
    }

    @Test
    void aSnapshotWithoutStylesHasTheTextAloneAndSaysSo() {
        Cells ls = Cells.of(Screens.terminal(20, 4, ESC + "[1;34mdocs" + ESC + "[0m  notes.txt\r\n\r\n"
                + ESC + "[7m" + "   " + ESC + "[0m"));
        assertThat(SnapshotText.of(ls, Region.all(), false)).isEqualTo("""
                ptyctl snapshot
                size 20x4, cursor 3,4, styles left out
                --- text
                 1 |docs  notes.txt
                """);
    }

    @Test
    void aSnapshotOfSomeRowsNamesThemKeepsTheirNumbersAndNoCursorOutsideThem() {
        Cells less = Cells.of(Screens.terminal(20, 5, "one\r\n" + ESC + "[1mtwo" + ESC + "[0m\r\n\r\n\r\n"
                + ESC + "[7m/tmp/junit4711/x.txt" + ESC + "[0m"));
        assertThat(SnapshotText.of(less, Region.rows(2, 4))).isEqualTo("""
                ptyctl snapshot
                size 20x5, rows 2-4, cursor outside
                --- text
                 2 |two
                --- styles
                 2 |1-3 bold
                """);
        assertThat(SnapshotText.of(less, Region.rows(1, 99))).as("rows past the screen's end")
                .startsWith("ptyctl snapshot\nsize 20x5, rows 1-5, cursor 5,20\n--- text\n 1 |one\n");
        assertThat(SnapshotText.of(less, Region.all())).startsWith("ptyctl snapshot\nsize 20x5, cursor 5,20\n");
    }

    @Test
    void blankRowsAtTheEndAreLeftOutUnlessStyled() {
        assertThat(snapshot(10, 12, "a\r\n\r\nb")).isEqualTo("""
                ptyctl snapshot
                size 10x12, cursor 3,2
                --- text
                 1 |a
                 2 |
                 3 |b
                --- styles
                """);
        // a coloured bar of blanks on the last row is part of the look: kept, and the row numbers grow to two digits
        assertThat(snapshot(4, 12, ESC + "[12;1H" + ESC + "[44m    " + ESC + "[0m" + ESC + "[1;1H")).isEqualTo("""
                ptyctl snapshot
                size 4x12, cursor 1,1
                --- text
                  1 |
                  2 |
                  3 |
                  4 |
                  5 |
                  6 |
                  7 |
                  8 |
                  9 |
                 10 |
                 11 |
                 12 |
                --- styles
                 12 |1-4 bg=blue
                """);
    }

    @Test
    void aHiddenCursorAndWideCharactersAreWrittenAsTheyLook() {
        assertThat(snapshot(10, 2, "\u90e8\u7f72 ok" + ESC + "[?25l")).isEqualTo("""
                ptyctl snapshot
                size 10x2, cursor hidden
                --- text
                 1 |\u90e8\u7f72 ok
                --- styles
                """);
    }

    @Test
    void theSameScreenGivesTheSameTextHoweverItWasDrawn() {
        String direct = snapshot(20, 4, "one\r\n" + ESC + "[1mtwo" + ESC + "[0m\r\n");
        // drawn backwards with cursor moves, after other text that was scrolled away and erased, in another session
        String roundabout = snapshot(20, 4, "noise 1\r\nnoise 2\r\nnoise 3\r\nnoise 4\r\nnoise 5" + ESC + "[2J"
                + ESC + "[2;1H" + ESC + "[1mtwo" + ESC + "[m" + ESC + "[1;1Hone" + ESC + "[3;1H");
        assertThat(roundabout).isEqualTo(direct);
        // no time, title, id or environment of the recording's header reaches the file
        Replay plain = Screens.replay(20, 4, "one\r\n" + ESC + "[1mtwo" + ESC + "[0m\r\n");
        Replay dated = Replay.ofText("other.cast", Screens.cast("{\"version\":2,\"width\":20,\"height\":4,"
                + "\"timestamp\":1700000000,\"title\":\"build 7\",\"env\":{\"TERM\":\"xterm\"}}",
                "one\r\n", ESC + "]0;window title 42" + ESC + "\\" + ESC + "[1mtwo" + ESC + "[0m\r\n"));
        assertThat(SnapshotText.of(dated.source().cells())).isEqualTo(SnapshotText.of(plain.source().cells()))
                .isEqualTo(direct);
    }

    @Test
    void aChangeOfStyleAloneChangesTheText() {
        String bold = snapshot(10, 2, ESC + "[1mSave");
        String plain = snapshot(10, 2, "Save");
        assertThat(bold).isNotEqualTo(plain);
        assertThat(TerminalAssert.diff(plain, bold)).isEqualTo("--- snapshot\n+++ screen\n@@ line 6\n+  1 |1-4 bold\n");
    }
}
