package dev.ptyctl.vt.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.keys.MouseEncoder.Button;
import org.junit.jupiter.api.Test;

/** {@link MouseEncoder}: a click as xterm reports it, in each protocol and encoding a program can turn on. */
class MouseEncoderTest {

    @Test
    void sgrReportsThePressAndTheReleaseOfTheButtonAtColumnThenRow() {
        assertThat(MouseEncoder.click(1000, 1006, Button.LEFT, 3, 12)).isEqualTo("\u001b[<0;12;3M\u001b[<0;12;3m");
        assertThat(MouseEncoder.click(1002, 1006, Button.RIGHT, 1, 1)).isEqualTo("\u001b[<2;1;1M\u001b[<2;1;1m");
        assertThat(MouseEncoder.click(1003, 1006, Button.LEFT, 200, 300)).as("no limit in SGR")
                .isEqualTo("\u001b[<0;300;200M\u001b[<0;300;200m");
    }

    @Test
    void theDefaultEncodingAddsThirtyTwoAndReleasesWithButtonThree() {
        assertThat(MouseEncoder.click(1000, 0, Button.MIDDLE, 2, 5)).isEqualTo("\u001b[M!%\"\u001b[M#%\"");
        assertThat(MouseEncoder.click(1000, 0, Button.LEFT, 95, 95)).isEqualTo("\u001b[M \u007f\u007f\u001b[M#\u007f\u007f");
        // past 95 a coordinate is one byte of 128 or more, one character U+0080-U+00FF here, up to 223 (byte 255)
        assertThat(MouseEncoder.click(1000, 0, Button.LEFT, 2, 100)).isEqualTo("\u001b[M \u0084\"\u001b[M#\u0084\"");
        assertThat(MouseEncoder.click(1000, 0, Button.LEFT, 223, 223)).isEqualTo("\u001b[M \u00ff\u00ff\u001b[M#\u00ff\u00ff");
    }

    @Test
    void x10ReportsThePressOnly() {
        assertThat(MouseEncoder.click(9, 0, Button.LEFT, 1, 1)).isEqualTo("\u001b[M !!");
    }

    @Test
    void whatCannotBeReportedIsRefusedWithTheReason() {
        assertThatThrownBy(() -> MouseEncoder.click(0, 0, Button.LEFT, 1, 1))
                .hasMessageContaining("has not turned mouse reporting on");
        assertThatThrownBy(() -> MouseEncoder.click(1000, 0, Button.LEFT, 1, 224))
                .hasMessageContaining("columns and rows up to 223").hasMessageContaining("column 224")
                .hasMessageContaining("turn SGR reports on (CSI ? 1006 h");
        assertThatThrownBy(() -> MouseEncoder.click(1000, 1016, Button.LEFT, 1, 1)).hasMessageContaining("pixels");
        assertThatThrownBy(() -> MouseEncoder.click(1000, 1006, Button.LEFT, 0, 1)).hasMessageContaining("from 1");
    }

    @Test
    void whetherACellCanBeReportedSaysWhyNotAndSgrCarriesAnyCell() {
        assertThat(MouseEncoder.unreportable(0, 223, 223)).isEmpty();
        assertThat(MouseEncoder.unreportable(0, 224, 1)).get().asString().contains("row 224, column 1");
        assertThat(MouseEncoder.unreportable(1006, 500, 500)).isEmpty();
        assertThat(MouseEncoder.unreportable(1016, 1, 1)).get().asString().contains("pixels");
    }

    @Test
    void aNotchOfTheWheelIsAPressOfButton4Or5WithNoRelease() {
        assertThat(MouseEncoder.wheel(1000, 1006, true, 3, 12)).isEqualTo("\u001b[<65;12;3M");
        assertThat(MouseEncoder.wheel(1002, 1006, false, 3, 12)).isEqualTo("\u001b[<64;12;3M");
        assertThat(MouseEncoder.wheel(1000, 0, true, 2, 5)).isEqualTo("\u001b[Ma%\"");
        assertThat(MouseEncoder.wheel(1003, 0, false, 2, 5)).isEqualTo("\u001b[M`%\"");
        assertThatThrownBy(() -> MouseEncoder.wheel(9, 0, true, 1, 1)).hasMessageContaining("no wheel");
        assertThatThrownBy(() -> MouseEncoder.wheel(0, 0, true, 1, 1)).hasMessageContaining("CSI ? 1000 h");
        assertThatThrownBy(() -> MouseEncoder.wheel(1000, 0, true, 1, 224)).hasMessageContaining("up to 223");
    }

    @Test
    void aDragReportsThePressAMotionPerCellOnTheWayAndTheReleaseWhereItEnds() {
        assertThat(MouseEncoder.drag(1002, 1006, Button.LEFT, 2, 1, 2, 4)).isEqualTo("\u001b[<0;1;2M"
                + "\u001b[<32;2;2M\u001b[<32;3;2M\u001b[<32;4;2M\u001b[<0;4;2m");
        assertThat(MouseEncoder.drag(1003, 1006, Button.RIGHT, 1, 1, 3, 2)).as("a diagonal: as many cells as the longer way")
                .isEqualTo("\u001b[<2;1;1M\u001b[<34;2;2M\u001b[<34;2;3M\u001b[<2;2;3m");
        assertThat(MouseEncoder.drag(1002, 0, Button.LEFT, 1, 2, 1, 1)).as("the default encoding: motion is 32 + 32")
                .isEqualTo("\u001b[M \"!\u001b[M@!!\u001b[M#!!");
        assertThat(MouseEncoder.drag(1000, 1006, Button.LEFT, 1, 1, 1, 5)).as("normal tracking reports no motion")
                .isEqualTo("\u001b[<0;1;1M\u001b[<0;5;1m");
    }

    @Test
    void aDragThatCannotBeToldIsRefusedWithTheReason() {
        assertThatThrownBy(() -> MouseEncoder.drag(9, 0, Button.LEFT, 1, 1, 1, 2))
                .hasMessageContaining("X10 mouse reports (CSI ? 9 h), which carry presses only");
        assertThatThrownBy(() -> MouseEncoder.drag(1002, 1006, Button.LEFT, 3, 3, 3, 3))
                .hasMessageContaining("got row 3, column 3 twice");
        assertThatThrownBy(() -> MouseEncoder.drag(1002, 0, Button.LEFT, 1, 1, 1, 224))
                .hasMessageContaining("column 224");
        assertThatThrownBy(() -> MouseEncoder.drag(0, 0, Button.LEFT, 1, 1, 1, 2))
                .hasMessageContaining("has not turned mouse reporting on");
    }
}
