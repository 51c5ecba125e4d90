package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Memory of a full scrollback: 10,000 lines of 120 columns must stay under 16 MiB (issue 3).
 *
 * <p>Method: the retained size of every line's storage is summed ({@link Line#retainedBytes}: the
 * line object and its arrays by the usual 64-bit JVM layout, compressed references, 16-byte array
 * headers, 8-byte alignment), plus the scrollback ring's array of references. Exact for what the
 * lines hold; the emulator's other state is a few KiB and not counted.
 */
class ScrollbackMemoryTest {
    private static final int LINES = 10_000;
    private static final int COLS = 120;
    private static final long LIMIT = 16L << 20;

    private static long scrollbackBytes(Terminal t) {
        Scrollback scrollback = t.emulator().mainScreen().scrollback();
        long bytes = 16 + 4L * LINES;
        for (int i = 0; i < scrollback.size(); i++) {
            bytes += scrollback.get(i).retainedBytes();
        }
        return bytes;
    }

    private static Terminal filled(String sgrPerLine) {
        Terminal t = new Terminal(COLS, 40, LINES);
        StringBuilder text = new StringBuilder();
        String line = "0123456789abcdefghijklmnopqrstuvwxyz".repeat(4).substring(0, COLS);
        for (int i = 0; i < LINES + 40; i++) {
            text.append(sgrPerLine).append(line).append("\r\n");
        }
        t.feed(text.toString().getBytes(StandardCharsets.UTF_8));
        return t;
    }

    @Test
    void tenThousandLinesOfPlainTextTakeUnderSixteenMebibytes() {
        Terminal t = filled("");
        assertThat(t.scrollbackSize()).isEqualTo(LINES);
        long bytes = scrollbackBytes(t);
        System.out.printf("scrollback of %d x %d plain text: %.1f MiB%n", LINES, COLS, bytes / 1048576.0);
        assertThat(bytes).isLessThan(LIMIT);
    }

    @Test
    void tenThousandColouredLinesTakeUnderSixteenMebibytes() {
        Terminal t = filled("\u001b[1;38;5;208;48;2;1;2;3m");
        long bytes = scrollbackBytes(t);
        System.out.printf("scrollback of %d x %d coloured text: %.1f MiB%n", LINES, COLS, bytes / 1048576.0);
        assertThat(bytes).isLessThan(LIMIT);
    }
}
