package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.Chunking;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Every SGR parameter value with no sub-parameters, alone and in lists, from a cell with every attribute, colour,
 * underline colour and a hyperlink set and from a blank one, against a model of what xterm does with each (written
 * here value by value, apart from the emulator's tables of what each value keeps and sets).
 */
class SgrValuesTest {
    /** Every attribute on, both colours, an underline colour, under a hyperlink. */
    private static final String EVERYTHING = OSC + "8;;https://example.com/" + ESC + "\\"
        + CSI + "1;2;3;4:3;5;7;8;9;53;38;5;100;48;5;200;58;5;7m";
    /** Values outside the model's pool: the extended colours take the parameters after them. */
    private static final List<Integer> EXTENDED = List.of(38, 48, 58);

    @Test
    void eachValueAloneDoesWhatXtermDoes() {
        for (int value = 0; value <= 110; value++) {
            if (EXTENDED.contains(value)) {
                continue;
            }
            for (boolean full : new boolean[] {true, false}) {
                Model expected = full ? Model.everything() : new Model();
                expected.apply(value);
                Terminal t = terminal(20, 1, Chunking.WHOLE, (full ? EVERYTHING : "") + CSI + value + "mX");
                assertThat(t.cellAt(0, 0)).as("SGR %d after %s", value, full ? "everything" : "nothing")
                    .isEqualTo(expected.cell("X"));
            }
        }
    }

    @Test
    void listsOfValuesApplyLeftToRight() {
        Random random = new Random(12);
        List<Integer> pool = new ArrayList<>();
        for (int value = 0; value <= 110; value++) {
            if (!EXTENDED.contains(value)) {
                pool.add(value);
            }
        }
        for (int round = 0; round < 400; round++) {
            Model expected = round % 2 == 0 ? Model.everything() : new Model();
            StringJoiner list = new StringJoiner(";");
            int n = 1 + random.nextInt(6);
            for (int k = 0; k < n; k++) {
                int value = pool.get(random.nextInt(pool.size()));
                list.add(Integer.toString(value));
                expected.apply(value);
            }
            // before text (the parser's path) and between runs of text (the printer's)
            String prefix = round % 2 == 0 ? EVERYTHING : "";
            for (int col = 0; col < 2; col++) {
                Terminal t = terminal(20, 1, Chunking.WHOLE, prefix + "a".repeat(col) + CSI + list + "mX");
                assertThat(t.cellAt(0, col)).as("SGR %s after %d letters", list, col).isEqualTo(expected.cell("X"));
            }
        }
    }

    /** A cell's attributes as xterm's SGR changes them. */
    private static final class Model {
        int fgMode;
        int fg;
        int bgMode;
        int bg;
        boolean bold;
        boolean faint;
        boolean italic;
        int underline;
        boolean blink;
        boolean inverse;
        boolean invisible;
        boolean strikethrough;
        boolean overline;
        int underlineColorMode;
        int underlineColor;
        String hyperlink = "";

        static Model everything() {
            Model m = new Model();
            m.bold = m.faint = m.italic = m.blink = m.inverse = m.invisible = m.strikethrough = m.overline = true;
            m.underline = 3;
            m.fgMode = CellView.COLOR_PALETTE;
            m.fg = 100;
            m.bgMode = CellView.COLOR_PALETTE;
            m.bg = 200;
            m.underlineColorMode = CellView.COLOR_PALETTE;
            m.underlineColor = 7;
            m.hyperlink = "https://example.com/";
            return m;
        }

        void apply(int v) {
            switch (v) {
                case 0 -> {
                    String link = hyperlink; // SGR 0 leaves a hyperlink open, as xterm.js
                    Model blank = new Model();
                    copy(blank);
                    hyperlink = link;
                }
                case 1 -> bold = true;
                case 2 -> faint = true;
                case 3 -> italic = true;
                case 4 -> underline = 1;
                case 5 -> blink = true;
                case 7 -> inverse = true;
                case 8 -> invisible = true;
                case 9 -> strikethrough = true;
                case 21 -> underline = 2;
                case 22 -> bold = faint = false;
                case 23 -> italic = false;
                case 24 -> underline = 0;
                case 25 -> blink = false;
                case 27 -> inverse = false;
                case 28 -> invisible = false;
                case 29 -> strikethrough = false;
                case 39 -> fgMode = fg = 0;
                case 49 -> bgMode = bg = 0;
                case 53 -> overline = true;
                case 55 -> overline = false;
                case 59 -> underlineColorMode = underlineColor = 0;
                default -> {
                    if (v >= 30 && v <= 37 || v >= 90 && v <= 97) {
                        fgMode = CellView.COLOR_PALETTE;
                        fg = v >= 90 ? v - 90 + 8 : v - 30;
                    } else if (v >= 40 && v <= 47 || v >= 100 && v <= 107) {
                        bgMode = CellView.COLOR_PALETTE;
                        bg = v >= 100 ? v - 100 + 8 : v - 40;
                    }
                    // anything else: not an SGR xterm knows, nothing changes
                }
            }
        }

        private void copy(Model m) {
            fgMode = m.fgMode;
            fg = m.fg;
            bgMode = m.bgMode;
            bg = m.bg;
            bold = m.bold;
            faint = m.faint;
            italic = m.italic;
            underline = m.underline;
            blink = m.blink;
            inverse = m.inverse;
            invisible = m.invisible;
            strikethrough = m.strikethrough;
            overline = m.overline;
            underlineColorMode = m.underlineColorMode;
            underlineColor = m.underlineColor;
        }

        CellView cell(String chars) {
            return new CellView(chars, 1, fgMode, fg, bgMode, bg, bold, faint, italic, underline, blink, inverse,
                invisible, strikethrough, overline, underlineColorMode, underlineColor, hyperlink);
        }
    }
}
