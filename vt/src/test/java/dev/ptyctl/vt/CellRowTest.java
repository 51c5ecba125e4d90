package dev.ptyctl.vt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
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

    private static Terminal terminal(int cols, int rows, String output) {
        Terminal t = new Terminal(cols, rows);
        t.feed(output.getBytes(StandardCharsets.UTF_8));
        return t;
    }
}
