package dev.ptyctl.vt.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Text fed in one piece is printed straight from the UTF-8 bytes (the parser's and the printer's
 * fast path); fed one byte at a time, every character other than ASCII goes through the streaming
 * decoder and the state machine instead; a plain SGR between runs of text is applied by the printer itself when
 * the whole sequence is in the write, and dispatched by the parser otherwise. Both must leave the same terminal,
 * cell by cell: the {@code vt} serialization carries text, widths, combining marks, attributes, wrap flags, cursor and
 * modes. Autowrap off is left out of the streams: there the result already depends on where a write
 * is split (see {@link RandomStreamTest}). Left and right margins are in: where text wraps is
 * decided again after every wrap, as feeding one character at a time would. A plain EL after text is taken by the
 * printer too.
 */
class Utf8FastPathTest {
    private static final int STREAMS = 1500;
    /** Text pieces, with the characters the fast path must hand back: U+FEFF, C1 controls, DEL. */
    private static final String[] TEXT = {
        "hello", "x", " ", "世界", "한글", "😀", "👍🏽", "👨\u200d👩\u200d👧", "e\u0301", "a\u0308\u0304", "\u0301",
        "\u200d", "❤\uFE0F", "\u200b", "ｱ", "│", "\uFEFF", "a\uFEFF\u0301", "\u0085", "\u009b1m", "\u009d0;t\u0007",
        "\u0090$qm\u009c", "\u007f", "\u00a0", "\u00e9", "\uD800\uDC00", "\r\n", "\t", "\b",
    };
    /** Sequences that change how text is printed: insert mode, charsets, margins (DECSLRM), styles. */
    private static final String[] SEQUENCES = {
        "\u001b[4h", "\u001b[4l", "\u001b(0", "\u001b(B", "\u000e", "\u000f",
        "\u001b)0", "\u001b[1;31m", "\u001b[0m", "\u001b[4:3m", "\u001b[m", "\u001b[38;5;123m", "\u001b[4m",
        "\u001b[38;2;1;2;3m", "\u001b[58;5;9m", "\u001b[24m", "\u001b[7;;1;48;2;9m", "\u001b[38;5m", "\u001b[99m",
        "\u001b]8;;https://example.com\u001b\\", "\u001b]8;;\u001b\\", "\u001b[H", "\u001b[5G", "\u001b[2K",
        "\u001b[@", "\u001b[P", "\u001b[3b", "\u001b7", "\u001b8",
        "\u001b[?69h", "\u001b[2;6s", "\u001b[;6s", "\u001b[4;40s", "\u001b[?69l",
    };
    /** Broken UTF-8: stray continuation bytes, cut-off sequences, overlong and surrogate forms, invalid leads. */
    private static final byte[][] BROKEN = {
        {(byte) 0x80}, {(byte) 0xBF, 'a'}, {(byte) 0xE4, (byte) 0xB8}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
        {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xF5, 'b'}, {(byte) 0xFF}, {(byte) 0xC2}, {(byte) 0xE2, (byte) 0x82, 'c'},
    };

