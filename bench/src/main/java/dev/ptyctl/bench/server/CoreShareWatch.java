package dev.ptyctl.bench.server;

import dev.ptyctl.bench.CoreShare;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
    /** A probe on one CPU and its readings, each {arrival millis, steps per ns}. */
    private record Probe(int cpu, Process process, List<double[]> readings) {
    }

    private final List<Probe> probes = new ArrayList<>();
    /** Counted down at each probe's first reading (or its end): the rounds begin once the probes have started up. */
    private CountDownLatch firstReadings;

    private CoreShareWatch() {
    }

    /** Starts a probe on each CPU; a watch with no probes when they cannot run here. */
    static CoreShareWatch start() {
        CoreShareWatch watch = new CoreShareWatch();
        String java = ProcessHandle.current().info().command().orElse("java");
        int cpus = Runtime.getRuntime().availableProcessors();
        for (int cpu = 0; cpu < cpus; cpu++) {
            try {
                Process p = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), java, "-cp",
                        System.getProperty("java.class.path"), CoreShare.class.getName(), PROBE_SECONDS,
                        Integer.toString(INTERVAL_MILLIS)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                watch.probes.add(new Probe(cpu, p, new ArrayList<>()));
            } catch (IOException e) {
                System.err.println("server-run: no core-share probe on CPU " + cpu + " (" + e.getMessage() + ")");
            }
        }
        watch.firstReadings = new CountDownLatch(watch.probes.size());
        for (Probe probe : watch.probes) {
            Thread reader = new Thread(() -> watch.read(probe), "core-share-" + probe.cpu());
            reader.setDaemon(true);
            reader.start();
        }
        return watch;
    }

    private void read(Probe probe) {
        boolean first = true;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(probe.process().getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split(" ");
                if (f.length >= 4) {
                    double share = Double.parseDouble(f[3]);
                    synchronized (probe.readings()) {
                        probe.readings().add(new double[] {System.currentTimeMillis(), share});
                    }
                    if (first) {
                        first = false;
                        firstReadings.countDown();
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // a probe that stops talking leaves its CPU with fewer readings; the report says how many it has
        } finally {
            if (first) {
                firstReadings.countDown(); // a probe that never read does not hold up the rounds
            }
        }
    }

    /**
     * Waits until every probe has given its first reading (its JVM started, its loop compiled), at most {@code limit},
     * and says on stderr which CPUs' probes had not by then.
     */
    void awaitFirstReadings(Duration limit) throws InterruptedException {
        if (!firstReadings.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            List<String> silent = new ArrayList<>();
            for (Probe probe : probes) {
                synchronized (probe.readings()) {
                    if (probe.readings().isEmpty()) {
                        silent.add(Integer.toString(probe.cpu()));
                    }
                }
            }
            if (!silent.isEmpty()) { // one may have read since the wait ended
                System.err.println("server-run: no core-share reading within " + limit.toSeconds() + " s from the probe"
                        + " on CPU " + String.join(", ", silent) + " (the rounds start anyway)");
            }
        }
    }

    /** Whether any probe runs. */
    boolean running() {
        return !probes.isEmpty();
    }

    /** The CPUs that have a probe, in the order of {@link #during}'s answer. */
    List<Integer> cpus() {
        return probes.stream().map(Probe::cpu).toList();
    }

    /**
     * The readings of each CPU that arrived within any of the windows (each {start, end} in epoch millis), per CPU:
     * "median (min–max), n". A window is widened by one interval so that a run shorter than it still gets a reading
     * (a reading is the probe's last 2 ms; the share changes over seconds).
     */
    List<String> during(List<long[]> windows) {
        List<String> perCpu = new ArrayList<>();
        for (Probe probe : probes) {
            Samples s = new Samples();
            synchronized (probe.readings()) {
                for (double[] r : probe.readings()) {
                    for (long[] w : windows) {
                        if (r[0] >= w[0] && r[0] <= w[1] + INTERVAL_MILLIS) {
                            s.add(r[1]);
                            break;
                        }
                    }
                }
            }
            perCpu.add(s.isEmpty() ? "–" : s.medianRange(3) + ", " + s.count());
        }
        return perCpu;
    }

    /** Stops the probes and waits for them, so none runs on into the bench's other parts. */
    @Override
    public void close() {
        for (Probe probe : probes) {
            probe.process().destroy();
        }
        for (Probe probe : probes) {
            try {
                if (!probe.process().waitFor(5, TimeUnit.SECONDS)) {
                    probe.process().destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                probe.process().destroyForcibly();
            }
        }
    }
}
