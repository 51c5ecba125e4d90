package dev.ptyctl.bench.server;

import dev.ptyctl.bench.CoreShare;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link CoreShare}'s probe on every CPU while the measured rounds run: one small JVM per CPU, pinned with
 * {@code taskset}, printing the probe every {@value #INTERVAL_MILLIS} ms; each reading is kept with the time it
 * arrived. The server's CPU per MiB falls and rises with the share its cores have (the screen thread's on TUI 12.9 ms
 * per MiB at a share of 0.20, 7.5 at 0.29; docs/benchmarks.md, "Tenth session"), so the report gives the share during
 * the server's runs beside its figures. Without {@code taskset} (or when a probe cannot start) it reports nothing.
 */
final class CoreShareWatch implements AutoCloseable {
    /** Probe interval: about 1 % of each CPU. */
    static final int INTERVAL_MILLIS = 250;
    /**
     * How long a probe runs at most, should this JVM die without {@link #close}: the probe also ends at its first
     * write after the pipe closed.
     */
    private static final String PROBE_SECONDS = "7200";
    private final List<Process> probes = new ArrayList<>();
    /** Per CPU, the readings as {arrival millis, steps per ns}. */
    private final List<List<double[]>> readings = new ArrayList<>();

    private CoreShareWatch() {
    }

    /** Starts a probe on each CPU; a watch with no probes when they cannot run here. */
    static CoreShareWatch start() {
        CoreShareWatch watch = new CoreShareWatch();
        String java = ProcessHandle.current().info().command().orElse("java");
        int cpus = Runtime.getRuntime().availableProcessors();
        for (int cpu = 0; cpu < cpus; cpu++) {
            List<double[]> mine = new ArrayList<>();
            try {
                Process p = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), java, "-cp",
                        System.getProperty("java.class.path"), CoreShare.class.getName(), PROBE_SECONDS,
                        Integer.toString(INTERVAL_MILLIS)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                watch.probes.add(p);
                watch.readings.add(mine);
                Thread reader = new Thread(() -> read(p, mine), "core-share-" + cpu);
                reader.setDaemon(true);
                reader.start();
            } catch (IOException e) {
                System.err.println("server-run: no core-share probe on CPU " + cpu + " (" + e.getMessage() + ")");
            }
        }
        return watch;
    }

    private static void read(Process p, List<double[]> into) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split(" ");
                if (f.length >= 4) {
                    double share = Double.parseDouble(f[3]);
                    synchronized (into) {
                        into.add(new double[] {System.currentTimeMillis(), share});
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // a probe that stops talking leaves its CPU with fewer readings; the report says how many it has
        }
    }

    /** Whether any probe runs. */
    boolean running() {
        return !probes.isEmpty();
    }

    /**
     * The readings of each CPU that arrived within any of the windows (each {start, end} in epoch millis, widened by
     * one interval, since a reading stands for the {@value #INTERVAL_MILLIS} ms before it), per CPU: "median
     * (min–max), n".
     */
    List<String> during(List<long[]> windows) {
        List<String> perCpu = new ArrayList<>();
        for (List<double[]> cpu : readings) {
            Samples s = new Samples();
            synchronized (cpu) {
                for (double[] r : cpu) {
                    for (long[] w : windows) {
                        if (r[0] >= w[0] && r[0] <= w[1] + INTERVAL_MILLIS) {
                            s.add(r[1]);
                            break;
                        }
                    }
                }
            }
            perCpu.add(s.isEmpty() ? "–" : String.format(Locale.ROOT, "%.3f (%.3f–%.3f), %d", s.median(), s.min(),
                    s.max(), s.count()));
        }
        return perCpu;
    }

    @Override
    public void close() {
        probes.forEach(Process::destroy);
    }
}
