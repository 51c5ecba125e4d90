package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptyctl render} through the command line, with captured output. */
class RenderCommandTest {
    private static final String ESC = "\u001b";
    private static final String TRAILER = "\nScript done on 2026-11-30 07:59:09+00:00 [COMMAND_EXIT_CODE=\"0\"]\n";

    @TempDir
    Path dir;

    @Test
    void rawFilePrintsTheFinalScreenWithoutAttributes() throws IOException {
        Path file = write("out.bin", "hello\r\n" + ESC + "[31mworld" + ESC + "[0m   \r\n\r\n");

        Cli.Result result = Cli.run("render", file.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("hello\nworld\n");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void rawFileIsRenderedAt100By30UnlessColsAndRowsAreGiven() throws IOException {
        Path file = write("long.bin", "x".repeat(150) + "\r\n" + "y\r\n".repeat(40));

        String byDefault = Cli.run("render", file.toString(), "--format", "scrollback").out();
        String wide = Cli.run("render", file.toString(), "--cols", "200", "--rows", "5", "--format", "scrollback").out();

        assertThat(byDefault).startsWith("x".repeat(100) + "\n" + "x".repeat(50) + "\ny\n");
        assertThat(wide).startsWith("x".repeat(150) + "\ny\n");
        assertThat(Cli.run("render", file.toString()).out().lines()).hasSize(29);
        assertThat(Cli.run("render", file.toString(), "--cols", "200", "--rows", "5").out().lines()).hasSize(4);
    }

    @Test
    void dashReadsStandardInput() {
        InputStream previous = System.in;
        System.setIn(new ByteArrayInputStream("from stdin\r\n\u001b[1;6H\u001b[Khere".getBytes(StandardCharsets.UTF_8)));
        try {
            Cli.Result result = Cli.run("render", "-", "--cols", "20", "--rows", "3");

            assertThat(result.exitCode()).isZero();
            assertThat(result.out()).isEqualTo("from here\n");
        } finally {
            System.setIn(previous);
        }
    }

    @Test
    void queriesInTheInputAreAnsweredNowhere() throws IOException {
        Path file = write("queries.bin", ESC + "[6n" + ESC + "[c" + ESC + "[>c" + "done");

        Cli.Result result = Cli.run("render", file.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("done\n");
    }

    @Test
    void inputLongerThanOneReadChunkIsFedWithoutLosingSequencesSplitAtTheBoundary() throws IOException {
        // "é" (2 bytes) and an SGR sequence straddle the 64 KiB read boundary.
        String filler = "a".repeat(64 * 1024 - 1);
        String text = filler + "é" + "b".repeat(64 * 1024 - 3) + ESC + "[1;31mred" + ESC + "[0m" + "\r\nend";
        Path file = write("big.bin", text);
        Terminal expected = new Terminal(100, 30);
        expected.feed(text.getBytes(StandardCharsets.UTF_8));

        Cli.Result result = Cli.run("render", file.toString(), "--format", "scrollback");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo(TextSerializer.withScrollback(expected)).contains("é").endsWith("red\nend\n");
    }

    @Test
    void linesAcrossReadBoundariesRenderAsTheWholeInputFedAtOnce() throws IOException {
        // Reads are fed up to their last line feed and the rest carried into the next read; lines of every length up
        // to 8 KiB (longer than what a read carries over), coloured, with multi-byte characters, cross the 64 KiB
        // boundaries at every offset.
        StringBuilder text = new StringBuilder();
        java.util.Random random = new java.util.Random(5);
        while (text.length() < 400 * 1024) {
            int length = random.nextInt(8) == 0 ? random.nextInt(8 * 1024) : random.nextInt(200);
            text.append(ESC).append("[3").append(random.nextInt(8)).append('m');
            for (int i = 0; i < length; i++) {
                text.append(i % 17 == 0 ? "é" : i % 29 == 0 ? "世" : "x");
            }
            text.append(ESC).append("[0m\r\n");
        }
        Path file = write("lines.bin", text.toString());
        Terminal expected = new Terminal(100, 30);
        expected.feed(text.toString().getBytes(StandardCharsets.UTF_8));

        Cli.Result result = Cli.run("render", file.toString(), "--format", "vt");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo(VtSerializer.serialize(expected));
    }

    @Test
    void asciicastTakesItsSizeFromTheHeaderAndAppliesOutputAndResizeInOrder() throws IOException {
        Path cast = write("session.cast", """
                {"version": 2, "width": 10, "height": 4, "timestamp": 1700000000, "env": {"TERM": "xterm-256color"}}
                [0.1, "o", "0123456789abcdef\\r\\n"]
                [0.2, "i", "typed, not shown"]
                [0.3, "r", "30x4"]
                [0.4, "o", "ABCDEFGHIJKLMNOPQRST\\u001b[1m!\\u001b[0m"]
                [0.5, "m", "a marker"]

                """);

        Cli.Result result = Cli.run("render", cast.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEmpty();
        // Wrapped at the header's 10 columns, then the resize to 30 lets the second line fit in one row.
        Terminal expected = new Terminal(10, 4);
        expected.feed("0123456789abcdef\r\n".getBytes(StandardCharsets.UTF_8));
        expected.resize(30, 4);
        expected.feed("ABCDEFGHIJKLMNOPQRST\u001b[1m!\u001b[0m".getBytes(StandardCharsets.UTF_8));
        assertThat(result.out()).isEqualTo(TextSerializer.screen(expected)).contains("ABCDEFGHIJKLMNOPQRST!\n")
                .doesNotContain("typed");
    }

    @Test
    void colsAndRowsReplaceTheAsciicastHeaderSize() throws IOException {
        Path cast = write("session.cast", """
                {"version": 2, "width": 10, "height": 4}
                [0.1, "o", "0123456789abcdef"]
                """);

        assertThat(Cli.run("render", cast.toString()).out()).isEqualTo("0123456789\nabcdef\n");
        assertThat(Cli.run("render", cast.toString(), "--cols", "20").out()).isEqualTo("0123456789abcdef\n");
    }

    @Test
    void asciicastOnStandardInputIsRecognisedToo() {
        InputStream previous = System.in;
        System.setIn(new ByteArrayInputStream("{\"version\": 2, \"width\": 5, \"height\": 2}\n[0, \"o\", \"abcdefg\"]\n"
                .getBytes(StandardCharsets.UTF_8)));
        try {
            assertThat(Cli.run("render", "-").out()).isEqualTo("abcde\nfg\n");
        } finally {
            System.setIn(previous);
        }
    }

    @Test
    void scriptTypescriptLosesItsHeaderAndTrailerAndUsesItsRecordedSize() throws IOException {
        // The trailer's own leading newline would scroll the full screen up by one if it were fed.
        Path file = write("typescript", "Script started on 2026-11-30 07:59:09+00:00 [COMMAND=\"bash\" TERM=\"xterm\" "
                + "TTY=\"/dev/pts/0\" COLUMNS=\"12\" LINES=\"3\"]\n"
                + "first line here\r\nsecond\r\nthird" + TRAILER);

        Cli.Result screen = Cli.run("render", file.toString());
        Cli.Result withScrollback = Cli.run("render", file.toString(), "--format", "scrollback");

        assertThat(screen.exitCode()).isZero();
        assertThat(screen.out()).isEqualTo("ere\nsecond\nthird\n");
        assertThat(withScrollback.out()).isEqualTo("first line h\nere\nsecond\nthird\n");
    }

    @Test
    void scriptTypescriptWithoutARecordedSizeUsesTheDefault() throws IOException {
        Path file = write("typescript", "Script started on 2026-11-30 07:59:09+00:00 [COMMAND=\"true\" "
                + "<not executed on terminal>]\n" + "z".repeat(120) + TRAILER);

        assertThat(Cli.run("render", file.toString()).out()).isEqualTo("z".repeat(100) + "\n" + "z".repeat(20) + "\n");
    }

    @Test
    void textFormatPrintsTheScreenAndScrollbackFormatPrintsTheLinesAboveItFirst() throws IOException {
        Path file = write("lines.bin", "one\r\ntwo\r\nthree\r\nfour\r\nfive");

        assertThat(Cli.run("render", file.toString(), "--rows", "2").out()).isEqualTo("four\nfive\n");
        assertThat(Cli.run("render", file.toString(), "--rows", "2", "--format", "text").out())
                .isEqualTo("four\nfive\n");
        assertThat(Cli.run("render", file.toString(), "--rows", "2", "--format", "scrollback").out())
                .isEqualTo("one\ntwo\nthree\nfour\nfive\n");
        assertThat(Cli.run("render", file.toString(), "--rows", "2", "--format", "scrollback",
                "--scrollback-lines", "1").out()).isEqualTo("three\nfour\nfive\n");
    }

    @Test
    void vtFormatPrintsSequencesThatRebuildTheFinalStateAndRenderToThemselves() throws IOException {
        String session = "one\r\n" + ESC + "[1;31mtwo" + ESC + "[0m\r\n" + ESC + "[4mthree" + ESC + "[0m\r\nfour"
                + ESC + "[?1h" + ESC + "[2;2H";
        Path file = write("colours.bin", session);
        Terminal expected = new Terminal(20, 3);
        expected.feed(session.getBytes(StandardCharsets.UTF_8));

        Cli.Result vt = Cli.run("render", file.toString(), "--cols", "20", "--rows", "3", "--format", "vt");
        Path again = Files.write(dir.resolve("again.bin"), vt.out().getBytes(StandardCharsets.UTF_8));

        assertThat(vt.exitCode()).isZero();
        assertThat(vt.out()).startsWith(ESC + "c").isEqualTo(VtSerializer.serialize(expected));
        assertThat(Cli.run("render", again.toString(), "--cols", "20", "--rows", "3", "--format", "scrollback").out())
                .isEqualTo("one\ntwo\nthree\nfour\n");
        assertThat(Cli.run("render", again.toString(), "--cols", "20", "--rows", "3", "--format", "vt").out())
                .isEqualTo(vt.out());
    }

    @Test
    void emptyInputPrintsNothing() throws IOException {
        Path file = write("empty.bin", "");

        Cli.Result result = Cli.run("render", file.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
    }

    @Test
    void missingFileExitsTwoWithAMessageAndNoStackTrace() {
        Path missing = dir.resolve("nope.bin");

        Cli.Result result = Cli.run("render", missing.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("ptyctl: cannot read " + missing + ": no such file" + System.lineSeparator());
    }

    @Test
    void directoryIsRefusedAsUnreadable() {
        Cli.Result result = Cli.run("render", dir.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("ptyctl: " + dir + " is a directory" + System.lineSeparator());
    }

    @Test
    void fileThatFailsWhileBeingReadExitsTwoWithTheReason() {
        // Opening succeeds, reading fails (nothing is mapped at address 0), even for root.
        Path failing = Path.of("/proc/self/mem");
        assumeTrue(Files.exists(failing), "needs Linux /proc");

        Cli.Result result = Cli.run("render", failing.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: cannot read /proc/self/mem: ").doesNotContain("\tat ");
    }

    @Test
    void badAsciicastLineIsReportedWithItsLineNumber() throws IOException {
        String header = "{\"version\": 2, \"width\": 10, \"height\": 4}\n";
        Path notJson = write("a.cast", header + "[0.1, \"o\", \"ok\"]\n[0.2, \"o\", \"broken\n");
        Path notEvent = write("b.cast", header + "\n[0.1, \"o\"]\n");
        Path badResize = write("c.cast", header + "[0.1, \"r\", \"10 by 4\"]\n");
        Path hugeResize = write("d.cast", header + "[0.1, \"r\", \"1001x4\"]\n");

        assertThat(Cli.run("render", notJson.toString())).isEqualTo(
                new Cli.Result(2, "", "ptyctl: " + notJson + ":3: not valid JSON" + System.lineSeparator()));
        assertThat(Cli.run("render", notEvent.toString()).err())
                .isEqualTo("ptyctl: " + notEvent + ":3: expected an event [time, code, data]" + System.lineSeparator());
        assertThat(Cli.run("render", badResize.toString()).err())
                .isEqualTo("ptyctl: " + badResize + ":2: resize event \"10 by 4\" is not COLSxROWS" + System.lineSeparator());
        assertThat(Cli.run("render", hugeResize.toString()).err())
                .contains(hugeResize + ":2: resize event \"1001x4\": columns and rows must be 1-1000");
    }

    @Test
    void asciicastOtherThanVersionTwoIsRefused() throws IOException {
        Path v3 = write("v3.cast", "{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}\n[0.1, \"o\", \"x\"]\n");

        Cli.Result result = Cli.run("render", v3.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("ptyctl: " + v3 + ":1: asciicast version 3 is not supported; "
                + "only version 2 is read" + System.lineSeparator());
    }

    @Test
    void asciicastHeaderSizeOutsideTheEmulatorsRangeNeedsColsAndRows() throws IOException {
        Path cast = write("wide.cast", "{\"version\": 2, \"width\": 1200, \"height\": 4}\n[0.1, \"o\", \"x\"]\n");
        Path badWidth = write("bad.cast", "{\"version\": 2, \"width\": \"wide\", \"height\": 4}\n");

        assertThat(Cli.run("render", cast.toString()).err())
                .isEqualTo("ptyctl: " + cast + ": recorded width 1200 is outside 1-1000; give --cols" + System.lineSeparator());
        assertThat(Cli.run("render", cast.toString(), "--cols", "80").out()).isEqualTo("x\n");
        assertThat(Cli.run("render", badWidth.toString()).err())
                .contains(badWidth + ":1: header width must be a positive integer, got \"wide\"");
    }

    @Test
    void sizesAndFormatsOutsideTheirDomainAreUsageErrors() throws IOException {
        Path file = write("x.bin", "x");

        Cli.Result zeroCols = Cli.run("render", file.toString(), "--cols", "0");
        Cli.Result tallRows = Cli.run("render", file.toString(), "--rows", "1001");
        Cli.Result notANumber = Cli.run("render", file.toString(), "--cols", "wide");
        Cli.Result format = Cli.run("render", file.toString(), "--format", "html");
        Cli.Result scrollback = Cli.run("render", file.toString(), "--scrollback-lines", "-1");
        Cli.Result noFile = Cli.run("render");

        assertThat(Arrays.asList(zeroCols, tallRows, notANumber, format, scrollback, noFile))
                .allSatisfy(r -> {
                    assertThat(r.exitCode()).isEqualTo(2);
                    assertThat(r.out()).isEmpty();
                    assertThat(r.err()).startsWith("ptyctl: ").doesNotContain("\tat ");
                });
        assertThat(zeroCols.err()).contains("--cols must be from 1 to 1000, got 0");
        assertThat(tallRows.err()).contains("--rows must be from 1 to 1000, got 1001");
        assertThat(format.err()).contains("--format must be one of text, scrollback, vt, got 'html'");
        assertThat(scrollback.err()).contains("--scrollback-lines must be 0 or more, got -1");
        assertThat(noFile.err()).contains("FILE");
    }

    @Test
    void helpSaysWhatIsSkippedInATypescriptAndHowAsciicastIsRecognised() {
        Cli.Result result = Cli.run("render", "--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("'Script started on' header line", "'Script done on'",
                "asciicast v2", "--cols", "--rows", "--format", "vt: escape sequences", "--scrollback-lines",
                "standard input for -");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }
}
