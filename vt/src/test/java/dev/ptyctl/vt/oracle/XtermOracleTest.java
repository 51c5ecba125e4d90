package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The oracle itself: that xterm.js's answer arrives in the shape our CellView has. */
@RequiresXtermOracle
class XtermOracleTest {
    private static ScreenState render(int cols, int rows, String... chunks) {
        List<byte[]> bytes = java.util.Arrays.stream(chunks).map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
        return XtermOracle.shared().render(cols, rows, 100, bytes);
    }

    @Test
    void wideCharacterFillsTwoCellsWithItsAttributes() {
        ScreenState s = render(10, 2, "\u001b[1;38;2;1;2;3;48;5;200m\u4e2d\u001b[0;4:3;53mx");
        assertThat(s.cells().get(0).subList(0, 3)).containsExactly(
            new CellView("\u4e2d", 2, 2, 0x010203, 1, 200, true, false, false, 0, false, false, false, false, false),
            new CellView("", 0, 2, 0x010203, 1, 200, true, false, false, 0, false, false, false, false, false),
            new CellView("x", 1, 0, 0, 0, 0, false, false, false, 3, false, false, false, false, true));
        assertThat(s.cells().get(0)).hasSize(10);
        assertThat(s.cells().get(0).get(9)).isEqualTo(ScreenState.BLANK);
        assertThat(s.lines()).containsExactly("\u4e2dx", "");
        assertThat(s.cursorCol()).isEqualTo(3);
    }

    @Test
    void titleRepliesAndAlternateScreenAreReported() {
        ScreenState s = render(20, 3, "\u001b]2;hello\u0007\u001b[?1049h\u001b[2;3H\u001b[6n\u001b[?25l");
        assertThat(s.title()).isEqualTo("hello");
        assertThat(s.replies()).isEqualTo("\u001b[2;3R");
        assertThat(s.altScreen()).isTrue();
        assertThat(s.cursorVisible()).isFalse();
        assertThat(List.of(s.cursorRow(), s.cursorCol())).containsExactly(1, 2);
    }

    @Test
    void chunksAreFedInOrderAcrossSplitSequences() {
        ScreenState s = render(20, 2, "\u001b[3", "1mre", "d\u00e4".substring(0, 2), "\u001b[0m");
        assertThat(s.lines().get(0)).isEqualTo("red\u00e4");
        assertThat(s.cells().get(0).get(0).fgMode()).isEqualTo(CellView.COLOR_PALETTE);
        assertThat(s.cells().get(0).get(0).fg()).isEqualTo(1);
    }

    @Test
    void anExceptionInsideXtermFailsOnlyThatRequest() {
        String chunk = java.util.Base64.getEncoder().encodeToString("ab\u001b[zcd".getBytes(StandardCharsets.UTF_8));
        String answer = XtermOracle.shared().rawAnswer(
            "{\"id\":\"boom\",\"cols\":10,\"rows\":2,\"throwOnCsi\":\"z\",\"chunks\":[\"" + chunk + "\"]}");
        assertThat(answer).contains("\"id\":\"boom\"").contains("\"error\":\"injected failure on CSI z\"");
        assertThat(render(10, 2, "still alive").lines().get(0)).isEqualTo("still aliv");
    }

    @Test
    void scrollbackHoldsTheLinesScrolledOff() {
        ScreenState s = render(10, 2, "one\r\ntwo\r\nthree\r\nfour");
        assertThat(s.scrollback()).containsExactly("one", "two");
        assertThat(s.lines()).containsExactly("three", "four");
    }
}
