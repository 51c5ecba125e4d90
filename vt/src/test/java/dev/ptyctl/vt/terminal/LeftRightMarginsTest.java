package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.captureReplies;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** DECLRMM (mode 69) and DECSLRM ({@code CSI Pl ; Pr s}), with xterm's rules. */
class LeftRightMarginsTest {
    private static final String GRID = "abcdefgh\r\nijklmnop\r\nqrstuvwx\r\nyzABCDEF";
    /** Margins at columns 3..6 (1-based), set after the grid is drawn. */
    private static final String MARGINS = CSI + "?69h" + CSI + "3;6s";

    @ChunkedTest
    void withoutDeclrmmCsiSSavesTheCursor(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, CSI + "2;3H" + CSI + "3;6s" + CSI + "H" + CSI + "u" + "X");
        assertThat(rows(t).get(1)).isEqualTo("  X");
    }

    @ChunkedTest
    void decslrmHomesTheCursor(Chunking chunking) {
        assertThat(cursor(terminal(8, 4, chunking, CSI + "3;3H" + MARGINS))).isEqualTo("0,0");
    }

    @ChunkedTest
    void printingWrapsAtTheRightMarginToTheLeftMargin(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "1;3H" + "123456");
        assertThat(rows(t)).containsExactly("ab1234gh", "ij56mnop", "qrstuvwx", "yzABCDEF");
        assertThat(t.emulator().activeScreen().line(1).isWrapped()).as("no soft wrap inside margins").isFalse();
    }

    @ChunkedTest
    void printingFromLeftOfTheLeftMarginWrapsAtTheRightMargin(Chunking chunking) {
        // xterm: the right margin holds unless the cursor is right of it
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "1;1H" + "123456789");
        assertThat(rows(t)).containsExactly("123456gh", "ij789nop", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void aRightMarginAtTheLastColumnStillWrapsToTheLeftMargin(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + CSI + "?69h" + CSI + "3;8s" + CSI + "1;5H" + "12345");
        assertThat(rows(t)).containsExactly("abcd1234", "ij5lmnop", "qrstuvwx", "yzABCDEF");
        assertThat(t.emulator().activeScreen().line(1).isWrapped()).as("no soft wrap at a margin").isFalse();
    }

    @ChunkedTest
    void aWrapPendingAtTheRightMarginIsCancelledByAMove(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, MARGINS + CSI + "1;3H" + "1234" + CSI + "C" + "Z");
        assertThat(rows(t).get(0)).isEqualTo("  123Z");
    }

    // xterm.js has no margins, so these follow xterm: every EL and ED cancels a wrap pending at the right
    // margin (ClearInLine2's ResetWrap), and erases from the right margin, where xterm's cursor stays. X
    // then lands on the margin column and Y wraps to the left margin of the next row.

    @ChunkedTest
    void elWithAWrapPendingAtTheRightMarginErasesFromTheMarginAndCancelsTheWrap(Chunking chunking) {
        assertThat(afterPendingWrapAtTheMargin(chunking, 1, "K")).containsExactly("ab123X", "ijYlmnop", "qrstuvwx", "yzABCDEF");
        assertThat(afterPendingWrapAtTheMargin(chunking, 1, "1K")).containsExactly("     Xgh", "ijYlmnop", "qrstuvwx", "yzABCDEF");
        assertThat(afterPendingWrapAtTheMargin(chunking, 1, "2K")).containsExactly("     X", "ijYlmnop", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void edWithAWrapPendingAtTheRightMarginErasesFromTheMarginAndCancelsTheWrap(Chunking chunking) {
        assertThat(afterPendingWrapAtTheMargin(chunking, 2, "J")).containsExactly("abcdefgh", "ij123X", "  Y", "");
        assertThat(afterPendingWrapAtTheMargin(chunking, 2, "1J")).containsExactly("", "     Xop", "qrYtuvwx", "yzABCDEF");
        assertThat(afterPendingWrapAtTheMargin(chunking, 2, "2J")).containsExactly("", "     X", "  Y", "");
    }

    /** The grid's rows after "1234" fills the margins of {@code row} (1-based), then {@code CSI erase}, then "XY". */
    private static List<String> afterPendingWrapAtTheMargin(Chunking chunking, int row, String erase) {
        return rows(terminal(8, 4, chunking, GRID + MARGINS + CSI + row + ";3H" + "1234" + CSI + erase + "XY"));
    }

    @ChunkedTest
    void inOriginModeAnErasedPendingWrapStaysInsideTheMargins(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + CSI + "2;3r" + MARGINS + CSI + "?6h" + CSI + "2;1H" + "1234" + CSI + "K" + "XY");
        assertThat(rows(t)).containsExactly("abcdefgh", "ij123Xop", "qrY", "yzABCDEF");
    }

    @ChunkedTest
    void aWrapPendingAtARightMarginOnTheLastColumnIsCancelledByEl(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + CSI + "?69h" + CSI + "3;8s" + CSI + "1;5H" + "1234" + CSI + "K" + "XY");
        assertThat(rows(t)).containsExactly("abcd123X", "ijYlmnop", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void scrollingAtTheBottomMoveOnlyTheRectangleAndKeepsNoScrollback(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "4;4H" + "\n");
        assertThat(rows(t)).containsExactly("abklmngh", "ijstuvop", "qrABCDwx", "yz    EF");
        assertThat(scrollback(t)).isEmpty();
    }

    @ChunkedTest
    void lineFeedOutsideTheMarginsDoesNotScroll(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "4;1H" + "\n");
        assertThat(rows(t)).containsExactly("abcdefgh", "ijklmnop", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void insertAndDeleteLinesWorkInsideTheMarginsOnly(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "2;4H" + CSI + "L");
        assertThat(rows(t)).containsExactly("abcdefgh", "ij    op", "qrklmnwx", "yzstuvEF");
        assertThat(cursor(t)).isEqualTo("1,2");
        Terminal deleted = terminal(8, 4, chunking, GRID + MARGINS + CSI + "1;3H" + CSI + "2M");
        assertThat(rows(deleted)).containsExactly("abstuvgh", "ijABCDop", "qr    wx", "yz    EF");
        Terminal outside = terminal(8, 4, chunking, GRID + MARGINS + CSI + "2;8H" + CSI + "L");
        assertThat(rows(outside)).containsExactly("abcdefgh", "ijklmnop", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void insertAndDeleteCharactersStopAtTheRightMargin(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "1;4H" + CSI + "2@" + CSI + "2;4H" + CSI + "P");
        assertThat(rows(t)).containsExactly("abc  dgh", "ijkmn op", "qrstuvwx", "yzABCDEF");
    }

    @ChunkedTest
    void scrollUpAndDownMoveTheRectangle(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, GRID + MARGINS + CSI + "S");
        assertThat(rows(t)).containsExactly("abklmngh", "ijstuvop", "qrABCDwx", "yz    EF");
        Terminal down = terminal(8, 4, chunking, GRID + MARGINS + CSI + "T");
        assertThat(rows(down)).containsExactly("ab    gh", "ijcdefop", "qrklmnwx", "yzstuvEF");
    }

    @ChunkedTest
    void carriageReturnGoesToTheLeftMarginFromInsideIt(Chunking chunking) {
        assertThat(cursor(terminal(8, 4, chunking, MARGINS + CSI + "1;5H\r"))).isEqualTo("0,2");
        assertThat(cursor(terminal(8, 4, chunking, MARGINS + CSI + "1;2H\r"))).isEqualTo("0,0");
    }

    @ChunkedTest
    void originModeAddressesInsideTheMargins(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, MARGINS + CSI + "2;3r" + CSI + "?6h" + CSI + "1;2H" + "X"
            + CSI + "9;9H" + "Y");
        assertThat(rows(t)).containsExactly("", "   X", "     Y", "");
    }

    @ChunkedTest
    void cursorMovesStopAtTheMargins(Chunking chunking) {
        assertThat(cursor(terminal(8, 4, chunking, MARGINS + CSI + "1;4H" + CSI + "9C"))).isEqualTo("0,5");
        assertThat(cursor(terminal(8, 4, chunking, MARGINS + CSI + "1;4H" + CSI + "9D"))).isEqualTo("0,2");
        assertThat(cursor(terminal(8, 4, chunking, MARGINS + CSI + "1;8H" + CSI + "9D"))).isEqualTo("0,0");
    }

    @ChunkedTest
    void resettingDeclrmmRestoresFullWidth(Chunking chunking) {
        Terminal t = terminal(8, 4, chunking, MARGINS + CSI + "?69l" + CSI + "1;3H" + "123456");
        assertThat(rows(t).get(0)).isEqualTo("  123456");
    }

    @ChunkedTest
    void decrqssReportsTheMargins(Chunking chunking) {
        Terminal t = new Terminal(8, 4);
        ByteArrayOutputStream replies = captureReplies(t);
        feed(t, chunking, MARGINS + ESC + "P$qs" + ESC + "\\" + CSI + "?69$p");
        assertThat(replies.toString(StandardCharsets.UTF_8)).isEqualTo(ESC + "P1$r3;6s" + ESC + "\\" + CSI + "?69;1$y");
    }
}
