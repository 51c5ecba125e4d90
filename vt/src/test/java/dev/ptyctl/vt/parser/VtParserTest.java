package dev.ptyctl.vt.parser;

import static dev.ptyctl.vt.fixtures.Vt.parse;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.fixtures.Chunking;
import dev.ptyctl.vt.fixtures.RandomStreams;
import dev.ptyctl.vt.fixtures.RecordingHandler;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VtParserTest {

    @Test
    void printableRunsAreReportedAsText() {
        assertThat(parse("hello, wörld 世界")).containsExactly("print \"hello, wörld 世界\"");
    }

    @Test
    void c0ControlsAreExecutedBetweenPrints() {
        assertThat(parse("a\r\nb\u0007\bc\t")).containsExactly(
            "print \"a\"", "execute 0x0D", "execute 0x0A", "print \"b\"", "execute 0x07", "execute 0x08",
            "print \"c\"", "execute 0x09");
    }

    @Test
    void delInGroundIsDropped() {
        assertThat(parse("a\u007fb")).containsExactly("print \"a\"", "error UNEXPECTED_CHARACTER", "print \"b\"");
    }

    @Test
    void csiWithoutParametersHasOneZeroParameter() {
        assertThat(parse("\u001b[m")).containsExactly("csi [0] m");
    }

    @Test
    void csiParametersKeepEmptySlotsAsZero() {
        assertThat(parse("\u001b[;5H\u001b[1;;3r")).containsExactly("csi [0;5] H", "csi [1;0;3] r");
    }

    @Test
    void csiPrivateMarkerAndIntermediatesAreCollected() {
        assertThat(parse("\u001b[?1049h\u001b[?1$p\u001b[2 q\u001b[>c"))
            .containsExactly("csi ? [1049] h", "csi ?$ [1] p", "csi   [2] q", "csi > [0] c");
    }

    @Test
    void colonStartsSubParametersAndEmptyOnesAreMinusOne() {
        assertThat(parse("\u001b[38:2::10:20:30;4:3m")).containsExactly("csi [38:2:-1:10:20:30;4:3] m");
    }

    @Test
    void parameterValuesSaturateAtIntMax() {
        assertThat(parse("\u001b[99999999999999A")).containsExactly("csi [2147483647] A");
    }

    @Test
    void parametersBeyondThirtyTwoAreDropped() {
        String many = "1;".repeat(40) + "9";
        List<String> events = parse("\u001b[" + many + "m");
        assertThat(events).containsExactly("csi [" + "1;".repeat(31) + "1] m");
    }

    @Test
    void controlsInsideCsiAreExecutedWithoutEndingIt() {
        assertThat(parse("\u001b[1\r;2H")).containsExactly("execute 0x0D", "csi [1;2] H");
    }

    @Test
    void cancelAbortsASequenceAndIsExecuted() {
        assertThat(parse("\u001b[12\u0018x")).containsExactly("execute 0x18", "print \"x\"");
    }

    @Test
    void escapeRestartsAnUnfinishedSequence() {
        assertThat(parse("\u001b[12\u001b[3A")).containsExactly("csi [3] A");
    }

    @Test
    void markerAfterParametersSendsCsiToIgnoreState() {
        assertThat(parse("\u001b[1?hx")).containsExactly("error MALFORMED_CSI", "print \"x\"");
    }

    @Test
    void nonAsciiInsideCsiAbortsTheSequence() {
        assertThat(parse("\u001b[1éA")).containsExactly("error UNEXPECTED_CHARACTER", "print \"A\"");
    }

    @Test
    void escapeSequencesWithAndWithoutIntermediates() {
        assertThat(parse("\u001b7\u001b(0\u001b#8\u001bc")).containsExactly("esc 7", "esc ( 0", "esc # 8", "esc c");
    }

    @Test
    void oscEndsWithBel() {
        assertThat(parse("\u001b]0;my title\u0007x")).containsExactly("osc \"0;my title\"", "print \"x\"");
    }

    @Test
    void oscEndsWithEscBackslashWhichIsThenAnEscapeSequence() {
        assertThat(parse("\u001b]2;tïtle\u001b\\x")).containsExactly("osc \"2;tïtle\"", "esc \\", "print \"x\"");
    }

    @Test
    void oscEndsWithEightBitStringTerminator() {
        assertThat(parse("\u001b]2;t\u009cx")).containsExactly("osc \"2;t\"", "print \"x\"");
    }

    @Test
    void cancelAbortsAnOscWithoutDispatchingIt() {
        assertThat(parse("\u001b]2;t\u0018x")).containsExactly("error OSC_ABORTED", "print \"x\"");
    }

    @Test
    void oscLongerThanTheLimitIsDropped() {
        String huge = "x".repeat(VtParser.OSC_LIMIT + 10);
        assertThat(parse("\u001b]2;" + huge + "\u0007ok")).containsExactly("error OSC_TOO_LONG", "print \"ok\"");
    }

    @Test
    void eightBitC1CsiStartsAControlSequence() {
        assertThat(parse("\u009b2J")).containsExactly("csi [2] J");
    }

    @Test
    void otherC1ControlsAreExecuted() {
        assertThat(parse("a\u0084\u0085\u0088b")).containsExactly(
            "print \"a\"", "execute 0x84", "execute 0x85", "execute 0x88", "print \"b\"");
    }

    @Test
    void dcsIsHookedStreamedAndUnhooked() {
        assertThat(parse("\u001bP1$qm\u001b\\x")).containsExactly(
            "dcs $ [1] q", "dcs-put \"m\"", "dcs-unhook true", "esc \\", "print \"x\"");
    }

    @Test
    void dcsCancelledByCanIsUnhookedUnsuccessfully() {
        assertThat(parse("\u001bPqabc\u0018x")).containsExactly(
            "dcs [0] q", "dcs-put \"abc\"", "dcs-unhook false", "execute 0x18", "print \"x\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u001bX", "\u001b^", "\u001b_", "\u0098", "\u009e", "\u009f"})
    void sosPmAndApcStringsAreDiscarded(String start) {
        assertThat(parse("a" + start + "ignored \u0007 text\u001b\\b")).containsExactly("print \"a\"", "esc \\", "print \"b\"");
    }

    @Test
    void moreThanThreeIntermediatesAreReportedNotDispatched() {
        assertThat(parse("\u001b[?$$$px")).containsExactly("error TOO_MANY_INTERMEDIATES", "print \"x\"");
    }

    @Test
    void resetDropsAHalfReadSequence() {
        RecordingHandler handler = new RecordingHandler();
        VtParser parser = new VtParser(handler);
        parser.parse(new int[] {0x1b, '[', '1'}, 0, 3);
        assertThat(parser.isInGround()).isFalse();
        parser.reset();
        parser.parse(new int[] {'A'}, 0, 1);
        assertThat(handler.events()).containsExactly("print \"A\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "plain ascii", "wide 世界 and emoji 😀", "\u001b[1;31mred\u001b[0m", "\u001b[?1049h\u001b[?25l",
        "\u001b[38:2::255:128:0m", "\u001b]0;title with ü\u0007", "\u001b]2;st\u001b\\", "\u001b(0lqk\u001b(B",
        "\u001bP1$qm\u001b\\", "\u001b_apc\u001b\\", "a\r\n\tb\b", "\u001b7\u001b8\u001bc", "\u009b5n",
        "e\u0301 combining", "\u001b[1\u0018x", "\u001b[12;24r\u001b[5S\u001bM",
    })
    void everySequenceGivesTheSameEventsWhenSplitAtAnyByte(String input) {
        byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
        List<String> whole = parse(List.of(bytes));
        for (List<byte[]> split : Chunking.everyTwoWaySplit(bytes)) {
            assertThat(parse(split)).as("split at %d", split.get(0).length).isEqualTo(whole);
        }
        assertThat(parse(Chunking.ONE_BYTE.split(bytes))).isEqualTo(whole);
    }

    @Test
    void streamsOfManyLinesGiveTheSameEventsAsTheirCodePointsThroughTheStateMachine() {
        // parse(byte[]) takes the input a line at a time and executes a control in the ground state itself;
        // parse(int[]) takes every control through the state machine. Streams of realistic tokens with line feeds
        // everywhere: inside sequences and strings, after cut characters, before text and escapes.
        Random random = new Random(2_021_203);
        for (int n = 0; n < 400; n++) {
            byte[] bytes = withLineEnds(RandomStreams.stream(random, 80), random);
            RecordingHandler fromBytes = new RecordingHandler();
            new VtParser(fromBytes).parse(bytes, 0, bytes.length);

            int[] codePoints = new int[bytes.length + 1];
            int count = new Utf8Decoder().decode(bytes, 0, bytes.length, codePoints);
            RecordingHandler fromCodePoints = new RecordingHandler();
            new VtParser(fromCodePoints).parse(codePoints, 0, count);

            assertThat(fromBytes.events()).as("stream %d: %s", n, Arrays.toString(bytes))
                .isEqualTo(fromCodePoints.events());
            assertThat(fromBytes.events()).anyMatch(e -> e.equals("execute 0x0A"));
        }
    }

    /** {@code bytes} with CR LF or LF put in at random places, about one in 40 bytes, cutting whatever is there. */
    private static byte[] withLineEnds(byte[] bytes, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : bytes) {
            if (random.nextInt(40) == 0) {
                if (random.nextBoolean()) {
                    out.write('\r');
                }
                out.write('\n');
            }
            out.write(b);
        }
        out.write('\n');
        return out.toByteArray();
    }
}
