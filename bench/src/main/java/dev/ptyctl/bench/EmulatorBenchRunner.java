package dev.ptyctl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs {@link EmulatorBenchmark} and the xterm.js headless script on the same workload files in one run, then prints
 * a Markdown table of MiB/s (mean and min–max over measurement iterations) and the ratio per workload.
 *
 * <p>Usage: {@code java -jar bench/target/bench.jar [workDir]}; {@code bench/run} builds everything and calls it.
 */
public final class EmulatorBenchRunner {
    private static final double MIB = 1024.0 * 1024.0;

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
    }

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args.length > 0 ? args[0] : "bench/target/workloads");
        Files.createDirectories(work);
        Map<Workload, Integer> sizes = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            byte[] bytes = w.bytes();
            sizes.put(w, bytes.length);
            Files.write(work.resolve(w.name() + ".bin"), bytes);
        }

        Map<Workload, Throughput> ours = runJmh(sizes);
        Map<Workload, Throughput> xterm = runXterm(work);

        StringBuilder table = new StringBuilder();
        table.append("| workload | size | ptyctl vt MiB/s | xterm.js headless MiB/s | ratio |\n");
        table.append("| --- | --- | --- | --- | --- |\n");
        for (Workload w : Workload.values()) {
            Throughput a = ours.get(w);
            Throughput b = xterm.get(w);
            table.append(String.format(Locale.ROOT, "| %s | %.1f MiB | %s | %s | %.1f× |%n", w.name(),
                    sizes.get(w) / MIB, a.format(), b == null ? "n/a" : b.format(),
                    b == null ? Double.NaN : a.mean() / b.mean()));
        }
        System.out.println();
        System.out.print(table);
    }

    private static Map<Workload, Throughput> runJmh(Map<Workload, Integer> sizes) throws Exception {
        Options options = new OptionsBuilder().include(EmulatorBenchmark.class.getSimpleName())
                .jvmArgsAppend("-Xms512m", "-Xmx512m").build();
        Map<Workload, Throughput> result = new EnumMap<>(Workload.class);
        for (RunResult run : new Runner(options).run()) {
            Workload w = Workload.valueOf(run.getParams().getParam("workload"));
            double mib = sizes.get(w) / MIB;
            List<Double> perIteration = new ArrayList<>();
            run.getBenchmarkResults().forEach(br -> br.getIterationResults().forEach(
                    ir -> perIteration.add(mib / (ir.getPrimaryResult().getScore() / 1000.0))));
            Statistics stats = run.getPrimaryResult().getStatistics();
            if (perIteration.isEmpty()) {
                perIteration.add(mib / (stats.getMean() / 1000.0));
            }
            result.put(w, Throughput.of(perIteration));
        }
        return result;
    }

    /** Runs {@code node bench/xterm/bench.mjs DIR}, which prints one line per workload: {@code NAME mibps mibps ...}. */
    private static Map<Workload, Throughput> runXterm(Path work) throws IOException, InterruptedException {
        Path script = Path.of("bench/xterm/bench.mjs");
        Map<Workload, Throughput> result = new EnumMap<>(Workload.class);
        if (!Files.isRegularFile(script)) {
            System.err.println("bench: " + script + " not found (run from the repository root); xterm.js skipped");
            return result;
        }
        Process node = new ProcessBuilder("node", script.toString(), work.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (node.waitFor() != 0) {
            System.err.println("bench: xterm.js run failed (did `npm ci --prefix bench/xterm` run?)");
            return result;
        }
        Pattern line = Pattern.compile("^(\\w+)((?: [0-9.]+)+)$", Pattern.MULTILINE);
        Matcher m = line.matcher(out);
        while (m.find()) {
            List<Double> values = new ArrayList<>();
            for (String v : m.group(2).trim().split(" ")) {
                values.add(Double.parseDouble(v));
            }
            result.put(Workload.valueOf(m.group(1)), Throughput.of(values));
        }
        return result;
    }
}
