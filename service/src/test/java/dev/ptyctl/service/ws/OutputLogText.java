package dev.ptyctl.service.ws;

import java.util.Random;

/** Random terminal text for output tests: ASCII, line ends and 2-, 3- and 4-byte UTF-8 characters. */
final class OutputLogText {
    private static final int[] SAMPLES = {'a', 'b', 'Z', ' ', '\r', '\n', 'é', 'ß', '€', '中', 0x1F600};

    private OutputLogText() {
    }

    static String randomUtf8(Random random, int codePoints) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            text.appendCodePoint(SAMPLES[random.nextInt(SAMPLES.length)]);
        }
        return text.toString();
    }

    /** The largest length at most {@code length} that does not cut a character of {@code utf8} in two. */
    static int characterBoundaryAtOrBefore(byte[] utf8, int length) {
        int cut = length;
        while (cut > 0 && cut < utf8.length && (utf8[cut] & 0xc0) == 0x80) {
            cut--;
        }
        return cut;
    }
}
