package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Locator}: what text, patterns and styles find on a screen, narrowed by rows and index; no server. */
class LocatorTest {
    /** A file manager's screen: a title, a list with the selection in inverse video, and a status line. */
    private static final Replay FILES = Screens.replay(40, 6,
            ESC + "[1mFiles: /home/me" + ESC + "[0m\r\n"
                    + "  notes.txt   2 KiB\r\n"
                    + ESC + "[7m  todo.txt    1 KiB " + ESC + "[0m\r\n"
                    + "  Save.txt    9 KiB\r\n"
                    + "\r\n"
                    + ESC + "[31mSave" + ESC + "[0m failed: " + ESC + "[31;1mdisk full" + ESC + "[0m  Save");

    private static List<Locator.Match> matches(Locator locator) {
        return locator.find(locator.source().cells());
    }

    @Test
    void textIsFoundEverywhereInReadingOrder() {
        Locator save = FILES.getByText("Save");
        assertThat(save.count()).isEqualTo(3);
        assertThat(matches(save)).containsExactly(new Locator.Match(3, 2, 6, "Save"), new Locator.Match(5, 0, 4, "Save"),
                new Locator.Match(5, 24, 28, "Save"));
        assertThat(FILES.getByText("save").count()).as("case matters").isZero();
        assertThat(FILES.getByText("Saved").text()).isEmpty();
    }

    @Test
    void textEndingInSpacesIsFoundOnTheBlankCellsAtTheEndOfARow() {
        Replay repl = Screens.replay(20, 3, "Python 3.12\r\n>>> print(1)\r\n1\r\n>>> ");
        assertThat(matches(repl.getByText(">>> "))).containsExactly(new Locator.Match(0, 0, 4, ">>> "),
                new Locator.Match(2, 0, 4, ">>> "));
        assertThat(repl.getByText("1   ").text()).contains("1   ");
        assertThat(repl.getByText("1" + " ".repeat(20)).count()).as("no further than the row's last column").isZero();
        assertThat(repl.getByRegex(">>> $").count()).as("patterns still see rows without trailing blanks").isZero();
    }

    @Test
    void withinKeepsTheRowsOfTheRegionCountedFromOne() {
        assertThat(FILES.getByText("Save").within(Region.rows(1, 4)).count()).isEqualTo(1);
        assertThat(FILES.getByText("Save").within(Region.row(6)).count()).isEqualTo(2);
        assertThat(FILES.getByText("Save").within(Region.rows(1, 3)).count()).isZero();
        assertThat(FILES.getByText("KiB").within(Region.rows(2, 3)).count()).isEqualTo(2);
        assertThat(FILES.getByText("Save").within(Region.rows(6, 100)).count()).as("rows past the screen").isEqualTo(2);
        assertThatThrownBy(() -> Region.rows(0, 2)).hasMessage("a region is rows from..to with 1 <= from <= to, got 0..2");
    }

    @Test
    void nthPicksOneMatchFromZeroAfterTheRegion() {
        Locator save = FILES.getByText("Save");
        assertThat(matches(save.nth(1))).containsExactly(new Locator.Match(5, 0, 4, "Save"));
        assertThat(matches(save.within(Region.row(6)).nth(1))).containsExactly(new Locator.Match(5, 24, 28, "Save"));
        assertThat(save.nth(3).count()).isZero();
        assertThatThrownBy(() -> save.nth(-1)).hasMessage("nth counts from 0, got -1 (the last match: last())");
    }

    @Test
    void aPatternMatchesWithinEachRowAndEmptyMatchesAreNoMatches() {
        assertThat(FILES.getByRegex("\\d+ KiB").count()).isEqualTo(3);
        assertThat(FILES.getByRegex("^  \\w+\\.txt").nth(2).text()).contains("  Save.txt");
        assertThat(FILES.getByRegex("KiB$").count()).isEqualTo(3);
        assertThat(FILES.getByRegex("KiB $").count()).as("rows end without their trailing blanks, styled or not").isZero();
        assertThat(FILES.getByRegex("x*").count()).isEqualTo(3); // the x of the three .txt, never the empty matches
        assertThat(FILES.getByRegex("me.*notes").count()).as("a match never crosses a line break").isZero();
    }

