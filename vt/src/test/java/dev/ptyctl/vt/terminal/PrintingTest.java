package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

class PrintingTest {

    @ChunkedTest
    void textIsWrittenAtTheCursorWhichAdvances(Chunking chunking) {
        Terminal t = terminal(10, 3, chunking, "hello");
        assertThat(rows(t)).containsExactly("hello", "", "");
        assertThat(cursor(t)).isEqualTo("0,5");
    }

    @ChunkedTest
    void writingTheLastColumnLeavesAWrapPendingAtColumnCols(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, "abcde");
        assertThat(cursor(t)).isEqualTo("0,5");
        assertThat(rows(t)).containsExactly("abcde", "", "");
    }

    @ChunkedTest
    void thePendingWrapHappensWithTheNextCharacter(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, "abcdef");
        assertThat(rows(t)).containsExactly("abcde", "f", "");
        assertThat(cursor(t)).isEqualTo("1,1");
        assertThat(t.emulator().activeScreen().line(1).isWrapped()).isTrue();
    }

    @ChunkedTest
    void carriageReturnCancelsThePendingWrap(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, "abcde\rX");
        assertThat(rows(t)).containsExactly("Xbcde", "", "");
    }

    @ChunkedTest
    void withoutAutowrapTheLastColumnIsOverwritten(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "?7labcdefg");
        assertThat(rows(t)).containsExactly("abcdg", "");
        assertThat(cursor(t)).isEqualTo("0,5");
    }

    @ChunkedTest
    void wideCharactersTakeTwoCellsAndAppearOnce(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "a世界b");
        assertThat(rows(t)).containsExactly("a世界b", "");
        assertThat(cursor(t)).isEqualTo("0,6");
        assertThat(t.cellAt(0, 1).width()).isEqualTo(2);
        assertThat(t.cellAt(0, 2).width()).isZero();
        assertThat(t.cellAt(0, 2).chars()).isEmpty();
    }

    @ChunkedTest
    void aWideCharacterThatDoesNotFitWrapsWholeLeavingABlankCell(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, "abcd世");
        assertThat(rows(t)).containsExactly("abcd", "世");
        assertThat(t.cellAt(0, 4).chars()).isEmpty();
        assertThat(cursor(t)).isEqualTo("1,2");
    }

    @ChunkedTest
    void aWideCharacterAtTheMarginWithoutAutowrapIsDropped(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "?7labcd世e");
        assertThat(rows(t)).containsExactly("abcde", "");
    }

    @ChunkedTest
    void overwritingHalfAWideCharacterBlanksTheOtherHalf(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "世界" + CSI + "2Gx" + CSI + "3Gy");
        assertThat(rows(t)).containsExactly(" xy", "");
        assertThat(t.cellAt(0, 0).chars()).isEmpty();
        assertThat(t.cellAt(0, 0).width()).isEqualTo(1);
        assertThat(t.cellAt(0, 3).width()).isEqualTo(1);
    }

    @ChunkedTest
    void combiningMarksJoinTheCharacterBeforeThem(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "e\u0301x");
        assertThat(rows(t)).containsExactly("e\u0301x", "");
        assertThat(t.cellAt(0, 0).chars()).isEqualTo("e\u0301");
        assertThat(cursor(t)).isEqualTo("0,2");
    }

    @ChunkedTest
    void combiningMarksJoinTheLeftHalfOfAWideCharacter(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "世\u0301");
        assertThat(t.cellAt(0, 0).chars()).isEqualTo("世\u0301");
        assertThat(cursor(t)).isEqualTo("0,2");
    }

    @ChunkedTest
    void zeroWidthJoinerSequencesKeepTheJoinerWithTheFirstEmoji(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "👨\u200d👩x");
        assertThat(t.cellAt(0, 0).chars()).isEqualTo("👨\u200d");
        assertThat(t.cellAt(0, 2).chars()).isEqualTo("👩");
        assertThat(rows(t)).containsExactly("👨\u200d👩x", "");
    }

    @ChunkedTest
    void aVariationSelectorStaysWithItsEmojiAtTheMargin(Chunking chunking) {
        Terminal t = terminal(3, 2, chunking, "ab❤\uFE0Fc");
        assertThat(t.cellAt(0, 2).chars()).isEqualTo("❤\uFE0F");
        assertThat(rows(t)).containsExactly("ab❤\uFE0F", "c");
    }

    @ChunkedTest
    void aMarkAfterAControlJoinsNothingAndTakesACellOfItsOwn(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "e\r\n\u0301");
        assertThat(t.cellAt(1, 0).chars()).isEqualTo("\u0301");
        assertThat(t.cellAt(1, 0).width()).isZero();
        assertThat(cursor(t)).isEqualTo("1,1");
    }

    @ChunkedTest
    void insertModeShiftsTheRestOfTheLineRight(Chunking chunking) {
        Terminal t = terminal(6, 2, chunking, "abcdef\r" + CSI + "4hXY" + CSI + "4lZ");
        assertThat(rows(t)).containsExactly("XYZbcd", "");
    }

    @ChunkedTest
    void decSpecialGraphicsDrawLines(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, ESC + "(0lqqk" + ESC + "(Bq");
        assertThat(rows(t)).containsExactly("┌──┐q", "");
    }

    @ChunkedTest
    void shiftOutUsesTheG1Set(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, ESC + ")0x\u000Ex\u000Fx");
        assertThat(rows(t)).containsExactly("x│x", "");
    }

    @ChunkedTest
    void theUkSetReplacesTheHashSign(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, ESC + "(A#" + ESC + "(B#");
        assertThat(rows(t)).containsExactly("£#", "");
    }

    @ChunkedTest
    void repeatPrintsThePrecedingCharacterAgain(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "ab" + CSI + "3b" + CSI + "C" + CSI + "2b");
        assertThat(rows(t)).containsExactly("abbbb", "");
    }

    @ChunkedTest
    void invalidUtf8IsShownAsReplacementCharacters(Chunking chunking) {
        Terminal t = dev.ptyctl.vt.fixtures.Vt.feed(new Terminal(10, 2), chunking,
            new byte[] {'a', (byte) 0xFF, 'b', (byte) 0xE2, (byte) 0x82, 'c'});
        assertThat(rows(t)).containsExactly("a\uFFFDb\uFFFDc", "");
    }
}
