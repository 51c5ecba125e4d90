package dev.ptyctl.bench;

import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The emulator as a server runs it: one JVM whose terminals print every kind of output. The JMH bench
 * ({@link EmulatorBenchmark}) forks a JVM per workload, so the JIT compiles the emulator for that workload alone;
 * a server's JIT sees them all, compiles the paths all of them take and keeps fewer branches out of its loops. Here
 * the four workloads are fed in turn, in the server's 16 KiB apply chunks, to terminals with the server's default
 * 10,000 lines of scrollback, and each workload's MiB/s is recorded after a warm-up; the same is then run for each
 * workload alone in a JVM of its own, for the ratio. Wall-clock on a shared machine: compare runs of one invocation.
 *
 * <p>Usage: {@code java -cp bench/target/bench.jar dev.ptyctl.bench.MixedProfileRunner [SECONDS]} (default 40 per
 * JVM, the first quarter of it warm-up); prints a Markdown table.
 */
public final class MixedProfileRunner {
    private static final int CHUNK = 16 * 1024;
    private static final int SCROLLBACK = 10_000;

    private MixedProfileRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("--feed")) {
            // A child JVM: feed the named workloads, print "NAME median best" per workload.
            int seconds = Integer.parseInt(args[1]);
            List<Workload> workloads = new ArrayList<>();
            for (int i = 2; i < args.length; i++) {
                workloads.add(Workload.valueOf(args[i]));
            }
            feed(workloads, seconds).forEach((w, rates) -> System.out.printf(Locale.ROOT, "%s %.1f %.1f%n", w,
                    median(rates), rates.get(rates.size() - 1)));
            return;
        }
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Map<Workload, double[]> mixed = child(seconds, List.of(Workload.values()));
        Map<Workload, double[]> alone = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            alone.putAll(child(seconds, List.of(w)));
        }
        System.out.printf(Locale.ROOT,
                "%n| workload | alone, MiB/s median (best) | all four in one JVM | mixed / alone |%n");
        System.out.println("| --- | --- | --- | --- |");
        for (Workload w : Workload.values()) {
            double[] a = alone.get(w);
            double[] m = mixed.get(w);
            System.out.printf(Locale.ROOT, "| %s | %.0f (%.0f) | %.0f (%.0f) | %.2f |%n", w, a[0], a[1], m[0], m[1],
                    m[0] / a[0]);
        }
    }

    /** Feeds the workloads in turn for {@code seconds}; returns each one's MiB/s per pass after the warm-up, sorted. */
    private static Map<Workload, List<Double>> feed(List<Workload> workloads, int seconds) {
        Map<Workload, byte[]> bytes = new EnumMap<>(Workload.class);
        Map<Workload, Terminal> terminals = new EnumMap<>(Workload.class);
        for (Workload w : workloads) {
            bytes.put(w, w.bytes());
            terminals.put(w, new Terminal(EmulatorBenchmark.COLS, EmulatorBenchmark.ROWS, SCROLLBACK));
        }
        Map<Workload, List<Double>> rates = new EnumMap<>(Workload.class);
        long start = System.nanoTime();
        long warmUpEnd = start + seconds * 250_000_000L;
        long end = start + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            for (Workload w : workloads) {
                byte[] b = bytes.get(w);
                Terminal terminal = terminals.get(w);
                long t0 = System.nanoTime();
                for (int off = 0; off < b.length; off += CHUNK) {
                    terminal.feed(b, off, Math.min(CHUNK, b.length - off));
                }
                long t1 = System.nanoTime();
                if (t0 > warmUpEnd) {
                    double mib = b.length / (1024.0 * 1024.0);
                    rates.computeIfAbsent(w, k -> new ArrayList<>()).add(mib / ((t1 - t0) / 1e9));
                }
            }
        }
        rates.values().forEach(Collections::sort);
        return rates;
    }

    private static double median(List<Double> sorted) {
        return sorted.get(sorted.size() / 2);
    }

    /** Runs {@link #feed} in a fresh JVM (this one's java and class path); returns median and best per workload. */
    private static Map<Workload, double[]> child(int seconds, List<Workload> workloads)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), MixedProfileRunner.class.getName(),
                "--feed", Integer.toString(seconds)));
        workloads.forEach(w -> command.add(w.name()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<Workload, double[]> result = new EnumMap<>(Workload.class);
        for (String line : new String(p.getInputStream().readAllBytes()).split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 3) {
                result.put(Workload.valueOf(f[0]), new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
            }
        }
        if (p.waitFor() != 0 || result.size() != workloads.size()) {
            throw new IOException("the feeding JVM failed: " + command);
        }
        System.err.println("done: " + workloads);
        return result;
    }
}
