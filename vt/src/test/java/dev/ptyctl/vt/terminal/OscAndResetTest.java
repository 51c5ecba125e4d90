package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

class OscAndResetTest {

    @ChunkedTest
    void osc0And2SetTheTitle(Chunking chunking) {
        assertThat(terminal(10, 2, chunking, OSC + "0;first\u0007").title()).isEqualTo("first");
        assertThat(terminal(10, 2, chunking, OSC + "2;sécond" + ESC + "\\").title()).isEqualTo("sécond");
        assertThat(terminal(10, 2, chunking, OSC + "0;a\u0007" + OSC + "2;b\u0007").title()).isEqualTo("b");
    }

    @ChunkedTest
    void theTitleIsEmptyUntilSet(Chunking chunking) {
        assertThat(terminal(10, 2, chunking, "text").title()).isEmpty();
    }

    @ChunkedTest
    void osc1SetsOnlyTheIconName(Chunking chunking) {
        assertThat(terminal(10, 2, chunking, OSC + "2;t\u0007" + OSC + "1;icon\u0007").title()).isEqualTo("t");
    }

    @ChunkedTest
    void anOscWithoutANumberIsIgnored(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, OSC + "x;nope\u0007" + OSC + ";nope\u0007ok");
        assertThat(t.title()).isEmpty();
        assertThat(rows(t)).containsExactly("ok", "");
        assertThat(t.unknownSequenceCounts()).containsEntry("OSC without number", 2L);
    }

    @ChunkedTest
    void osc0WithoutPayloadClearsTheTitle(Chunking chunking) {
        assertThat(terminal(10, 2, chunking, OSC + "0;x\u0007" + OSC + "0\u0007").title()).isEmpty();
    }

    @ChunkedTest
    void unknownOscCommandsAreCounted(Chunking chunking) {
        assertThat(terminal(10, 2, chunking, OSC + "777;notify;hi\u0007").unknownSequenceCounts())
            .containsEntry("OSC 777", 1L);
    }

    @ChunkedTest
    void fullResetClearsScreenScrollbackModesAndAttributesButKeepsTheTitle(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, OSC + "2;kept\u0007a\r\nb\r\nc" + CSI + "1;31m" + CSI + "?1h" + CSI
            + "?1049h" + CSI + "4h" + ESC + "(0" + ESC + "cq");
        assertThat(rows(t)).containsExactly("q", "");
        assertThat(scrollback(t)).isEmpty();
        assertThat(t.alternateScreenActive()).isFalse();
        assertThat(t.applicationCursorKeys()).isFalse();
        assertThat(t.emulator().insertMode()).isFalse();
        assertThat(t.cellAt(0, 0).bold()).isFalse();
        assertThat(t.title()).isEqualTo("kept");
        assertThat(cursor(t)).isEqualTo("0,1");
    }

    @ChunkedTest
    void fullResetLeavesCursorVisibilityAsXtermJsDoes(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, CSI + "?25l" + ESC + "c").cursorVisible()).isFalse();
    }

    @ChunkedTest
    void softResetKeepsTheScreenAndResetsModesAndMargins(Chunking chunking) {
        Terminal t = terminal(5, 3, chunking, "abc" + CSI + "?25l" + CSI + "2;3r" + CSI + "4h" + CSI + "1m" + CSI + "!p");
        assertThat(rows(t)).containsExactly("abc", "", "");
        assertThat(t.cursorVisible()).isTrue();
        assertThat(t.emulator().insertMode()).isFalse();
        assertThat(t.emulator().activeScreen().scrollBottom()).isEqualTo(2);
        assertThat(terminal(5, 3, chunking, CSI + "1m" + CSI + "!px").cellAt(0, 0).bold()).isFalse();
    }

    @ChunkedTest
    void screenAlignmentFillsTheScreenWithE(Chunking chunking) {
        Terminal t = terminal(3, 2, chunking, "ab" + ESC + "#8");
        assertThat(rows(t)).containsExactly("EEE", "EEE");
        assertThat(cursor(t)).isEqualTo("0,0");
    }

    @ChunkedTest
    void unknownEscapeAndCsiSequencesAreCountedAndOtherwiseIgnored(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, ESC + "#9x" + CSI + ">1py" + ESC + "Pqsixel" + ESC + "\\z");
        assertThat(rows(t)).containsExactly("xyz", "");
        assertThat(t.unknownSequenceCounts())
            .containsEntry("ESC #9", 1L)
            .containsEntry("CSI >p", 1L)
            .containsEntry("DCS q", 1L);
    }
}
