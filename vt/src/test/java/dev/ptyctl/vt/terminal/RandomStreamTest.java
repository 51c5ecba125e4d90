package dev.ptyctl.vt.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property test: thousands of random byte streams, made of real sequences, random parameters,
 * printable text in several scripts, broken UTF-8 and plain noise, fed in random chunks with random
 * resizes in between. Whatever arrives, the emulator never throws and keeps the cursor on the screen
 * (column up to cols + 1, see {@link dev.ptyctl.vt.screen.Cursor}); and, with autowrap left on, it
 * gives the same screen whether the stream is split or not. (With autowrap off, a wide character
 * dropped at the margin followed by a zero-width joiner makes xterm.js's result depend on where a
 * read ended, and we follow xterm.js.)
 */
class RandomStreamTest {
    private static final int STREAMS = 3000;
    private static final String[] TEXT = {
        "hello", "x", " ", "世界", "한글", "😀", "👨\u200d👩\u200d👧", "e\u0301", "\u0301", "❤\uFE0F", "\u200b",
        "ｱ", "line\r\n", "\t", "\b", "\r", "\n", "\u000b", "\u000e", "\u000f", "\u0007", "\u0000", "\u007f",
    };
    private static final String FINALS = "@ABCDEFGHIJKLMPSTXZ`abcdefghlmnqrstu";
    private static final String[] ESCAPES = {
        "7", "8", "D", "E", "H", "M", "c", "(0", "(B", ")0", "(A", "=", ">", "#8", "n", "o", "%G", "Z",
    };
    private static final String[] MODES = {
        "1", "4", "6", "7", "20", "25", "45", "47", "66", "1000", "1006", "1047", "1048", "1049", "2004", "9999",
    };

    @Test
    void randomStreamsNeverThrowAndKeepTheCursorOnTheScreen() {
        for (int seed = 0; seed < STREAMS; seed++) {
            Random random = new Random(seed);
            int cols = 1 + random.nextInt(random.nextBoolean() ? 12 : 120);
            int rows = 1 + random.nextInt(random.nextBoolean() ? 6 : 40);
            Terminal t = new Terminal(cols, rows, random.nextInt(50));
            t.onReply(reply -> { });
            byte[] stream = randomStream(random);
            int i = 0;
            while (i < stream.length) {
                int n = Math.min(stream.length - i, 1 + random.nextInt(32));
                t.feed(stream, i, n);
                i += n;
                if (random.nextInt(20) == 0) {
                    t.resize(1 + random.nextInt(100), 1 + random.nextInt(40));
                }
                assertCursorOnScreen(t, seed);
            }
            TextSerializer.withScrollback(t);
        }
    }

    @Test
    void randomStreamsGiveTheSameScreenWhetherSplitOrNot() {
        for (int seed = 0; seed < STREAMS / 3; seed++) {
            Random random = new Random(seed);
            int cols = 2 + random.nextInt(40);
            int rows = 1 + random.nextInt(12);
            byte[] stream = new String(randomStream(random), StandardCharsets.ISO_8859_1)
                .replace("\u001b[?7l", "").getBytes(StandardCharsets.ISO_8859_1);
            Terminal whole = new Terminal(cols, rows, 20);
            whole.feed(stream);
            Terminal split = new Terminal(cols, rows, 20);
            for (byte b : stream) {
                split.feed(new byte[] {b});
            }
            assertThat(TextSerializer.withScrollback(split)).as("seed %d", seed)
                .isEqualTo(TextSerializer.withScrollback(whole));
            assertThat(split.cursorRow() + "," + split.cursorCol()).as("seed %d", seed)
                .isEqualTo(whole.cursorRow() + "," + whole.cursorCol());
        }
    }

    private static void assertCursorOnScreen(Terminal t, int seed) {
        assertThat(t.cursorRow()).as("row, seed %d", seed).isBetween(0, t.rows() - 1);
        assertThat(t.cursorCol()).as("col, seed %d", seed).isBetween(0, t.cols() + 1);
    }

    private static byte[] randomStream(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int tokens = 1 + random.nextInt(120);
        for (int k = 0; k < tokens; k++) {
            out.writeBytes(token(random));
        }
        return out.toByteArray();
    }

    private static byte[] token(Random random) {
        int kind = random.nextInt(100);
        if (kind < 30) {
            return utf8(TEXT[random.nextInt(TEXT.length)]);
        }
        if (kind < 60) {
            return utf8("\u001b[" + (random.nextBoolean() ? "" : "?") + params(random)
                + FINALS.charAt(random.nextInt(FINALS.length())));
        }
        if (kind < 70) {
            return utf8("\u001b[" + sgr(random) + "m");
        }
        if (kind < 78) {
            return utf8("\u001b" + ESCAPES[random.nextInt(ESCAPES.length)]);
        }
        if (kind < 86) {
            return utf8("\u001b[?" + MODES[random.nextInt(MODES.length)] + (random.nextBoolean() ? "h" : "l"));
        }
        if (kind < 90) {
            return utf8("\u001b]" + random.nextInt(3) + ";title " + random.nextInt(9)
                + (random.nextBoolean() ? "\u0007" : "\u001b\\"));
        }
        byte[] noise = new byte[1 + random.nextInt(8)];
        random.nextBytes(noise);
        return noise;
    }

    private static String params(Random random) {
        StringBuilder p = new StringBuilder();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                p.append(random.nextInt(10) == 0 ? ':' : ';');
            }
            int choice = random.nextInt(10);
            p.append(choice < 6 ? String.valueOf(random.nextInt(6)) : choice < 9
                ? String.valueOf(random.nextInt(200)) : String.valueOf(random.nextInt(Integer.MAX_VALUE)));
        }
        return p.toString();
    }

    private static String sgr(Random random) {
        String[] parts = {"0", "1", "2", "3", "4:3", "7", "9", "31", "42", "38;5;" + random.nextInt(300),
            "48;2;1;2;3", "38:2::9:8:7", "58;5;1", "53", "", "21", "24", "39", "49", "100", "999"};
        return parts[random.nextInt(parts.length)] + (random.nextBoolean() ? "" : ";" + parts[random.nextInt(parts.length)]);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
