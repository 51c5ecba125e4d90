package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SgrTest {

    private static CellView cell(String sgr) {
        return terminal(10, 1, Chunking.WHOLE, CSI + sgr + "mX").cellAt(0, 0);
    }

    @ChunkedTest
    void attributesAreKeptOnEachCell(Chunking chunking) {
        Terminal t = terminal(10, 1, chunking, CSI + "1;3;4;5;7;8;9;53mA" + CSI + "2mB" + CSI + "0mC");
        CellView a = t.cellAt(0, 0);
        assertThat(a.bold()).isTrue();
        assertThat(a.italic()).isTrue();
        assertThat(a.underline()).isEqualTo(1);
        assertThat(a.blink()).isTrue();
        assertThat(a.inverse()).isTrue();
        assertThat(a.invisible()).isTrue();
        assertThat(a.strikethrough()).isTrue();
        assertThat(a.overline()).isTrue();
        assertThat(t.cellAt(0, 1).faint()).isTrue();
        assertThat(t.cellAt(0, 2)).isEqualTo(new CellView("C", 1, 0, 0, 0, 0,
            false, false, false, 0, false, false, false, false, false));
    }

    @ParameterizedTest(name = "SGR {0} turns off what {1} turned on")
    @CsvSource({"22, 1", "22, 2", "23, 3", "24, 4", "25, 5", "27, 7", "28, 8", "29, 9", "55, 53"})
    void resetCodesTurnAttributesOff(String off, String on) {
        CellView cell = cell(on + ";" + off);
        assertThat(cell).isEqualTo(cell(""));
    }

    @ParameterizedTest(name = "SGR {0} is underline style {1}")
    @CsvSource({"4, 1", "21, 2", "4:0, 0", "4:1, 1", "4:2, 2", "4:3, 3", "4:4, 4", "4:5, 5", "4:9, 1", "4:, 1"})
    void underlineStyles(String sgr, int style) {
        assertThat(cell(sgr).underline()).isEqualTo(style);
    }

    @ParameterizedTest(name = "SGR {0} gives fg mode {1} value {2}")
    @CsvSource({
        "31, 1, 1", "97, 1, 15", "38;5;208, 1, 208", "38:5:208, 1, 208", "38;2;1;2;3, 2, 0x010203",
        "38:2::1:2:3, 2, 0x010203", "38:2:1:2:3, 2, 0x020300", "38;5, 1, 0", "38;2;9, 2, 0x090000",
        "31;39, 0, 0", "38;5;300, 1, 44",
    })
    void foregroundColours(String sgr, int mode, String value) {
        CellView cell = cell(sgr);
        assertThat(cell.fgMode()).isEqualTo(mode);
        assertThat(cell.fg()).isEqualTo(Integer.decode(value));
    }

    @ParameterizedTest(name = "SGR {0} gives bg mode {1} value {2}")
    @CsvSource({"44, 1, 4", "107, 1, 15", "48;5;17, 1, 17", "48;2;255;255;255, 2, 0xFFFFFF", "44;49, 0, 0"})
    void backgroundColours(String sgr, int mode, String value) {
        CellView cell = cell(sgr);
        assertThat(cell.bgMode()).isEqualTo(mode);
        assertThat(cell.bg()).isEqualTo(Integer.decode(value));
    }

    @ChunkedTest
    void parametersAfterAnExtendedColourAreStillApplied(Chunking chunking) {
        CellView cell = terminal(10, 1, chunking, CSI + "38;5;1;1;48;2;1;2;3;4mX").cellAt(0, 0);
        assertThat(cell.fg()).isEqualTo(1);
        assertThat(cell.bold()).isTrue();
        assertThat(cell.bg()).isEqualTo(0x010203);
        assertThat(cell.underline()).isEqualTo(1);
    }

    @ChunkedTest
    void unknownSgrParametersAreCountedAndSkipped(Chunking chunking) {
        Terminal t = terminal(10, 1, chunking, CSI + "73;1mX");
        assertThat(t.cellAt(0, 0).bold()).isTrue();
        assertThat(t.unknownSequenceCounts()).containsEntry("SGR 73", 1L);
    }

    @ChunkedTest
    void anEmptySgrResetsEverything(Chunking chunking) {
        CellView cell = terminal(10, 1, chunking, CSI + "1;31;44m" + CSI + "mX").cellAt(0, 0);
        assertThat(cell).isEqualTo(cell(""));
    }
}
