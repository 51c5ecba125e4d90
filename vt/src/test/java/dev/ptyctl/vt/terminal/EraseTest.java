package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

class EraseTest {
    private static final String FILLED = "aaaaa\r\nbbbbb\r\nccccc";

    @ChunkedTest
    void eraseBelowClearsFromTheCursorToTheEnd(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, FILLED + CSI + "2;3H" + CSI + "J");
        assertThat(rows(t)).containsExactly("aaaaa", "bb", "");
        assertThat(cursor(t)).isEqualTo("1,2");
    }

    @ChunkedTest
    void eraseAboveClearsFromTheStartThroughTheCursor(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, FILLED + CSI + "2;3H" + CSI + "1J");
        assertThat(rows(t)).containsExactly("", "   bb", "ccccc");
    }

    @ChunkedTest
    void eraseAllClearsTheScreenButNotTheScrollbackOrCursor(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, "old\r\n" + FILLED + CSI + "2J");
        assertThat(rows(t)).containsExactly("", "");
        assertThat(scrollback(t)).containsExactly("old", "aaaaa");
        assertThat(cursor(t)).isEqualTo("1,5");
    }

    @ChunkedTest
    void eraseSavedLinesClearsOnlyTheScrollback(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, "old\r\n" + FILLED + CSI + "3J");
        assertThat(scrollback(t)).isEmpty();
        assertThat(rows(t)).containsExactly("bbbbb", "ccccc");
    }

    @ChunkedTest
    void eraseInLineRightLeftAndAll(Chunking chunking) {
        assertThat(rows(terminal(5, 1, chunking, "abcde" + CSI + "3G" + CSI + "K"))).containsExactly("ab");
        assertThat(rows(terminal(5, 1, chunking, "abcde" + CSI + "3G" + CSI + "1K"))).containsExactly("   de");
        assertThat(rows(terminal(5, 1, chunking, "abcde" + CSI + "3G" + CSI + "2K"))).containsExactly("");
    }

    @ChunkedTest
    void eraseInLineFromAPendingWrapErasesNothing(Chunking chunking) {
        assertThat(rows(terminal(5, 1, chunking, "abcde" + CSI + "K"))).containsExactly("abcde");
    }

    @ChunkedTest
    void eraseCharactersBlanksCellsWithoutShifting(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, "abcdef" + CSI + "2G" + CSI + "3X");
        assertThat(rows(t)).containsExactly("a   ef");
        assertThat(cursor(t)).isEqualTo("0,1");
        assertThat(rows(terminal(6, 1, chunking, "abcdef" + CSI + "5G" + CSI + "99X"))).containsExactly("abcd");
    }

    @ChunkedTest
    void erasedCellsKeepTheCurrentBackgroundOnly(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "1;4;44m" + CSI + "2J" + CSI + "0m");
        CellView cell = t.cellAt(1, 3);
        assertThat(cell.bgMode()).isEqualTo(CellView.COLOR_PALETTE);
        assertThat(cell.bg()).isEqualTo(4);
        assertThat(cell.bold()).isFalse();
        assertThat(cell.underline()).isZero();
    }

    @ChunkedTest
    void erasingHalfAWideCharacterErasesAllOfIt(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, "a世b" + CSI + "3G" + CSI + "X");
        assertThat(rows(t)).containsExactly("a  b");
        Terminal left = terminal(6, 1, chunking, "a世b" + CSI + "2G" + CSI + "X");
        assertThat(rows(left)).containsExactly("a  b");
    }

    @ChunkedTest
    void insertCharactersShiftsRightAndDropsAtTheMargin(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, "abcdef" + CSI + "2G" + CSI + "2@");
        assertThat(rows(t)).containsExactly("a  bcd");
        assertThat(cursor(t)).isEqualTo("0,1");
    }

    @ChunkedTest
    void deleteCharactersShiftsLeftAndFillsTheEnd(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, "abcdef" + CSI + "2G" + CSI + "2P");
        assertThat(rows(t)).containsExactly("adef");
        assertThat(rows(terminal(6, 1, chunking, "abcdef" + CSI + "2G" + CSI + "99P"))).containsExactly("a");
    }

    @ChunkedTest
    void deletingIntoAWideCharacterBlanksItsOrphanedHalf(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, "ab世c" + CSI + "2G" + CSI + "2P");
        assertThat(rows(t)).containsExactly("a c");
        assertThat(t.cellAt(0, 1).width()).isEqualTo(1);
    }

    @ChunkedTest
    void insertingPushesAWideCharacterOffTheEndWhole(Chunking chunking) {
        Terminal t = terminal(5, 1, chunking, "abc世" + CSI + "1G" + CSI + "@");
        assertThat(rows(t)).containsExactly(" abc");
        assertThat(t.cellAt(0, 4).width()).isEqualTo(1);
    }

    @ChunkedTest
    void selectiveEraseSparesProtectedCells(Chunking chunking) {
        Terminal t = terminal(6, 2, chunking, "ab" + CSI + "1\"qcd" + CSI + "0\"qef\r\n" + CSI + "1\"qgh"
            + CSI + "2\"qij" + CSI + "H" + CSI + "?J");
        assertThat(rows(t)).containsExactly("  cd", "gh");
    }

    @ChunkedTest
    void selectiveEraseInLineSparesProtectedCells(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, CSI + "1\"qab" + CSI + "0\"qcdef" + CSI + "?2K");
        assertThat(rows(t)).containsExactly("ab");
    }

    @ChunkedTest
    void ordinaryEraseIgnoresProtection(Chunking chunking) {
        Terminal t = terminal(6, 1, chunking, CSI + "1\"qab" + CSI + "2K");
        assertThat(rows(t)).containsExactly("");
    }
}
