package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.captureReplies;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Each cell shows the colours it was printed or erased with, however many a row holds and wherever its cells move: a
 * line keeps its styles in a small palette of its own with an index per cell, and more distinct styles than the
 * palette holds (a row of true-colour gradient), reflow between lines with different palettes, erases with a
 * background colour, and lines recycled from the scrollback must not mix them up.
 */
class StyledCellsTest {
    /** Foreground colour of the n-th distinct true colour used here (never 0, so never mistaken for black). */
    private static int colour(int n) {
        return 0x010203 + n * 0x0B;
    }

    private static String fg(int n) {
        int rgb = colour(n);
        return CSI + "38;2;" + (rgb >> 16) + ";" + (rgb >> 8 & 0xFF) + ";" + (rgb & 0xFF) + "m";
    }

    /** The foreground of each cell of a row: its RGB value, or -1 for the default colour. */
    private static int[] foregrounds(Terminal t, int row) {
        int[] fgs = new int[t.cols()];
        for (int col = 0; col < fgs.length; col++) {
            CellView cell = t.cellAt(row, col);
            fgs[col] = cell.fgMode() == CellView.COLOR_RGB ? cell.fg() : -1;
        }
        return fgs;
    }

    /** Prints {@code count} cells from the cursor on, each in a colour of its own from {@code first} on. */
    private static String rainbow(int first, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(fg(first + i)).append((char) ('a' + (first + i) % 26));
        }
        return out.append(CSI).append("0m").toString();
    }

    private static int[] rainbowColours(int first, int count) {
        int[] colours = new int[count];
        for (int i = 0; i < count; i++) {
            colours[i] = colour(first + i);
        }
        return colours;
    }

    @ChunkedTest
    void aRowOfMoreColoursThanItsPaletteHoldsKeepsEachCellsColourThroughRewritesInsertsAndDeletes(Chunking chunking) {
        int cols = 320;
        Terminal t = feed(new Terminal(cols, 2), chunking, rainbow(0, cols));
        int[] expected = rainbowColours(0, cols);
        assertThat(foregrounds(t, 0)).isEqualTo(expected);

        // new colours over the first 100 cells: the styles they had are no longer used
        feed(t, chunking, CSI + "1;1H" + rainbow(1000, 100));
        System.arraycopy(rainbowColours(1000, 100), 0, expected, 0, 100);
        assertThat(foregrounds(t, 0)).isEqualTo(expected);

        // five blank cells inserted at column 51 and three deleted at column 201 move the cells after them
        feed(t, chunking, CSI + "1;51H" + CSI + "5@" + CSI + "1;201H" + CSI + "3P");
        int[] moved = new int[cols];
        int[] inserted = new int[cols];
        System.arraycopy(expected, 0, inserted, 0, 50);
        Arrays.fill(inserted, 50, 55, -1);
        System.arraycopy(expected, 50, inserted, 55, cols - 55);
        System.arraycopy(inserted, 0, moved, 0, 200);
        System.arraycopy(inserted, 203, moved, 200, cols - 203);
        Arrays.fill(moved, cols - 3, cols, -1);
        assertThat(foregrounds(t, 0)).isEqualTo(moved);

        // the whole row again in colours it never had, cell by cell from the right so no run repeats a style
        StringBuilder backwards = new StringBuilder();
        for (int col = cols; col >= 1; col--) {
            backwards.append(CSI).append("1;").append(col).append('H').append(fg(5000 + col)).append('z');
        }
        feed(t, chunking, backwards.toString());
        int[] last = new int[cols];
        for (int col = 1; col <= cols; col++) {
            last[col - 1] = colour(5000 + col);
        }
        assertThat(foregrounds(t, 0)).isEqualTo(last);
        assertThat(rows(t).getFirst()).isEqualTo("z".repeat(cols));
    }

    @ChunkedTest
    void reflowMovesEachCellsColourToItsNewRow(Chunking chunking) {
        // blank rows first, so the rows the narrowing adds push those into the scrollback and the rainbow stays
        int cols = 300;
        Terminal t = feed(new Terminal(cols, 8, 10), chunking,
            "\r\n".repeat(6) + rainbow(0, cols) + "\r\n" + fg(7) + "short" + CSI + "0m");
        t.resize(70, 8);
        assertThat(rows(t)).endsWith("short");
        int first = rows(t).size() - 6;
        int[] all = rainbowColours(0, cols);
        for (int row = 0; row < 5; row++) {
            int[] expected = new int[70];
            Arrays.fill(expected, -1);
            int from = row * 70;
            System.arraycopy(all, from, expected, 0, Math.min(70, cols - from));
            assertThat(foregrounds(t, first + row)).as("row %d after narrowing", row).isEqualTo(expected);
        }
        int[] shortRow = new int[70];
        Arrays.fill(shortRow, -1);
        Arrays.fill(shortRow, 0, 5, colour(7));
        assertThat(foregrounds(t, 7)).isEqualTo(shortRow);

        t.resize(cols, 8);
        assertThat(rows(t)).endsWith("short");
        assertThat(foregrounds(t, 6)).as("widened back").isEqualTo(all);
    }

    @ChunkedTest
    void anEraseWithABackgroundColourKeepsItUntilAPlainEraseOrNewText(Chunking chunking) {
        Terminal t = feed(new Terminal(10, 3), chunking,
            rainbow(0, 10) + "\r\n" + CSI + "44m" + CSI + "2J" + CSI + "H" + CSI + "0mab" + CSI + "41m" + CSI + "K");
        assertThat(backgrounds(t, 0)).containsExactly(-1, -1, 1, 1, 1, 1, 1, 1, 1, 1);
        assertThat(backgrounds(t, 1)).containsOnly(4);
        assertThat(foregrounds(t, 0)).containsOnly(-1);
        assertThat(rows(t).getFirst()).isEqualTo("ab");

        feed(t, chunking, CSI + "0m" + CSI + "2J" + CSI + "2;3H" + CSI + "32mxy");
        assertThat(backgrounds(t, 0)).containsOnly(-1);
        assertThat(backgrounds(t, 1)).containsOnly(-1);
        assertThat(t.cellAt(1, 1).fgMode()).isEqualTo(CellView.COLOR_DEFAULT);
        assertThat(t.cellAt(1, 2).fg()).isEqualTo(2);
        assertThat(t.cellAt(1, 3).fg()).isEqualTo(2);
        assertThat(t.cellAt(1, 4).fgMode()).isEqualTo(CellView.COLOR_DEFAULT);
    }

    /** The background of each cell of a row: its palette index, or -1 for the default colour. */
    private static int[] backgrounds(Terminal t, int row) {
        int[] bgs = new int[t.cols()];
        for (int col = 0; col < bgs.length; col++) {
            CellView cell = t.cellAt(row, col);
            bgs[col] = cell.bgMode() == CellView.COLOR_PALETTE ? cell.bg() : -1;
        }
        return bgs;
    }

    @ChunkedTest
    void theRectangleChecksumCountsTheTextOfStyledCellsAndNotTheirStyles(Chunking chunking) {
        String text = "ab\u4e16c\u0301";
        Terminal plain = feed(new Terminal(8, 2), chunking, text);
        Terminal styled = feed(new Terminal(8, 2), chunking,
            CSI + "45m" + CSI + "2J" + CSI + "H" + fg(1) + "a" + fg(2) + "b" + fg(3) + "\u4e16" + fg(4) + "c\u0301");
        String query = CSI + "1;1;1;1;2;8*y";
        ByteArrayOutputStream plainReply = captureReplies(plain);
        ByteArrayOutputStream styledReply = captureReplies(styled);
        feed(plain, chunking, query);
        feed(styled, chunking, query);
        assertThat(styledReply.toString(StandardCharsets.UTF_8)).isEqualTo(plainReply.toString(StandardCharsets.UTF_8))
            .isNotEmpty();
        assertThat(styled.cellAt(0, 3).width()).as("a wide character's right half").isZero();
        assertThat(styled.cellAt(0, 4).chars()).isEqualTo("c\u0301");
        assertThat(styled.cellAt(0, 4).fg()).as("a mark keeps its cell's colour").isEqualTo(colour(4));
    }

    @ChunkedTest
    void aLineRecycledFromTheScrollbackKeepsNoColourOfItsPastAndTheScrollbackKeepsItsOwn(Chunking chunking) {
        int cols = 40;
        Terminal t = new Terminal(cols, 3, 4);
        List<int[]> printed = new ArrayList<>();
        StringBuilder out = new StringBuilder();
        for (int line = 0; line < 12; line++) {
            out.append(rainbow(line * cols, cols)).append("\r\n"); // a palette of 40 styles per line
            printed.add(rainbowColours(line * cols, cols));
        }
        // lines of the scrollback's past are recycled for these: half plain, half in one colour
        for (int line = 0; line < 6; line++) {
            out.append("plain ").append(fg(9999)).append("word").append(CSI).append("0m").append("\r\n");
        }
        out.append("last");
        feed(t, chunking, out.toString());
        int[] recycled = new int[cols];
        Arrays.fill(recycled, -1);
        Arrays.fill(recycled, 6, 10, colour(9999));
        assertThat(rows(t)).containsExactly("plain word", "plain word", "last");
        assertThat(foregrounds(t, 0)).isEqualTo(recycled);
        assertThat(foregrounds(t, 1)).isEqualTo(recycled);

        // the scrollback holds four plain lines, all on recycled lines; they come back on screen
        assertThat(scrollback(t)).hasSize(4);
        t.resize(cols, 7);
        for (int row = 0; row < 4; row++) {
            assertThat(foregrounds(t, row)).as("row %d back from the scrollback", row).isEqualTo(recycled);
        }
        assertThat(scrollback(t)).hasSize(0);
        // and rainbows printed on recycled lines keep every colour, in the scrollback too
        Terminal rainbows = new Terminal(cols, 3, 4);
        feed(rainbows, chunking, out.substring(0, out.indexOf("plain")) + "end");
        rainbows.resize(cols, 7);
        for (int row = 0; row < 6; row++) {
            assertThat(foregrounds(rainbows, row)).as("rainbow row %d", row).isEqualTo(printed.get(6 + row));
        }
    }
}
