package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LineTest {

    private static Line line(String text, int cols) {
        Line line = new Line(cols, Style.DEFAULT);
        int col = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int width = dev.ptyctl.vt.unicode.UnicodeWidth.of(cp);
            line.set(col, cp, width, Style.DEFAULT, 0);
            if (width == 2) {
                line.set(col + 1, 0, 0, Style.DEFAULT, 0);
            }
            col += width;
            i += Character.charCount(cp);
        }
        return line;
    }

    @Test
    void aNewLineIsEmptyCellsOfWidthOne() {
        Line line = new Line(3, Style.DEFAULT);
        assertThat(line.text()).isEmpty();
        assertThat(line.width(2)).isEqualTo(1);
        assertThat(line.hasText(0)).isFalse();
        assertThat(line.trimmedLength()).isZero();
    }

    @Test
    void textShowsEmptyCellsInsideAsSpacesAndTrimsTheEnd() {
        Line line = new Line(6, Style.DEFAULT);
        line.set(1, 'a', 1, Style.DEFAULT, 0);
        line.set(3, ' ', 1, Style.DEFAULT, 0);
        assertThat(line.text()).isEqualTo(" a");
        assertThat(line.trimmedLength()).isEqualTo(4);
    }

    @Test
    void insertingCellsShiftsRightAndBlanksAWideCharacterPushedToTheEdge() {
        Line line = line("ab世", 4);
        line.insertCells(0, 1, Style.DEFAULT, 0);
        assertThat(line.text()).isEqualTo(" ab");
        assertThat(line.width(3)).isEqualTo(1);
    }

    @Test
    void insertingInsideAWideCharacterBlanksItsLeftHalf() {
        Line line = line("世x", 4);
        line.insertCells(1, 1, Style.DEFAULT, 0);
        assertThat(line.text()).isEqualTo("   x");
    }

    @Test
    void deletingCellsShiftsLeftAndFillsWithTheGivenStyle() {
        long red = Style.withBg(Style.DEFAULT, Style.color(Style.COLOR_P16, 1));
        Line line = line("abcd", 4);
        line.deleteCells(1, 2, red, 0);
        assertThat(line.text()).isEqualTo("ad");
        assertThat(line.style(3)).isEqualTo(red);
    }

    @Test
    void combiningMarksAreKeptInTheCell() {
        Line line = line("e", 3);
        line.appendCombining(0, 0x301, 0);
        line.appendCombining(0, 0x302, 0);
        assertThat(line.chars(0)).isEqualTo("e\u0301\u0302");
        assertThat(line.codePoint(0)).isEqualTo('e');
        line.set(0, 'x', 1, Style.DEFAULT, 0);
        assertThat(line.chars(0)).isEqualTo("x");
    }

    @Test
    void combinedCellsMoveWithInsertAndDelete() {
        Line line = line("ab", 4);
        line.appendCombining(1, 0x301, 0);
        line.insertCells(0, 2, Style.DEFAULT, 0);
        assertThat(line.chars(3)).isEqualTo("b\u0301");
        line.deleteCells(0, 3, Style.DEFAULT, 0);
        assertThat(line.chars(0)).isEqualTo("b\u0301");
    }

    @Test
    void resizingKeepsCellsAndCutsLikeXtermJsEvenThroughAWideCharacter() {
        Line line = line("ab世", 4);
        line.resize(3, Style.DEFAULT);
        assertThat(line.cols()).isEqualTo(3);
        assertThat(line.width(2)).isEqualTo(2);
        assertThat(line.text()).isEqualTo("ab世");
        line.resize(6, Style.DEFAULT);
        assertThat(line.cols()).isEqualTo(6);
        assertThat(line.width(5)).isEqualTo(1);
        assertThat(line.text()).isEqualTo("ab世");
    }

    @Test
    void resetRecyclesTheLineAsBlank() {
        Line line = line("abc", 3);
        line.appendCombining(0, 0x301, 0);
        line.setWrapped(true);
        line.reset(2, Style.DEFAULT);
        assertThat(line.cols()).isEqualTo(2);
        assertThat(line.text()).isEmpty();
        assertThat(line.isWrapped()).isFalse();
        assertThat(line.chars(0)).isEmpty();
    }

    @Test
    void extrasAreStoredOnlyWhereSet() {
        Line line = new Line(3, Style.DEFAULT);
        assertThat(line.extra(1)).isZero();
        line.set(1, 'x', 1, Style.DEFAULT, 42);
        assertThat(line.extra(1)).isEqualTo(42);
        assertThat(line.extra(0)).isZero();
    }
}
