package dev.ptyctl.vt.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CUP and EL 0 outside origin mode take short paths (a full-screen program's redraw is a cursor move, text and an
 * erase per row): a clamp to the screen for CUP, an erase straight from the cursor for EL. In origin mode with the
 * scroll region the whole screen and no left and right margins, both go the general way and mean the same, so a
 * stream fed with origin mode on and off must leave the same screen and cursor: out-of-range and omitted parameters,
 * a cursor past the last column (after a zero-width character with nothing to join while a wrap is pending), erases
 * from column 0 of a soft-wrapped row, wide characters cut by the erase, backgrounds (the erase style) and ISO
 * protection (which takes the general way in both).
 */
class RedrawFastPathsTest {
    private static final int STREAMS = 1500;
    private static final String ORIGIN_ON = "\u001b[?6h";
    private static final String ORIGIN_OFF = "\u001b[?6l";

    @Test
    void cursorMovesAndErasesOutsideOriginModeDoWhatTheyDoInItOverTheWholeScreen() {
        String[] text = {"word", "ab cd", "世界", "😀", "e\u0301", "\u200b", "x",
            "0123456789012345678901234567890123456789012", "\u00e9"};
        String[] moves = {"\u001b[H", "\u001b[3;5H", "\u001b[2;38H", "\u001b[1;2H", "\u001b[6;40H", "\u001b[;7H",
            "\u001b[0;0H", "\u001b[5H", "\u001b[99;999H", "\u001b[7;41H", "\u001b[2;3;4H", "\u001b[99999999999;2H",
            "\u001b[4;99999999999H", "\u001b[3;4f", "\u001b[6;40Hx\u001b[0m\u200b"};
        String[] erases = {"\u001b[K", "\u001b[0K", "\u001b[;K", "\u001b[0;5K", "\u001b[1K", "\u001b[2K"};
        String[] others = {"\u001b[44m", "\u001b[0m", "\u001b[1;34m", "\r\n", "\r", "\n", "\b", "\u001bV", "\u001bW",
            "\u001b[G", "\u001b[38G"};
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            StringBuilder stream = new StringBuilder();
            for (int k = random.nextInt(60); k >= 0; k--) {
                int kind = random.nextInt(9);
                String[] from = kind < 3 ? text : kind < 5 ? moves : kind < 7 ? erases : others;
                stream.append(from[random.nextInt(from.length)]);
            }
            Terminal plain = fed(stream.toString());
            Terminal origin = fed(ORIGIN_ON + stream);
            assertThat(new int[] {plain.cursorRow(), plain.cursorCol()}).as("seed %d cursor: %s", seed, stream)
                .containsExactly(origin.cursorRow(), origin.cursorCol());
            // DECOM set or reset homes the cursor: both end there, so the serializations compare the cells and modes
            feed(plain, ORIGIN_ON + ORIGIN_OFF);
            feed(origin, ORIGIN_OFF);
            assertThat(VtSerializer.serialize(plain)).as("seed %d: %s", seed, stream)
                .isEqualTo(VtSerializer.serialize(origin));
        }
    }

    @Test
    void inOriginModeACursorMoveAndAnEraseKeepToTheScrollRegion() {
        // not the short paths: rows count from the top margin, and a move below the region stops at its bottom
        Terminal terminal = fed("xxxxxxxx\r\nxxxxxxxx\r\nxxxxxxxx\r\nxxxxxxxx\u001b[2;3r" + ORIGIN_ON
            + "\u001b[2;3Hab\u001b[K\u001b[9;2H\u001b[K");
        assertThat(terminal.rowText(0)).isEqualTo("xxxxxxxx");
        assertThat(terminal.rowText(1)).isEqualTo("xxxxxxxx");
        assertThat(terminal.rowText(2)).isEqualTo("x");
        assertThat(terminal.rowText(3)).isEqualTo("xxxxxxxx");
        assertThat(new int[] {terminal.cursorRow(), terminal.cursorCol()}).containsExactly(2, 1);
        feed(terminal, "\u001b[1;3Hab\u001b[K");
        assertThat(terminal.rowText(1)).isEqualTo("xxab");
    }

    private static Terminal fed(String stream) {
        Terminal terminal = new Terminal(40, 6, 10);
        feed(terminal, stream);
        return terminal;
    }

    private static void feed(Terminal terminal, String bytes) {
        terminal.feed(bytes.getBytes(StandardCharsets.UTF_8));
    }
}
