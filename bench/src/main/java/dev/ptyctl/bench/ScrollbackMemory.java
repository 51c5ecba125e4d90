package dev.ptyctl.bench;

import dev.ptyctl.vt.Terminal;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;

/**
 * Heap retained by a 120-column terminal whose 10,000-line scrollback is full (issue 3 target: under 16 MiB).
 * Measured as used heap after a full GC with the terminal reachable, minus the same before it was created. Run it
 * in a JVM of its own with {@code -XX:+UseSerialGC}, where {@code System.gc()} is a full, compacting collection, so
 * "used after GC" is exactly the live data; {@link EmulatorBenchRunner} does.
 *
 * <p>Three kinds of line, because the cost differs by what cells hold: plain ASCII; ASCII in a new SGR colour every
 * few cells (styles are a primitive array per row, so this should cost the same); and CJK/emoji/combining text,
 * whose grapheme clusters live in a side map. Prints one line per kind: {@code NAME bytes}.
 */
public final class ScrollbackMemory {
    static final int COLS = 120;
    static final int ROWS = 40;
    static final int SCROLLBACK_LINES = 10_000;
    private static final int GC_PASSES = 4;

    private ScrollbackMemory() {
    }

    /** The kinds of full line measured. */
    enum LineKind {
        ASCII, SGR, UNICODE
    }

    public static void main(String[] args) {
        for (LineKind kind : LineKind.values()) {
            long before = usedAfterGc();
            Terminal terminal = filled(kind);
            long after = usedAfterGc();
            if (terminal.scrollbackSize() != SCROLLBACK_LINES) {
                throw new IllegalStateException("scrollback holds " + terminal.scrollbackSize() + " lines");
            }
            System.out.println(kind + " " + (after - before));
            System.out.flush();
            // Keep the terminal reachable until after the measurement.
            Reference.reachabilityFence(terminal);
        }
    }

    /** A terminal whose screen and scrollback are all full-width lines of {@code kind}. */
    static Terminal filled(LineKind kind) {
        Terminal terminal = new Terminal(COLS, ROWS, SCROLLBACK_LINES);
        Random random = new Random(42);
        for (int i = 0; i < SCROLLBACK_LINES + ROWS; i++) {
            terminal.feed(line(kind, random).getBytes(StandardCharsets.UTF_8));
        }
        return terminal;
    }

    private static String line(LineKind kind, Random random) {
        StringBuilder line = new StringBuilder(COLS * 4);
        int col = 0;
        while (col < COLS) {
            switch (kind) {
                case ASCII -> line.append((char) (33 + random.nextInt(94)));
                case SGR -> {
                    if (col % 8 == 0) {
                        line.append(String.format(Locale.ROOT, "\u001b[38;2;%d;%d;%dm", random.nextInt(256),
                                random.nextInt(256), random.nextInt(256)));
                    }
                    line.append((char) (33 + random.nextInt(94)));
                }
                case UNICODE -> {
                    if (col + 2 <= COLS && random.nextBoolean()) {
                        line.append(random.nextBoolean() ? "漢" : "👍🏽");
                        col++;
                    } else {
                        line.append(random.nextBoolean() ? "e\u0301" : "x");
                    }
                }
            }
            col++;
        }
        // Exactly COLS cells: the cursor waits in the last column, CR LF starts the next row without a soft wrap.
        return line.append("\u001b[0m\r\n").toString();
    }

    private static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        // With the serial collector each call is a synchronous full compaction; repeat until nothing more goes.
        for (int i = 0; i < GC_PASSES; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