    @Test
    void aStyleFindsRunsOfCellsWithoutTheirBlankEnds() {
        assertThat(matches(FILES.getByStyle(Styles.inverse()))).containsExactly(new Locator.Match(2, 2, 19, "todo.txt    1 KiB"));
        assertThat(matches(FILES.getByStyle(Styles.color("red")))).extracting(Locator.Match::text)
                .containsExactly("Save", "disk full");
        assertThat(FILES.getByStyle(Styles.bold().fg("red")).text()).contains("disk full");
        assertThat(FILES.getByStyle(Styles.bold()).nth(0).text()).contains("Files: /home/me");
        assertThat(FILES.getByStyle(Styles.underline()).count()).isZero();
    }

    @Test
    void wideCharactersAreOneCharacterOfTextAndTwoColumns() {
        Replay wide = Screens.replay(20, 2, "\u90e8\u7f72 ok " + ESC + "[32m\u2714 done" + ESC + "[0m");
        assertThat(matches(wide.getByText("ok"))).containsExactly(new Locator.Match(0, 5, 7, "ok"));
        assertThat(matches(wide.getByText("\u7f72 o"))).containsExactly(new Locator.Match(0, 2, 6, "\u7f72 o"));
        assertThat(matches(wide.getByStyle(Styles.color("green")))).containsExactly(new Locator.Match(0, 8, 14, "\u2714 done"));
    }

    @Test
    void aLocatorSaysWhatItLooksFor() {
        assertThat(FILES.getByText("Save").within(Region.rows(2, 3)).nth(1)).hasToString("text \"Save\" in rows 2-3, match 1");
        assertThat(FILES.getByRegex("\\d+").within(Region.row(4))).hasToString("/\\d+/ in row 4");
        assertThat(FILES.getByStyle(Styles.bold().fg("red"))).hasToString("cells with style bold fg=red");
        assertThatThrownBy(() -> FILES.getByText("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FILES.getByText("a\nb")).hasMessageContaining("within one line");
    }

    @Test
    void aStyleMatchAskedToReadWithTheBlanksAtItsEndsSaysTheyAreLeftOut() {
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByStyle(Styles.inverse()))
                .hasText("  todo.txt    1 KiB "))
                .hasMessageStartingWith("expected cells with style inverse to read \"  todo.txt    1 KiB \" (a style"
                        + " match leaves out the blank cells at its ends: hasText(\"todo.txt    1 KiB\")) within 0 ms;"
                        + " found 1: \"todo.txt    1 KiB\" at row 3, column 3");
    }

