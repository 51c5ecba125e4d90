package dev.ptyctl.vt.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.SvgSerializer;
import dev.ptyctl.vt.serialize.TextSerializer;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A row blanked by a clear reads as a row never written, by every reader. A row blanks only the cells it may have
 * written (from the first to the last one since it was last blank), and an ED 2 skips the rows that are blank already,
 * so a row whose bookkeeping is wrong would keep text, styles, underline colours, graphemes or its soft wrap from
 * before the clear. Seeded streams write rows at random columns (colours, backgrounds, wide characters at the edges,
 * combining marks, underline colours, protected cells, rows that wrapped and were then erased), clear them in one of
 * several ways (ED 2 with and without a background, ED 0 from home, EL 2 on every row, a scroll region scrolled
 * through, a DECSTBM-bounded IL/DL), then write parts of rows again; a terminal that never saw the first writes gets
 * the clear and the same later writes. Both must read the same: row text, every cell, the vt and SVG serializations,
 * the text with scrollback and DECRQCRA checksums of every row, then again after a selective erase (DECSED: the
 * protected cells written later survive), after resizes narrower and wider (reflow), and after scrolling the screen
 * into the scrollback.
 */
class ClearedRowsTest {
    private static final int STREAMS = 600;
    private static final int COLS = 30;
    private static final int ROWS = 8;
    private static final String[] TEXT = {"word", "ab cd", "世界", "😀", "e\u0301", "a\u0308\u0304", "│x", "x",
        "0123456789", "👩\u200D💻"};
    private static final String[] STYLES = {"\u001b[0m", "\u001b[1;34m", "\u001b[44m", "\u001b[7m",
        "\u001b[38;2;1;2;3;48;5;200m", "\u001b[4;58;5;9m", "\u001b[1\"q", "\u001b[0\"q", "\u001b[9;53m"};
    /** The clears; each leaves the rows it clears as a terminal that never saw the writes before it would have them. */
    private static final String[] CLEARS = {
        "\u001b[H\u001b[2J", // ED 2, default
        "\u001b[H\u001b[41m\u001b[2J\u001b[0m", // ED 2 with a background (BCE)
        "\u001b[48;2;9;8;7m\u001b[H\u001b[J\u001b[0m", // ED 0 from home, truecolour background
        "\u001b[H\u001b[J", // ED 0 from home, default
        "", // EL 2 on every row: built in clear()
        "\u001b[2;" + ROWS + "r\u001b[" + ROWS + ";1H" + "\n".repeat(ROWS) + "\u001b[r", // scrolled through, top row 2
        "\u001b[2;" + ROWS + "r\u001b[2;1H\u001b[" + ROWS + "M\u001b[r", // DL of the whole region
        "\u001b[45m\u001b[2;" + ROWS + "r\u001b[2;1H\u001b[" + ROWS + "L\u001b[r\u001b[0m", // IL with a background
    };

