package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.Chunking;
import dev.ptyctl.vt.serialize.TextSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResizeTest {

    @Test
    void shrinkingRowsDropsBlankRowsBelowTheCursorFirst() {
        Terminal t = terminal(5, 5, Chunking.WHOLE, "a\r\nb");
        t.resize(5, 3);
        assertThat(rows(t)).containsExactly("a", "b", "");
        assertThat(scrollback(t)).isEmpty();
        assertThat(cursor(t)).isEqualTo("1,1");
    }

    @Test
    void shrinkingRowsPushesTopRowsIntoTheScrollbackWhenTheCursorIsLow() {
        Terminal t = terminal(5, 4, Chunking.WHOLE, "a\r\nb\r\nc\r\nd");
        t.resize(5, 2);
        assertThat(rows(t)).containsExactly("c", "d");
        assertThat(scrollback(t)).containsExactly("a", "b");
        assertThat(cursor(t)).isEqualTo("1,1");
    }

    @Test
    void growingRowsPullsLinesBackFromTheScrollbackWhenTheCursorIsOnTheLastRow() {
        Terminal t = terminal(5, 2, Chunking.WHOLE, "a\r\nb\r\nc\r\nd");
        t.resize(5, 3);
        assertThat(rows(t)).containsExactly("b", "c", "d");
        assertThat(scrollback(t)).containsExactly("a");
        assertThat(cursor(t)).isEqualTo("2,1");
    }

    @Test
    void growingRowsAddsBlankRowsWhenTheCursorIsNotOnTheLastRow() {
        Terminal t = terminal(5, 2, Chunking.WHOLE, "a\r\nb\r\nc" + CSI + "H");
        t.resize(5, 4);
        assertThat(rows(t)).containsExactly("b", "c", "", "");
        assertThat(cursor(t)).isEqualTo("0,0");
    }

    @Test
    void theMainScreenReflowsAlsoWithoutScrollback() {
        // xterm.js reflows its normal buffer whatever the scrollback limit (ptyctl.terminals.scrollbackLines: 0
        // included); before, a limit of 0 kept the rows as they were, cut by the narrower screen.
        StringBuilder ten = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            ten.append("L").append(i).append("abcdef\r\n");
        }
        Terminal t = new Terminal(10, 5, 0);
        t.feed(ten.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        t.resize(5, 5);
        assertThat(rows(t)).containsExactly("L8abc", "def", "L9abc", "def", "");
        t.resize(10, 5);
        assertThat(rows(t)).containsExactly("L8abcdef", "L9abcdef", "", "", "");
        assertThat(cursor(t)).isEqualTo("2,0");
        assertThat(scrollback(t)).isEmpty();
    }

    @Test
    void aHyperlinkStartingOnAContinuationRowKeepsItsUriWhenAWiderScreenJoinsTheRows() {
        // xterm.js forgets the URI here (docs/emulator.md, deliberate differences): its marker was on the joined row.
        String link = "\u001b]8;;https://example.com/doc\u001b\\LINKTEXT\u001b]8;;\u001b\\ tail\r\n$ ";
        Terminal t = terminal(20, 5, Chunking.WHOLE, "y".repeat(25) + link);
        t.resize(40, 5);
        assertThat(rows(t)).startsWith("y".repeat(25) + "LINKTEXT tail");
        for (int col = 25; col < 33; col++) {
            assertThat(t.cellAt(0, col).hyperlink()).as("column %d", col).isEqualTo("https://example.com/doc");
        }
        assertThat(t.cellAt(0, 24).hyperlink()).isEmpty();
        assertThat(t.cellAt(0, 33).hyperlink()).isEmpty();
    }

    @Test
    void narrowingCutsTheCursorRowAndClampsTheCursor() {
        Terminal t = terminal(10, 2, Chunking.WHOLE, "0123456789");
        t.resize(4, 2);
        assertThat(rows(t)).containsExactly("0123", "");
        assertThat(cursor(t)).isEqualTo("0,3");
    }

    @Test
    void narrowingThroughAWideCharacterOnTheCursorRowKeepsItsLeftHalfAsXtermJsDoes() {
        Terminal t = terminal(10, 2, Chunking.WHOLE, "abc世");
        t.resize(4, 2);
        assertThat(rows(t)).containsExactly("abc世", "");
        assertThat(t.cellAt(0, 3).width()).isEqualTo(2);
    }

    @Test
    void wideningJoinsSoftWrappedRowsBackTogether() {
        Terminal t = terminal(10, 4, Chunking.WHOLE, "0123456789abcde\r\n$ ");
        t.resize(20, 4);
        assertThat(rows(t)).containsExactly("0123456789abcde", "$", "", "");
        assertThat(cursor(t)).isEqualTo("1,2");
    }

    @Test
    void narrowingRewrapsLongRowsAwayFromTheCursor() {
        Terminal t = terminal(20, 4, Chunking.WHOLE, "0123456789abcdefghij\r\nxy");
        t.resize(10, 4);
        assertThat(rows(t)).containsExactly("0123456789", "abcdefghij", "xy", "");
        assertThat(cursor(t)).isEqualTo("2,2");
    }

    @Test
    void rowsRewrappedPastTheTopGoToTheScrollback() {
        Terminal t = terminal(10, 3, Chunking.WHOLE, "0123456789abcdefghij\r\nxy\r\nz");
        t.resize(5, 3);
        assertThat(scrollback(t)).containsExactly("01234", "56789", "abcde");
        assertThat(rows(t)).containsExactly("fghij", "xy", "z");
        assertThat(cursor(t)).isEqualTo("2,1");
    }

    @Test
    void aWideCharacterThatWouldStraddleTheNewEdgeMovesToTheNextRow() {
        Terminal t = terminal(8, 3, Chunking.WHOLE, "abcdefgh世x\r\n$");
        t.resize(5, 3);
        assertThat(scrollback(t)).containsExactly("abcde");
        assertThat(rows(t)).containsExactly("fgh世", "x", "$");
    }

    @Test
    void wideningAndNarrowingBackRestoresTheRows() {
        Terminal t = terminal(10, 5, Chunking.WHOLE, "0123456789abcdefghij\r\nshort\r\n$ ");
        t.resize(4, 5);
        t.resize(10, 5);
        assertThat(TextSerializer.withScrollback(t)).isEqualTo("0123456789\nabcdefghij\nshort\n$\n");
    }

    @Test
    void theAlternateScreenIsNotReflowedButKeepsItsCellsWhenNarrowed() {
        Terminal t = terminal(10, 2, Chunking.WHOLE, CSI + "?1049h0123456789" + CSI + "H");
        t.resize(4, 2);
        assertThat(rows(t)).containsExactly("0123456789", "");
        t.resize(10, 2);
        assertThat(rows(t)).containsExactly("0123456789", "");
    }

    @Test
    void wideningKeepsContentAndAddsTabStops() {
        Terminal t = terminal(10, 2, Chunking.WHOLE, "abc");
        t.resize(30, 2);
        t.feed("\r\t\t\tx".getBytes());
        assertThat(t.rowText(0)).isEqualTo("abc" + " ".repeat(21) + "x");
        assertThat(cursor(t)).isEqualTo("0,25");
    }

    @Test
    void resizeResetsTheScrollRegion() {
        Terminal t = terminal(10, 10, Chunking.WHOLE, CSI + "2;5r");
        t.resize(10, 8);
        assertThat(t.emulator().activeScreen().scrollTop()).isZero();
        assertThat(t.emulator().activeScreen().scrollBottom()).isEqualTo(7);
    }

    @Test
    void resizeOnTheAlternateScreenKeepsItActiveAndNeverTouchesTheScrollback() {
        Terminal t = terminal(10, 4, Chunking.WHOLE, "main" + CSI + "?1049h" + CSI + "4;1Halt");
        t.resize(10, 2);
        assertThat(t.alternateScreenActive()).isTrue();
        assertThat(rows(t)).containsExactly("", "alt");
        assertThat(scrollback(t)).isEmpty();
        t.feed((CSI + "?1049l").getBytes());
        assertThat(rows(t)).containsExactly("main", "");
    }

    @Test
    void resizeCancelsAPendingWrap() {
        Terminal t = terminal(5, 2, Chunking.WHOLE, "abcde");
        t.resize(5, 2);
        assertThat(cursor(t)).isEqualTo("0,4");
    }

    @ParameterizedTest(name = "{0}x{1} is rejected")
    @CsvSource({"0, 10", "10, 0", "1001, 10", "10, 1001", "-1, 5"})
    void sizesOutsideOneToAThousandAreRejected(int cols, int rows) {
        Terminal t = new Terminal(10, 10);
        assertThatThrownBy(() -> t.resize(cols, rows)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Terminal(cols, rows)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWidthOfOneIsEmulatedAsTwoLikeXtermJs() {
        Terminal t = new Terminal(1, 1);
        assertThat(t.cols()).isEqualTo(2);
        t.feed("ab\r\n世x".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(scrollback(t)).containsExactly("ab", "世");
        t.resize(1000, 1000);
        t.resize(1, 1);
        assertThat(t.cols()).isEqualTo(2);
        assertThat(t.cursorRow()).isZero();
        assertThat(t.cursorCol()).isBetween(0, 1);
    }
}
