package dev.ptyctl.vt.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ParamsTest {

    @Test
    void aWholePlainSgrIsReadWithTheParametersTheParserGives() {
        byte[] input = "ab\u001b[1;;38;5;200mcd".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Params params = new Params();
        assertThat(params.readSgrOrEl(input, 2, input.length)).isEqualTo(input.length - 2);
        assertThat(params).isEqualTo(Params.parse("1;;38;5;200"));
        assertThat(params.readSgrOrEl(new byte[] {0x1B, '[', 'm'}, 0, 3)).isEqualTo(3);
        assertThat(params).isEqualTo(Params.parse(""));
    }

    @Test
    void aWholePlainElIsReadWithItsParametersAndTheIndexOfItsFinalByte() {
        byte[] input = "ab\u001b[2Kcd".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Params params = new Params();
        assertThat(params.readSgrOrEl(input, 2, input.length)).isEqualTo(-2 - 5);
        assertThat(params).isEqualTo(Params.parse("2"));
        assertThat(params.readSgrOrEl(new byte[] {0x1B, '[', 'K'}, 0, 3)).isEqualTo(-2 - 2);
        assertThat(params).isEqualTo(Params.parse(""));
    }

    @Test
    void anythingButAWholePlainSgrIsLeftToTheParser() {
        Params params = new Params();
        for (String other : new String[] {"\u001b[1;31", "\u001b[", "\u001b[?25m", "\u001b[4:3m", "\u001b[1 m",
            "\u001b[2J", "\u001b[?2K", "\u001b[1 K", "\u001b[2", "\u001b]0;t\u0007", "x\u001b[m"}) {
            byte[] input = other.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            assertThat(params.readSgrOrEl(input, 0, input.length)).as(other).isEqualTo(-1);
        }
    }

    @Test
    void missingParametersReadAsZeroAndGetOrSuppliesTheDefault() {
        Params params = Params.parse(";7");
        assertThat(params.length()).isEqualTo(2);
        assertThat(params.get(0)).isZero();
        assertThat(params.getOr(0, 1)).isEqualTo(1);
        assertThat(params.getOr(1, 1)).isEqualTo(7);
        assertThat(params.getOr(5, 3)).isEqualTo(3);
    }

    @Test
    void anOmittedParameterIsToldApartFromAnExplicitZero() {
        Params params = Params.parse(";0;7:1;");
        assertThat(params.omitted(0)).isTrue();
        assertThat(params.omitted(1)).as("written as 0").isFalse();
        assertThat(params.omitted(2)).isFalse();
        assertThat(params.omitted(3)).isTrue();
        assertThat(params.omitted(4)).as("beyond the last").isTrue();
        assertThat(Params.parse("").omitted(0)).isTrue();
        assertThat(params.copy().omitted(0)).isTrue();
        assertThat(params.copy().omitted(1)).isFalse();
        byte[] sgr = "\u001b[;0;7m".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Params read = new Params();
        read.readSgrOrEl(sgr, 0, sgr.length);
        assertThat(read.omitted(0)).as("the parser's fast path too").isTrue();
        assertThat(read.omitted(1)).isFalse();
        assertThat(read.omitted(2)).isFalse();
        read.readSgrOrEl(new byte[] {0x1B, '[', 'm'}, 0, 3);
        assertThat(read.omitted(0)).isTrue();
    }

    @Test
    void subParametersBelongToThePrecedingParameter() {
        Params params = Params.parse("4:3;38:5:208");
        assertThat(params.subParamCount(0)).isEqualTo(1);
        assertThat(params.subParam(0, 0)).isEqualTo(3);
        assertThat(params.hasSubParams(1)).isTrue();
        assertThat(params.subParam(1, 0)).isEqualTo(5);
        assertThat(params.subParam(1, 1)).isEqualTo(208);
        assertThat(params).hasToString("4:3;38:5:208");
    }

    @Test
    void readingAMissingSubParameterFails() {
        assertThatThrownBy(() -> Params.parse("4").subParam(0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void copyIsIndependentOfLaterChanges() {
        Params params = Params.parse("1;2");
        Params copy = params.copy();
        params.resetWithDefault();
        assertThat(copy).hasToString("1;2");
        assertThat(params).hasToString("0");
    }

    @Test
    void subParametersBeyondTheLimitAreDropped() {
        Params params = Params.parse("1" + ":2".repeat(40));
        assertThat(params.subParamCount(0)).isEqualTo(Params.MAX_SUB_PARAMS);
    }
}
