package dev.ptyctl.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypescriptTrailerFilterTest {
    private static final String TRAILER = "\nScript done on 2026-11-30 07:59:09+00:00 [COMMAND_EXIT_CODE=\"0\"]\n";

    @Test
    void trailerAtTheEndIsDroppedWithItsLeadingNewline() {
        assertThat(filterWhole("$ exit\r\nexit\r\n" + TRAILER)).isEqualTo("$ exit\r\nexit\r\n");
    }

    @Test
    void trailerWithoutItsFinalNewlineIsDroppedToo() {
        assertThat(filterWhole("out\r\n\nScript done on Mon 30 Nov 2026 07:59:09")).isEqualTo("out\r\n");
    }

    @Test
    void trailerIsDroppedWhereverTheInputIsCut() {
        String content = "line one\r\nline two\n\nScript done\r\n" + "x".repeat(50);
        byte[] input = (content + TRAILER).getBytes(StandardCharsets.UTF_8);
        for (int cut = 0; cut <= input.length; cut++) {
            assertThat(filter(input, cut)).as("cut at %d", cut).isEqualTo(content);
        }
        assertThat(filterEveryByteApart(input)).isEqualTo(content);
    }

    @Test
    void trailerTextFollowedByMoreOutputIsContent() {
        String content = "a\nScript done on Monday\nmore output\r\n";
        byte[] input = content.getBytes(StandardCharsets.UTF_8);

        assertThat(filterEveryByteApart(input)).isEqualTo(content);
        for (int cut = 0; cut <= input.length; cut++) {
            assertThat(filter(input, cut)).as("cut at %d", cut).isEqualTo(content);
        }
    }

    @Test
    void onlyTheLastOfTwoTrailerLinesIsDropped() {
        String content = "a\nScript done on one day";
        assertThat(filterWhole(content + TRAILER)).isEqualTo(content);
        assertThat(filterEveryByteApart((content + TRAILER).getBytes(StandardCharsets.UTF_8))).isEqualTo(content);
    }

    @Test
    void incompleteTrailerPrefixAtTheEndIsContent() {
        assertThat(filterWhole("abc\nScript do")).isEqualTo("abc\nScript do");
        assertThat(filterWhole("abc\n")).isEqualTo("abc\n");
        assertThat(filterEveryByteApart("abc\n\n".getBytes(StandardCharsets.UTF_8))).isEqualTo("abc\n\n");
    }

    @Test
    void lastLineLongerThanAnyTrailerIsPassedOnWithoutBeingHeldWhole() {
        String longLine = "\nScript done on " + "y".repeat(TypescriptTrailerFilter.MAX_TRAILER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TypescriptTrailerFilter filter = new TypescriptTrailerFilter(out::write);
        byte[] input = longLine.getBytes(StandardCharsets.UTF_8);

        filter.accept(input, 0, input.length);
        int passedBeforeTheEnd = out.size();
        filter.finish();

        assertThat(passedBeforeTheEnd).isEqualTo(input.length);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(longLine);
    }

    @Test
    void contentWithoutNewlinesPassesStraightThroughInOneCall() {
        List<Integer> chunkSizes = new ArrayList<>();
        TypescriptTrailerFilter filter = new TypescriptTrailerFilter((b, off, len) -> chunkSizes.add(len));

        filter.accept(new byte[1000], 0, 1000);

        assertThat(chunkSizes).containsExactly(1000);
    }

    private static String filterWhole(String input) {
        byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
        return filter(bytes, bytes.length);
    }

    /** Feeds the input in two pieces, cut at {@code cut}. */
    private static String filter(byte[] input, int cut) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TypescriptTrailerFilter filter = new TypescriptTrailerFilter(out::write);
        filter.accept(input, 0, cut);
        filter.accept(input, cut, input.length - cut);
        filter.finish();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String filterEveryByteApart(byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TypescriptTrailerFilter filter = new TypescriptTrailerFilter(out::write);
        for (int i = 0; i < input.length; i++) {
            filter.accept(input, i, 1);
        }
        filter.finish();
        return out.toString(StandardCharsets.UTF_8);
    }
}
