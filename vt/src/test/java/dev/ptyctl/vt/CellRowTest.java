package dev.ptyctl.vt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CellRowTest {
    /** Colours of every kind, attributes, a wide character, a combining mark, a link, an underline colour. */
    private static final String STYLED_ROW = "\u001b[1;31mred\u001b[0m \u001b[38;5;200;48;2;1;2;3mx\u001b[0m"
        + " \u001b[3;4:3;58;5;9mwide:\u4e2d\u001b[0m e\u0301 \u001b]8;;https://example.org\u0007link\u001b]8;;\u0007"
        + " \u001b[7;9;53;5;2;8mall\u001b[0m";

    @Test
    void aCopiedRowReadsAsCellAtReadsEachCell() {
        Terminal t = terminal(40, 3, STYLED_ROW);
        CellRow row = t.copyRow(0, new CellRow());
        assertThat(row.cols()).isEqualTo(40);
        for (int col = 0; col < 40; col++) {
            CellView expected = t.cellAt(0, col);
            assertThat(row.cell(col)).as("column %d", col).isEqualTo(expected);
            assertThat(row.chars(col)).isEqualTo(expected.chars());
            assertThat(row.appendChars(col, new StringBuilder()).toString()).isEqualTo(expected.chars());
            assertThat(row.hasText(col)).isEqualTo(!expected.chars().isEmpty());
        }
        assertThat(row.hyperlink(16)).isEqualTo("https://example.org");
        assertThat(row.chars(14)).isEqualTo("e\u0301");
        assertThat(row.underlineColorMode(6)).isEqualTo(CellView.COLOR_PALETTE);
    }

    @Test
    void aRowCopiedAgainForgetsTheMarksLinksAndColoursItHeld() {
        Terminal styled = terminal(40, 3, STYLED_ROW);
        Terminal plain = terminal(40, 3, "plain text only");
        Terminal lateColour = terminal(40, 3, "plain, then \u001b[32;58;5;1mgreen\u001b]8;;x\u0007ish");
        CellRow row = styled.copyRow(0, new CellRow());
        for (Terminal next : new Terminal[] {plain, styled, lateColour}) {
            next.copyRow(0, row);
            for (int col = 0; col < 40; col++) {
                assertThat(row.cell(col)).as("column %d", col).isEqualTo(next.cellAt(0, col));
            }
        }
    }

    @Test
    void aCopyIsTheRowAsItWasAndGrowsForAWiderRow() {
        Terminal t = terminal(10, 3, "before");
        CellRow row = t.copyRow(0, new CellRow());
        t.feed("\rafter!".getBytes(StandardCharsets.UTF_8));
        assertThat(row.toString()).isEqualTo("CellRow[10, \"before\"]");

        Terminal wide = terminal(30, 3, "a wider row than ten");
        wide.copyRow(0, row);
        assertThat(row.cols()).isEqualTo(30);
        assertThat(row.chars(19)).isEqualTo("n");
    }

    @Test
    void scrollbackRowsAreCopiedWithTheirStylesAndWrap() {
        Terminal t = terminal(5, 2, "\u001b[32mgreen!\u001b[0m\r\nbn\r\nz");
        assertThat(t.scrollbackSize()).isEqualTo(2);
        CellRow row = t.copyScrollbackRow(0, new CellRow());
        assertThat(row.toString()).isEqualTo("CellRow[5, \"green\"]");
        assertThat(row.wrapped()).isFalse();
        assertThat(row.fgMode(0)).isEqualTo(CellView.COLOR_PALETTE);
        assertThat(row.fg(0)).isEqualTo(2);
        assertThat(row.sameStyle(0, 4)).isTrue();
        assertThat(t.copyScrollbackRow(1, row).wrapped()).isTrue();
        assertThat(row.sameStyle(0, 1)).isFalse();
    }

    @Test
    void rowsAndColumnsOutsideAreRefused() {
        Terminal t = terminal(10, 3, "x");
        assertThatThrownBy(() -> t.copyRow(3, new CellRow())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.copyScrollbackRow(0, new CellRow())).isInstanceOf(IndexOutOfBoundsException.class);
        CellRow row = t.copyRow(0, new CellRow());
        assertThatThrownBy(() -> row.width(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new CellRow().chars(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aNarrowedAlternateScreensRowIsCopiedAsWideAsTheScreen() {
        Terminal t = terminal(12, 3, "\u001b[?1049hleft  hidden");
        t.resize(6, 3);
        CellRow row = t.copyRow(0, new CellRow());
        assertThat(row.cols()).isEqualTo(6);
        assertThat(row.toString()).isEqualTo("CellRow[6, \"left  \"]");
    }

    @Test
    void aRowWithMarksAndLinksCopiedIntoAgainFromAWiderRowReadsItsEveryCell() {
        CellRow row = terminal(4, 2, "e\u0301\u001b]8;;x\u0007k").copyRow(0, new CellRow());
        Terminal wider = terminal(8, 2, "plain ok");
        wider.copyRow(0, row);
        for (int col = 0; col < 8; col++) {
            assertThat(row.cell(col)).as("column %d", col).isEqualTo(wider.cellAt(0, col));
        }
    }

    /** Whatever the output, sizes and reuse, a copied screen row reads as cellAt does. */
    @Test
    void randomScreensCopyAsCellAtReads() {
        Random random = new Random(7);
        String e = "\u001b";
        String[] pieces = {"plain", "\u4e2d\u6587", "e\u0301\u0302", "\u0301", "\uD83D\uDE00",
            "\uD83D\uDC4D\uD83C\uDFFD", "x\u200dy", "\t", "\r\n", "\r\n\r\n", e + "[1;31m", e + "[0m",
            e + "[38;2;1;2;3;48;5;200m", e + "[4:3;58;2;9;8;7m", e + "[59m", e + "[7;9;53;5;2;8m", e + "[1\"q",
            e + "[0\"q", e + "]8;;http://a/b\u0007", e + "]8;;\u0007", e + "[2J", e + "[3J", e + "[K", e + "[1K",
            e + "[?1049h", e + "[?1049l", e + "[2;3r", e + "[r", e + "[3L", e + "[2M", e + "[4@", e + "[3P", e + "[5X",
            e + "[H", e + "[5;7H", e + "c", e + "#8", e + "[2S", e + "[2T", e + "[?7l", e + "[?7h"};
        for (int run = 0; run < 30; run++) {
            Terminal t = new Terminal(12, 4, 5);
            CellRow[] rows = new CellRow[10];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = new CellRow();
            }
            for (int step = 0; step < 300; step++) {
                if (random.nextInt(15) == 0) {
                    t.resize(2 + random.nextInt(14), 1 + random.nextInt(8));
                } else {
                    t.feed(pieces[random.nextInt(pieces.length)].getBytes(StandardCharsets.UTF_8));
                }
                for (int r = 0; r < t.rows(); r++) {
                    CellRow row = t.copyRow(r, rows[random.nextInt(rows.length)]);
                    assertThat(row.cols()).isEqualTo(t.cols());
                    for (int c = 0; c < t.cols(); c++) {
                        CellView v = t.cellAt(r, c);
                        assertThat(row.cell(c)).as("run %d step %d row %d col %d", run, step, r, c).isEqualTo(v);
                        assertThat(row.hasText(c)).isEqualTo(!v.chars().isEmpty());
                        assertThat(row.appendChars(c, new StringBuilder()).toString()).isEqualTo(v.chars());
                    }
                }
            }
        }
    }

    private static Terminal terminal(int cols, int rows, String output) {
        Terminal t = new Terminal(cols, rows);
        t.feed(output.getBytes(StandardCharsets.UTF_8));
        return t;
    }
}