    @Test
    void textReadStraightFromTheBytesLeavesTheSameTerminalAsTextDecodedFirst() {
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            int cols = 2 + random.nextInt(random.nextBoolean() ? 10 : 80);
            int rows = 1 + random.nextInt(10);
            byte[] stream = stream(random);
            Terminal whole = new Terminal(cols, rows, 30);
            whole.feed(stream);
            Terminal byByte = byteAtATime(new Terminal(cols, rows, 30), stream);
            assertThat(VtSerializer.serialize(byByte)).as("seed %d", seed).isEqualTo(VtSerializer.serialize(whole));
        }
    }

    @Test
    void coloursReadFourBytesAtATimeGiveTheColoursTheParserDispatches() {
        // The printer reads ESC [ 38/48 ; 2 ; r ; g ; b m and ; 5 ; n m itself when each component has one to three
        // digits; every near miss (other targets and spaces, empty, long or extra components, sub-parameters, other
        // final bytes, a write ending inside the sequence) must give what the parser gives byte by byte.
        String[] targets = {"38", "48", "58", "3", "380", "39"};
        String[] spaces = {"2", "5", "1", "", "22", "2:"};
        String[] components = {"0", "7", "42", "255", "999", "256", "1000", "0007", "", "12345"};
        String[] ends = {"m", "m", "m", ";1m", ";m", "H", ":5m", ""};
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(40); k >= 0; k--) {
                text.append(TEXT[random.nextInt(6)]);
                text.append("\u001b[").append(targets[random.nextInt(random.nextBoolean() ? 2 : targets.length)]);
                text.append(';').append(spaces[random.nextInt(random.nextBoolean() ? 1 : spaces.length)]);
                int count = random.nextInt(random.nextBoolean() ? 4 : 2) + (random.nextBoolean() ? 0 : 1);
                for (int c = 0; c < count; c++) {
                    text.append(random.nextInt(8) == 0 ? ':' : ';');
                    text.append(components[random.nextInt(components.length)]);
                }
                text.append(ends[random.nextInt(ends.length)]);
            }
            byte[] stream = text.toString().getBytes(StandardCharsets.UTF_8);
            Terminal split = inPieces(new Terminal(40, 5, 30), stream, random, 64);
            Terminal byByte = byteAtATime(new Terminal(40, 5, 30), stream);
            assertThat(VtSerializer.serialize(split)).as("seed %d: %s", seed, text)
                .isEqualTo(VtSerializer.serialize(byByte));
        }
    }

    @Test
    void anEraseInLineAfterTextErasesWhatTheParserErases() {
        // The printer applies a plain EL (ESC [ Ps K) that follows text itself, then returns to the parser. Streams of
        // text (wide characters, marks that must not join across the EL), every EL form and its near misses, cursor
        // moves, backgrounds (the erase style), protection (ISO and DEC), origin mode in a scroll region, margins and
        // rows filled to a pending wrap must leave what the same bytes leave fed one at a time.
        String[] text = {"word", "ab cd", "世界", "😀", "e\u0301", "\u0301", "│x", "0123456789012345678901234567890123456789",
            "\u200d", "❤\uFE0F"};
        String[] erases = {"\u001b[K", "\u001b[0K", "\u001b[1K", "\u001b[2K", "\u001b[3K", "\u001b[;K", "\u001b[1;2K",
            "\u001b[?K", "\u001b[2 K", "\u001b[99999999999K", "\u001b[", "\u001b[0"};
        String[] others = {"\u001b[H", "\u001b[3;5H", "\u001b[2;38H", "\u001b[17G", "\u001b[40G", "\u001b[44m",
            "\u001b[0m", "\u001b[1;34m", "\u001bV", "\u001bW", "\u001b[1\"q", "\u001b[0\"q", "\u001b[2;4r",
            "\u001b[r", "\u001b[?6h", "\u001b[?6l", "\u001b[?69h\u001b[3;30s", "\u001b[?69l", "\r\n", "\b",
            "\u001b[4h", "\u001b[4l"}; // not autowrap off, see the class comment
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            StringBuilder stream = new StringBuilder();
            for (int k = random.nextInt(60); k >= 0; k--) {
                int kind = random.nextInt(3);
                String[] from = kind == 0 ? text : kind == 1 ? erases : others;
                stream.append(from[random.nextInt(from.length)]);
                if (kind == 0 && random.nextBoolean()) {
                    stream.append(erases[random.nextInt(random.nextBoolean() ? 2 : erases.length)]);
                    if (random.nextBoolean()) {
                        stream.append(text[random.nextInt(text.length)]);
                    }
                }
            }
            byte[] bytes = stream.toString().getBytes(StandardCharsets.UTF_8);
            Terminal whole = new Terminal(40, 6, 10);
            whole.feed(bytes);
            Terminal split = inPieces(new Terminal(40, 6, 10), bytes, random, 24);
            Terminal byByte = byteAtATime(new Terminal(40, 6, 10), bytes);
            String expected = VtSerializer.serialize(byByte);
            assertThat(VtSerializer.serialize(whole)).as("seed %d: %s", seed, stream).isEqualTo(expected);
            assertThat(VtSerializer.serialize(split)).as("seed %d split: %s", seed, stream).isEqualTo(expected);
        }
    }

    @Test
    void lineEndsAfterMixedTextDoWhatTheParserDoesWithThem() {
        // After text with characters other than ASCII the printer executes CR LF and CR CR LF (a PTY's onlcr) itself
        // and goes on with the next line. Lines of every script, a mark first on the next line (it must not join the
        // last character of the line before), rows filled to the edge (a wrap pending at the CR), every other line
        // end (CR alone, LF alone, CR CR, CR LF LF), new-line mode (LNM), a scroll region with the cursor on, above and
        // below its bottom margin, origin mode and left and right margins, with scrollback filling and recycling, must
        // leave what the same bytes leave fed one at a time (which never reach the printer with a line end in reach).
        String[] text = {"word", "ab ", "世界", "😀", "e\u0301", "\u0301", "\u200d", "❤\uFE0F", "한글 텍스트", "αβγ",
            "0123456789", "世界世界世界"};
        String[] lineEnds = {"\r\n", "\r\r\n", "\r\n", "\r\r\n", "\r", "\n", "\r\r", "\r\n\n", "\r\n\r\n"};
        String[] others = {"\u001b[20h", "\u001b[20l", "\u001b[2;4r", "\u001b[r", "\u001b[?6h", "\u001b[?6l",
            "\u001b[5;1H", "\u001b[3;1H", "\u001b[H", "\u001b[?69h\u001b[2;7s", "\u001b[?69l", "\u001b[1;31m",
            "\u001b[0m", "\u001b[44m", "\u001b[K"};
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            int cols = 2 + random.nextInt(random.nextBoolean() ? 10 : 40);
            int rows = 1 + random.nextInt(6);
            StringBuilder stream = new StringBuilder();
            for (int k = random.nextInt(80); k >= 0; k--) {
                int kind = random.nextInt(8);
                String[] from = kind < 5 ? text : kind < 7 ? lineEnds : others;
                stream.append(from[random.nextInt(from.length)]);
            }
            byte[] bytes = stream.toString().getBytes(StandardCharsets.UTF_8);
            Terminal whole = new Terminal(cols, rows, 5);
            whole.feed(bytes);
            Terminal split = inPieces(new Terminal(cols, rows, 5), bytes, random, 16);
            Terminal byByte = byteAtATime(new Terminal(cols, rows, 5), bytes);
            String expected = VtSerializer.serialize(byByte);
            assertThat(VtSerializer.serialize(whole)).as("seed %d: %s", seed, stream).isEqualTo(expected);
            assertThat(VtSerializer.serialize(split)).as("seed %d split: %s", seed, stream).isEqualTo(expected);
        }
    }

    @Test
    void marksJoinedInTheTextLoopGiveTheClustersOfMarksJoinedOneByOne() {
        // The printer's text loop joins a mark to the character it has just written with a few stores where it can
        // (a new cluster while the line's store has room, or one more mark on the newest cluster) and leaves the rest
        // to the general join: the first cluster of a line, a full store (grown or compacted), a cell at its limit
        // of code points. Lines of many clusters, stacks of up to 300 marks, marks of two, three and four bytes,
        // joiners and selectors after wide characters, clusters at the right edge, rows rewritten (so the store
        // fills with clusters no cell uses any more), broken UTF-8 among the marks and streams cut anywhere must give
        // the same terminal as the same bytes fed one at a time, which never take the loop.
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            int cols = 2 + random.nextInt(random.nextBoolean() ? 12 : 60);
            byte[] bytes = clusterStream(random, true);
            Terminal whole = new Terminal(cols, 4, 20);
            whole.feed(bytes);
            Terminal split = inPieces(new Terminal(cols, 4, 20), bytes, random, 32);
            Terminal byByte = byteAtATime(new Terminal(cols, 4, 20), bytes);
            String expected = VtSerializer.serialize(byByte);
            assertThat(VtSerializer.serialize(whole)).as("seed %d", seed).isEqualTo(expected);
            assertThat(VtSerializer.serialize(split)).as("seed %d split", seed).isEqualTo(expected);
        }
    }

    @Test
    void marksJoinedInTheTextLoopWithoutAutowrapGiveTheClustersOfMarksJoinedOneByOne() {
        // The same with autowrap off: the last column is overwritten again and again and marks join what is there.
        // Narrow characters only: a wide character dropped at the margin makes what follows depend on where a read
        // ended, as in xterm.js (see RandomStreamTest; PrintingTest has the wide character dropped at the margin).
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            int cols = 2 + random.nextInt(random.nextBoolean() ? 12 : 60);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes("\u001b[?7l".getBytes(StandardCharsets.UTF_8));
            out.writeBytes(clusterStream(random, false));
            byte[] bytes = out.toByteArray();
            Terminal whole = new Terminal(cols, 4, 20);
            whole.feed(bytes);
            Terminal byByte = byteAtATime(new Terminal(cols, 4, 20), bytes);
            assertThat(VtSerializer.serialize(whole)).as("seed %d", seed).isEqualTo(VtSerializer.serialize(byByte));
        }
    }

    @Test
    void aLineOfManyClustersKeepsEachOneAndAStackStopsAtTheCellsLimit() {
        // Far more clusters on one row than the line's store first holds (it grows), written twice over (the first
        // row's clusters become garbage the store drops when it fills), and a stack longer than a cell keeps.
        StringBuilder row = new StringBuilder();
        for (int k = 0; k < 100; k++) {
            row.append((char) ('a' + k % 26)).append((char) (0x300 + k % 0x70)).append((char) (0x301 + k % 0x6F));
        }
        StringBuilder stack = new StringBuilder("x");
        for (int k = 0; k < 300; k++) {
            stack.append('\u0301');
        }
        byte[] bytes = (row + "\r" + row + "\r\n" + stack + "y").getBytes(StandardCharsets.UTF_8);
        Terminal t = new Terminal(100, 3, 0);
        t.feed(bytes);
        assertThat(dev.ptyctl.vt.serialize.TextSerializer.screen(t)).isEqualTo(row + "\n" + stack.substring(0, 256) + "y\n");
    }

    @Test
    void everyCodePointIsPrintedFromTheBytesAsTheDecoderPrintsIt() {
        // The text loop takes the width, and whether to stop, from a table per UTF-8 length (STOP for what that
        // length must not encode, a C1 control, U+FEFF) and takes four-byte characters of plane 1 only; the parser's
        // decoder and the printer's general path decide the same from the code point. Every code point of planes 0 to
        // 2 and every 61st after (the loop leaves all of them to the parser) after a letter (a zero-width one joins
        // it) and at the start of a row (it joins nothing), then the forms the loop must refuse: surrogates, overlong
        // forms of each length, values past U+10FFFF, lead bytes F5 to FF. Fed whole against fed cut after each
        // character's first byte, so that the decoder reads every one of them.
        Rows rows = new Rows();
        for (int cp = 0x80; cp <= 0x10FFFF; cp += cp < 0x30000 ? 1 : 61) {
            if (cp < 0xD800 || cp > 0xDFFF) {
                rows.add(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
            }
        }
        for (int cp = 0xD800; cp <= 0xDFFF; cp += 0x3F) {
            rows.add(new byte[] {(byte) 0xED, (byte) (0x80 | cp >> 6 & 0x3F), (byte) (0x80 | cp & 0x3F)});
        }
        for (int cp = 0; cp < 0x800; cp += 0x1F) {
            rows.add(new byte[] {(byte) 0xE0, (byte) (0x80 | cp >> 6 & 0x3F), (byte) (0x80 | cp & 0x3F)});
        }
        for (int cp = 0; cp < 0x10000; cp += 0x3FF) {
            rows.add(new byte[] {(byte) 0xF0, (byte) (0x80 | cp >> 12 & 0x3F), (byte) (0x80 | cp >> 6 & 0x3F),
                (byte) (0x80 | cp & 0x3F)});
        }
        for (int lead = 0xF4; lead <= 0xFF; lead++) {
            rows.add(new byte[] {(byte) lead, (byte) 0x90, (byte) 0x80, (byte) 0x80});
            rows.add(new byte[] {(byte) lead, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF});
        }
        rows.add(new byte[] {(byte) 0xC0, (byte) 0x81});
        rows.add(new byte[] {(byte) 0xC1, (byte) 0xBF});
        rows.compare();
    }

    /**
     * Rows of one character each, {@link #ROWS} to a screen, fed whole and fed cut after each character's first byte;
     * both screens must be the same.
     */
    private static final class Rows {
        private static final int ROWS = 48;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final java.util.List<Integer> cuts = new java.util.ArrayList<>();
        private int rows;

        /**
         * Two rows for one character: after a letter on a row that has a cluster already (so the loop's join into the
         * line's store would succeed), then at the start of the row; a letter after it on both.
         */
        void add(byte[] character) {
            for (String before : new String[] {"e\u0301x", ""}) {
                bytes.writeBytes(before.getBytes(StandardCharsets.UTF_8));
                cuts.add(bytes.size() + 1);
                bytes.writeBytes(character);
                bytes.writeBytes("y\r\n".getBytes(StandardCharsets.US_ASCII));
                if (++rows == ROWS - 1) {
                    compare();
                }
            }
        }

        void compare() {
            byte[] all = bytes.toByteArray();
            Terminal whole = new Terminal(8, ROWS, 0);
            whole.feed(all);
            Terminal cut = new Terminal(8, ROWS, 0);
            int from = 0;
            for (int at : cuts) {
                cut.feed(all, from, at - from);
                from = at;
            }
            cut.feed(all, from, all.length - from);
            assertThat(VtSerializer.serialize(whole)).as("rows %s", new String(all, StandardCharsets.UTF_8))
                .isEqualTo(VtSerializer.serialize(cut));
            bytes.reset();
            cuts.clear();
            rows = 0;
        }
    }

    /**
     * Text dense in clusters: narrow, wide and four-byte bases, marks of every UTF-8 length, stacks, joiners and
     * selectors, with line ends, carriage returns (rows rewritten), SGRs (a mark after one joins nothing), cursor
     * moves and broken UTF-8 (marks cut off or with a wrong byte inside, stray continuation bytes) between; without
     * {@code withWide}, narrow characters only.
     */
    private static byte[] clusterStream(Random random, boolean withWide) {
        String[] narrow = {"a", "e", "z", "é", "α", "б", "│", "★", "𝐀"};
        String[] wide = {"世", "界", "한", "😀", "👩", "🇯"};
        String[] marks = {"\u0301", "\u0308", "\u0323", "\u1DC4", "\u20D7", "\u200d", "\uFE0F", "\uFE0E",
            "\uDB40\uDD00", "\uD834\uDD67", "\u0e31"};
        String[] between = {" ", "\r\n", "\r", "\u001b[1;31m", "\u001b[0m", "\u001b[3G", "\u001b[H", "\b",
            "\u001b[2K"};
        byte[][] broken = {{(byte) 0xCC}, {(byte) 0xCC, 'a'}, {(byte) 0xE2, (byte) 0x80}, {(byte) 0xE2, (byte) 0x80, 'b'},
            {(byte) 0x80}, {(byte) 0xF3, (byte) 0xA0, (byte) 0x84}, {(byte) 0xCD, (byte) 0xC2}};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int k = random.nextInt(120); k >= 0; k--) {
            int kind = random.nextInt(10);
            StringBuilder text = new StringBuilder();
            if (kind < 8) {
                boolean isWide = kind < 2 && withWide;
                text.append(isWide ? wide[random.nextInt(wide.length)] : narrow[random.nextInt(narrow.length)]);
                int count = random.nextInt(8) == 0 ? random.nextInt(300) : random.nextInt(4);
                for (int m = 0; m < count; m++) {
                    text.append(marks[random.nextInt(marks.length)]);
                }
            } else if (random.nextInt(3) > 0) {
                text.append(between[random.nextInt(between.length)]);
            } else {
                out.writeBytes(broken[random.nextInt(broken.length)]);
            }
            out.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void aCharacterSplitAcrossFeedsIsPrintedOnce() {
        byte[] text = "ab世界😀e\u0301".getBytes(StandardCharsets.UTF_8);
        for (int cut = 0; cut <= text.length; cut++) {
            Terminal t = new Terminal(20, 2, 0);
            t.feed(text, 0, cut);
            t.feed(text, cut, text.length - cut);
            assertThat(dev.ptyctl.vt.serialize.TextSerializer.screen(t)).as("cut at %d", cut)
                .isEqualTo("ab世界😀e\u0301\n");
        }
    }

    private static byte[] stream(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int tokens = 1 + random.nextInt(80);
        for (int k = 0; k < tokens; k++) {
            int kind = random.nextInt(10);
            if (kind < 6) {
                out.writeBytes(TEXT[random.nextInt(TEXT.length)].getBytes(StandardCharsets.UTF_8));
            } else if (kind < 9) {
                out.writeBytes(SEQUENCES[random.nextInt(SEQUENCES.length)].getBytes(StandardCharsets.UTF_8));
            } else {
                out.writeBytes(BROKEN[random.nextInt(BROKEN.length)]);
            }
        }
        return out.toByteArray();
    }

    /** Feeds {@code bytes} in random pieces of 1 to {@code maxPiece} bytes, so fast paths meet the end of the input. */
    private static Terminal inPieces(Terminal terminal, byte[] bytes, Random random, int maxPiece) {
        for (int from = 0; from < bytes.length; ) {
            int length = Math.min(bytes.length - from, 1 + random.nextInt(maxPiece));
            terminal.feed(bytes, from, length);
            from += length;
        }
        return terminal;
    }

    /** Feeds {@code bytes} one at a time: each goes through the parser, and no fast path sees two. */
    private static Terminal byteAtATime(Terminal terminal, byte[] bytes) {
        for (byte b : bytes) {
            terminal.feed(new byte[] {b});
        }
        return terminal;
    }
}
