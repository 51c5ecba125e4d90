package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LineReaderTest {

    /** Every result as text: lines as they are, too-long lines as {@code <too long N>}. */
    private static List<String> readAll(InputStream in, int limit) throws IOException {
        LineReader reader = new LineReader(in, limit);
        List<String> out = new ArrayList<>();
        while (true) {
            switch (reader.next()) {
                case LineReader.EndOfStream end -> {
                    return out;
                }
                case LineReader.TooLong tooLong -> out.add("<too long " + tooLong.length() + ">");
                case LineReader.Line line -> out.add(text(line));
            }
        }
    }

    private static String text(LineReader.Line line) {
        return new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8);
    }

    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Hands out at most {@code size} bytes per read, as a slow network would. */
    private static InputStream chunked(String s, int size) {
        InputStream all = bytes(s);
        return new InputStream() {
            @Override
            public int read() throws IOException {
                return all.read();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return all.read(b, off, Math.min(len, size));
            }
        };
    }

    @Test
    void splitsOnNewlineAndDropsCarriageReturnBeforeIt() throws IOException {
        assertThat(readAll(bytes("a\nbb\r\n\nc\rd\n"), 100)).containsExactly("a", "bb", "", "c\rd");
    }

    @Test
    void textAfterTheLastNewlineIsALine() throws IOException {
        assertThat(readAll(bytes("a\nlast"), 100)).containsExactly("a", "last");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void linesSurviveAnyChunking(int chunk) throws IOException {
        assertThat(readAll(chunked("first\r\nsecond\nthird\n", chunk), 100))
                .containsExactly("first", "second", "third");
    }

    @Test
    void lineAtTheLimitIsKept() throws IOException {
        assertThat(readAll(bytes("x".repeat(10) + "\n"), 10)).containsExactly("x".repeat(10));
    }

    @Test
    void longerLineIsReportedSkippedAndTheNextLineIsRead() throws IOException {
        assertThat(readAll(bytes("x".repeat(11) + "\nok\n"), 10)).containsExactly("<too long 11>", "ok");
    }

    @Test
    void longLineArrivingInSmallPiecesIsSkippedToo() throws IOException {
        assertThat(readAll(chunked("y".repeat(5000) + "\r\nnext\n", 3), 100))
                .containsExactly("<too long 5001>", "next");
    }

    @Test
    void longLineAtEndOfStreamIsReported() throws IOException {
        assertThat(readAll(bytes("z".repeat(50)), 10)).containsExactly("<too long 50>");
    }

    @Test
    void megabytesOfOneLineAreSkippedWhileTheBufferStaysWithinTheLimit() throws IOException {
        int blocks = 64 * 1024;
        byte[] kib = "q".repeat(1024).getBytes(StandardCharsets.US_ASCII);
        InputStream huge = new SequenceInputStream(Collections.enumeration(
                Collections.nCopies(blocks, kib).stream().map(b -> (InputStream) new ByteArrayInputStream(b))
                        .toList()));
        LineReader reader = new LineReader(new SequenceInputStream(huge, bytes("\nafter\n")), 4096);
        assertThat(reader.next()).isEqualTo(new LineReader.TooLong((long) blocks * 1024));
        assertThat(reader.lineBufferCapacity()).isLessThanOrEqualTo(4096);
        assertThat(reader.next()).isInstanceOfSatisfying(LineReader.Line.class,
                line -> assertThat(text(line)).isEqualTo("after"));
    }
}
