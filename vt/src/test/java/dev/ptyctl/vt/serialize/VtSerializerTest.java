package dev.ptyctl.vt.serialize;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Line;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class VtSerializerTest {
    private static final String ST = ESC + "\\";

    private static Terminal fed(int cols, int rows, int scrollback, String text) {
        Terminal t = new Terminal(cols, rows, scrollback);
        t.onReply(reply -> { });
        t.feed(text.getBytes(StandardCharsets.UTF_8));
        return t;
    }

    private static Terminal fed(int cols, int rows, String text) {
        return fed(cols, rows, 100, text);
    }

    @Test
    void theOutputStartsWithAFullReset() {
        assertThat(VtSerializer.serialize(fed(10, 3, "hi"))).startsWith(ESC + "c");
    }

    @Test
    void zeroWidthCharactersAroundAWideOneDroppedAtTheEdgeComeBack() {
        // issue 21: at 10 columns with autowrap off, ZWJ ZWSP U+1F408 ZWJ U+2B1B from column 8
        Terminal t = new Terminal(10, 3);
        t.feed((CSI + "?7l" + CSI + "8G\u200d\u200b\ud83d\udc08\u200d\u2b1b").getBytes(StandardCharsets.UTF_8));
        assertThat(VtSerializer.approximations(t)).isEmpty();
        Terminal copy = RoundTrip.check(t, "zero-width at the edge");
        assertThat(rows(copy)).isEqualTo(rows(t));
        assertThat(copy.emulator().activeScreen().line(0).chars(7)).isEqualTo("\u200d\u200d");
        assertThat(copy.emulator().activeScreen().line(0).width(7)).isEqualTo(2);
    }

    @Test
    void aBlankTerminalRoundTrips() {
        RoundTrip.check(new Terminal(80, 24), "blank");
    }

    @Test
    void textAndAttributesComeBackCellByCell() {
        Terminal t = fed(20, 4, CSI + "1;31mred" + CSI + "22;4:3;58;5;200;48;2;1;2;3m curly" + CSI + "0m plain\r\n"
            + CSI + "7;9;53;2;3;5;8mflags" + CSI + "38;5;123;100mx");
        Terminal copy = RoundTrip.check(t, "attributes");
        assertThat(copy.cellAt(0, 4)).isEqualTo(t.cellAt(0, 4));
        assertThat(copy.cellAt(0, 4).underlineColor()).isEqualTo(200);
    }

    @Test
    void onlyAttributeDifferencesAreWritten() {
        String vt = VtSerializer.serialize(fed(20, 2, CSI + "1;31mab" + CSI + "32mcd"));
        assertThat(vt).contains(CSI + "1;31mab" + CSI + "32mcd");
    }

    @Test
    void wideCharactersAndCombiningMarksComeBack() {
        RoundTrip.check(fed(12, 3, "a\u4e2d\u6587e\u0301\u0302 \ud83d\udc68\u200d\ud83d\udc69 x\u200bz"), "wide");
    }

    @Test
    void aZeroWidthCharacterOnItsOwnStaysOnItsOwn() {
        Terminal copy = RoundTrip.check(fed(10, 2, "a" + CSI + "C\u0301b"), "lone mark");
        assertThat(copy.cellAt(0, 2).width()).isZero();
        assertThat(copy.cellAt(0, 2).chars()).isEqualTo("\u0301");
    }

    @Test
    void softWrappedLinesStayWrappedSoAResizeReflowsTheSame() {
        Terminal t = fed(10, 4, "0123456789abcdefghij0123\r\nshort\r\n");
        Terminal copy = RoundTrip.check(t, "wrapped");
        t.resize(25, 4);
        copy.resize(25, 4);
        assertThat(rows(copy)).isEqualTo(rows(t));
        assertThat(rows(copy).get(0)).isEqualTo("0123456789abcdefghij0123");
    }

    @Test
    void scrollbackComesBackWithTheSameLines() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            text.append("line ").append(i).append(i % 3 == 0 ? " that is long enough to wrap" : "").append("\r\n");
        }
        Terminal t = fed(16, 5, 40, text.toString());
        Terminal copy = RoundTrip.check(t, "scrollback");
        assertThat(scrollback(copy)).isEqualTo(scrollback(t));
    }

    @Test
    void aFullScrollbackKeepsItsOldestLine() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            text.append("0123456789ABCDEF".repeat(2));
        }
        RoundTrip.check(fed(16, 3, 10, text.toString()), "evicted wrapped first line");
    }

    @Test
    void theAlternateScreenComesBackWithTheMainScreenBehindIt() {
        Terminal t = fed(20, 4, "main text\r\n$ " + CSI + "?1049h" + CSI + "H" + CSI + "44mfull screen"
            + CSI + "0m" + CSI + "3;5H");
        Terminal copy = RoundTrip.check(t, "alternate");
        assertThat(copy.alternateScreenActive()).isTrue();
        copy.feed((CSI + "?1049l").getBytes(StandardCharsets.UTF_8));
        t.feed((CSI + "?1049l").getBytes(StandardCharsets.UTF_8));
        assertThat(rows(copy)).isEqualTo(rows(t));
        assertThat(copy.cursorRow() + "," + copy.cursorCol()).isEqualTo(t.cursorRow() + "," + t.cursorCol());
    }

    @Test
    void aPendingWrapComesBack() {
        Terminal t = fed(10, 3, "0123456789");
        Terminal copy = RoundTrip.check(t, "pending");
        assertThat(copy.cursorCol()).isEqualTo(10);
        copy.feed("X".getBytes(StandardCharsets.UTF_8));
        assertThat(rows(copy).get(1)).isEqualTo("X");
    }

    @Test
    void aPendingWrapOverABlankLastCellComesBack() {
        RoundTrip.check(fed(10, 3, "0123456789" + CSI + "1K"), "pending over erased row");
        RoundTrip.check(fed(10, 3, CSI + "?1049h0123456789" + CSI + "1K"), "pending on the alternate screen");
        RoundTrip.check(fed(10, 3, CSI + "?1049h0123456789" + CSI + "2J"), "pending on a cleared screen");
        RoundTrip.check(fed(10, 3, CSI + "?1049h0123456789\n" + CSI + "44m" + CSI + "?1K"), "erased with a colour");
        RoundTrip.check(fed(10, 3, "abcdefghij" + CSI + "?1049h" + CSI + "2;1Hx"), "handed over by the switch");
    }

    @Test
    void savedCursorsComeBack() {
        Terminal t = fed(20, 5, CSI + "3;7H" + CSI + "1;32m" + ESC + "(0" + ESC + "7" + ESC + "(B" + CSI + "0m"
            + CSI + "?47h" + CSI + "2;2H" + CSI + "4m" + ESC + "7" + CSI + "?47l");
        Terminal copy = RoundTrip.check(t, "saved");
        copy.feed((ESC + "8q").getBytes(StandardCharsets.UTF_8));
        assertThat(copy.cellAt(2, 6).chars()).isEqualTo("\u2500");
        assertThat(copy.cellAt(2, 6).bold()).isTrue();
    }

    @Test
    void marginsTabStopsAndModesComeBack() {
        RoundTrip.check(fed(30, 10, CSI + "3;8r" + CSI + "3g" + CSI + "1;5H" + ESC + "H" + CSI + "1;13H" + ESC + "H"
            + CSI + "?1;6;1004;2004;1002;1006;2026;45;12h" + CSI + "4;20h" + ESC + "=" + CSI + "?7l" + CSI + "?25l"
            + CSI + "5 q" + CSI + "2;4H"), "modes");
    }

    @Test
    void charsetsComeBackIncludingOneRestoredByDecrc() {
        RoundTrip.check(fed(10, 2, ESC + ")0" + ESC + "*A" + "\u000e"), "shifted");
        RoundTrip.check(fed(10, 2, ESC + "(0" + ESC + "7" + ESC + "(B" + ESC + "8"), "restored");
    }

    @Test
    void hyperlinksComeBackWithTheirIds() {
        Terminal t = fed(20, 3, "see " + OSC + "8;id=a1;https://example.com/x" + ST + "link" + OSC + "8;;" + ST
            + " " + OSC + "8;;file:///tmp" + ST + "open");
        Terminal copy = RoundTrip.check(t, "links");
        CellView cell = copy.cellAt(0, 5);
        assertThat(cell.hyperlink()).isEqualTo("https://example.com/x");
        assertThat(copy.cellAt(0, 12).hyperlink()).isEqualTo("file:///tmp");
    }

    @Test
    void blanksWithAttributesLeftByWideCharactersComeBack() {
        RoundTrip.check(fed(5, 3, CSI + "1;31mab\u4e2d\u6587x"), "wide wraps at the margin");
        RoundTrip.check(fed(8, 2, "\u4e2d\u6587" + CSI + "1;2H" + CSI + "4mX"), "left half blanked");
        RoundTrip.check(fed(8, 2, "\u4e2d\u6587" + CSI + "1;3H" + CSI + "7mY"), "right half blanked");
        RoundTrip.check(fed(6, 2, "abcd\u4e2d" + CSI + "1;5H" + CSI + "7mY" + CSI + "1;3H\u4e2d" + CSI + "1;3H"
            + CSI + "4mZ"), "a run at the end of the last row");
    }

    @Test
    void titlesComeBack() {
        Terminal copy = RoundTrip.check(fed(10, 2, OSC + "1;icon" + ST + OSC + "2;the title" + ST), "titles");
        assertThat(copy.title()).isEqualTo("the title");
    }

    @Test
    void theFormatsAreNamedAsUsersWriteThem() {
        Terminal t = fed(10, 2, "hi");
        assertThat(Format.of("TEXT").render(t)).isEqualTo("hi\n");
        assertThat(Format.of("scrollback").render(t)).isEqualTo("hi\n");
        assertThat(Format.of("vt").render(t)).isEqualTo(VtSerializer.serialize(t));
        assertThat(Format.VT.id()).isEqualTo("vt");
    }

    @Test
    void promptMarksAndExitCodesComeBackOnTheirLinesAlsoInTheScrollback() {
        String prompt = OSC + "133;A" + ST + "$ " + OSC + "133;B" + ST;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            text.append(prompt).append("cmd ").append(i).append("\r\n").append(OSC).append("133;C").append(ST)
                    .append("out ").append(i).append("\r\n").append(OSC).append("133;D;").append(i % 3).append(ST);
        }
        text.append(prompt);
        Terminal original = fed(20, 4, 100, text.toString());
        String serialized = VtSerializer.serialize(original);
        assertThat(serialized).contains("133;D;2").contains("133;D;1");
        Terminal copy = RoundTrip.check(original, "prompt marks");
        assertThat(marks(copy)).isEqualTo(marks(original)).isEqualTo("A0 - A1 - A2 - A0 - A1 - A2 - A");
    }

    /** Each line's prompt mark: "A" and its exit code, "A" for a prompt whose command has not ended, "-" for none. */
    private static String marks(Terminal terminal) {
        var main = terminal.emulator().state().mainScreen();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < main.scrollback().size() + terminal.rows(); i++) {
            long mark = main.lineAtBufferIndex(i).promptMark();
            out.append(mark == 0 ? "-" : (mark & Line.EXIT_CODE) != 0 ? "A" + (int) mark : "A")
                    .append(' ');
        }
        return out.toString().strip();
    }
}
