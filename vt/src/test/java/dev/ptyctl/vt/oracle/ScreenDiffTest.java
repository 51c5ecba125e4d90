package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.oracle.ScreenDiff.Aspect;
import dev.ptyctl.vt.oracle.ScreenDiff.Difference;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScreenDiffTest {
    private static final CellView A = new CellView("a", 1, 0, 0, 0, 0,
        false, false, false, 0, false, false, false, false, false);
    private static final CellView RED_BOLD_A = new CellView("a", 1, 1, 1, 2, 0x0a141e,
        true, false, false, 2, false, false, false, false, false);

    private static ScreenState screen(String row0, CellView cell00, int cursorCol, String replies) {
        List<CellView> row = new ArrayList<>(List.of(cell00, ScreenState.BLANK));
        return new ScreenState(0, cursorCol, true, false, "", replies, List.of(row0), List.of(),
            List.of(row), Map.of("bracketedPaste", false));
    }

    @Test
    void identicalScreensHaveNoDifferences() {
        ScreenState s = screen("a", A, 1, "");
        assertThat(ScreenDiff.differences(s, s, EnumSet.allOf(Aspect.class))).isEmpty();
    }

    @Test
    void cellDifferenceNamesRowColumnAndBothCellsOursFirst() {
        List<Difference> diffs = ScreenDiff.differences(screen("a", RED_BOLD_A, 1, ""), screen("a", A, 1, ""),
            EnumSet.allOf(Aspect.class));
        assertThat(diffs).singleElement().satisfies(d -> {
            assertThat(d.aspect()).isEqualTo(Aspect.CELLS);
            assertThat(d.message()).isEqualTo("cell (0,0): ours \"a\" w1 | xterm \"a\" w1 fg=p1 bg=#0a141e bold ul=2");
        });
    }

    @Test
    void aspectsLeftOutAreNotCompared() {
        ScreenState xterm = screen("a", A, 1, "\u001b[0n");
        ScreenState ours = screen("a", A, 1, "");
        assertThat(ScreenDiff.differences(xterm, ours, EnumSet.allOf(Aspect.class)))
            .extracting(Difference::message).containsExactly("replies: ours \"\" | xterm \"\\e[0n\"");
        assertThat(ScreenDiff.differences(xterm, ours, EnumSet.complementOf(EnumSet.of(Aspect.REPLIES)))).isEmpty();
    }

    @Test
    void rowTextIgnoresTrailingSpacesButNotInnerOnes() {
        EnumSet<Aspect> text = EnumSet.of(Aspect.TEXT);
        assertThat(ScreenDiff.differences(screen("a  ", A, 1, ""), screen("a", A, 1, ""), text)).isEmpty();
        assertThat(ScreenDiff.differences(screen("a b", A, 1, ""), screen("ab", A, 1, ""), text)).hasSize(1);
    }

    @Test
    void reportListsEachDifferenceUnderTheHeader() {
        List<Difference> diffs = ScreenDiff.differences(screen("b", A, 2, ""), screen("a", A, 1, ""),
            EnumSet.allOf(Aspect.class));
        assertThat(ScreenDiff.report("case [80x24 whole]", diffs)).isEqualTo("""
            case [80x24 whole]: 2 differences (ours vs xterm.js)
              cursor (row,col): ours (0,1) | xterm (0,2)
              row 0: ours "a" | xterm "b\"""");
    }

    @Test
    void quoteShowsControlAndCombiningCharactersAsEscapes() {
        assertThat(ScreenDiff.quote("e\u0301\u001b\u200d\u4e2d")).isEqualTo("\"e\\u0301\\e\\u200d\u4e2d\"");
    }
}
