package dev.ptyctl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link EmulatorBenchmark} (JMH) and the xterm.js headless script on the same workload files in one run, then
 * {@link ScrollbackMemory}, and prints Markdown tables: throughput per emulator (mean and min–max over the
 * measurement iterations) by wall-clock time and by process CPU time, the ratios against the targets of issue 3,
 * allocation per MiB fed, and retained heap.
 *
 * <p>Fairness: both sides get the same bytes, the same 64 KiB writes, the same terminal settings and the same
 * time-based warm-up and measurement iterations; each workload runs in a fresh process on both sides (JMH forks per
 * parameter, node is started per workload) so one workload's JIT profile does not slow another. xterm.js is measured
 * through {@code Terminal.write} with its callback awaited (the reference of the target: what a program feeding it
 * sees, including the write buffer's yields to the event loop) and through the internal {@code writeSync} (parsing
 * only). For each workload the two sides run right after each other, but not at once, so on a busy machine they may
 * still meet different loads: the CPU-time figures are much less sensitive to that than wall-clock time, and the load
 * average is printed with the tables.
 *
 * <p>Usage: {@code java -jar bench/target/bench.jar [workDir [WORKLOAD...]]} from the repository root (every
 * workload's file is written; only the named ones are measured, all by default); {@code bench/run} builds everything
 * and calls it with its own arguments.
 */
public final class EmulatorBenchRunner {
    private static final double MIB = 1024.0 * 1024.0;
    private static final Path XTERM_SCRIPT = Path.of("bench/xterm/bench.mjs");
    /** Issue 3: at least this many times xterm.js's throughput on every workload. */
    private static final double TARGET_RATIO = 5.0;
    /** Issue 3: plain ASCII at least this fast, in MiB/s (above what the kernel PTY delivers here). */
    private static final double TARGET_ASCII_MIBPS = 150.0;
    /** Issue 3: 10,000 lines of 120-column scrollback retained in less than this. */
    private static final double TARGET_SCROLLBACK_MIB = 16.0;

    private EmulatorBenchRunner() {
    }

    /** Throughput figures of one emulator on one workload, in MiB/s. */
    record Throughput(double mean, double min, double max) {
        static Throughput of(List<Double> values) {
            double sum = 0;
            double min = Double.MAX_VALUE;
            double max = 0;
            for (double v : values) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            return new Throughput(sum / values.size(), min, max);
        }

        String format() {
            return String.format(Locale.ROOT, "%.1f (%.1f–%.1f)", mean, min, max);
        }

        /** Mean ratio, with the worst (our min / their max) and best (our max / their min) cases. */
        String ratioTo(Throughput other) {
            if (other == null) {
                return "n/a";
            }
            return String.format(Locale.ROOT, "%.1f× (%.1f–%.1f)", mean / other.mean, min / other.max,
                    max / other.min);
        }
    }

    /** One emulator's figures on one workload: by wall-clock time and by process CPU time. */
    record Measured(Throughput wall, Throughput cpu) {
    }

    /** What JMH measured for one workload; {@code iterations} in the order they ran. */
    record JmhResult(Measured throughput, double allocatedBytesPerMib, List<Iteration> iterations) {
    }

    /** One measured iteration: ptyctl's MiB per CPU-second and {@link CoreShare}'s probe beside it (steps/ns). */
    record Iteration(double cpuMibPerSecond, double coreShare) {
    }

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args.length > 0 ? args[0] : "bench/target/workloads");
        List<Workload> workloads = args.length > 1
                ? Arrays.stream(args, 1, args.length).map(Workload::valueOf).toList()
                : List.of(Workload.values());
        Map<Workload, Integer> sizes = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            sizes.put(w, w.writeTo(work).length);
        }
        String loadBefore = loadAverage();

        // Workload by workload, each side right after the other: the machine's speed drifts (other processes,
        // the hypervisor), and both emulators should meet the same conditions.
        Map<Workload, JmhResult> ours = new EnumMap<>(Workload.class);
        Map<Workload, Measured> xtermWrite = new EnumMap<>(Workload.class);
        Map<Workload, Measured> xtermSync = new EnumMap<>(Workload.class);
        for (Workload w : workloads) {
            ours.put(w, runJmh(w, sizes.get(w)));
            runXterm(work, w, "write").ifPresent(m -> xtermWrite.put(w, m));
            runXterm(work, w, "sync").ifPresent(m -> xtermSync.put(w, m));
        }
        Map<String, Long> memory = runScrollbackMemory();

        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "%nJDK %s, node %s, %d CPUs; load average %s at start, %s at end%n%n",
                Runtime.version(), nodeVersion(), Runtime.getRuntime().availableProcessors(), loadBefore,
                loadAverage()));
        report.append("Wall-clock time (JMH average time; xterm.js write() awaited):\n\n");
        throughputTable(report, sizes, ours, xtermWrite, Measured::wall);
        report.append("\nProcess CPU time (MiB per CPU-second):\n\n");
        throughputTable(report, sizes, ours, xtermWrite, Measured::cpu);
        report.append('\n');
        contextTable(report, ours, xtermSync);
        report.append('\n');
        coreShareTable(report, ours);
        report.append('\n');
        memoryTable(report, memory);
        System.out.print(report);
    }

    private static void throughputTable(StringBuilder out, Map<Workload, Integer> sizes, Map<Workload, JmhResult> ours,
            Map<Workload, Measured> xterm, Function<Measured, Throughput> figure) {
        out.append("| workload | size | ptyctl vt MiB/s | xterm.js write() awaited MiB/s | ratio (worst–best) | target |\n");
        out.append("| --- | --- | --- | --- | --- | --- |\n");
        for (Workload w : ours.keySet()) {
            Throughput a = figure.apply(ours.get(w).throughput());
            Throughput b = xterm.containsKey(w) ? figure.apply(xterm.get(w)) : null;
            out.append(String.format(Locale.ROOT, "| %s | %.1f MiB | %s | %s | %s | %s |%n", w.name(),
                    sizes.get(w) / MIB, a.format(), b == null ? "n/a" : b.format(), a.ratioTo(b), verdict(w, a, b)));
        }
    }

    private static String verdict(Workload w, Throughput ours, Throughput xterm) {
        List<String> misses = new ArrayList<>();
        if (xterm != null && ours.mean() / xterm.mean() < TARGET_RATIO) {
            misses.add(String.format(Locale.ROOT, "< %.0f×", TARGET_RATIO));
        }
        if (w == Workload.ASCII && ours.mean() < TARGET_ASCII_MIBPS) {
            misses.add(String.format(Locale.ROOT, "< %.0f MiB/s", TARGET_ASCII_MIBPS));
        }
        if (xterm == null) {
            misses.add("ratio not measured");
        }
        return misses.isEmpty() ? "met" : "**missed**: " + String.join(", ", misses);
    }

    private static void contextTable(StringBuilder out, Map<Workload, JmhResult> ours, Map<Workload, Measured> sync) {
        out.append("| workload | xterm.js writeSync (parse only) MiB/s, wall | ratio | same, per CPU-second | ratio "
                + "| ptyctl allocation per MiB fed |\n");
        out.append("| --- | --- | --- | --- | --- | --- |\n");
        for (Workload w : ours.keySet()) {
            JmhResult a = ours.get(w);
            Measured b = sync.get(w);
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", w.name(),
                    b == null ? "n/a" : b.wall().format(), a.throughput().wall().ratioTo(b == null ? null : b.wall()),
                    b == null ? "n/a" : b.cpu().format(), a.throughput().cpu().ratioTo(b == null ? null : b.cpu()),
                    Double.isNaN(a.allocatedBytesPerMib()) ? "n/a"
                            : String.format(Locale.ROOT, "%.0f B", a.allocatedBytesPerMib())));
        }
    }

    /**
     * Each measured iteration's speed beside the core share it had: on a host whose cores are shared with other
     * tenants' hyperthreads an iteration at a lower share is slower whatever the code (docs/benchmarks.md, "Tenth
     * session"), so a spread between iterations is read against this column before it is blamed on the JIT.
     */
    private static void coreShareTable(StringBuilder out, Map<Workload, JmhResult> ours) {
        out.append("Core share per iteration (a lower probe: the core's sibling hyperthread was busy, every workload "
                + "slower; compare iterations at the same share):\n\n");
        out.append("| workload | ptyctl MiB per CPU-second @ core share (CoreShare probe, steps/ns), each measured "
                + "iteration |\n");
        out.append("| --- | --- |\n");
        for (Workload w : ours.keySet()) {
            List<String> cells = ours.get(w).iterations().stream().map(i -> String.format(Locale.ROOT, "%.1f @ %.3f",
                    i.cpuMibPerSecond(), i.coreShare())).toList();
            out.append(String.format(Locale.ROOT, "| %s | %s |%n", w.name(), String.join(", ", cells)));
        }
    }

    private static void memoryTable(StringBuilder out, Map<String, Long> memory) {
        out.append(String.format(Locale.ROOT, "| %d×%d terminal, %d lines of full scrollback | retained heap | target |%n",
                ScrollbackMemory.COLS, ScrollbackMemory.ROWS, ScrollbackMemory.SCROLLBACK_LINES));
        out.append("| --- | --- | --- |\n");
        memory.forEach((kind, bytes) -> out.append(String.format(Locale.ROOT, "| %s lines | %.2f MiB | %s |%n", kind,
                bytes / MIB, bytes / MIB < TARGET_SCROLLBACK_MIB ? "met" : "**missed**: ≥ 16 MiB")));
    }

    private static JmhResult runJmh(Workload workload, int size) throws Exception {
        Options options = new OptionsBuilder().include(EmulatorBenchmark.class.getName() + ".")
                .param("workload", workload.name()).addProfiler(GCProfiler.class).build();
        double mib = size / MIB;
        List<Double> wall = new ArrayList<>();
        List<Iteration> iterations = new ArrayList<>();
        double allocated = Double.NaN;
        for (RunResult run : new Runner(options).run()) {
            run.getBenchmarkResults().forEach(br -> br.getIterationResults().forEach(ir -> {
                wall.add(mib / (ir.getPrimaryResult().getScore() / 1000.0));
                iterations.add(new Iteration(cpuThroughput(ir), coreShare(ir)));
            }));
            allocated = allocatedPerMib(run, mib);
        }
        return new JmhResult(new Measured(Throughput.of(wall),
                Throughput.of(iterations.stream().map(Iteration::cpuMibPerSecond).toList())), allocated, iterations);
    }

    /** {@link CoreShare}'s steps per nanosecond in one iteration, from {@link EmulatorBenchmark.CpuTime}. */
    private static double coreShare(IterationResult iteration) {
        Map<String, Result> counters = iteration.getSecondaryResults();
        return counters.get("probeSteps").getScore() / counters.get("probeNanos").getScore();
    }

    /** MiB per CPU-second of one iteration, from {@link EmulatorBenchmark.CpuTime}'s counters. */
    private static double cpuThroughput(IterationResult iteration) {
        Map<String, Result> counters = iteration.getSecondaryResults();
        double bytes = counters.get("bytesFed").getScore();
        double nanos = counters.get("cpuNanos").getScore();
        return bytes / MIB / (nanos / 1e9);
    }

    /** JMH's {@code gc.alloc.rate.norm} (bytes per operation) divided by the MiB one operation feeds. */
    private static double allocatedPerMib(RunResult run, double mibPerOperation) {
        for (Map.Entry<String, Result> e : run.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return e.getValue().getScore() / mibPerOperation;
            }
        }
        return Double.NaN;
    }

    /**
     * Runs {@code node bench/xterm/bench.mjs FILE MODE ...} for one workload in a fresh node process, with the JMH
     * iteration settings. Missing node or script: reported on stderr, empty result (the tables show n/a).
     */
    private static Optional<Measured> runXterm(Path work, Workload workload, String mode)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(XTERM_SCRIPT)) {
            System.err.println("bench: " + XTERM_SCRIPT + " not found (run from the repository root); xterm.js skipped");
            return Optional.empty();
        }
        System.err.printf(Locale.ROOT, "bench: xterm.js %s, %s...%n", mode, workload);
        List<String> command = List.of("node", XTERM_SCRIPT.toString(),
                work.resolve(workload.name() + ".bin").toString(), mode,
                Integer.toString(EmulatorBenchmark.WARMUP_ITERATIONS),
                Integer.toString(EmulatorBenchmark.MEASUREMENT_ITERATIONS),
                Integer.toString(EmulatorBenchmark.ITERATION_SECONDS));
        String out = run(command);
        // "MODE wall r1 r2 ... cpu c1 c2 ..."
        List<String> fields = out == null ? List.of() : Arrays.asList(out.strip().split(" "));
        int cpuAt = fields.indexOf("cpu");
        if (fields.size() < 4 || !fields.get(0).equals(mode) || !fields.get(1).equals("wall") || cpuAt < 3) {
            System.err.println("bench: xterm.js run failed (did `npm ci --prefix bench/xterm` run?)");
            return Optional.empty();
        }
        return Optional.of(new Measured(rates(fields.subList(2, cpuAt)), rates(fields.subList(cpuAt + 1, fields.size()))));
    }

    private static Throughput rates(List<String> values) {
        return Throughput.of(values.stream().map(Double::valueOf).toList());
    }

    /** Runs {@link ScrollbackMemory} in a JVM of its own with the serial collector (exact live size after GC). */
    private static Map<String, Long> runScrollbackMemory() throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        String out = run(List.of(java, "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                ScrollbackMemory.class.getName()));
        Map<String, Long> result = new LinkedHashMap<>();
        if (out != null) {
            out.lines().map(l -> l.split(" ")).filter(f -> f.length == 2)
                    .forEach(f -> result.put(f[0], Long.parseLong(f[1])));
        }
        return result;
    }

    /** Runs a command with stderr passed through; its stdout, or null when it failed. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.waitFor() == 0 ? out : null;
    }

    private static String nodeVersion() {
        try {
            String out = run(List.of("node", "--version"));
            return out == null ? "n/a" : out.strip();
        } catch (IOException e) {
            return "n/a";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "n/a";
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "n/a";
        }
    }
}
