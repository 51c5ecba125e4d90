package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import org.junit.jupiter.api.Test;

/** {@link Style}: which cells a style names, read from cells the emulator drew. */
class StyleTest {
    /** The first cell after {@code sgr} parameters were set, e.g. {@code "1;31"}. */
    private static CellView cell(String sgr) {
        Terminal terminal = Screens.terminal(10, 2, ESC + "[" + sgr + "mX");
        return terminal.cellAt(0, 0);
    }

    @Test
    void aColourNameIsItsPaletteIndexAndBrightIsAnother() {
        assertThat(Style.color("red").matches(cell("31"))).isTrue();
        assertThat(Style.color("red").matches(cell("91"))).as("bright red is not red").isFalse();
        assertThat(Style.color("bright-red").matches(cell("91"))).isTrue();
        assertThat(Style.color("bright-red").matches(cell("31"))).isFalse();
        assertThat(Style.color("1").matches(cell("31"))).as("red is palette index 1").isTrue();
        assertThat(Style.color("white").matches(cell("37"))).isTrue();
        assertThat(Style.any().bg("blue").matches(cell("44"))).isTrue();
        assertThat(Style.any().bg("blue").matches(cell("34"))).as("a foreground is no background").isFalse();
    }

    @Test
    void paletteIndexesAndDirectColoursAreTold() {
        assertThat(Style.color("208").matches(cell("38;5;208"))).isTrue();
        assertThat(Style.color("209").matches(cell("38;5;208"))).isFalse();
        assertThat(Style.color("#ff8700").matches(cell("38;2;255;135;0"))).isTrue();
        assertThat(Style.color("#FF8700").matches(cell("38;2;255;135;0"))).as("hex digits in either case").isTrue();
        // xterm's palette colour 208 is #ff8700 too, but a program that set an index did not set that colour
        assertThat(Style.color("#ff8700").matches(cell("38;5;208"))).isFalse();
        assertThat(Style.color("208").matches(cell("38;2;255;135;0"))).isFalse();
    }

    @Test
    void defaultIsTheTerminalsOwnColourNotWhiteOrBlack() {
        assertThat(Style.color("default").matches(cell("0"))).isTrue();
        assertThat(Style.color("default").matches(cell("37"))).isFalse();
        assertThat(Style.any().bg("default").matches(cell("40"))).isFalse();
        assertThat(Style.color("default").matches(cell("31;39"))).as("SGR 39 sets the default back").isTrue();
    }

    @Test
    void onlyTheAttributesNamedAreChecked() {
        CellView boldRedUnderlined = cell("1;4;31");
        assertThat(Style.bold().matches(boldRedUnderlined)).isTrue();
        assertThat(Style.bold().fg("red").matches(boldRedUnderlined)).isTrue();
        assertThat(Style.bold().fg("green").matches(boldRedUnderlined)).isFalse();
        assertThat(Style.italic().matches(boldRedUnderlined)).isFalse();
        assertThat(Style.any().matches(boldRedUnderlined)).isTrue();
        assertThat(Style.underline().matches(cell("4:3"))).as("a curly underline is underlined").isTrue();
        assertThat(Style.faint().matches(cell("2"))).isTrue();
        assertThat(Style.strikethrough().matches(cell("9"))).isTrue();
        assertThat(Style.inverse().matches(cell("7"))).isTrue();
    }

    @Test
    void plainMeansNoAttributeAndDefaultColours() {
        assertThat(Style.plain().matches(cell("0"))).isTrue();
        for (String sgr : new String[] {"1", "2", "3", "4", "7", "9", "31", "41"}) {
            assertThat(Style.plain().matches(cell(sgr))).as("SGR %s", sgr).isFalse();
        }
    }

    @Test
    void andJoinsConditionsTheOtherWinningWhereBothNameOne() {
        Style both = Style.inverse().and(Style.underline());
        assertThat(both.matches(cell("4;7"))).isTrue();
        assertThat(both.matches(cell("7"))).isFalse();
        assertThat(both.matches(cell("4"))).isFalse();
        assertThat(Style.color("red").and(Style.color("green"))).hasToString("fg=green");
        assertThat(Style.bold().and(Style.plain()).matches(cell("1"))).as("plain's 'not bold' wins").isFalse();
        assertThat(Style.plain().and(Style.bold()).matches(cell("1"))).isTrue();
    }

    @Test
    void itDescribesItselfInTheNamesItTakesAndEqualsBySense() {
        assertThat(Style.bold().fg("Red ")).hasToString("bold fg=red");
        assertThat(Style.plain()).hasToString("not bold not faint not italic not underline not inverse"
                + " not strikethrough fg=default bg=default");
        assertThat(Style.any()).hasToString("any style");
        assertThat(Style.bold().fg("red")).isEqualTo(Style.color("red").and(Style.bold()))
                .hasSameHashCodeAs(Style.color("red").and(Style.bold()));
    }

    @Test
    void anUnknownColourIsRefusedNamingWhatIsAccepted() {
        for (String wrong : new String[] {"orange", "256", "#ff87", "bright-pink", ""}) {
            assertThatThrownBy(() -> Style.color(wrong)).as(wrong).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("unknown colour \"" + wrong + "\": use black, red, green, yellow, blue, magenta, cyan,"
                            + " white, bright-<one of those>, a palette index 0-255, #rrggbb or default");
        }
    }
}
