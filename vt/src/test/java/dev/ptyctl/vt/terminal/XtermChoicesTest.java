package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

/**
 * Screen behaviour where ptyctl follows xterm (esctest2's expectations), written down in
 * docs/emulator.md: DECALN, DECBI/DECFI, ISO protection, mode 1045, national replacement sets, origin
 * mode.
 */
class XtermChoicesTest {

    @ChunkedTest
    void decalnOnTheAlternateScreenWithMarginsAndOriginModeFillsEveryRowAndResetsThem(Chunking chunking) {
        // issue 21: xterm.js fills every row here too; xterm (the tiebreaker) also resets margins and DECOM
        Terminal t = terminal(10, 6, chunking, CSI + "?1049h" + CSI + "3;4r" + CSI + "?6h" + ESC + "#8");
        assertThat(rows(t)).containsOnly("EEEEEEEEEE");
        assertThat(t.cursorRow()).isZero();
        assertThat(t.cursorCol()).isZero();
        assertThat(t.emulator().originMode()).isFalse();
        feed(t, chunking, CSI + "6;1H" + "\n" + "x");
        assertThat(t.rowText(5)).as("the whole screen scrolls: the margins are gone").isEqualTo("x");
    }

    @ChunkedTest
    void softResetKeepsTheColumnModeSwitchesThatXtermKeeps(Chunking chunking) {
        // DECSTR resets the modes xterm.js has; 40 (allow DECCOLM) and 95 (DECNCSM) are xterm's alone and
        // its DECSTR leaves them set, so DECCOLM still clears (40 on) or still spares the screen (95 on)
        Terminal t = terminal(10, 3, chunking, CSI + "?40h" + CSI + "!p" + "abc" + CSI + "?3h");
        assertThat(rows(t)).as("mode 40 survived DECSTR: DECCOLM cleared").containsOnly("");
        feed(t, chunking, CSI + "?95h" + CSI + "!p" + "xyz" + CSI + "?3l");
        assertThat(t.rowText(0)).as("DECNCSM survived DECSTR: DECCOLM kept the screen").isEqualTo("xyz");
        feed(t, chunking, CSI + "?95l" + CSI + "?40l" + CSI + "!p" + CSI + "?3h");
        assertThat(t.rowText(0)).as("both reset: DECCOLM does nothing").isEqualTo("xyz");
    }

    @ChunkedTest
    void backAndForwardIndexMoveOrShiftTheRegionAtTheMargins(Chunking chunking) {
        Terminal t = terminal(6, 2, chunking, "abcdef" + CSI + "2;1H" + "ghijkl" + CSI + "1;3H" + ESC + "6" + "X");
        assertThat(rows(t)).as("inside the margins DECBI moves left").containsExactly("aXcdef", "ghijkl");
        feed(t, chunking, CSI + "1;1H" + ESC + "6");
        assertThat(rows(t)).as("at the left margin the columns shift right").containsExactly(" aXcde", " ghijk");
        feed(t, chunking, CSI + "1;6H" + ESC + "9");
        assertThat(rows(t)).as("at the right margin they shift left").containsExactly("aXcde", "ghijk");
    }

    @ChunkedTest
    void isoProtectedCellsSurviveEraseUntilDecsca(Chunking chunking) {
        Terminal t = terminal(8, 2, chunking, "a" + ESC + "V" + "bc" + ESC + "W" + "d" + CSI + "1;1H" + CSI + "K");
        assertThat(t.rowText(0)).isEqualTo(" bc");
        feed(t, chunking, CSI + "0\"q" + CSI + "1;1H" + CSI + "K");
        assertThat(t.rowText(0)).as("DECSCA ends ISO protection: EL erases all").isEmpty();
    }

    @ChunkedTest
    void extendedReverseWraparoundWrapsFromTheTopMarginToTheBottomOne(Chunking chunking) {
        Terminal t = terminal(10, 6, chunking, CSI + "?1045h" + CSI + "2;5r" + CSI + "2;1H" + "\b");
        assertThat(t.cursorRow()).isEqualTo(4);
        assertThat(t.cursorCol()).isEqualTo(9);
        feed(t, chunking, CSI + "3D");
        assertThat(t.cursorCol()).as("CUB wraps too, and stops nowhere").isEqualTo(6);
    }

    @ChunkedTest
    void nationalReplacementSetsReplaceAsciiPunctuation(Chunking chunking) {
        Terminal t = terminal(20, 2, chunking, ESC + "(K" + "[\\]{|}~@" + ESC + "(B" + "[" + ESC + ")4\u000e[|\u000f");
        assertThat(t.rowText(0)).isEqualTo("ÄÖÜäöüß§[if");
    }

    @ChunkedTest
    void originModeCountsColumnsAndRowsFromTheMarginsWithoutOffsettingRelativeMoves(Chunking chunking) {
        Terminal t = terminal(20, 10, chunking, CSI + "3;8r" + CSI + "?69h" + CSI + "5;15s" + CSI + "?6h"
            + CSI + "2;3H" + CSI + "G" + "a" + CSI + "2C" + "b" + CSI + "2d" + "c");
        // CUP 2;3 is row 3, column 6; CHA 1 the left margin (4); CUF 2 moves from there; VPA 2 is row 3 again
        assertThat(t.rowText(3)).isEqualTo("    a  bc");
        assertThat(t.cursorRow()).as("VPA 2 in origin mode is the row below the top margin").isEqualTo(3);
    }
}
