package dev.ptyctl.bench.server;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load on one {@code ptyctl server} process: many terminals, some of them streaming {@code cat} of a file at once,
 * a WebSocket client on every one, and a probe terminal whose keystroke echo is timed meanwhile. Reports the
 * server's memory and threads per terminal and per client, the fairness between streaming terminals (each one's
 * throughput against the median), the probe's echo percentiles, REST create times idle and under the load, and
 * whether creating many terminals at once makes any fail.
 *
 * <pre>
 * bench/load-run [--terminals 1000] [--streaming 100] [--mib 4] [--echo-samples 2000] [--parallel 200]
 * </pre>
 */
public final class LoadBenchRunner {
    private LoadBenchRunner() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int terminals = Integer.parseInt(options.getOrDefault("terminals", "1000"));
        int streaming = Integer.parseInt(options.getOrDefault("streaming", "100"));
        int mib = Integer.parseInt(options.getOrDefault("mib", "4"));
        int echoSamples = Integer.parseInt(options.getOrDefault("echo-samples", "2000"));
        int parallel = Integer.parseInt(options.getOrDefault("parallel", "200"));
        List<String> command = List.of(options.getOrDefault("server", "./ptyctl server").split(" "));
        Path file = streamFile(mib);
        StringBuilder report = new StringBuilder();
        report.append(String.format("Load: %d terminals, %d streaming `cat` of %d MiB each, a WebSocket client on "
                + "every terminal, a probe terminal for echo; %d parallel creates.%n%n", terminals, streaming, mib,
                parallel));
        try (PtyctlServerProcess server = PtyctlServerProcess.start(command, terminals + parallel + 10,
                Path.of("bench/target/load-server.log"))) {
            measure(server, terminals, streaming, file, echoSamples, parallel, report);
        }
        System.out.println(report);
        Files.writeString(Path.of("bench/target/load-report.md"), report);
    }

    private static void measure(PtyctlServerProcess server, int terminals, int streaming, Path file, int echoSamples,
                                int parallel, StringBuilder report) throws Exception {
        // Idle create time first, on an empty server: the 5.6 ms of the issue was taken so.
        Samples idleCreates = new Samples();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 50; i++) { // warm-up: the create path compiled
            String id = server.create("warm-" + i, "/bin/cat", List.of(), 100, 30).terminalId();
            server.delete(id);
        }
        Thread.sleep(1000); // the warm-up terminals' teardown
        long heap0 = server.usedHeapAfterGc();
        long rss0 = server.status("VmRSS");
        long threads0 = server.status("Threads");
        String gate = "stty -echo; printf R; read _; exec cat " + file.toAbsolutePath();
        for (int i = 0; i < terminals; i++) {
            long start = System.nanoTime();
            String id = i < streaming
                    ? server.create("stream-" + i, "/bin/sh", List.of("-c", gate), 120, 40).terminalId()
                    : server.create("idle-" + i, "/bin/cat", List.of(), 100, 30).terminalId();
            if (i >= streaming && i < streaming + 100) {
                idleCreates.add(System.nanoTime() - start); // the first 100 plain creates
            }
            ids.add(id);
        }
        // Past the 30 s after which an idle terminal's reader and screen threads hand over (README): the figures are
        // those of terminals left idle, as most of a thousand are.
        Thread.sleep(35_000);
        long heap1 = server.usedHeapAfterGc();
        long rss1 = server.status("VmRSS");
        long threads1 = server.status("Threads");

        List<CountingClient> clients = new ArrayList<>(terminals);
        for (String id : ids) {
            clients.add(CountingClient.connect(server, id));
        }
        Thread.sleep(35_000); // idle clients' senders hand their platform threads over after 30 s
        long heap2 = server.usedHeapAfterGc();
        long rss2 = server.status("VmRSS");
        long threads2 = server.status("Threads");

        for (int i = 0; i < streaming; i++) {
            clients.get(i).firstOutput().get(60, TimeUnit.SECONDS); // the "R": past stty
        }
        // The probe: cat on a raw terminal without echo, so each byte typed comes back once, as output.
        String probeId = server.create("probe", "/bin/sh", List.of("-c", EchoLatency.ECHO_PROGRAM), 120, 40)
                .terminalId();
        CountingClient probeClient = CountingClient.connect(server, probeId);
        if (!probeClient.awaitBytes(1, 60_000)) {
            throw new IllegalStateException("the probe terminal never printed its ready mark");
        }
        echo(probeClient, 200); // warm-up, before the streams
        // The probe runs while the streams flow; a sampler keeps the server's peaks.
        AtomicLong peakRss = new AtomicLong();
        AtomicLong peakThreads = new AtomicLong();
        CompletableFuture<Void> stop = new CompletableFuture<>();
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (!stop.isDone()) {
                try {
                    peakRss.accumulateAndGet(server.status("VmRSS"), Math::max);
                    peakThreads.accumulateAndGet(server.status("Threads"), Math::max);
                    Thread.sleep(100);
                } catch (Exception e) {
                    return;
                }
            }
        });
        long cpu0 = server.cpuTicks();
        long[] goAt = new long[streaming];
        for (int i = 0; i < streaming; i++) {
            goAt[i] = System.nanoTime();
            clients.get(i).input(1, "\n");
        }
        CompletableFuture<Samples> probe = CompletableFuture.supplyAsync(() -> {
            try {
                return echo(probeClient, echoSamples);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Samples loadedCreates = new Samples();
        int loadedFailures = 0;
        for (int i = 0; i < 20; i++) { // creates while the streams flow
            long start = System.nanoTime();
            try {
                String id = server.create("under-load-" + i, "/bin/cat", List.of(), 100, 30).terminalId();
                loadedCreates.add(System.nanoTime() - start);
                server.delete(id);
            } catch (java.io.IOException e) { // a timeout (30 s) is a figure too
                loadedFailures++;
                report.append("create under load failed: ").append(e).append('\n');
            }
        }
        Samples rates = new Samples();
        long expected = Files.size(file) + Files.lines(file).count() + 1; // LF became CR LF; the "R"
        long resets = 0;
        int short_ = 0;
        for (int i = 0; i < streaming; i++) {
            long end = clients.get(i).exit().get(30, TimeUnit.MINUTES);
            rates.add(clients.get(i).bytes() / 1048576.0 / ((end - goAt[i]) / 1e9));
            resets += clients.get(i).resets();
            short_ += clients.get(i).bytes() == expected ? 0 : 1;
        }
        long cpu1 = server.cpuTicks();
        Samples echo = probe.get(30, TimeUnit.MINUTES);
        stop.complete(null);
        sampler.join();

        // Many creates at once, on the loaded server (its streams done, its terminals and clients still there).
        Samples parallelCreates = new Samples();
        int failed = 0;
        List<String> parallelIds = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(parallel)) {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < parallel; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    long start = System.nanoTime();
                    String id = server.create("parallel-" + n, "/bin/cat", List.of(), 100, 30).terminalId();
                    synchronized (parallelCreates) {
                        parallelCreates.add(System.nanoTime() - start);
                    }
                    return id;
                }));
            }
            for (Future<String> result : results) {
                try {
                    parallelIds.add(result.get());
                } catch (Exception e) {
                    failed++;
                    report.append("parallel create failed: ").append(e.getCause()).append('\n');
                }
            }
        }
        for (CountingClient client : clients) {
            client.abort();
        }

        double median = rates.median();
        long within3x = rates.countBetween(median / 3, median * 3);
        report.append("| figure | value |\n| --- | --- |\n");
        row(report, "server heap after GC: empty → terminals → clients attached", "%.1f → %.1f → %.1f MiB",
                heap0 / 1048576.0, heap1 / 1048576.0, heap2 / 1048576.0);
        row(report, "per terminal (heap, resident, threads)", "%.1f KiB, %.1f KiB, %.3f",
                (heap1 - heap0) / 1024.0 / terminals, (rss1 - rss0) / (double) terminals,
                (threads1 - threads0) / (double) terminals);
        row(report, "per idle client attached (heap, resident, threads)", "%.1f KiB, %.1f KiB, %.3f",
                (heap2 - heap1) / 1024.0 / terminals, (rss2 - rss1) / (double) terminals,
                (threads2 - threads1) / (double) terminals);
        row(report, "server resident / threads: idle with clients → peak while streaming", "%d → %d MiB, %d → %d",
                rss2 / 1024, peakRss.get() / 1024, threads2, peakThreads.get());
        row(report, "streaming throughput per terminal, MiB/s: min / median / max", "%.2f / %.2f / %.2f",
                rates.min(), median, rates.max());
        row(report, "fairness: streaming terminals within 3× of the median", "%d of %d (max/median %.2f, "
                + "median/min %.2f)", within3x, streaming, rates.max() / median, median / rates.min());
        row(report, "streams complete and exact in length; reset frames", "%d of %d; %d", streaming - short_,
                streaming, resets);
        row(report, "server CPU while streaming", "%.1f s for %d MiB (%.1f ms per MiB)", (cpu1 - cpu0) / 100.0,
                streaming * (expected >> 20), (cpu1 - cpu0) * 10.0 / (streaming * (expected / 1048576.0)));
        row(report, "probe echo while streaming (WebSocket), ms: p50 / p99 / max", "%.2f / %.2f / %.2f",
                echo.percentile(50) / 1e6, echo.percentile(99) / 1e6, echo.max() / 1e6);
        row(report, "REST create, ms p50 (p90): idle server / during the streams (failed of 20)",
                "%.1f (%.1f) / %.1f (%.1f) (%d)", idleCreates.median() / 1e6, idleCreates.percentile(90) / 1e6,
                loadedCreates.isEmpty() ? Double.NaN : loadedCreates.median() / 1e6,
                loadedCreates.isEmpty() ? Double.NaN : loadedCreates.percentile(90) / 1e6, loadedFailures);
        row(report, parallel + " creates at once on the loaded server: failed; ms p50 / max", "%d; %.0f / %.0f",
                failed, parallelCreates.median() / 1e6, parallelCreates.max() / 1e6);
    }

    /**
     * Echo samples on the probe: a byte typed, the time until the output byte count has grown by one. Counting
     * bytes, not frames, keeps each sample to its own echo whatever frames the server sends.
     */
    private static Samples echo(CountingClient probe, int samples) throws Exception {
        Samples result = new Samples();
        for (int i = 0; i < samples; i++) {
            long before = probe.bytes();
            long start = System.nanoTime();
            probe.input(probeSeq++, "x");
            if (!probe.awaitBytes(before + 1, 60_000)) {
                throw new IllegalStateException("no echo within 60 s (sample " + i + ")");
            }
            result.add(System.nanoTime() - start);
        }
        return result;
    }

    /** The probe client's next clientSeq (the warm-up and the measured samples share one client). */
    private static long probeSeq = 1;

    private static void row(StringBuilder report, String figure, String format, Object... values) {
        report.append("| ").append(figure).append(" | ").append(String.format(format, values)).append(" |\n");
    }

    /** Seeded base64 lines, the same every run. */
    private static Path streamFile(int mib) throws Exception {
        Path file = Path.of("bench/target/load-stream-" + mib + ".txt");
        if (Files.exists(file)) {
            return file;
        }
        Random random = new Random(22);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] raw = new byte[57];
        while (out.size() < mib << 20) {
            random.nextBytes(raw);
            out.writeBytes(Base64.getEncoder().encode(raw));
            out.write('\n');
        }
        Files.createDirectories(file.getParent());
        Files.write(file, out.toByteArray());
        return file;
    }
}
