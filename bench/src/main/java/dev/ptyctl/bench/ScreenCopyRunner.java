package dev.ptyctl.bench;

import dev.ptyctl.client.dsl.Replay;
import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.SvgSerializer;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What reading a whole screen cell by cell costs a reader that copies it on every change, as the test DSL does (a
 * wait copies the screen each time output arrives, a failure report's step draws it as SVG): bytes allocated and
 * nanoseconds per copy of a 120x40 screen drawn as a TUI draws one (a coloured header and bars, a list with a
 * highlighted row, a status line). Allocation is the copying thread's own
 * ({@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes}), so it is exact whatever else the machine runs;
 * time is the median of the rounds' averages, for comparison on one machine only.
 *
 * <ul>
 *   <li>{@code cellAt, every cell}: {@link Terminal#cellAt} for each cell, the object per cell;</li>
 *   <li>{@code copyRow, reused rows}: {@link Terminal#copyRow} into the same 40 {@link CellRow}s each time;</li>
 *   <li>{@code copyRow, new rows}: into 40 new {@link CellRow}s each time (a copy kept, as the DSL keeps one);</li>
 *   <li>{@code DSL screen copy}: {@link Replay#screen()}, which copies the cells as a live driver does on a
 *       change, then makes the screen's text;</li>
 *   <li>{@code SVG picture}: {@link SvgSerializer#render}, a failure report's picture of a step.</li>
 * </ul>
 *
 * <p>Usage: {@code java -cp bench/target/bench.jar dev.ptyctl.bench.ScreenCopyRunner [ROUNDS]} (default 30, the
 * first third warm-up, 200 copies a round).
 */
public final class ScreenCopyRunner {
    static final int COLS = 120;
    static final int ROWS = 40;
    private static final int COPIES_PER_ROUND = 200;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ScreenCopyRunner() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        String screen = tuiScreen();
        Terminal terminal = new Terminal(COLS, ROWS);
        terminal.feed(screen.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Replay replay = Replay.ofText("tui", "{\"version\": 2, \"width\": " + COLS + ", \"height\": " + ROWS + "}\n"
                + "[0.1, \"o\", " + jsonString(screen) + "]\n");
        CellRow[] reused = new CellRow[ROWS];
        Arrays.setAll(reused, i -> new CellRow());
        System.out.printf(Locale.ROOT, "%-24s %14s %12s%n", "path (120x40)", "bytes/copy", "us/copy");
        measure("cellAt, every cell", rounds, () -> {
            int sum = 0;
            for (int row = 0; row < ROWS; row++) {
                for (int col = 0; col < COLS; col++) {
                    CellView cell = terminal.cellAt(row, col);
                    sum += cell.width() + cell.fg();
                }
            }
            return sum;
        });
        measure("copyRow, reused rows", rounds, () -> {
            int sum = 0;
            for (int row = 0; row < ROWS; row++) {
                sum += terminal.copyRow(row, reused[row]).cols();
            }
            return sum;
        });
        measure("copyRow, new rows", rounds, () -> {
            CellRow[] rows = new CellRow[ROWS];
            for (int row = 0; row < ROWS; row++) {
                rows[row] = terminal.copyRow(row, new CellRow());
            }
            return rows;
        });
        measure("DSL screen copy", rounds, replay::screen);
        measure("SVG picture", rounds, () -> SvgSerializer.render(terminal));
    }

    private static void measure(String name, int rounds, Supplier<Object> copy) {
        Object sink = null;
        long thread = Thread.currentThread().threadId();
        long[] bytes = new long[rounds];
        long[] nanos = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            long allocated = THREADS.getThreadAllocatedBytes(thread);
            long start = System.nanoTime();
            for (int i = 0; i < COPIES_PER_ROUND; i++) {
                sink = copy.get();
            }
            nanos[round] = (System.nanoTime() - start) / COPIES_PER_ROUND;
            bytes[round] = (THREADS.getThreadAllocatedBytes(thread) - allocated) / COPIES_PER_ROUND;
        }
        int warm = rounds / 3;
        System.out.printf(Locale.ROOT, "%-24s %14d %12.1f%n", name, median(bytes, warm), median(nanos, warm) / 1000.0);
        if (sink == null) {
            throw new IllegalStateException("nothing copied");
        }
    }

    private static long median(long[] values, int from) {
        long[] measured = Arrays.copyOfRange(values, from, values.length);
        Arrays.sort(measured);
        return measured[measured.length / 2];
    }

    /** A screen as top or htop draws it: colours on most rows, a highlighted row, bars, padding to the edge. */
    static String tuiScreen() {
        StringBuilder out = new StringBuilder("\u001b[H\u001b[2J");
        out.append("\u001b[1;37;44m").append(pad(" top - 02:30:01 up 3 days,  load average: 0.52, 0.58, 0.59"))
                .append("\u001b[0m\r\n");
        for (int cpu = 0; cpu < 4; cpu++) {
            out.append("\u001b[36m").append(cpu).append("\u001b[0m[\u001b[32m").append("|".repeat(10 + cpu * 7))
                    .append("\u001b[31m").append("|".repeat(5)).append("\u001b[0m")
                    .append(" ".repeat(60 - cpu * 7)).append("\u001b[1m").append(12.5 * cpu).append("%]\u001b[0m\r\n");
        }
        out.append("\u001b[30;42m").append(pad("  PID USER      PRI  NI  VIRT   RES   SHR S CPU% MEM%   TIME+  Command"))
                .append("\u001b[0m\r\n");
        for (int row = 6; row < ROWS - 1; row++) {
            String line = String.format(Locale.ROOT, "%5d %-9s  20   0 %5dM %5dM %5dM S %4.1f %4.1f  0:%02d.%02d  ",
                    1000 + row, row % 3 == 0 ? "root" : "dev", 100 + row, 40 + row, 10 + row, row * 0.3, row * 0.2,
                    row, row * 3 % 60);
            String command = "/usr/bin/program --option=" + row;
            if (row == 9) {
                out.append("\u001b[30;46m").append(pad(line + command)).append("\u001b[0m\r\n");
            } else {
                out.append(line).append("\u001b[1;34m").append(command).append("\u001b[0m\r\n");
            }
        }
        out.append("\u001b[30;46mF1\u001b[0mHelp  \u001b[30;46mF2\u001b[0mSetup \u001b[30;46mF10\u001b[0mQuit");
        return out.toString();
    }

    private static String pad(String text) {
        return text + " ".repeat(COLS - text.length());
    }

    private static String jsonString(String text) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }
}
