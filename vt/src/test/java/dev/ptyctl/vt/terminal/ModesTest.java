package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;

class ModesTest {

    @ChunkedTest
    void cursorVisibilityFollowsDectcem(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, "").cursorVisible()).isTrue();
        assertThat(terminal(5, 2, chunking, CSI + "?25l").cursorVisible()).isFalse();
        assertThat(terminal(5, 2, chunking, CSI + "?25l" + CSI + "?25h").cursorVisible()).isTrue();
    }

    @ChunkedTest
    void applicationCursorKeysFollowDecckm(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, CSI + "?1h").applicationCursorKeys()).isTrue();
        assertThat(terminal(5, 2, chunking, CSI + "?1h" + CSI + "?1l").applicationCursorKeys()).isFalse();
    }

    @ChunkedTest
    void keypadModeFollowsDeckpamAndDeckpnm(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, ESC + "=").applicationKeypad()).isTrue();
        assertThat(terminal(5, 2, chunking, ESC + "=" + ESC + ">").applicationKeypad()).isFalse();
        assertThat(terminal(5, 2, chunking, CSI + "?66h").applicationKeypad()).isTrue();
    }

    @ChunkedTest
    void bracketedPasteFlagFollowsMode2004(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, CSI + "?2004h").bracketedPaste()).isTrue();
        assertThat(terminal(5, 2, chunking, CSI + "?2004h" + CSI + "?2004l").bracketedPaste()).isFalse();
    }

    @ChunkedTest
    void severalModesCanBeSetInOneSequence(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "?1;2004;25l" + CSI + "?1;2004h");
        assertThat(t.applicationCursorKeys()).isTrue();
        assertThat(t.bracketedPaste()).isTrue();
        assertThat(t.cursorVisible()).isFalse();
    }

    @ChunkedTest
    void mouseProtocolsReplaceEachOther(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, CSI + "?1000h" + CSI + "?1003h").emulator().mouseTracking()).isEqualTo("any");
        assertThat(terminal(5, 2, chunking, CSI + "?1000h" + CSI + "?1002l").emulator().mouseTracking()).isEqualTo("none");
    }

    @ChunkedTest
    void unknownModesAreCountedAndIgnored(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "?31337h" + CSI + "99l" + "ok");
        assertThat(t.unknownSequenceCounts()).containsEntry("DECSET 31337", 1L).containsEntry("RM 99", 1L);
        assertThat(rows(t)).containsExactly("ok", "");
    }

    @ChunkedTest
    void alternateScreenHasItsOwnContentAndNoScrollback(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, "main\r\n" + CSI + "?1049h" + "1\r\n2\r\n3\r\n4");
        assertThat(t.alternateScreenActive()).isTrue();
        assertThat(rows(t)).containsExactly("3", "4");
        assertThat(scrollback(t)).isEmpty();
    }

    @ChunkedTest
    void leaving1049RestoresTheMainScreenAndCursor(Chunking chunking) {
        Terminal t = terminal(10, 3, chunking, "main" + CSI + "?1049h" + CSI + "2;2Halt" + CSI + "?1049l");
        assertThat(t.alternateScreenActive()).isFalse();
        assertThat(rows(t)).containsExactly("main", "", "");
        assertThat(cursor(t)).isEqualTo("0,4");
    }

    @ChunkedTest
    void theAlternateScreenIsClearedOnEveryEntry(Chunking chunking) {
        Terminal t = terminal(10, 3, chunking, CSI + "?1049hold" + CSI + "?1049l" + CSI + "?1049h");
        assertThat(rows(t)).containsExactly("", "", "");
    }

    @ChunkedTest
    void mode47KeepsTheCursorPositionAcrossTheSwitch(Chunking chunking) {
        Terminal t = terminal(10, 3, chunking, "ab" + CSI + "?47h" + "c" + CSI + "?47l");
        assertThat(cursor(t)).isEqualTo("0,3");
        assertThat(rows(t)).containsExactly("ab", "", "");
    }

    @ChunkedTest
    void theAlternateScreenIsFilledWithTheCurrentBackground(Chunking chunking) {
        Terminal t = terminal(5, 2, chunking, CSI + "44m" + CSI + "?1049h");
        assertThat(t.cellAt(1, 4).bg()).isEqualTo(4);
    }

    @ChunkedTest
    void mode1048SavesAndRestoresTheCursor(Chunking chunking) {
        assertThat(cursor(terminal(10, 3, chunking, CSI + "2;3H" + CSI + "?1048h" + CSI + "H" + CSI + "?1048l")))
            .isEqualTo("1,2");
    }

    @ChunkedTest
    void cursorStyleIsRecordedAndResetBySoftReset(Chunking chunking) {
        assertThat(terminal(5, 2, chunking, CSI + "5 q").emulator().cursorStyle()).isEqualTo(5);
        assertThat(terminal(5, 2, chunking, CSI + "4 q" + CSI + "0 q").emulator().cursorStyle()).isZero();
        assertThat(terminal(5, 2, chunking, CSI + "6 q" + CSI + "!p").emulator().cursorStyle()).isZero();
    }
}
