package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static dev.ptyctl.vt.fixtures.Vt.buildVersion;
import static dev.ptyctl.vt.fixtures.Vt.captureReplies;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.PromptMark;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** OSC 7, 8, 133, the colour queries, XTVERSION, the title stack and OSC 52. */
class ShellIntegrationTest {
    private static final String ST = ESC + "\\";

    private static String replies(Chunking chunking, String input) {
        Terminal t = new Terminal(10, 5);
        ByteArrayOutputStream out = captureReplies(t);
        feed(t, chunking, input);
        return out.toString(StandardCharsets.UTF_8);
    }

    @ChunkedTest
    void osc7ReportsTheWorkingDirectory(Chunking chunking) {
        assertThat(terminal(20, 2, chunking, OSC + "7;file://host/tmp/a%20b\u0007$ ").workingDirectory())
            .isEqualTo("file://host/tmp/a%20b");
        assertThat(new Terminal(5, 2).workingDirectory()).isEmpty();
    }

    @ChunkedTest
    void osc133MarksReachTheListenerWithRowAndExitCode(Chunking chunking) {
        Terminal t = new Terminal(20, 3, 10);
        List<PromptMark> marks = new ArrayList<>();
        t.onPromptMark(marks::add);
        feed(t, chunking, OSC + "133;A" + ST + "$ " + OSC + "133;B\u0007ls\r\n" + OSC + "133;C\u0007a\r\nb\r\nc\r\n"
            + OSC + "133;D;2;aid=7\u0007" + OSC + "133;D\u0007" + OSC + "133;Z\u0007");
        assertThat(marks).containsExactly(
            new PromptMark(PromptMark.Kind.PROMPT_START, OptionalInt.empty(), 0, 0),
            new PromptMark(PromptMark.Kind.COMMAND_START, OptionalInt.empty(), 0, 0),
            new PromptMark(PromptMark.Kind.COMMAND_EXECUTED, OptionalInt.empty(), 1, 1),
            new PromptMark(PromptMark.Kind.COMMAND_FINISHED, OptionalInt.of(2), 2, 4),
            new PromptMark(PromptMark.Kind.COMMAND_FINISHED, OptionalInt.empty(), 2, 4));
        assertThat(t.unknownSequenceCounts()).containsEntry("OSC 133 Z", 1L);
    }

    @ChunkedTest
    void hyperlinksMarkTheCellsPrintedWhileOpen(Chunking chunking) {
        Terminal t = terminal(20, 2, chunking, "a" + OSC + "8;id=x:k=v;https://e.com/?q=1;2" + ST + "bc"
            + CSI + "0m" + "d" + OSC + "8;;" + ST + "e" + OSC + "8;x;" + ST + "f");
        assertThat(t.cellAt(0, 0).hyperlink()).isEmpty();
        assertThat(t.cellAt(0, 1).hyperlink()).isEqualTo("https://e.com/?q=1;2");
        assertThat(t.cellAt(0, 3).hyperlink()).as("SGR 0 keeps the link open").isEqualTo("https://e.com/?q=1;2");
        assertThat(t.cellAt(0, 4).hyperlink()).isEmpty();
        assertThat(t.emulator().state().hyperlinkId(1)).isEqualTo("x");
        assertThat(t.unknownSequenceCounts()).containsEntry("OSC 8 malformed", 1L);
    }

    @ChunkedTest
    void colourQueriesAnswerInXtermsFormat(Chunking chunking) {
        assertThat(replies(chunking, OSC + "10;?" + ST + OSC + "11;?\u0007"))
            .isEqualTo(OSC + "10;rgb:ffff/ffff/ffff" + ST + OSC + "11;rgb:0000/0000/0000" + ST);
        assertThat(replies(chunking, OSC + "4;1;?;196;?" + ST))
            .isEqualTo(OSC + "4;1;rgb:cccc/0000/0000" + ST + OSC + "4;196;rgb:ffff/0000/0000" + ST);
        assertThat(replies(chunking, OSC + "11;?;?" + ST)).as("the second slot is the cursor colour")
            .isEqualTo(OSC + "11;rgb:0000/0000/0000" + ST + OSC + "12;rgb:ffff/ffff/ffff" + ST);
    }

    @ChunkedTest
    void coloursCanBeSetAndReset(Chunking chunking) {
        assertThat(replies(chunking, OSC + "4;1;#0f0;2;rgb:1/2/3" + ST + OSC + "4;1;?;2;?" + ST))
            .isEqualTo(OSC + "4;1;rgb:0000/f0f0/0000" + ST + OSC + "4;2;rgb:1111/2222/3333" + ST);
        assertThat(replies(chunking, OSC + "10;#123456" + ST + OSC + "110" + ST + OSC + "10;?" + ST))
            .isEqualTo(OSC + "10;rgb:ffff/ffff/ffff" + ST);
        assertThat(replies(chunking, OSC + "4;3;#ababab" + ST + OSC + "104" + ST + OSC + "4;3;?" + ST))
            .isEqualTo(OSC + "4;3;rgb:c4c4/a0a0/0000" + ST);
        assertThat(replies(chunking, OSC + "4;300;#ffffff;5;nonsense" + ST + OSC + "4;5;?" + ST))
            .isEqualTo(OSC + "4;5;rgb:7575/5050/7b7b" + ST);
    }

    @ChunkedTest
    void xtversionNamesPtyctl(Chunking chunking) {
        String version = ESC + "P>|ptyctl(" + buildVersion() + ")" + ST;
        assertThat(replies(chunking, CSI + ">q" + CSI + ">0q" + CSI + ">1q")).isEqualTo(version + version);
    }

    @ChunkedTest
    void theTitleStackSavesAndRestoresTitleAndIconName(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, OSC + "0;first\u0007" + CSI + "22t" + OSC + "2;second\u0007"
            + CSI + "22;2t" + OSC + "2;third\u0007" + CSI + "23;2t");
        assertThat(t.title()).isEqualTo("second");
        feed(t, chunking, CSI + "23;0t");
        assertThat(t.title()).isEqualTo("first");
        assertThat(t.emulator().state().iconName()).isEqualTo("first");
        feed(t, chunking, CSI + "23t" + CSI + "9;1t");
        assertThat(t.title()).as("popping an empty stack keeps the title").isEqualTo("first");
        assertThat(t.unknownSequenceCounts()).containsEntry("CSI t 9", 1L);
    }

    @ChunkedTest
    void theTitleStackKeepsTenEntries(Chunking chunking) {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            input.append(OSC).append("2;t").append(i).append('\u0007').append(CSI).append("22;2t");
        }
        Terminal t = terminal(10, 2, chunking, input.toString());
        assertThat(t.emulator().state().titleStack()).hasSize(10).startsWith("t2").endsWith("t11");
    }

    @ChunkedTest
    void osc52IsIgnoredAndCounted(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, OSC + "52;c;aGVsbG8=\u0007ok");
        assertThat(t.rowText(0)).isEqualTo("ok");
        assertThat(t.unknownSequenceCounts()).containsEntry("OSC 52 (clipboard, ignored)", 1L);
    }
}