    @Test
    void assertionsOnALocatorTellWhatWasFound() {
        TerminalAssertions.assertThat(FILES.getByText("Save")).isVisible().hasCount(3);
        TerminalAssertions.assertThat(FILES.getByText("disk full")).hasStyle(Styles.bold().fg("red"));
        TerminalAssertions.assertThat(FILES.getByStyle(Styles.inverse())).hasText("todo.txt    1 KiB");
        TerminalAssertions.assertThat(FILES.getByText("Saved")).isHidden();
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByText("Save")).hasCount(2))
                .isInstanceOf(TerminalAssertionError.class).hasMessageStartingWith("expected 2 of text \"Save\" within"
                        + " 0 ms; found 3: \"Save\" at row 4, column 3, \"Save\" at row 6, column 1, \"Save\" at row 6,"
                        + " column 25");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByText("Save")).hasStyle(Styles.color("red")))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected text \"Save\" to have style fg=red within 0 ms; found 3");
    }

    @Test
    void aStyleFailureNamesTheStylesTheScreenHasInstead() {
        // The failure's screen dump is text only: without the styles named, a wrong colour could not be told apart.
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByText("Save")).hasStyle(Styles.color("red")))
                .hasMessageStartingWith("expected text \"Save\" to have style fg=red within 0 ms; found 3: \"Save\" at"
                        + " row 4, column 3 (plain), \"Save\" at row 6, column 1 (fg=red), \"Save\" at row 6, column 25"
                        + " (plain)");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByStyle(Styles.color("yellow"))).isVisible())
                .hasMessageStartingWith("expected cells with style fg=yellow to be visible within 0 ms; found none;"
                        + " styled cells on the screen: row 1: 1-15 bold, row 3: 1-20 inverse, row 6: 1-4 fg=red;"
                        + " 14-22 bold fg=red");
    }

    /** A log that scrolled: "a1" twice above the screen (the oldest line and the next), once on it. */
    private static final Replay SCROLLED = Screens.replay(10, 2, "a1\r\nb2 a1\r\nc3\r\na1 end");

    @Test
    void includingScrollbackFindsLinesAboveTheScreenFirstOldestFirst() {
        assertThat(matches(SCROLLED.getByText("a1"))).containsExactly(new Locator.Match(1, 0, 2, "a1"));
        Locator all = SCROLLED.getByText("a1").includingScrollback();
        assertThat(matches(all)).containsExactly(new Locator.Match(-2, 0, 2, "a1"), new Locator.Match(-1, 3, 5, "a1"),
                new Locator.Match(1, 0, 2, "a1"));
        assertThat(all.count()).isEqualTo(3);
        assertThat(matches(all.nth(1))).containsExactly(new Locator.Match(-1, 3, 5, "a1"));
        assertThat(matches(SCROLLED.getByRegex("[a-c]\\d").includingScrollback())).extracting(Locator.Match::text)
                .containsExactly("a1", "b2", "a1", "c3", "a1");
        assertThat(SCROLLED.getByText("b2 ").includingScrollback().count()).as("trailing spaces, as on the screen")
                .isEqualTo(1);
        assertThat(SCROLLED.getByText("a1 ").includingScrollback().count()).as("ends past a line's end, or on a space")
                .isEqualTo(3);
        assertThat(SCROLLED.getByText("z9").includingScrollback().text()).isEmpty();
    }

    @Test
    void assertionsOnALocatorIncludingScrollbackSayWhereAboveTheScreen() {
        TerminalAssertions.assertThat(SCROLLED.getByText("b2").includingScrollback()).isVisible().hasCount(1);
        assertThatThrownBy(() -> TerminalAssertions.assertThat(SCROLLED.getByText("a1").includingScrollback()).isHidden())
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected text \"a1\" including the scrollback not to be visible within 0 ms;"
                        + " found 3: \"a1\" at 2 lines above the screen, column 1, \"a1\" at 1 line above the screen,"
                        + " column 4, \"a1\" at row 2, column 1")
                .hasMessageNotContaining("it is in the scrollback");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(SCROLLED.getByText("b2")).isVisible())
                .hasMessageContaining("getByText(...).includingScrollback()");
    }

    @Test
    void includingScrollbackRefusesWhatCountsTheScreensCells() {
        assertThatThrownBy(() -> SCROLLED.getByStyle(Styles.bold()).includingScrollback())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cells with style bold: a style locator searches the screen's cells only; the scrollback"
                        + " is searched as text, with getByText or getByRegex");
        assertThatThrownBy(() -> SCROLLED.getByText("a1").within(Region.row(1)).includingScrollback())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("use one or the other");
        assertThatThrownBy(() -> SCROLLED.getByText("a1").includingScrollback().within(Region.row(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("use one or the other");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(SCROLLED.getByText("a1").includingScrollback())
                .hasStyle(Styles.plain())).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("hasStyle reads the cells of the screen");
    }

    @Test
    void firstAndLastPickTheEndsOfTheMatchesInReadingOrder() {
        Locator save = FILES.getByText("Save");
        assertThat(matches(save.first())).containsExactly(new Locator.Match(3, 2, 6, "Save"));
        assertThat(matches(save.last())).containsExactly(new Locator.Match(5, 24, 28, "Save"));
        assertThat(matches(save.within(Region.rows(1, 4)).last())).containsExactly(new Locator.Match(3, 2, 6, "Save"));
        assertThat(FILES.getByText("Saved").last().count()).isZero();
        assertThat(matches(SCROLLED.getByText("a1").includingScrollback().first()))
                .containsExactly(new Locator.Match(-2, 0, 2, "a1"));
        assertThat(save.last()).hasToString("text \"Save\", the last match");
        TerminalAssertions.assertThat(FILES.getByRegex("\\d KiB").last()).hasText("9 KiB");
    }

    /**
     * A 12-column shell: the command line typed wraps after "hello" (row 2 continues row 1), its output "hello world"
     * fits, then "abcdefghijkl" fills row 4 to the edge and a line break puts "mn" on row 5.
     */
    private static final Replay WRAPPED = Screens.replay(12, 6,
            "$ echo hello world\r\nhello world\r\nabcdefghijkl\r\nmn\r\n$ ");

    @Test
    void textWrappedAtTheRightEdgeIsFoundAcrossTheRowsButNeverAcrossALineBreak() {
        assertThat(matches(WRAPPED.getByText("hello world"))).containsExactly(
                new Locator.Match(0, 7, 1, 6, "hello world"), new Locator.Match(2, 0, 11, "hello world"));
        assertThat(WRAPPED.getByText("echo hello world").count()).isEqualTo(1);
        assertThat(WRAPPED.getByText("klmn").count()).as("row 4 is full, but a line break ends it").isZero();
        assertThat(WRAPPED.getByRegex("l\\s*m").count()).isZero();
        assertThat(matches(WRAPPED.getByRegex("o\\s+w\\w+"))).extracting(Locator.Match::text)
                .containsExactly("o world", "o world");
        assertThat(WRAPPED.getByRegex("^ world").count()).as("a wrapped row does not start a line").isZero();
        assertThat(WRAPPED.getByRegex("^\\$ echo.*d$").count()).isEqualTo(1);
        assertThat(WRAPPED.getByText("hello world").within(Region.row(2)).count())
                .as("a region cuts the line at its edges").isZero();
        assertThat(WRAPPED.getByText("hello world").within(Region.rows(1, 2)).count()).isEqualTo(1);
        assertThat(matches(WRAPPED.getByText("hello world")).getFirst().place())
                .isEqualTo("row 1, column 8 (wrapped onto row 2)");
        TerminalAssertions.assertThat(WRAPPED.getByText("echo hello w")).hasText("echo hello w");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(WRAPPED.getByText("hello world")).hasCount(3))
                .hasMessageContaining(" 1 |$ echo hello\n   |       ~~~~~\n 2 | world\n   |~~~~~~\n 3 |hello world\n"
                        + "   |~~~~~~~~~~~\n");   // a wrapped match marked on both its rows
    }

    @Test
    void aRegionThatCutsAWrappedLineDoesNotMakeTheCutAStartOrEndOfTheLine() {
        assertThat(WRAPPED.getByRegex("^ world").within(Region.row(2)).count())
                .as("row 2 continues row 1, with or without the region").isZero();
        assertThat(WRAPPED.getByRegex("^ world").within(Region.rows(2, 3)).count()).isZero();
        assertThat(WRAPPED.getByRegex("hello$").within(Region.row(1)).count()).as("row 1 goes on into row 2").isZero();
        assertThat(WRAPPED.getByRegex("^\\$ echo hello").within(Region.row(1)).count()).isEqualTo(1);
        assertThat(matches(WRAPPED.getByRegex("\\bworld$").within(Region.row(2))))
                .as("the line's true end")
                .containsExactly(new Locator.Match(1, 1, 6, "world"));
        assertThat(WRAPPED.getByRegex("(?<=o) world").within(Region.row(2)).count())
                .as("what is cut off is seen, not matched").isEqualTo(1);
        assertThat(WRAPPED.getByRegex("o world").within(Region.row(2)).count()).isZero();
        assertThat(WRAPPED.getByRegex("^hello world$").within(Region.rows(2, 3)).count())
                .as("a whole line after the cut one").isEqualTo(1);

        Replay scrolled = Screens.replay(12, 2, "abcdefghijklmn\r\nx");   // row 1 continues a row above the screen
        assertThat(scrolled.getByRegex("^mn").count()).as("a line whose start scrolled off").isZero();
        assertThat(scrolled.getByRegex("^abc\\w+mn$").includingScrollback().count()).isEqualTo(1);
        assertThat(scrolled.getByRegex("^x$").count()).isEqualTo(1);
    }

    /**
     * A wide character that does not fit in the last column goes on to the next row whole and leaves that column
     * blank: the program wrote no space there, so the text reads on across it, on the screen and in the scrollback.
     */
    @Test
    void aWideCharacterWrappedWholeLeavesNoSpaceInTheText() {
        Replay screen = Screens.replay(10, 3, "123456789\u4e2d\u6587 ok");
        assertThat(matches(screen.getByText("9\u4e2d\u6587"))).containsExactly(new Locator.Match(0, 8, 1, 4, "9\u4e2d\u6587"));
        assertThat(screen.getByText("9 \u4e2d").count()).as("the blank column is no space").isZero();
        Replay written = Screens.replay(10, 3, "123456789 \u4e2d\u6587");
        assertThat(written.getByText("9 \u4e2d").count()).as("a space the program wrote stays").isEqualTo(1);
        Replay scrolled = Screens.replay(10, 2, "123456789\u4e2d\u6587\r\n\r\n");
        assertThat(scrolled.getByText("9\u4e2d\u6587").includingScrollback().count()).isEqualTo(1);
    }

    @Test
    void aStyleIsCheckedOnEveryRowAWrappedMatchCovers() {
        Replay bar = Screens.replay(10, 3, "status: " + ESC + "[7mrunning ok" + ESC + "[0m fine");
        TerminalAssertions.assertThat(bar.getByText("running ok")).hasStyle(Styles.inverse());
        assertThatThrownBy(() -> TerminalAssertions.assertThat(bar.getByText("ok fine")).hasStyle(Styles.inverse()))
                .hasMessageContaining("\"ok fine\" at row 2, column 7 (wrapped onto row 3) (inverse / plain)");
        assertThat(bar.getByStyle(Styles.inverse()).count()).as("a style run lies within a row").isEqualTo(2);
    }

    @Test
    void aLineWrappedFromTheScrollbackOntoTheScreenIsFoundWhole() {
        Replay scrolled = Screens.replay(12, 2, "$ echo hello world\r\nhello world\r\n$ ");
        Locator hello = scrolled.getByText("echo hello world").includingScrollback();
        assertThat(matches(hello)).containsExactly(new Locator.Match(-2, 2, -1, 6, "echo hello world"));
        assertThat(matches(hello).getFirst().place())
                .isEqualTo("2 lines above the screen, column 3 (wrapped onto 1 line above the screen)");
        Replay half = Screens.replay(12, 2, "x\r\n$ echo hello world\r\n");
        assertThat(matches(half.getByText("hello world").includingScrollback()))
                .containsExactly(new Locator.Match(-1, 7, 0, 6, "hello world"));
        assertThat(half.getByText("hello world").count()).as("the screen alone has half of it").isZero();
    }

    /**
     * The alternate screen has no scrollback of its own: a row at its top that text wrapped onto (its start scrolled
     * away) does not go on from the main screen's last scrolled-off line, whatever that line ends with.
     */
    @Test
    void theAlternateScreensFirstRowIsNeverJoinedToTheMainScreensScrollback() {
        Replay screen = Screens.replay(10, 2, "0123456hel\r\nx\r\n" + ESC + "[?1049h0123456789abcdefghijlo");
        assertThat(screen.getByText("0123456hel").includingScrollback().count()).isEqualTo(1);
        assertThat(matches(screen.getByText("abcdefghijlo"))).as("the alternate screen's own wrapped rows")
                .containsExactly(new Locator.Match(0, 0, 1, 2, "abcdefghijlo"));
        assertThat(screen.getByText("helabc").includingScrollback().count()).isZero();
    }

    @Test
    void hasTextOnALocatorWithSeveralMatchesIsAStrictModeViolationNamingThem() {
        assertThatThrownBy(() -> TerminalAssertions.assertThat(FILES.getByText("Save")).hasText("Save"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected text \"Save\" to read \"Save\" within 0 ms; strict mode violation:"
                        + " text \"Save\" resolved to 3 matches (\"Save\" at row 4, column 3, \"Save\" at row 6, column 1,"
                        + " \"Save\" at row 6, column 25); hasText reads one: pick it with first(), last(), nth(i) or"
                        + " within(Region)")
                .hasMessageContaining("screen 40x6, cursor at row 6, column 29 (^), what was found marked ~:")
                .hasMessageContaining("\n 4 |  Save.txt    9 KiB\n   |  ~~~~\n")
                .hasMessageContaining("\n 6 |Save failed: disk full  Save\n   |~~~~                    ~~~~^");
        TerminalAssertions.assertThat(FILES.getByText("Save").last()).hasText("Save");
        TerminalAssertions.assertThat(FILES.getByText("Save").within(Region.row(4))).hasText("Save");
        TerminalAssertions.assertThat(FILES.getByText("Save")).isVisible().hasCount(3).hasStyle(Styles.any());
    }

    /** Two panes side by side, split at column 16 as tmux splits them, the right one's selection in inverse video. */
    private static final Replay PANES = Screens.replay(32, 3,
            "alpha one      \u2502alpha two\r\n"
                    + "\u4e2d left        \u2502" + ESC + "[7m beta \u4e2d " + ESC + "[0m\r\n"
                    + ESC + "[7m sel left      " + ESC + "[0m\u2502gamma");

    @Test
    void aBandOfColumnsSearchesOnePaneOfASplitScreen() {
        Region right = Region.rows(1, 3).columns(17, 32);
        Region left = Region.all().columns(1, 15);
        assertThat(matches(PANES.getByText("alpha").within(right))).containsExactly(new Locator.Match(0, 16, 21, "alpha"));
        assertThat(matches(PANES.getByText("alpha").within(left))).containsExactly(new Locator.Match(0, 0, 5, "alpha"));
        assertThat(PANES.getByText("one      \u2502alpha").within(left).count()).as("text across the border").isZero();
        assertThat(matches(PANES.getByText("left").within(left))).as("after a wide character")
                .containsExactly(new Locator.Match(1, 3, 7, "left"), new Locator.Match(2, 5, 9, "left"));
        assertThat(matches(PANES.getByRegex("^\\S+").within(right))).as("^ is the band's first column")
                .extracting(Locator.Match::text).containsExactly("alpha", "gamma");
        TerminalAssertions.assertThat(PANES.getByStyle(Styles.inverse()).within(right)).hasText("beta \u4e2d");
        TerminalAssertions.assertThat(PANES.getByStyle(Styles.inverse()).within(left)).hasText("sel left");
        TerminalAssertions.assertThat(PANES.getByText("two ").within(right)).isVisible();   // ends on the band's blanks
        assertThat(PANES.getByText("alpha").within(right)).hasToString("text \"alpha\" in rows 1-3, columns 17-32");
        assertThat(PANES.getByText("alpha").within(left)).hasToString("text \"alpha\" in the screen, columns 1-15");
        assertThat(Region.row(4).columns(7, 7)).hasToString("row 4, column 7");
        assertThat(Region.rows(4, Integer.MAX_VALUE).columns(42, Integer.MAX_VALUE)).hasToString("rows 4-, columns 42-");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(PANES).within(right))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("a snapshot takes whole rows");
        assertThatThrownBy(() -> Region.all().columns(5, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void textWrappedOverManyRowsIsFoundAsInTheJoinedText() {
        java.util.Random random = new java.util.Random(16);
        for (int run = 0; run < 200; run++) {
            StringBuilder out = new StringBuilder();
            StringBuilder written = new StringBuilder();
            for (int i = 0; i < 30 + random.nextInt(40); i++) {
                char c = "ab  ".charAt(random.nextInt(4));
                out.append(c);
                written.append(c);
            }
            String needle = written.substring(random.nextInt(written.length() - 3)).substring(0, 1 + random.nextInt(3));
            Replay screen = Screens.replay(7, 12, out.toString());
            String joined = written.toString().stripTrailing();
            int expected = 0;
            for (int i = joined.indexOf(needle); i >= 0; i = joined.indexOf(needle, i + needle.length())) {
                expected++;
            }
            if (needle.endsWith(" ") || needle.isBlank()) {
                continue; // may also end on the last row's blanks: counted apart above
            }
            assertThat(screen.getByText(needle).count()).as("run %d: %s in %s", run, needle, joined).isEqualTo(expected);
        }
    }
}
