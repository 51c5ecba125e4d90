package dev.ptyctl.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.cli.render.RecordingFormat.Kind;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RecordingFormatTest {

    @Test
    void asciicastIsAJsonObjectWithAVersionOnTheFirstLine() throws IOException {
        assertThat(detect("{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"x\"]\n").kind())
                .isEqualTo(Kind.ASCIICAST);
        assertThat(detect("\uFEFF {\"version\":3}").kind()).isEqualTo(Kind.ASCIICAST);
    }

    @Test
    void jsonThatIsNotAnAsciicastHeaderIsRaw() throws IOException {
        assertThat(detect("{\"level\": \"info\", \"msg\": \"started\"}\n").kind()).isEqualTo(Kind.RAW);
        assertThat(detect("{\"version\": \"2\"}\n").kind()).isEqualTo(Kind.RAW);
        assertThat(detect("{ not json\n").kind()).isEqualTo(Kind.RAW);
        assertThat(detect("[0.1, \"o\", \"x\"]\n").kind()).isEqualTo(Kind.RAW);
    }

    @Test
    void typescriptHeaderIsSkippedAndItsSizeRead() throws IOException {
        String header = "Script started on 2026-11-30 07:59:09+00:00 [COMMAND=\"echo hi\" TERM=\"xterm\" "
                + "TTY=\"/dev/pts/0\" COLUMNS=\"90\" LINES=\"20\"]\n";

        RecordingFormat format = detect(header + "hi\r\n");

        assertThat(format).isEqualTo(new RecordingFormat(Kind.TYPESCRIPT,
                header.getBytes(StandardCharsets.UTF_8).length, OptionalInt.of(90), OptionalInt.of(20)));
    }

    @Test
    void typescriptSizesThatAreNotUsableAreLeftOut() throws IOException {
        RecordingFormat noTerminal = detect("Script started on 2026-11-30 [COLUMNS=\"-1\" LINES=\"-1\"]\nhi");
        RecordingFormat tooWide = detect("Script started on 2026-11-30 [COLUMNS=\"5000\" LINES=\"40\"]\nhi");

        assertThat(noTerminal.cols()).isEmpty();
        assertThat(noTerminal.rows()).isEmpty();
        assertThat(tooWide.cols()).isEmpty();
        assertThat(tooWide.rows()).hasValue(40);
    }

    @Test
    void anythingElseIsRawAndNothingIsSkipped() throws IOException {
        assertThat(detect("$ ls\r\n")).isEqualTo(
                new RecordingFormat(Kind.RAW, 0, OptionalInt.empty(), OptionalInt.empty()));
        assertThat(detect("").kind()).isEqualTo(Kind.RAW);
        assertThat(detect("  Script started on (not at the start)\n").kind()).isEqualTo(Kind.RAW);
    }

    @Test
    void firstLineLongerThanTheLimitMakesTheInputRaw() throws IOException {
        String longHeader = "{\"version\": 2, \"pad\": \"" + "x".repeat(RecordingFormat.FIRST_LINE_LIMIT) + "\"}\n";

        assertThat(detect(longHeader).kind()).isEqualTo(Kind.RAW);
    }

    @Test
    void detectionLeavesTheStreamAtItsFirstByte() throws IOException {
        byte[] bytes = ("Script started on x\n" + "y".repeat(100_000)).getBytes(StandardCharsets.UTF_8);
        BufferedInputStream in = new BufferedInputStream(new ByteArrayInputStream(bytes), Renderer.CHUNK);

        RecordingFormat.detect(in);

        assertThat(in.readAllBytes()).isEqualTo(bytes);
    }

    private static RecordingFormat detect(String input) throws IOException {
        return RecordingFormat.detect(new BufferedInputStream(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), Renderer.CHUNK));
    }
}
