package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.Terminal;
import org.junit.jupiter.api.Test;

/** {@link Style}: which cells a style names, read from cells the emulator drew. */
class StyleTest {
    /** The first row, whose cell 0 was drawn after {@code sgr} parameters were set, e.g. {@code "1;31"}. */
    private static CellRow cell(String sgr) {
        Terminal terminal = Screens.terminal(10, 2, ESC + "[" + sgr + "mX");
        return terminal.copyRow(0, new CellRow());
    }

    @Test
    void aColourNameIsItsPaletteIndexAndBrightIsAnother() {
        assertThat(Styles.color("red").matches(cell("31"), 0)).isTrue();
        assertThat(Styles.color("red").matches(cell("91"), 0)).as("bright red is not red").isFalse();
        assertThat(Styles.color("bright-red").matches(cell("91"), 0)).isTrue();
        assertThat(Styles.color("bright-red").matches(cell("31"), 0)).isFalse();
        assertThat(Styles.color("1").matches(cell("31"), 0)).as("red is palette index 1").isTrue();
        assertThat(Styles.color("white").matches(cell("37"), 0)).isTrue();
        assertThat(Styles.any().bg("blue").matches(cell("44"), 0)).isTrue();
        assertThat(Styles.any().bg("blue").matches(cell("34"), 0)).as("a foreground is no background").isFalse();
    }

    @Test
    void paletteIndexesAndDirectColoursAreTold() {
        assertThat(Styles.color("208").matches(cell("38;5;208"), 0)).isTrue();
        assertThat(Styles.color("209").matches(cell("38;5;208"), 0)).isFalse();
        assertThat(Styles.color("#ff8700").matches(cell("38;2;255;135;0"), 0)).isTrue();
        assertThat(Styles.color("#FF8700").matches(cell("38;2;255;135;0"), 0)).as("hex digits in either case").isTrue();
        // xterm's palette colour 208 is #ff8700 too, but a program that set an index did not set that colour
        assertThat(Styles.color("#ff8700").matches(cell("38;5;208"), 0)).isFalse();
        assertThat(Styles.color("208").matches(cell("38;2;255;135;0"), 0)).isFalse();
    }

    @Test
    void defaultIsTheTerminalsOwnColourNotWhiteOrBlack() {
        assertThat(Styles.color("default").matches(cell("0"), 0)).isTrue();
        assertThat(Styles.color("default").matches(cell("37"), 0)).isFalse();
        assertThat(Styles.any().bg("default").matches(cell("40"), 0)).isFalse();
        assertThat(Styles.color("default").matches(cell("31;39"), 0)).as("SGR 39 sets the default back").isTrue();
    }

    @Test
    void onlyTheAttributesNamedAreChecked() {
        CellRow boldRedUnderlined = cell("1;4;31");
        assertThat(Styles.bold().matches(boldRedUnderlined, 0)).isTrue();
        assertThat(Styles.bold().fg("red").matches(boldRedUnderlined, 0)).isTrue();
        assertThat(Styles.bold().fg("green").matches(boldRedUnderlined, 0)).isFalse();
        assertThat(Styles.italic().matches(boldRedUnderlined, 0)).isFalse();
        assertThat(Styles.any().matches(boldRedUnderlined, 0)).isTrue();
        assertThat(Styles.underline().matches(cell("4:3"), 0)).as("a curly underline is underlined").isTrue();
        assertThat(Styles.faint().matches(cell("2"), 0)).isTrue();
        assertThat(Styles.strikethrough().matches(cell("9"), 0)).isTrue();
        assertThat(Styles.inverse().matches(cell("7"), 0)).isTrue();
    }

    @Test
    void eachAttributeCalledOnAStyleAddsToItSoBoldItalicIsBoth() {
        Style boldItalic = Styles.bold().italic();
        assertThat(boldItalic.matches(cell("1;3"), 0)).isTrue();
        assertThat(boldItalic.matches(cell("3"), 0)).as("italic alone is not bold and italic").isFalse();
        assertThat(boldItalic.matches(cell("1"), 0)).isFalse();
        assertThat(boldItalic).hasToString("bold italic");
        assertThat(Styles.color("red").underline().strikethrough().faint().inverse())
                .hasToString("faint underline inverse strikethrough fg=red");
        assertThat(Styles.plain().bold().matches(cell("1"), 0)).as("bold, otherwise plain").isTrue();
        assertThat(Styles.plain().bold().matches(cell("1;3"), 0)).isFalse();
    }

    @Test
    void plainMeansNoAttributeAndDefaultColours() {
        assertThat(Styles.plain().matches(cell("0"), 0)).isTrue();
        for (String sgr : new String[] {"1", "2", "3", "4", "7", "9", "31", "41"}) {
            assertThat(Styles.plain().matches(cell(sgr), 0)).as("SGR %s", sgr).isFalse();
        }
    }

    @Test
    void andJoinsConditionsTheOtherWinningWhereBothNameOne() {
        Style both = Styles.inverse().and(Styles.underline());
        assertThat(both).isEqualTo(Styles.inverse().underline());
        assertThat(both.matches(cell("4;7"), 0)).isTrue();
        assertThat(both.matches(cell("7"), 0)).isFalse();
        assertThat(both.matches(cell("4"), 0)).isFalse();
        assertThat(Styles.color("red").and(Styles.color("green"))).hasToString("fg=green");
        assertThat(Styles.bold().and(Styles.plain()).matches(cell("1"), 0)).as("plain's 'not bold' wins").isFalse();
        assertThat(Styles.plain().and(Styles.bold()).matches(cell("1"), 0)).isTrue();
    }

    @Test
    void itDescribesItselfInTheNamesItTakesAndEqualsBySense() {
        assertThat(Styles.bold().fg("Red ")).hasToString("bold fg=red");
        assertThat(Styles.plain()).hasToString("not bold not faint not italic not underline not inverse"
                + " not strikethrough fg=default bg=default");
        assertThat(Styles.any()).hasToString("any style");
        assertThat(Styles.bold().fg("red")).isEqualTo(Styles.color("red").and(Styles.bold()))
                .hasSameHashCodeAs(Styles.color("red").and(Styles.bold()));
    }

    @Test
    void anUnknownColourIsRefusedNamingWhatIsAccepted() {
        for (String wrong : new String[] {"orange", "256", "#ff87", "bright-pink", ""}) {
            assertThatThrownBy(() -> Styles.color(wrong)).as(wrong).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("unknown colour \"" + wrong + "\": use black, red, green, yellow, blue, magenta, cyan,"
                            + " white, bright-<one of those>, a palette index 0-255, #rrggbb or default");
        }
    }
}
