package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

class ScrollingTest {

    @ChunkedTest
    void lineFeedAtTheBottomScrollsIntoTheScrollback(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, "1\r\n2\r\n3\r\n4\r\n5");
        assertThat(rows(t)).containsExactly("3", "4", "5");
        assertThat(scrollback(t)).containsExactly("1", "2");
        assertThat(cursor(t)).isEqualTo("2,1");
    }

    @ChunkedTest
    void verticalTabAndFormFeedActAsLineFeed(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "ab\u000Bc\u000Cd"))).isEqualTo("2,4");
    }

    @ChunkedTest
    void lineFeedKeepsTheColumnUnlessNewlineModeIsSet(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "ab\n"))).isEqualTo("1,2");
        assertThat(cursor(terminal(5, 3, chunking, CSI + "20hab\n"))).isEqualTo("1,0");
    }

    @ChunkedTest
    void lineFeedFromAPendingWrapStaysInTheLastColumn(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "abcde\n"))).isEqualTo("1,4");
    }

    @ChunkedTest
    void scrollbackKeepsOnlyTheNewestLinesUpToTheLimit(Chunking chunking) {
        Terminal t = feed(new Terminal(5, 2, 3), chunking, "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7");
        assertThat(scrollback(t)).containsExactly("3", "4", "5");
        assertThat(rows(t)).containsExactly("6", "7");
    }

    @ChunkedTest
    void aZeroScrollbackLimitKeepsNothing(Chunking chunking) {
        Terminal t = feed(new Terminal(5, 2, 0), chunking, "1\r\n2\r\n3");
        assertThat(scrollback(t)).isEmpty();
        assertThat(rows(t)).containsExactly("2", "3");
    }

    @ChunkedTest
    void scrollingInsideAMarginRegionDoesNotTouchTheScrollback(Chunking chunking) {
        Terminal t = terminal(5, 5, chunking, "a\r\nb\r\nc\r\nd\r\ne" + CSI + "2;4r" + CSI + "4;1H\nX");
        assertThat(rows(t)).containsExactly("a", "c", "d", "X", "e");
        assertThat(scrollback(t)).isEmpty();
    }

    @ChunkedTest
    void aRegionStartingAtTheTopStillSendsLinesToTheScrollback(Chunking chunking) {
        Terminal t = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "1;2r" + CSI + "2;1H\nX");
        assertThat(scrollback(t)).containsExactly("a");
        assertThat(rows(t)).containsExactly("b", "X", "c", "d");
    }

    @ChunkedTest
    void belowTheRegionLineFeedStopsAtTheLastRow(Chunking chunking) {
        Terminal t = terminal(5, 5, chunking, CSI + "1;2r" + CSI + "5;1Ha\nb");
        assertThat(rows(t)).containsExactly("", "", "", "", "ab");
        assertThat(scrollback(t)).isEmpty();
    }

    @ChunkedTest
    void indexNextLineAndReverseIndex(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "ab" + ESC + "D"))).isEqualTo("1,2");
        assertThat(cursor(terminal(5, 3, chunking, "ab" + ESC + "E"))).isEqualTo("1,0");
        assertThat(cursor(terminal(5, 3, chunking, "\n\nab" + ESC + "M"))).isEqualTo("1,2");
        assertThat(cursor(terminal(5, 3, chunking, "ab\u0085c"))).isEqualTo("1,1");
    }

    @ChunkedTest
    void reverseIndexAtTheTopMarginScrollsTheRegionDown(Chunking chunking) {
        Terminal t = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "2;3r" + CSI + "2;1H" + ESC + "MX");
        assertThat(rows(t)).containsExactly("a", "X", "b", "d");
    }

    @ChunkedTest
    void scrollUpAndDownMoveTheRegionWithoutTheCursor(Chunking chunking) {
        Terminal up = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "2S");
        assertThat(rows(up)).containsExactly("c", "d", "", "");
        assertThat(scrollback(up)).isEmpty();
        assertThat(cursor(up)).isEqualTo("3,1");
        Terminal down = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "T");
        assertThat(rows(down)).containsExactly("", "a", "b", "c");
    }

    @ChunkedTest
    void scrollUpByMoreThanTheRegionClearsIt(Chunking chunking) {
        Terminal t = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "2;3r" + CSI + "99S");
        assertThat(rows(t)).containsExactly("a", "", "", "d");
    }

    @ChunkedTest
    void insertAndDeleteLinesWorkInsideTheMargins(Chunking chunking) {
        Terminal insert = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "1;3r" + CSI + "2;3H" + CSI + "L");
        assertThat(rows(insert)).containsExactly("a", "", "b", "d");
        assertThat(cursor(insert)).isEqualTo("1,0");
        Terminal delete = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "1;3r" + CSI + "1;3H" + CSI + "M");
        assertThat(rows(delete)).containsExactly("b", "c", "", "d");
    }

    @ChunkedTest
    void insertAndDeleteLinesOutsideTheMarginsDoNothing(Chunking chunking) {
        Terminal t = terminal(5, 4, chunking, "a\r\nb\r\nc\r\nd" + CSI + "1;2r" + CSI + "4;1H" + CSI + "L" + CSI + "M");
        assertThat(rows(t)).containsExactly("a", "b", "c", "d");
    }

    @ChunkedTest
    void newLinesScrolledInTakeTheCurrentBackground(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "42m\n\n\n");
        assertThat(t.cellAt(1, 0).bg()).isEqualTo(2);
    }

    @ChunkedTest
    void aRowScrolledInByALineFeedIsNoSoftWrap(Chunking chunking) {
        Terminal t = terminal(3, 1, chunking, "abcdef\r\nx\r\n");
        assertThat(scrollback(t)).containsExactly("abc", "def", "x");
        assertThat(t.emulator().mainScreen().scrollback().get(1).isWrapped()).isTrue();
        assertThat(t.emulator().mainScreen().scrollback().get(2).isWrapped()).isFalse();
    }

    @ChunkedTest
    void scrollbackLinesRememberSoftWraps(Chunking chunking) {
        Terminal t = terminal(3, 1, chunking, "abcdef\r\n");
        assertThat(scrollback(t)).containsExactly("abc", "def");
        assertThat(t.emulator().mainScreen().scrollback().get(1).isWrapped()).isTrue();
        assertThat(t.emulator().mainScreen().scrollback().get(0).isWrapped()).isFalse();
    }
}
