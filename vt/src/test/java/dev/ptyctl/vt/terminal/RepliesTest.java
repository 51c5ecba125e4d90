package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.captureReplies;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

class RepliesTest {

    private static String replies(Chunking chunking, String input) {
        Terminal t = new Terminal(10, 5);
        ByteArrayOutputStream out = captureReplies(t);
        feed(t, chunking, input);
        return out.toString(StandardCharsets.UTF_8);
    }

    @ChunkedTest
    void statusReportAnswersOk(Chunking chunking) {
        assertThat(replies(chunking, CSI + "5n")).isEqualTo("\u001b[0n");
    }

    @ChunkedTest
    void cursorPositionReportIsOneBased(Chunking chunking) {
        assertThat(replies(chunking, CSI + "3;4H" + CSI + "6n")).isEqualTo("\u001b[3;4R");
        assertThat(replies(chunking, CSI + "3;4H" + CSI + "?6n")).isEqualTo("\u001b[?3;4R");
    }

    @ChunkedTest
    void cursorPositionReportWithAPendingWrapSaysColumnColsPlusOne(Chunking chunking) {
        assertThat(replies(chunking, "0123456789" + CSI + "6n")).isEqualTo("\u001b[1;11R");
    }

    @ChunkedTest
    void cursorPositionReportIgnoresOriginMode(Chunking chunking) {
        assertThat(replies(chunking, CSI + "2;4r" + CSI + "?6h" + CSI + "6n")).isEqualTo("\u001b[2;1R");
    }

    @ChunkedTest
    void primaryDeviceAttributesIdentifyAsXterm(Chunking chunking) {
        assertThat(replies(chunking, CSI + "c" + CSI + "0c" + CSI + "1c")).isEqualTo("\u001b[?1;2c\u001b[?1;2c");
    }

    @ChunkedTest
    void secondaryDeviceAttributesAnswerLikeXtermJs(Chunking chunking) {
        assertThat(replies(chunking, CSI + ">c")).isEqualTo("\u001b[>0;276;0c");
    }

    @ChunkedTest
    void withoutASinkRepliesAreDiscarded(Chunking chunking) {
        Terminal t = feed(new Terminal(10, 5), chunking, CSI + "6nok");
        assertThat(t.rowText(0)).isEqualTo("ok");
    }

    @ChunkedTest
    void unsupportedStatusReportsAreCountedWithoutReply(Chunking chunking) {
        Terminal t = new Terminal(10, 5);
        ByteArrayOutputStream out = captureReplies(t);
        feed(t, chunking, CSI + "?15n");
        assertThat(out.size()).isZero();
        assertThat(t.unknownSequenceCounts()).containsEntry("DECDSR 15", 1L);
    }

    @ChunkedTest
    void requestModeReportsAnsiModes(Chunking chunking) {
        assertThat(replies(chunking, CSI + "4h" + CSI + "4$p" + CSI + "20$p" + CSI + "2$p" + CSI + "12$p" + CSI + "99$p"))
            .isEqualTo("\u001b[4;1$y\u001b[20;2$y\u001b[2;4$y\u001b[12;3$y\u001b[99;0$y");
    }

    @ChunkedTest
    void requestModeReportsDecModesLikeXtermJs(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?1h" + CSI + "?1$p" + CSI + "?7$p" + CSI + "?25$p" + CSI + "?1049h"
            + CSI + "?47$p" + CSI + "?1048$p" + CSI + "?1000$p" + CSI + "?8$p" + CSI + "?5$p" + CSI + "?9999$p"))
            .isEqualTo("\u001b[?1;1$y\u001b[?7;1$y\u001b[?25;1$y\u001b[?47;1$y\u001b[?1048;1$y"
                + "\u001b[?1000;2$y\u001b[?8;3$y\u001b[?5;0$y\u001b[?9999;0$y");
    }

    @ChunkedTest
    void requestStatusStringReportsTheScrollRegionAndProtection(Chunking chunking) {
        assertThat(replies(chunking, CSI + "2;4r" + ESC + "P$qr" + ESC + "\\" + CSI + "1\"q" + ESC + "P$q\"q" + ESC + "\\"))
            .isEqualTo("\u001bP1$r2;4r\u001b\\\u001bP1$r1\"q\u001b\\");
    }

    @ChunkedTest
    void requestStatusStringAnswersSgrAndCursorStyleAsXtermJsDoes(Chunking chunking) {
        assertThat(replies(chunking, CSI + "1;31m" + ESC + "P$qm" + ESC + "\\" + CSI + "5 q" + ESC + "P$q q" + ESC + "\\"))
            .isEqualTo("\u001bP1$r0m\u001b\\\u001bP1$r2 q\u001b\\");
    }

    @ChunkedTest
    void requestStatusStringForAnUnknownSettingSaysInvalid(Chunking chunking) {
        assertThat(replies(chunking, ESC + "P$qx" + ESC + "\\")).isEqualTo("\u001bP0$r\u001b\\");
    }

    @ChunkedTest
    void aCancelledStatusRequestGetsNoReply(Chunking chunking) {
        assertThat(replies(chunking, ESC + "P$qm\u0018")).isEmpty();
    }
}
