package dev.ptyctl.bench;

import dev.ptyctl.service.pty.ScreenState;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.vt.Terminal;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the server's screen thread spends CPU beyond the emulator itself (issue 21, item 4). The server's screen
 * thread costs more per MiB than {@link EmulatorBenchmark} says the emulator does; this feeds each workload the way
 * the server does (16 KiB pieces, LF made CR LF as a PTY's {@code onlcr} does, a fresh 120×40 terminal with 10,000
 * lines of scrollback per 4 MiB pass, all workloads in one JVM) along five paths, in turn within one JVM so that load
 * and JIT meet them alike, and prints the feeding thread's CPU milliseconds per MiB (medians):
 * <ul>
 *   <li>{@code terminal}: {@link Terminal#feed} alone;</li>
 *   <li>{@code screen}: {@link ScreenState#feed} (its lock, counters and condition) with the listeners a hosted
 *       terminal has: the title check and a {@link PromptTracker} (which scans for prompt marks the chunks in which
 *       the emulator began an OSC);</li>
 *   <li>{@code screen, no tracker}: the same without the prompt tracker;</li>
 *   <li>{@code hand-off}: {@code screen} on a second thread that a producer keeps supplied, so it never waits;</li>
 *   <li>{@code paced}: the same, with the producer pausing after each piece (by default {@value #PACE_MICROS} µs per
 *       16 KiB, about the pace of {@code cat} through the server), so the feeding thread sleeps between pieces and
 *       wakes when the next comes, as the server's does while a program streams.</li>
 * </ul>
 *
 * <p>Usage: {@code java -cp bench/target/bench.jar dev.ptyctl.bench.ScreenPathRunner [SECONDS [PIECE_KIB
 * [PACE_MICROS]]]} (default 60 s, the first 30 % warm-up; 16 KiB pieces, the server's apply chunk). CPU is the feeding
 * thread's own ({@link ThreadMXBean}), so the other thread does not count.
 */
public final class ScreenPathRunner {
    private static final int SCROLLBACK = 10_000;
    /** The producer's pause after each piece on the {@code paced} path, by default. */
    private static final int PACE_MICROS = 150;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The paths compared; see the class comment. */
    private enum Path {
        TERMINAL("terminal"), SCREEN("screen"), NO_TRACKER("screen, no tracker"), HAND_OFF("hand-off"),
        PACED("paced");

        private final String label;

        Path(String label) {
            this.label = label;
        }
    }

    private ScreenPathRunner() {
    }

    public static void main(String[] args) throws InterruptedException {
        SerialCollector.require("ScreenPathRunner");
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int pieceBytes = (args.length > 1 ? Integer.parseInt(args[1]) : 16) * 1024;
        long paceNanos = TimeUnit.MICROSECONDS.toNanos(args.length > 2 ? Integer.parseInt(args[2]) : PACE_MICROS);
        Map<Workload, List<byte[]>> pieces = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            pieces.put(w, pieces(onlcr(w.bytes()), pieceBytes));
        }
        Map<Workload, Map<Path, List<Double>>> results = new EnumMap<>(Workload.class);
        long start = System.nanoTime();
        long warmUpEnd = start + seconds * 300_000_000L;
        long end = start + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            for (Workload w : Workload.values()) {
                List<byte[]> p = pieces.get(w);
                double mib = p.stream().mapToInt(b -> b.length).sum() / (1024.0 * 1024.0);
                for (Path path : Path.values()) {
                    double ms = feed(path, p, paceNanos);
                    if (System.nanoTime() > warmUpEnd) {
                        results.computeIfAbsent(w, k -> new EnumMap<>(Path.class))
                                .computeIfAbsent(path, k -> new ArrayList<>()).add(ms / mib);
                    }
                }
            }
        }
        print(results, pieceBytes, paceNanos);
    }

    private static void print(Map<Workload, Map<Path, List<Double>>> results, int pieceBytes, long paceNanos) {
        StringBuilder out = new StringBuilder("\n| workload |");
        for (Path path : Path.values()) {
            out.append(' ').append(path.label).append(" |");
        }
        out.append("\n| ---").append(" | ---".repeat(Path.values().length)).append(" |\n");
        results.forEach((w, byPath) -> {
            out.append("| ").append(w).append(" |");
            byPath.values().forEach(ms -> {
                Collections.sort(ms);
                out.append(String.format(Locale.ROOT, " %.2f |", ms.get(ms.size() / 2)));
            });
            out.append('\n');
        });
        out.append(String.format(Locale.ROOT, "%nCPU ms per MiB of the feeding thread, medians of %d passes each; "
                + "%d KiB pieces, paced: %d µs after each.%n", results.values().iterator().next().get(Path.TERMINAL).size(),
                pieceBytes / 1024, TimeUnit.NANOSECONDS.toMicros(paceNanos)));
        System.out.print(out);
    }

    /** The feeding thread's CPU milliseconds for one pass of {@code pieces} along {@code path}, on a fresh terminal. */
    private static double feed(Path path, List<byte[]> pieces, long paceNanos) throws InterruptedException {
        return switch (path) {
            case TERMINAL -> {
                Terminal terminal = new Terminal(EmulatorBenchmark.COLS, EmulatorBenchmark.ROWS, SCROLLBACK);
                long cpu = THREADS.getCurrentThreadCpuTime();
                for (byte[] piece : pieces) {
                    terminal.feed(piece, 0, piece.length);
                }
                yield (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6;
            }
            case SCREEN, NO_TRACKER -> {
                ScreenState screen = hostedScreen(path == Path.SCREEN);
                long cpu = THREADS.getCurrentThreadCpuTime();
                for (byte[] piece : pieces) {
                    screen.feed(piece, 0, piece.length);
                }
                yield (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6;
            }
            case HAND_OFF -> handOff(pieces, 0);
            case PACED -> handOff(pieces, paceNanos);
        };
    }

    /** A screen with the listeners a hosted terminal's has: its title check, and prompt marks when asked for. */
    private static ScreenState hostedScreen(boolean promptTracker) {
        ScreenState screen = new ScreenState(EmulatorBenchmark.COLS, EmulatorBenchmark.ROWS, SCROLLBACK, false);
        String[] lastTitle = {""};
        screen.addOutputListener((data, offset, length, seq) -> {
            String title = screen.snapshot((terminal, progress) -> terminal.title());
            if (!title.equals(lastTitle[0])) {
                lastTitle[0] = title;
            }
        });
        if (promptTracker) {
            screen.addOutputListener(new PromptTracker(false));
        }
        return screen;
    }

    /** Feeds {@code pieces} on a thread of its own, handed over by this one (pausing after each, if asked). */
    private static double handOff(List<byte[]> pieces, long pauseNanos) throws InterruptedException {
        BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(8);
        byte[] end = new byte[0];
        double[] ms = new double[1];
        Thread consumer = Thread.ofPlatform().start(() -> {
            ScreenState screen = hostedScreen(true);
            long cpu = THREADS.getCurrentThreadCpuTime();
            try {
                for (byte[] piece = queue.take(); piece != end; piece = queue.take()) {
                    screen.feed(piece, 0, piece.length);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ms[0] = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6;
        });
        for (byte[] piece : pieces) {
            queue.put(piece);
            if (pauseNanos > 0) {
                LockSupport.parkNanos(pauseNanos);
            }
        }
        queue.put(end);
        consumer.join();
        return ms[0];
    }

    /** Whether this JVM runs the serial collector (young "Copy", old "MarkSweepCompact"). */
    /** {@code bytes} as a PTY hands them on with {@code onlcr}: every LF preceded by CR. */
    private static byte[] onlcr(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + bytes.length / 32);
        for (byte b : bytes) {
            if (b == '\n') {
                out.write('\r');
            }
            out.write(b);
        }
        return out.toByteArray();
    }

    private static List<byte[]> pieces(byte[] stream, int pieceBytes) {
        List<byte[]> pieces = new ArrayList<>();
        for (int off = 0; off < stream.length; off += pieceBytes) {
            byte[] piece = new byte[Math.min(pieceBytes, stream.length - off)];
            System.arraycopy(stream, off, piece, 0, piece.length);
            pieces.add(piece);
        }
        return pieces;
    }
}
