package dev.ptyctl.vt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void aNewTerminalIsBlankWithTheCursorHome() {
        Terminal t = new Terminal(80, 24);
        assertThat(t.cols()).isEqualTo(80);
        assertThat(t.rows()).isEqualTo(24);
        assertThat(t.cursorRow()).isZero();
        assertThat(t.cursorCol()).isZero();
        assertThat(t.cursorVisible()).isTrue();
        assertThat(t.title()).isEmpty();
        assertThat(t.scrollbackSize()).isZero();
        assertThat(t.rowText(23)).isEmpty();
        assertThat(t.unknownSequenceCounts()).isEmpty();
        assertThat(t.cellAt(0, 0)).isEqualTo(new CellView("", 1, 0, 0, 0, 0,
            false, false, false, 0, false, false, false, false, false));
    }

    @Test
    void theDefaultScrollbackKeepsTenThousandLines() {
        Terminal t = new Terminal(5, 1);
        for (int i = 0; i < Terminal.DEFAULT_SCROLLBACK_LINES + 50; i++) {
            t.feed(("" + i + "\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(t.scrollbackSize()).isEqualTo(Terminal.DEFAULT_SCROLLBACK_LINES);
        assertThat(t.scrollbackRowText(0)).isEqualTo("50");
        assertThat(t.scrollbackRowText(Terminal.DEFAULT_SCROLLBACK_LINES - 1)).isEqualTo("10049");
    }

    @Test
    void feedHonoursOffsetAndLength() {
        Terminal t = new Terminal(10, 2);
        t.feed("xxabcxx".getBytes(StandardCharsets.US_ASCII), 2, 3);
        assertThat(t.rowText(0)).isEqualTo("abc");
        assertThatThrownBy(() -> t.feed(new byte[3], 2, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aNegativeScrollbackIsRejected() {
        assertThatThrownBy(() -> new Terminal(10, 10, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rowsAndCellsOutsideTheScreenAreRejected() {
        Terminal t = new Terminal(10, 2);
        assertThatThrownBy(() -> t.rowText(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.cellAt(0, 10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.scrollbackRowText(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void repliesGoToTheLatestSinkAndNullDiscards() {
        Terminal t = new Terminal(10, 2);
        StringBuilder first = new StringBuilder();
        t.onReply(bytes -> first.append(new String(bytes, StandardCharsets.US_ASCII)));
        t.feed("\u001b[5n".getBytes(StandardCharsets.US_ASCII));
        t.onReply(null);
        t.feed("\u001b[5n".getBytes(StandardCharsets.US_ASCII));
        assertThat(first).hasToString("\u001b[0n");
    }

    @Test
    void cellViewReportsRgbAndPaletteColours() {
        Terminal t = new Terminal(10, 2);
        t.feed("\u001b[38;2;10;20;30;48;5;99mx".getBytes(StandardCharsets.US_ASCII));
        CellView cell = t.cellAt(0, 0);
        assertThat(cell.fgMode()).isEqualTo(CellView.COLOR_RGB);
        assertThat(cell.fg()).isEqualTo(0x0A141E);
        assertThat(cell.bgMode()).isEqualTo(CellView.COLOR_PALETTE);
        assertThat(cell.bg()).isEqualTo(99);
    }

    @Test
    void bellsAreCountedNotPrinted() {
        Terminal t = new Terminal(10, 2);
        t.feed("a\u0007b\u0007".getBytes(StandardCharsets.US_ASCII));
        assertThat(t.rowText(0)).isEqualTo("ab");
        assertThat(t.emulator().bells()).isEqualTo(2);
    }

    @Test
    void aBelThatEndsOrSitsInAStringIsNoBell() {
        Terminal t = new Terminal(20, 2);
        // OSC ended by BEL (xterm's title form), BEL inside DCS, APC, PM and SOS strings (ended by ST): no bell, as
        // the DEC parser (vt100.net's state diagram) passes or ignores C0 there; the DSL's hasBellCount counts these
        t.feed(("\u001b]2;deploy\u0007\u001bPq\u0007\u001b\\\u001b_x\u0007\u001b\\\u001b^x\u0007\u001b\\"
                + "\u001bXx\u0007\u001b\\").getBytes(StandardCharsets.UTF_8));
        assertThat(t.emulator().bells()).isZero();
        assertThat(t.title()).isEqualTo("deploy");
        // a BEL inside a CSI sequence rings (C0 controls run there), and so does one after a CAN-cancelled OSC
        t.feed("\u001b[1\u0007m\u001b]2;x\u0018\u0007".getBytes(StandardCharsets.UTF_8));
        assertThat(t.emulator().bells()).isEqualTo(2);
        assertThat(t.title()).isEqualTo("deploy");
    }

    @Test
    void toStringShowsSizeAndCursor() {
        Terminal t = new Terminal(10, 2);
        t.feed("ab".getBytes(StandardCharsets.US_ASCII));
        assertThat(t).hasToString("Terminal[10x2, cursor=(0,2)]");
    }
}
