package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

/** SL, SR, DECIC and DECDC: column edits over the rows of the scroll region. */
class ColumnEditingTest {
    private static final String FOUR_ROWS = "abcdef\r\nghijkl\r\nmnopqr\r\nstuvwx";

    @ChunkedTest
    void scrollLeftShiftsEveryRowOfTheRegion(Chunking chunking) {
        Terminal t = terminal(6, 4, chunking, FOUR_ROWS + CSI + "2;3r" + CSI + "2;1H" + CSI + "2 @");
        assertThat(rows(t)).containsExactly("abcdef", "ijkl", "opqr", "stuvwx");
    }

    @ChunkedTest
    void scrollRightInsertsBlanksAtTheLeftEdge(Chunking chunking) {
        Terminal t = terminal(6, 4, chunking, FOUR_ROWS + CSI + " A");
        assertThat(rows(t)).containsExactly(" abcde", " ghijk", " mnopq", " stuvw");
    }

    @ChunkedTest
    void columnEditsDoNothingWithTheCursorOutsideTheRegion(Chunking chunking) {
        Terminal t = terminal(6, 4, chunking, FOUR_ROWS + CSI + "2;3r" + CSI + "4;2H" + CSI + "3 @" + CSI + "2'~");
        assertThat(rows(t)).containsExactly("abcdef", "ghijkl", "mnopqr", "stuvwx");
    }

    @ChunkedTest
    void insertColumnsAtTheCursorColumn(Chunking chunking) {
        Terminal t = terminal(6, 4, chunking, FOUR_ROWS + CSI + "1;2r" + CSI + "1;3H" + CSI + "2'}");
        assertThat(rows(t)).containsExactly("ab  cd", "gh  ij", "mnopqr", "stuvwx");
    }

    @ChunkedTest
    void deleteColumnsAtTheCursorColumn(Chunking chunking) {
        Terminal t = terminal(6, 4, chunking, FOUR_ROWS + CSI + "3;4r" + CSI + "3;2H" + CSI + "3'~");
        assertThat(rows(t)).containsExactly("abcdef", "ghijkl", "mqr", "swx");
    }

    @ChunkedTest
    void columnEditsEndSoftWrapsAndTakeTheBackground(Chunking chunking) {
        Terminal t = terminal(4, 3, chunking, "abcdefg" + CSI + "44m" + CSI + "'~");
        assertThat(t.emulator().activeScreen().line(1).isWrapped()).isFalse();
        assertThat(t.cellAt(0, 3).bgMode()).isEqualTo(1);
    }
}
