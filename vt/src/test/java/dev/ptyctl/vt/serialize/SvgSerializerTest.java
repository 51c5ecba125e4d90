package dev.ptyctl.vt.serialize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.SvgText;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SvgSerializerTest {

    private static Terminal feed(int cols, int rows, String output) {
        Terminal t = new Terminal(cols, rows);
        t.feed(output.getBytes(StandardCharsets.UTF_8));
        return t;
    }

    @Test
    void theTextOfThePictureIsTheTextOfTheScreen() throws Exception {
        Terminal t = feed(40, 6, "$ ls\r\n\u001b[1;34mdocs\u001b[0m  \u001b[32mrun-tests\u001b[0m  a<b & \"c\"\r\n"
            + "\u001b[7m Save \u001b[0m \u001b[4;31mQuit\u001b[0m\r\n$ ");
        String svg = SvgSerializer.render(t);
        assertThat(SvgText.of(svg)).isEqualTo(TextSerializer.screen(t));
        assertThat(svg).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"360\" height=\"108\"");
    }

    @Test
    void coloursAndAttributesComeFromTheCells() {
        String svg = SvgSerializer.render(feed(40, 3, "\u001b[1;31mred\u001b[0m \u001b[3;38;2;1;2;3mrgb\u001b[0m "
            + "\u001b[4mu\u001b[0m \u001b[9ms\u001b[0m \u001b[7minv\u001b[0m \u001b[38;5;208mx"));
        assertThat(svg).contains("fill=\"#cc0000\" font-weight=\"bold\">red</text>")
            .contains("fill=\"#010203\" font-style=\"italic\">rgb</text>")
            .contains("text-decoration=\"underline\">u</text>")
            .contains("text-decoration=\"line-through\">s</text>")
            .contains("fill=\"#000000\">inv</text>")              // inverse: default background as text colour
            .contains("width=\"27\" height=\"18\" fill=\"#ffffff\"/>") // and the default foreground behind it
            .contains("fill=\"#ff8700\">x</text>");
    }

    @Test
    void aWideCharacterSpansTwoCellsAndTheCursorIsDrawn() throws Exception {
        Terminal t = feed(10, 2, "\u4e2d\u6587ab");
        String svg = SvgSerializer.render(t);
        assertThat(SvgText.of(svg)).isEqualTo(TextSerializer.screen(t));
        assertThat(svg).contains("<text x=\"0\" y=\"14\" textLength=\"18\"")
            .contains("<text x=\"18\" y=\"14\" textLength=\"18\"")
            .contains("<text x=\"36\" y=\"14\" textLength=\"18\"")
            .contains("<rect x=\"54\" y=\"0\" width=\"9\" height=\"18\" fill=\"#ffffff\" class=\"cursor\"");
        assertThat(SvgSerializer.render(feed(10, 2, "\u001b[?25lhidden"))).doesNotContain("class=\"cursor\"");
    }

    @Test
    void aPaletteColourTheProgramChangedIsDrawnChanged() {
        String svg = SvgSerializer.render(feed(10, 2, "\u001b]4;1;rgb:12/34/56\u0007\u001b[31mx"));
        assertThat(svg).contains("fill=\"#123456\">x</text>");
    }

    @Test
    void outlinesFrameTheirCellsOverTheTextCutAtTheScreensEdge() {
        Terminal t = feed(10, 2, "Save  Save\r\n$ ");
        String svg = SvgSerializer.render(t, List.of(new SvgSerializer.Outline(0, 6, 4),
            new SvgSerializer.Outline(1, 8, 5), new SvgSerializer.Outline(2, 0, 1), new SvgSerializer.Outline(0, 10, 1)));
        // inside the cells: x from 6 * 9 + 1, 4 cells less the stroke on both sides; drawn after the text
        assertThat(svg).contains("<rect class=\"found\" x=\"55\" y=\"1\" width=\"34\" height=\"16\" fill=\"none\""
                + " stroke=\"#ff8c00\" stroke-width=\"2\"/>\n")
            .contains("<rect class=\"found\" x=\"73\" y=\"19\" width=\"16\" height=\"16\"") // 5 cells from column 8: 2
            .doesNotContain("y=\"37\"").doesNotContain("x=\"91\"");                      // off the screen: left out
        assertThat(svg.indexOf("class=\"found\"")).isGreaterThan(svg.lastIndexOf("</text>"));
        assertThat(SvgSerializer.render(t)).isEqualTo(SvgSerializer.render(t, List.of())).doesNotContain("found");
        assertThatThrownBy(() -> new SvgSerializer.Outline(0, 3, 0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("an outline is cells >= 1 cells from row >= 0, column >= 0 (0-based), got 0 from row 0, column 3");
    }
}
