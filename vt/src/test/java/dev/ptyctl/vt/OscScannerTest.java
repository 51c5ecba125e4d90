package dev.ptyctl.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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

    private static int nextOscStartByteByByte(byte[] data, int from, int end) {
        for (int i = from; i < end; i++) {
            if (data[i] == 0x1b && (i + 1 == end || data[i + 1] == ']')) {
                return i;
            }
        }
        return end;
    }
}
