package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
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
    void anAsciiRunStopsAtAnyByteThatIsNotPrintableAsciiAndAtTheEdge() {
        byte[] src = "ab\u007fcd\r ef\u00e9gh".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Line line = new Line(10, Style.DEFAULT);
        assertThat(run(line.setRunAscii(1, src, 0, src.length, 10, Style.BOLD, 0))).containsExactly(2, 1, 3); // DEL
        assertThat(run(line.setRunAscii(3, src, 3, src.length, 10, Style.BOLD, 0))).containsExactly(5, 1, 5); // CR
        assertThat(run(line.setRunAscii(5, src, 6, src.length, 10, Style.BOLD, 0))).containsExactly(9, 1, 8); // é
        assertThat(run(line.setRunAscii(8, src, 9, src.length, 10, Style.BOLD, 0))).containsExactly(9, 0, 8);
        assertThat(run(line.setRunAscii(8, src, 11, src.length, 9, Style.BOLD, 0))).containsExactly(12, 1, 9); // edge
        assertThat(line.text()).isEqualTo(" abcd efg");
        assertThat(line.style(0)).isEqualTo(Style.DEFAULT);
        assertThat(line.style(8)).isEqualTo(Style.BOLD);
        assertThat(line.style(9)).isEqualTo(Style.DEFAULT);
    }

    /** A run's result as {index after, width of the last character, column after}. */
    private static int[] run(long result) {
        return new int[] {(int) (result >>> 32), (int) result >>> 16 & 3, (int) result & 0xFFFF};
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
    void marksAddedToAnOlderCellOrOverwrittenManyTimesKeepEveryCellsText() {
        Line line = line("abcd", 4);
        // Far more clusters written over each other than the store first holds: the overwritten ones are dropped
        // when it fills, and the cells that still have one keep it.
        for (int round = 0; round < 500; round++) {
            for (int col = 0; col < 4; col++) {
                line.set(col, 'a' + col, 1, Style.DEFAULT, 0);
                line.appendCombining(col, 0x300 + round % 16, 0);
            }
            line.appendCombining(0, 0x323, 0); // cell 0's cluster is no longer the newest one
        }
        int mark = 0x300 + 499 % 16;
        assertThat(line.text()).isEqualTo("a" + (char) mark + "\u0323b" + (char) mark + "c" + (char) mark + "d" + (char) mark);
        assertThat(line.codePoint(0)).isEqualTo('a');
        assertThat(line.retainedBytes()).isLessThan(1024);
    }

    @Test
    void aCellKeepsAtMostTheClusterLimitOfCodePoints() {
        Line line = line("e", 2);
        for (int i = 0; i < 5000; i++) {
            line.appendCombining(0, 0x301, 0);
        }
        assertThat(line.chars(0).codePointCount(0, line.chars(0).length())).isEqualTo(Clusters.MAX_CODE_POINTS);
    }

    @Test
    void copiedCombinedCellsAreTheirOwnAndSurviveTheSourceChanging() {
        Line src = line("xyz", 3);
        src.appendCombining(1, 0x301, 0);
        src.appendCombining(2, 0x308, 0);
        Line dest = line("ab", 4);
        dest.appendCombining(0, 0x303, 0);
        dest.copyCells(src, 1, 2, 2);
        src.set(1, 'q', 1, Style.DEFAULT, 0);
        src.appendCombining(1, 0x302, 0);
        assertThat(dest.text()).isEqualTo("a\u0303by\u0301z\u0308");
        // within one line, over itself
        dest.copyCells(dest, 2, 0, 2);
        dest.appendCombining(0, 0x304, 0);
        assertThat(dest.text()).isEqualTo("y\u0301\u0304z\u0308y\u0301z\u0308");
    }

    @Test
    void combinedCellsKeepTheirTextThroughAnyMixOfWritesMovesCopiesAndErases() {
        // A model of each cell's text beside two lines, under seeded random operations on narrow cells (wide ones
        // have fix-ups of their own, tested above): whatever compaction and copying do, every cell reads the same.
        Random random = new Random(21);
        int cols = 12;
        Line[] lines = {new Line(cols, Style.DEFAULT), new Line(cols, Style.DEFAULT)};
        String[][] model = {new String[cols], new String[cols]};
        Arrays.fill(model[0], "");
        Arrays.fill(model[1], "");
        for (int step = 0; step < 20_000; step++) {
            int which = random.nextInt(2);
            Line line = lines[which];
            String[] cells = model[which];
            int col = random.nextInt(cols);
            switch (random.nextInt(10)) {
                case 0, 1, 2 -> {
                    int cp = 'a' + random.nextInt(26);
                    line.set(col, cp, 1, Style.DEFAULT, 0);
                    cells[col] = Character.toString(cp);
                }
                case 3, 4, 5 -> {
                    if (cells[col].codePointCount(0, cells[col].length()) < 20) {
                        int mark = 0x300 + random.nextInt(0x30);
                        line.appendCombining(col, mark, 0);
                        cells[col] = cells[col] + Character.toString(mark);
                    }
                }
                case 6 -> {
                    int to = col + random.nextInt(cols - col + 1);
                    int from = random.nextInt(4) == 0 ? 0 : col;
                    line.fill(from, to, Style.DEFAULT, 0);
                    Arrays.fill(cells, from, Math.max(from, to), "");
                }
                case 7 -> {
                    int n = 1 + random.nextInt(3);
                    line.insertCells(col, n, Style.DEFAULT, 0);
                    String[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c < col + n ? "" : before[c - n];
                    }
                }
                case 8 -> {
                    int n = 1 + random.nextInt(3);
                    line.deleteCells(col, n, Style.DEFAULT, 0);
                    String[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c + n < cols ? before[c + n] : "";
                    }
                }
                default -> {
                    int from = random.nextInt(2);
                    int srcCol = random.nextInt(cols);
                    int count = 1 + random.nextInt(cols - Math.max(srcCol, col));
                    line.copyCells(lines[from], srcCol, col, count);
                    String[] src = model[from].clone();
                    System.arraycopy(src, srcCol, cells, col, count);
                }
            }
            for (int l = 0; l < 2; l++) {
                String[] texts = new String[cols];
                for (int c = 0; c < cols; c++) {
                    texts[c] = lines[l].chars(c);
                }
                if (!Arrays.equals(texts, model[l])) {
                    assertThat(texts).as("step %d, line %d", step, l).containsExactly(model[l]);
                }
            }
        }
    }

    @Test
    void everyCellKeepsItsStyleThroughAnyMixOfWritesMovesCopiesErasesAndResets() {
        // A model of each cell's style beside two lines, under seeded random operations on narrow cells: a line blanked
        // whole or recycled keeps no stale style, whichever way its cells are written again afterwards.
        Random random = new Random(33);
        int cols = 12;
        long[] styles = {Style.DEFAULT, Style.BOLD, Style.withFg(Style.DEFAULT, Style.color(Style.COLOR_P16, 2)),
            Style.withBg(Style.INVERSE, Style.color(Style.COLOR_RGB, 0x102030))};
        Line[] lines = {new Line(cols, Style.DEFAULT), new Line(cols, styles[2])};
        long[][] model = {new long[cols], new long[cols]};
        Arrays.fill(model[1], styles[2]);
        for (int step = 0; step < 20_000; step++) {
            int which = random.nextInt(2);
            Line line = lines[which];
            long[] cells = model[which];
            int col = random.nextInt(cols);
            long style = styles[random.nextInt(styles.length)];
            switch (random.nextInt(9)) {
                case 0 -> {
                    line.set(col, 'a', 1, style, 0);
                    cells[col] = style;
                }
                case 1 -> {
                    int n = 1 + random.nextInt(cols - col);
                    byte[] text = "abcdefghijkl".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                    if (random.nextBoolean()) {
                        line.setRunUtf8(col, text, 0, n, cols, style, 0);
                    } else {
                        line.setRunAscii(col, text, 0, n, cols, style, 0);
                    }
                    Arrays.fill(cells, col, col + n, style);
                }
                case 2 -> {
                    int n = 1 + random.nextInt(cols - col);
                    line.setNarrowRun(col, new int[] {'x', 'y', 'z', 'x', 'y', 'z', 'x', 'y', 'z', 'x', 'y', 'z'}, 0, n,
                        style, 0);
                    Arrays.fill(cells, col, col + n, style);
                }
                case 3 -> {
                    int from = random.nextInt(3) == 0 ? 0 : col;
                    int to = from + random.nextInt(cols - from + 1);
                    line.fill(from, to, style, 0);
                    Arrays.fill(cells, from, to, style);
                }
                case 4 -> {
                    int n = 1 + random.nextInt(3);
                    line.insertCells(col, n, style, 0);
                    long[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c < col + n ? style : before[c - n];
                    }
                }
                case 5 -> {
                    int n = 1 + random.nextInt(3);
                    line.deleteCells(col, n, style, 0);
                    long[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c + n < cols ? before[c + n] : style;
                    }
                }
                case 6 -> {
                    int from = random.nextInt(2);
                    int srcCol = random.nextInt(cols);
                    int count = 1 + random.nextInt(cols - Math.max(srcCol, col));
                    line.copyCells(lines[from], srcCol, col, count);
                    System.arraycopy(model[from].clone(), srcCol, cells, col, count);
                }
                case 7 -> {
                    long fill = random.nextBoolean() ? Style.DEFAULT : style;
                    line.reset(cols, fill);
                    Arrays.fill(cells, fill);
                }
                default -> {
                    line.erase(col, cols, style);
                    Arrays.fill(cells, col, cols, style);
                }
            }
            for (int l = 0; l < 2; l++) {
                long[] read = new long[cols];
                for (int c = 0; c < cols; c++) {
                    read[c] = lines[l].style(c);
                }
                if (!Arrays.equals(read, model[l])) {
                    assertThat(read).as("step %d, line %d", step, l).containsExactly(model[l]);
                }
            }
        }
    }

    @Test
    void everyCellKeepsItsStyleWhenTheLinesHoldMoreDistinctStylesThanAPaletteDoes() {
        // A line keeps its styles in a palette of at most 254 entries with an index per cell; past that a cell keeps
        // its style beside it. Two wide lines, a model of each cell's style, seeded random writes drawn mostly from a
        // few styles and otherwise from hundreds, so palettes fill, drop the entries of overwritten cells, merge equal
        // ones, run out, and cells move and are copied between lines whose palettes differ.
        Random random = new Random(54);
        int cols = 300;
        long[] few = new long[6];
        long[] many = new long[800];
        for (int i = 0; i < few.length; i++) {
            few[i] = Style.withFg(Style.DEFAULT, Style.color(Style.COLOR_P16, i + 1));
        }
        for (int i = 0; i < many.length; i++) {
            many[i] = Style.withBg(i % 2 == 0 ? Style.BOLD : Style.DEFAULT, Style.color(Style.COLOR_RGB, 0x10000 + i));
        }
        Line[] lines = {new Line(cols, Style.DEFAULT), new Line(cols, few[0])};
        long[][] model = {new long[cols], new long[cols]};
        Arrays.fill(model[1], few[0]);
        byte[] text = "x".repeat(cols).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int[] codePoints = new int[cols];
        Arrays.fill(codePoints, 'y');
        for (int step = 0; step < 10_000; step++) {
            int phase = step % 2000;
            boolean rainbow = phase < 2 * cols; // each line's cells one by one in a style of their own: it overflows
            int which = rainbow ? phase % 2 : random.nextInt(2);
            Line line = lines[which];
            long[] cells = model[which];
            int col = rainbow ? phase / 2 : random.nextInt(cols);
            int n = rainbow ? 1 : Math.min(cols - col, 1 + random.nextInt(random.nextInt(8) != 0 ? 3 : cols - col));
            long style = rainbow ? many[(col + step / 2000 * 97 + which * 400) % many.length]
                : switch (random.nextInt(10)) {
                    case 0 -> Style.DEFAULT;
                    case 1, 2 -> few[random.nextInt(few.length)];
                    default -> many[random.nextInt(many.length)];
                };
            switch (random.nextInt(rainbow ? 4 : 10)) {
                case 0 -> {
                    line.set(col, 'a', 1, style, 0);
                    cells[col] = style;
                }
                case 1 -> {
                    line.setRunUtf8(col, text, 0, n, cols, style, 0);
                    Arrays.fill(cells, col, col + n, style);
                }
                case 2 -> {
                    line.setRunAscii(col, text, 0, n, cols, style, 0);
                    Arrays.fill(cells, col, col + n, style);
                }
                case 3 -> {
                    line.setRun(col, codePoints, 0, n, cols, style, 0, false);
                    Arrays.fill(cells, col, col + n, style);
                }
                case 4 -> {
                    line.fill(col, col + n, style, 0);
                    Arrays.fill(cells, col, col + n, style);
                }
                case 5 -> {
                    line.insertCells(col, n, style, 0);
                    long[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c < col + n ? style : before[c - n];
                    }
                }
                case 6 -> {
                    line.deleteCells(col, n, style, 0);
                    long[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c + n < cols ? before[c + n] : style;
                    }
                }
                case 7, 8 -> {
                    int from = random.nextInt(2);
                    int srcCol = random.nextInt(cols - n + 1);
                    line.copyCells(lines[from], srcCol, col, n);
                    System.arraycopy(model[from].clone(), srcCol, cells, col, n);
                }
                default -> {
                    if (random.nextInt(20) == 0) {
                        line.reset(cols, style);
                        Arrays.fill(cells, style);
                    } else {
                        line.erase(col, cols, style);
                        Arrays.fill(cells, col, cols, style);
                    }
                }
            }
            for (int l = 0; l < 2; l++) {
                for (int c = 0; c < cols; c++) {
                    if (lines[l].style(c) != model[l][c]) {
                        assertThat(lines[l].style(c)).as("step %d, line %d, column %d", step, l, c)
                            .isEqualTo(model[l][c]);
                    }
                }
            }
        }
    }

    @Test
    void blankingTheWholeLineFreesItsClustersForTheNextText() {
        Line line = line("abcd", 4);
        long before = 0;
        for (int round = 0; round < 1000; round++) {
            line.fill(0, 4, Style.DEFAULT, 0);
            line.set(0, 'e', 1, Style.DEFAULT, 0);
            line.appendCombining(0, 0x301, 0);
            if (round == 0) {
                before = line.retainedBytes();
            }
        }
        assertThat(line.chars(0)).isEqualTo("e\u0301");
        assertThat(line.retainedBytes()).isEqualTo(before);
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
    void erasingFromInsideStyledCellsBlanksThePlainCellsAfterThemToo() {
        // styles are kept only up to the last styled cell: an erase that starts inside them and ends past them
        Line line = new Line(20, Style.DEFAULT);
        long green = Style.withFg(Style.DEFAULT, Style.color(Style.COLOR_P16, 2));
        for (int col = 0; col < 5; col++) {
            line.set(col, 'a', 1, green, 0);
        }
        for (int col = 5; col < 12; col++) {
            line.set(col, 'b', 1, Style.DEFAULT, 0);
        }
        line.erase(3, 20, Style.DEFAULT);
        assertThat(line.text()).isEqualTo("aaa");
        for (int col = 3; col < 20; col++) {
            assertThat(line.hasText(col)).as("col %d", col).isFalse();
            assertThat(line.style(col)).as("col %d", col).isEqualTo(Style.DEFAULT);
        }
        assertThat(line.style(2)).isEqualTo(green);
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
    @Test
    void everyCellReadsAsWrittenThroughBlanksOfTheWrittenSpanAndResizes() {
        // A line blanks only the cells from the first to the last it wrote since it was last blank. A model of every
        // cell (text, width, style, extras) beside two lines, under seeded random writes at random columns (so the
        // written span starts anywhere), marks, default and styled fills of every extent, erases, inserts, deletes,
        // copies between and within the lines, resets and resizes; every reader must read the model after each step.
        Random random = new Random(21);
        long[] styles = {Style.DEFAULT, Style.BOLD, Style.withBg(Style.DEFAULT, Style.color(Style.COLOR_P16, 1)),
            Style.withFg(Style.INVERSE, Style.color(Style.COLOR_RGB, 0x102030))};
        long[] extrasDrawn = {0, 0, 0, 7};
        Line[] lines = {new Line(12, Style.DEFAULT), new Line(12, styles[2])};
        Cell[][] model = {Cell.blanks(12, Style.DEFAULT), Cell.blanks(12, styles[2])};
        for (int step = 0; step < 30_000; step++) {
            int which = random.nextInt(2);
            Line line = lines[which];
            Cell[] cells = model[which];
            int cols = cells.length;
            int col = random.nextInt(cols);
            long style = styles[random.nextInt(styles.length)];
            long extra = extrasDrawn[random.nextInt(extrasDrawn.length)];
            switch (random.nextInt(12)) {
                case 0 -> {
                    line.set(col, 'a' + col, 1, style, extra);
                    cells[col] = new Cell(String.valueOf((char) ('a' + col)), style, extra);
                }
                case 1 -> {
                    int n = 1 + random.nextInt(cols - col);
                    byte[] text = "klmnopqrstuvwxyz".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                    if (random.nextBoolean()) {
                        line.setRunUtf8(col, text, 0, n, cols, style, extra);
                    } else {
                        line.setRunAscii(col, text, 0, n, cols, style, extra);
                    }
                    for (int c = col; c < col + n; c++) {
                        cells[c] = new Cell(String.valueOf("klmnopqrstuvwxyz".charAt(c - col)), style, extra);
                    }
                }
                case 2 -> {
                    int n = 1 + random.nextInt(cols - col);
                    int[] text = new int[n];
                    Arrays.fill(text, 'q');
                    line.setNarrowRun(col, text, 0, n, style, extra);
                    for (int c = col; c < col + n; c++) {
                        cells[c] = new Cell("q", style, extra);
                    }
                }
                case 3, 4 -> {
                    int from = random.nextInt(3) == 0 ? 0 : col;
                    int to = random.nextInt(3) == 0 ? cols : from + random.nextInt(cols - from + 1);
                    long fill = random.nextInt(3) == 0 ? style : Style.DEFAULT;
                    long fillExtra = random.nextInt(4) == 0 ? extra : 0;
                    line.fill(from, to, fill, fillExtra);
                    for (int c = from; c < to; c++) {
                        cells[c] = new Cell("", fill, fillExtra);
                    }
                }
                case 5 -> {
                    if (cells[col].text.isEmpty()) {
                        line.appendCombining(col, 0x301, 0);
                        cells[col] = new Cell("\u0301", cells[col].style, cells[col].extra);
                    } else if (cells[col].text.length() < 4) {
                        line.appendCombining(col, 0x308, 0);
                        cells[col] = new Cell(cells[col].text + "\u0308", cells[col].style, cells[col].extra);
                    }
                }
                case 6 -> {
                    int n = 1 + random.nextInt(3);
                    line.insertCells(col, n, style, 0);
                    Cell[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c < col + n ? new Cell("", style, 0) : before[c - n];
                    }
                }
                case 7 -> {
                    int n = 1 + random.nextInt(3);
                    line.deleteCells(col, n, style, 0);
                    Cell[] before = cells.clone();
                    for (int c = col; c < cols; c++) {
                        cells[c] = c + n < cols ? before[c + n] : new Cell("", style, 0);
                    }
                }
                case 8 -> {
                    int from = random.nextInt(2);
                    Cell[] source = model[from].clone();
                    int srcCol = random.nextInt(source.length);
                    int count = 1 + random.nextInt(Math.min(source.length - srcCol, cols - col));
                    line.copyCells(lines[from], srcCol, col, count);
                    System.arraycopy(source, srcCol, cells, col, count);
                }
                case 9 -> {
                    long fill = random.nextBoolean() ? Style.DEFAULT : style;
                    int newCols = 6 + random.nextInt(12);
                    line.reset(newCols, fill);
                    model[which] = Cell.blanks(newCols, fill);
                }
                case 10 -> {
                    long fill = random.nextBoolean() ? Style.DEFAULT : style;
                    int newCols = 6 + random.nextInt(12);
                    line.resize(newCols, fill);
                    Cell[] resized = Cell.blanks(newCols, fill);
                    System.arraycopy(cells, 0, resized, 0, Math.min(cols, newCols));
                    model[which] = resized;
                }
                default -> {
                    line.erase(col, cols, style);
                    for (int c = col; c < cols; c++) {
                        cells[c] = new Cell("", style, 0);
                    }
                }
            }
            for (int l = 0; l < 2; l++) {
                Cell[] expected = model[l];
                Cell[] read = new Cell[lines[l].cols()];
                for (int c = 0; c < read.length; c++) {
                    read[c] = new Cell(lines[l].chars(c), lines[l].style(c), lines[l].extra(c));
                    assertThat(lines[l].width(c)).as("step %d, line %d, width at %d", step, l, c).isEqualTo(1);
                }
                if (!Arrays.equals(read, expected)) {
                    assertThat(read).as("step %d, line %d", step, l).containsExactly(expected);
                }
                StringBuilder text = new StringBuilder();
                for (Cell cell : expected) {
                    text.append(cell.text.isEmpty() ? " " : cell.text);
                }
                assertThat(lines[l].text()).as("step %d, line %d", step, l).isEqualTo(text.toString().stripTrailing());
            }
        }
    }

    @Test
    void blanksOfRowsWiderThanTheBlankTemplateReachEveryCell() {
        // Blanks are copied from a template of 256 cells, in pieces on wider rows.
        long red = Style.withBg(Style.DEFAULT, Style.color(Style.COLOR_P16, 1));
        for (int cols : new int[] {255, 256, 257, 600}) {
            Line line = new Line(cols, Style.DEFAULT);
            for (int col = 0; col < cols; col++) {
                line.set(col, 'a' + col % 26, 1, col % 3 == 0 ? red : Style.DEFAULT, col % 5 == 0 ? 9 : 0);
            }
            line.fill(1, cols - 1, Style.DEFAULT, 0);
            assertThat(line.text()).as("%d columns", cols).isEqualTo("a" + " ".repeat(cols - 2) + line.chars(cols - 1));
            for (int col = 1; col < cols - 1; col++) {
                assertThat(line.style(col)).as("%d columns, col %d", cols, col).isEqualTo(Style.DEFAULT);
                assertThat(line.extra(col)).as("%d columns, col %d", cols, col).isZero();
            }
            line.fill(0, cols, Style.DEFAULT, 0);
            assertThat(line.text()).isEmpty();
            assertThat(line.style(0)).isEqualTo(Style.DEFAULT);
            assertThat(line.extra(cols - 1)).isZero();
        }
    }

    /** A narrow cell of the model: its text ("" when empty), style and extras. */
    private record Cell(String text, long style, long extra) {
        static Cell[] blanks(int cols, long style) {
            Cell[] cells = new Cell[cols];
            Arrays.fill(cells, new Cell("", style, 0));
            return cells;
        }
    }
}
