package dev.ptyctl.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The OSC scanner the prompt tracker and the DSL's command log share: any split of the reads, any terminator. */
class OscScannerTest {
    /** What a scan found: number, payload, cut, offsets. */
    private record Found(int number, String payload, boolean cut, long start, long end) {
    }

    /** Feeds {@code text} in reads of {@code chunk} bytes and collects what was found, with the bytes passed by. */
    private static List<Found> scanAll(OscScanner scanner, String text, int chunk) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<Found> found = new ArrayList<>();
        long offset = 0;
        for (int from = 0; from < bytes.length; from += chunk) {
            int end = Math.min(bytes.length, from + chunk);
            int i = from;
            while (i < end) {
                int next = scanner.scan(bytes, i, end, offset);
                offset += next - i;
                i = next;
                if (scanner.found()) {
                    found.add(new Found(scanner.number(), scanner.payload(), scanner.cut(), scanner.startOffset(),
                            scanner.endOffset()));
                }
            }
        }
        return found;
    }

    @Test
    void findsTheAcceptedSequencesWithTheirOffsetsWhateverTheSplit() {
        String text = "ab\u001b[1m\u001b]0;title\u0007\u001b]133;A\u0007$ \u001b]7;file://h/tmp\u001b\\x"
                + "\u001b]633;E;ls \\x3b\u0007\u001b]1337;File=x\u0007";
        int a = text.indexOf("\u001b]133");
        int seven = text.indexOf("\u001b]7;");
        int e = text.indexOf("\u001b]633");
        for (int chunk = 1; chunk <= text.length(); chunk++) {
            assertThat(scanAll(new OscScanner(1024, 7, 133, 633), text, chunk)).as("reads of %d", chunk)
                    .containsExactly(new Found(133, "A", false, a, a + 8),
                            new Found(7, "file://h/tmp", false, seven, seven + 18),
                            new Found(633, "E;ls \\x3b", false, e, e + 16));
        }
    }

    @Test
    void aLongPayloadIsCutAndCanOrSubAbortTheSequence() {
        OscScanner scanner = new OscScanner(4, 133);
        assertThat(scanAll(scanner, "\u001b]133;D;12345\u0007", 3)).containsExactly(
                new Found(133, "D;12", true, 0, 14));
        assertThat(scanAll(scanner, "\u001b]133;D\u0018;0\u0007\u001b]133;B\u001a\u0007", 2)).isEmpty();
        assertThat(scanAll(scanner, "\u001b]133;D\u001bx\u0007 \u001b]133;B\u0007", 1)).extracting(Found::payload)
                .containsExactly("B"); // ESC and anything but a backslash cancels the sequence
    }

    @Test
    void theSkipToTheNextMarkFindsExactlyTheFirstEscBracketOrATrailingEsc() {
        // The skip looks eight bytes at a time; every range of random bytes rich in ESC, ']' and '[' must give what a
        // byte-by-byte search gives, wherever the pair sits relative to an eight-byte step.
        byte[] alphabet = {0x1b, ']', '[', 'a', (byte) 0xDD, 0x5C};
        Random random = new Random(8);
        for (int round = 0; round < 300; round++) {
            byte[] data = new byte[random.nextInt(40)];
            for (int i = 0; i < data.length; i++) {
                data[i] = alphabet[random.nextInt(random.nextBoolean() ? 2 : alphabet.length)];
            }
            for (int from = 0; from <= data.length; from++) {
                for (int end = from; end <= data.length; end++) {
                    assertThat(OscScanner.nextOscStart(data, from, end)).as("round %d [%d, %d)", round, from, end)
                            .isEqualTo(nextOscStartByteByByte(data, from, end));
                }
            }
        }
    }

    /**
     * Output in pieces: marks, other OSCs, CSIs, and where the emulator's parser and the scanner could disagree about
     * whether an {@code ESC ]} begins an OSC: one after a control (the parser begins an OSC there, the scanner does
     * not), one inside a DCS, APC, SOS or PM string, inside an unfinished CSI or escape sequence, inside another OSC's
     * payload, right after a character cut short or next to a whole one; CAN and SUB aborting a mark; the 8-bit C1
     * OSC (raw 0x9d, and U+009D as UTF-8, which the parser takes for an OSC and the scanner does not); ESC DEL ] (the
     * parser ignores the DEL); C1 ST; and the bare halves of every introducer and terminator.
     */
    private static final String[] HOSTILE = {"text ", "\u001b]133;A\u0007", "\u001b]133;D;0\u001b\\",
        "\u001b]633;E;ls -l\u0007", "\u001b]7;file://h/tmp\u0007", "\u001b]0;a title\u0007", "\u001b[1;34m", "\u001b[",
        "\u001b\r]133;B\u0007", "\u001bP1$r\u001b\\", "\u001b", "]", "\\", "\u001b\\", "\u0007", "133;", "\u001b]133",
        "\u001b]", "\u001bP1$r", "\u001bP1$r\u001b]133;B\u0007", "\u001b_apc", "\u001b_apc\u001b]133;C\u0007",
        "\u001bXsos\u001b]7;file://h/\u0007", "\u001b^pm\u001b]133;A\u001b\\", "\u001b]133;D;1\u0018",
        "\u001b]133;A\u001a", "\u0018", "\u001a", "\u009d133;A\u0007", "\u009c", "\u001b[1;2", "\u001b[?25", "\u001b(",
        "\u001b#", "\u001b\u007f]133;B\u0007", "\u001b]0;a title", "\u001b]133;A\u001b]133;B\u0007",
        "\u001b]133;A\u001b\u001b\\", "\u00e9", "\u00e9\u001b]133;C\u0007", "\u4e2d", "\ud83d\ude00", "\r\n"};

    /** Bytes that are not UTF-8 text next to the pieces: a lead byte whose character never comes, a raw C1 OSC. */
    private static final byte[] STRAY = {(byte) 0xE2, (byte) 0xF0, (byte) 0x9D, (byte) 0xC2};

    @Test
    void aChunkInWhichTheEmulatorBeganNoOscMayGoUnscannedWithoutLosingASequence() {
        // The server's prompt tracker scans only the chunks in which the emulator's parser began an OSC or that
        // passesOver refuses; whatever the split, it must find what scanning every byte finds.
        Random random = new Random(17);
        int skipped = 0;
        for (int round = 0; round < 3000; round++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int n = random.nextInt(60); n > 0; n--) {
                out.writeBytes(HOSTILE[random.nextInt(HOSTILE.length)].getBytes(StandardCharsets.UTF_8));
                if (random.nextInt(8) == 0) {
                    out.write(STRAY[random.nextInt(STRAY.length)]);
                }
            }
            byte[] bytes = out.toByteArray();
            List<Integer> cuts = new ArrayList<>();
            int maxChunk = random.nextBoolean() ? 4 : 40;
            for (int at = 0; at < bytes.length; ) {
                at = Math.min(bytes.length, at + 1 + random.nextInt(maxChunk));
                cuts.add(at);
            }
            skipped += assertSkippingFindsWhatEveryByteFinds(bytes, cuts, "round " + round);
        }
        assertThat(skipped).as("chunks passed over").isGreaterThan(10_000);
    }

    @Test
    void aHostileStreamCutAtEveryPairOfPlacesGivesTheSkippingScannerWhatEveryByteGives() {
        // Every piece once, so that each introducer, terminator and stray byte is cut between every two of its bytes,
        // and every two such cuts up to 24 bytes apart come together (a piece alone in its chunk, a chunk of one ESC,
        // of one ']'; cuts further apart act as two single cuts).
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < HOSTILE.length; i++) {
            out.writeBytes(HOSTILE[i].getBytes(StandardCharsets.UTF_8));
            if (i % 3 == 0) {
                out.write(STRAY[i / 3 % STRAY.length]);
            }
        }
        byte[] bytes = out.toByteArray();
        int skipped = 0;
        for (int first = 1; first < bytes.length; first++) {
            for (int second = first + 1; second <= Math.min(bytes.length, first + 24); second++) {
                skipped += assertSkippingFindsWhatEveryByteFinds(bytes, List.of(first, second, bytes.length),
                        "cut at " + first + " and " + second);
            }
        }
        assertThat(skipped).as("chunks passed over").isGreaterThan(1_000);
    }

    /**
     * Feeds {@code bytes} in the chunks that end at {@code cuts} to an emulator and to two scanners, one of which
     * passes over a chunk as the server's prompt tracker does, and checks that both find the same sequences.
     *
     * @return how many chunks the skipping scanner passed over
     */
    private static int assertSkippingFindsWhatEveryByteFinds(byte[] bytes, List<Integer> cuts, String what) {
        int skipped = 0;
        List<Found> all = new ArrayList<>();
        List<Found> skipping = new ArrayList<>();
        OscScanner everyByte = new OscScanner(1024, 7, 133, 633);
        OscScanner skipper = new OscScanner(1024, 7, 133, 633);
        Terminal terminal = new Terminal(80, 24);
        int from = 0;
        for (int end : cuts) {
            scanChunk(everyByte, bytes, from, end, all);
            long before = terminal.oscsBegun();
            terminal.feed(bytes, from, end - from);
            if (terminal.oscsBegun() != before || !skipper.passesOver(bytes, from, end)) {
                scanChunk(skipper, bytes, from, end, skipping);
            } else {
                skipped++;
            }
            from = end;
        }
        if (!skipping.equals(all)) {
            assertThat(skipping).as("%s: %s", what, HexFormat.of().formatHex(bytes)).isEqualTo(all);
        }
        return skipped;
    }

    /** Scans {@code bytes[from, end)} (at the same stream offset) and adds what it found. */
    private static void scanChunk(OscScanner scanner, byte[] bytes, int from, int end, List<Found> found) {
        int i = from;
        while (i < end) {
            i = scanner.scan(bytes, i, end, i);
            if (scanner.found()) {
                found.add(new Found(scanner.number(), scanner.payload(), scanner.cut(), scanner.startOffset(),
                        scanner.endOffset()));
            }
        }
    }

    private static int nextOscStartByteByByte(byte[] data, int from, int end) {
        for (int i = from; i < end; i++) {
            if (data[i] == 0x1b && (i + 1 == end || data[i + 1] == ']')) {
                return i;
            }
        }
        return end;
    }
}