    @Test
    void aClearedRowReadsAsANeverWrittenOneByEveryReader() {
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            boolean alternate = random.nextInt(3) == 0;
            int clear = random.nextInt(CLEARS.length);
            // The rows the clear blanks: every row, or rows 2.. for the scroll-region clears (row 1 is left unwritten).
            int firstRow = clear >= 5 ? 2 : 1;
            String before = writes(random, firstRow, 1 + random.nextInt(30), true);
            String after = writes(random, 1, random.nextInt(12), false);
            String start = alternate ? "\u001b[?1049h" : "";
            String clearing = clear(clear);
            Terminal cleared = terminal(start + before + clearing + after);
            Terminal fresh = terminal(start + clearing + after);
            String what = "seed " + seed + ": " + (start + before + clearing + after).replace("\u001b", "ESC");
            assertSameReadings(cleared, fresh, what);
            // Selective erase spares the protected cells written after the clear, and nothing from before it.
            feed(cleared, fresh, "\u001b[?2J");
            assertSameReadings(cleared, fresh, what + " then DECSED 2");
            feed(cleared, fresh, writes(random, 1, random.nextInt(6), false));
            cleared.resize(COLS - 7, ROWS - 2);
            fresh.resize(COLS - 7, ROWS - 2);
            assertSameReadings(cleared, fresh, what + " narrower");
            cleared.resize(COLS + 5, ROWS + 1);
            fresh.resize(COLS + 5, ROWS + 1);
            assertSameReadings(cleared, fresh, what + " wider");
            feed(cleared, fresh, "\u001b[" + (ROWS + 1) + ";1H" + "\r\n".repeat(ROWS / 2));
            assertSameReadings(cleared, fresh, what + " scrolled");
        }
    }

    /** Writes at random rows and columns, each ending in the default style and unprotected. */
    private static String writes(Random random, int firstRow, int count, boolean wrapThenErase) {
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < count; k++) {
            int row = firstRow + random.nextInt(ROWS - firstRow); // never the last row: nothing scrolls
            switch (random.nextInt(wrapThenErase ? 5 : 4)) {
                case 0 -> // a wide character cut by the right edge, or one in the last two columns
                    out.append("\u001b[").append(row).append(';').append(COLS - random.nextInt(2)).append('H')
                        .append(STYLES[random.nextInt(STYLES.length)]).append("世");
                case 1 -> // erase part of a row (the erase style is the background)
                    out.append("\u001b[").append(row).append(';').append(1 + random.nextInt(COLS)).append('H')
                        .append(STYLES[random.nextInt(3)]).append(random.nextBoolean() ? "\u001b[K" : "\u001b[3X");
                case 4 -> // a row that wrapped into the next, whose cells are then all erased: blank but wrapped
                    out.append("\u001b[").append(row).append(';').append(COLS - 2).append('H').append("abcdef")
                        .append("\u001b[").append(row + 1).append(";1H\u001b[").append(COLS).append('X');
                default -> {
                    out.append("\u001b[").append(row).append(';').append(1 + random.nextInt(COLS - 6)).append('H');
                    for (int w = 1 + random.nextInt(3); w > 0; w--) {
                        out.append(STYLES[random.nextInt(STYLES.length)]).append(TEXT[random.nextInt(TEXT.length)]);
                    }
                    if (random.nextBoolean()) {
                        out.append("\u001b[K");
                    }
                }
            }
            out.append("\u001b[0m\u001b[0\"q");
        }
        return out.toString();
    }

    private static String clear(int kind) {
        if (!CLEARS[kind].isEmpty()) {
            return CLEARS[kind];
        }
        StringBuilder out = new StringBuilder();
        for (int row = 1; row <= ROWS; row++) {
            out.append("\u001b[").append(row).append(";5H\u001b[2K");
        }
        return out.append("\u001b[H").toString();
    }

    private static Terminal terminal(String stream) {
        Terminal t = new Terminal(COLS, ROWS, 20);
        t.feed(stream.getBytes(StandardCharsets.UTF_8));
        return t;
    }

    private static void feed(Terminal a, Terminal b, String stream) {
        a.feed(stream.getBytes(StandardCharsets.UTF_8));
        b.feed(stream.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertSameReadings(Terminal actual, Terminal expected, String what) {
        assertThat(readings(actual)).as(what).isEqualTo(readings(expected));
    }

    private static List<String> readings(Terminal t) {
        List<String> out = new ArrayList<>();
        for (int row = 0; row < t.rows(); row++) {
            out.add("text " + row + ": " + t.rowText(row));
            for (int col = 0; col < t.cols(); col++) {
                out.add("cell " + row + "," + col + ": " + t.cellAt(row, col));
            }
        }
        out.add("vt: " + VtSerializer.serialize(t));
        out.add("svg: " + SvgSerializer.render(t));
        out.add("scrollback: " + TextSerializer.withScrollback(t));
        ByteArrayOutputStream replies = new ByteArrayOutputStream();
        t.onReply(replies::writeBytes);
        StringBuilder queries = new StringBuilder();
        for (int row = 1; row <= t.rows(); row++) {
            queries.append("\u001b[").append(row).append(";1;").append(row).append(";1;").append(row).append(';')
                .append(t.cols()).append("*y");
        }
        t.feed(queries.toString().getBytes(StandardCharsets.US_ASCII));
        t.onReply(null);
        out.add("DECRQCRA: " + replies.toString(StandardCharsets.US_ASCII));
        return out;
    }
}
