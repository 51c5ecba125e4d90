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
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CursorMovementTest {

    @ChunkedTest
    void cursorPositionIsOneBasedAndDefaultsToHome(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "3;4H"))).isEqualTo("2,3");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "3;4H" + CSI + "H"))).isEqualTo("0,0");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "3;4f"))).isEqualTo("2,3");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2H"))).isEqualTo("1,0");
    }

    @ChunkedTest
    void absoluteMovesAreClampedToTheScreen(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "99;99H"))).isEqualTo("4,9");
    }

    @ChunkedTest
    void relativeMovesDefaultToOneAndClamp(Chunking chunking) {
        Terminal t = terminal(10, 5, chunking, CSI + "3;3H" + CSI + "A" + CSI + "2C" + CSI + "B" + CSI + "D");
        assertThat(cursor(t)).isEqualTo("2,3");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "99A" + CSI + "99D"))).isEqualTo("0,0");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "99B" + CSI + "99C"))).isEqualTo("4,9");
    }

    @ChunkedTest
    void cursorUpAndDownStopAtTheScrollMargins(Chunking chunking) {
        Terminal t = terminal(10, 10, chunking, CSI + "3;6r" + CSI + "5;1H" + CSI + "9A");
        assertThat(cursor(t)).isEqualTo("2,0");
        Terminal down = terminal(10, 10, chunking, CSI + "3;6r" + CSI + "4;1H" + CSI + "9B");
        assertThat(cursor(down)).isEqualTo("5,0");
    }

    @ChunkedTest
    void cursorUpOutsideTheMarginsIsOnlyLimitedByTheScreen(Chunking chunking) {
        Terminal t = terminal(10, 10, chunking, CSI + "5;8r" + CSI + "3;1H" + CSI + "9A");
        assertThat(cursor(t)).isEqualTo("0,0");
    }

    @ChunkedTest
    void nextAndPreviousLineAlsoGoToColumnZero(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;5H" + CSI + "2E"))).isEqualTo("3,0");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "4;5H" + CSI + "F"))).isEqualTo("2,0");
    }

    @ChunkedTest
    void columnAndRowAbsoluteAndRelative(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;2H" + CSI + "7G"))).isEqualTo("1,6");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;2H" + CSI + "7`"))).isEqualTo("1,6");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;2H" + CSI + "4d"))).isEqualTo("3,1");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;2H" + CSI + "3a"))).isEqualTo("1,4");
        assertThat(cursor(terminal(10, 5, chunking, CSI + "2;2H" + CSI + "2e"))).isEqualTo("3,1");
    }

    @ChunkedTest
    void movingFromAPendingWrapStartsFromTheLastColumn(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "abcde" + CSI + "D"))).isEqualTo("0,3");
        assertThat(cursor(terminal(5, 3, chunking, "abcde" + CSI + "C"))).isEqualTo("0,4");
        assertThat(cursor(terminal(5, 3, chunking, "abcde\b"))).isEqualTo("0,3");
    }

    @ChunkedTest
    void backspaceStopsAtColumnZero(Chunking chunking) {
        assertThat(cursor(terminal(5, 3, chunking, "ab\b\b\b\b"))).isEqualTo("0,0");
    }

    @ChunkedTest
    void reverseWraparoundBackspacesIntoASoftWrappedRow(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, CSI + "?45habcdef\b\b");
        assertThat(cursor(t)).isEqualTo("0,4");
    }

    @ChunkedTest
    void tabsStopEveryEightColumnsAndAtTheLastColumn(Chunking chunking) {
        assertThat(cursor(terminal(20, 3, chunking, "\t"))).isEqualTo("0,8");
        assertThat(cursor(terminal(20, 3, chunking, "\t\t\t"))).isEqualTo("0,19");
        assertThat(cursor(terminal(20, 3, chunking, "abc\tx"))).isEqualTo("0,9");
    }

    @ChunkedTest
    void tabStopsCanBeSetAndCleared(Chunking chunking) {
        Terminal t = terminal(20, 3, chunking, CSI + "4G" + ESC + "H\r\t");
        assertThat(cursor(t)).isEqualTo("0,3");
        Terminal cleared = terminal(20, 3, chunking, CSI + "3g\t");
        assertThat(cursor(cleared)).isEqualTo("0,19");
        Terminal one = terminal(20, 3, chunking, CSI + "9G" + CSI + "g\r\t");
        assertThat(cursor(one)).isEqualTo("0,16");
    }

    @ChunkedTest
    void forwardAndBackwardTabulation(Chunking chunking) {
        assertThat(cursor(terminal(30, 3, chunking, CSI + "2I"))).isEqualTo("0,16");
        assertThat(cursor(terminal(30, 3, chunking, CSI + "20G" + CSI + "2Z"))).isEqualTo("0,8");
    }

    @ChunkedTest
    void saveAndRestoreCursorKeepPositionStyleAndCharset(Chunking chunking) {
        Terminal t = terminal(10, 5, chunking,
            CSI + "2;3H" + CSI + "1m" + ESC + "(0" + ESC + "7" + CSI + "m" + ESC + "(B" + CSI + "H" + ESC + "8q");
        assertThat(cursor(t)).isEqualTo("1,3");
        assertThat(rows(t).get(1)).isEqualTo("  ─");
        assertThat(t.cellAt(1, 2).bold()).isTrue();
    }

    @ChunkedTest
    void ansiSaveAndRestoreCursorWork(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "3;4H" + CSI + "s" + CSI + "H" + CSI + "u"))).isEqualTo("2,3");
    }

    @ChunkedTest
    void restoringWithoutSavingGoesHome(Chunking chunking) {
        assertThat(cursor(terminal(10, 5, chunking, CSI + "3;4H" + ESC + "8"))).isEqualTo("0,0");
    }

    @ChunkedTest
    void originModeAddressesRowsFromTheTopMargin(Chunking chunking) {
        Terminal t = terminal(10, 10, chunking, CSI + "3;6r" + CSI + "?6h");
        assertThat(cursor(t)).isEqualTo("2,0");
        assertThat(cursor(terminal(10, 10, chunking, CSI + "3;6r" + CSI + "?6h" + CSI + "2;5H"))).isEqualTo("3,4");
        assertThat(cursor(terminal(10, 10, chunking, CSI + "3;6r" + CSI + "?6h" + CSI + "9;1H"))).isEqualTo("5,0");
    }

    @ChunkedTest
    void leavingOriginModeHomesTheCursor(Chunking chunking) {
        assertThat(cursor(terminal(10, 10, chunking, CSI + "3;6r" + CSI + "?6h" + CSI + "3;3H" + CSI + "?6l")))
            .isEqualTo("0,0");
    }

    @ChunkedTest
    void settingTheScrollRegionHomesTheCursor(Chunking chunking) {
        assertThat(cursor(terminal(10, 10, chunking, CSI + "5;5H" + CSI + "2;8r"))).isEqualTo("0,0");
    }

    @ChunkedTest
    void anInvalidScrollRegionIsIgnored(Chunking chunking) {
        Terminal t = terminal(10, 10, chunking, CSI + "5;5H" + CSI + "6;3r");
        assertThat(cursor(t)).isEqualTo("4,4");
        assertThat(t.emulator().activeScreen().scrollTop()).isZero();
    }

    /**
     * Relative and absolute moves by any amount, from anywhere (a wrap pending after text included), with scroll regions
     * and left/right margins or without, origin mode on or off: the cursor never leaves the screen, and in origin mode
     * never the margins; EL and ED between them never move it, a pending wrap included. Every EL, ED and move begins or
     * ends in {@code CursorOps.restrict}, which lets a cursor already in place stay without clamping it, but CUP outside
     * origin mode: that is {@code CursorOps.setCursor}'s own clamp.
     */
    @Test
    void noMoveLeavesTheScreenOrInOriginModeTheMarginsAndNoEraseMovesTheCursor() {
        Random random = new Random(21);
        String[] moves = {"A", "B", "C", "D", "E", "F", "e", "a", "G", "d", "H"};
        String[] erases = {"K", "0K", "1K", "2K", "J", "0J", "1J", "2J"};
        for (int round = 0; round < 400; round++) {
            int cols = 30;
            int rows = 12;
            int top = random.nextInt(rows - 1);
            int bottom = top + 1 + random.nextInt(rows - top - 1);
            boolean leftRight = random.nextBoolean();
            int left = leftRight ? random.nextInt(cols - 1) : 0;
            int right = leftRight ? left + 1 + random.nextInt(cols - left - 1) : cols - 1;
            boolean origin = random.nextBoolean();
            StringBuilder stream = new StringBuilder((leftRight ? CSI + "?69h" + CSI + (left + 1) + ";" + (right + 1)
                + "s" : "") + CSI + (top + 1) + ";" + (bottom + 1) + "r" + (origin ? CSI + "?6h" : ""));
            Terminal t = terminal(cols, rows, Chunking.WHOLE, stream.toString());
            for (int step = 0; step < 40; step++) {
                int kind = random.nextInt(4);
                int rowBefore = t.cursorRow();
                int colBefore = t.cursorCol();
                boolean marginWrapBefore = t.emulator().activeScreen().cursor().marginWrapPending();
                String sequence;
                if (kind == 0) {
                    sequence = "x".repeat(1 + random.nextInt(random.nextBoolean() ? 3 : 40)); // a wrap may be pending
                } else if (kind == 1) {
                    sequence = CSI + erases[random.nextInt(erases.length)];
                } else {
                    String f = moves[random.nextInt(moves.length)];
                    int n = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 3 : 40);
                    sequence = CSI + n + (f.equals("H") ? ";" + random.nextInt(40) : "") + f;
                }
                stream.append(sequence);
                t.feed(sequence.getBytes(StandardCharsets.US_ASCII));
                int row = t.cursorRow();
                int col = t.cursorCol();
                if (kind == 0) {
                    assertThat(row).as("row after %s", stream).isBetween(0, rows - 1);
                    assertThat(col).as("column after %s (cols: a wrap pending)", stream).isBetween(0, cols);
                } else if (kind == 1) {
                    // With left and right margins an erase cancels a pending wrap, as xterm: the cursor goes back to
                    // the column it wrote last (the right margin, or the last column). Without them the wrap stays
                    // pending, as in xterm.js.
                    boolean margins = leftRight && !(left == 0 && right == cols - 1);
                    int expectedCol = !margins ? colBefore : marginWrapBefore ? right : Math.min(colBefore, cols - 1);
                    assertThat(row + "," + col).as("cursor after %s", stream).isEqualTo(rowBefore + "," + expectedCol);
                } else {
                    assertThat(row).as("row after %s", stream).isBetween(origin ? top : 0, origin ? bottom : rows - 1);
                    assertThat(col).as("column after %s", stream).isBetween(origin ? left : 0,
                        origin ? right : cols - 1);
                }
            }
        }
    }
}
