package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Soak: a {@code ptyctl server} process, started as a user starts it, under random churn from several clients at once
 * ({@link Churn}: terminals created and ended, WebSocket clients that detach cleanly, drop the connection or stop
 * reading, JSON-RPC waits abandoned, REST reads, event streams, MCP sessions). Every step checks its own results on
 * the way; afterwards the server's descriptors and threads must be back to what they were after the warm-up, with no
 * hosted process and no zombie left. Counts, not times: the server is read from {@code /proc} until its counts
 * settle (a bounded number of reads), then compared.
 *
 * <p>In every build it churns for 20 s (under a minute with the start and the warm-up). {@code bench/soak-run} runs it for as long as asked
 * ({@code -Dfault.soak.seconds}), sampling the server every {@code -Dfault.soak.sampleSeconds} (with a full
 * collection for the heap figure) into {@code target/soak-report.md}; docs/benchmarks.md ("Soak") has its figures.
 */
class SoakFaultTest {
    /** Short, so that the shells of abandoned MCP sessions end within the churn and the settling after it. */
    private static final int MCP_IDLE_MILLIS = 2000;

    @Test
    void churnLeavesNoDescriptorThreadOrProcessBehind() throws Exception {
        long seconds = Long.getLong("fault.soak.seconds", 20);
        int workers = Integer.getInteger("fault.soak.workers", 2);
        long sampleEvery = Long.getLong("fault.soak.sampleSeconds", Math.max(10, seconds / 6));
        List<String> rows = new ArrayList<>();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        try (FaultServer server = FaultServer.startProcess(Map.of("PTYCTL_MCP_SESSION_IDLE_MILLIS",
                String.valueOf(MCP_IDLE_MILLIS)))) {
            long pid = server.pid();
            List<Churn> churns = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                churns.add(new Churn(server, Fault.random("soak-" + i), "soak" + i));
            }
            // Every step once: pools, classes and threads made once exist before the base.
            join(inParallel(churns, churn -> {
                for (Churn.Step step : Churn.Step.values()) {
                    churn.run(step);
                }
            }, failures));
            assertThat(failures).as("failed warm-up steps; what the server logged of errors: %s", errors(server))
                    .isEmpty();
            deleteAll(server);
            settle(pid, c -> c.descendants() == 0 && c.zombies() == 0);
            ServerCensus base = ServerCensus.withHeap(pid);
            rows.add(base.row("start (after warm-up)", terminals(server)));

            long start = System.nanoTime();
            long deadline = start + Duration.ofSeconds(seconds).toNanos();
            List<Thread> threads = inParallel(churns, churn -> {
                while (System.nanoTime() < deadline && failures.size() < 10) {
                    try {
                        churn.step();
                    } catch (Exception | AssertionError e) {
                        failures.add(described(e));
                    }
                }
            }, failures);
            for (long next = start + Duration.ofSeconds(sampleEvery).toNanos(); next < deadline;
                 next += Duration.ofSeconds(sampleEvery).toNanos()) {
                Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000)); // a sampling period, not a wait
                rows.add(ServerCensus.withHeap(pid).row(Duration.ofNanos(System.nanoTime() - start).toSeconds()
                        + " s of churn", terminals(server)));
            }
            join(threads);
            // Processes end by themselves: each step ended its own, and abandoned MCP sessions end when idle.
            ServerCensus quiet = settle(pid, c -> c.descendants() == 0 && c.zombies() == 0);
            int left = deleteAll(server); // ended terminals kept for clients that never delete them
            ServerCensus end = settle(pid, c -> c.backTo(base));
            ServerCensus endHeap = ServerCensus.withHeap(pid);
            rows.add(endHeap.row("end (churn stopped, " + left + " terminals deleted)", terminals(server)));
            String steps = churns.stream().map(c -> c.done().toString()).toList().toString();
            rows.add("\nSlowest step of each kind, ms, per client: "
                    + churns.stream().map(c -> c.slowestMillis().toString()).toList());
            report(seconds, workers, steps, rows);

            assertThat(failures).as("failed steps; what the server logged of errors: %s", errors(server)).isEmpty();
            assertThat(end.zombies()).as("zombies").isZero();
            assertThat(quiet.descendants()).as("hosted processes left after the churn, before any delete").isZero();
            assertThat(end.descendants()).as("hosted processes left").isZero();
            assertThat(end.fds()).as("open descriptors, %s", rows).isLessThanOrEqualTo(base.fds());
            assertThat(end.threads()).as("threads, %s", rows).isLessThanOrEqualTo(base.threads());
            long outlived = stopWithLiveTerminals(server);
            assertThat(outlived).as("hosted processes alive after the server stopped").isZero();
            Fault.report("soak", seconds + " s of churn by " + workers + " clients (" + steps + ")",
                    "failures 0, zombies 0, hosted processes left 0, fds " + base.fds() + " → " + end.fds()
                            + ", threads " + base.threads() + " → " + end.threads() + "; stopped with 3 live "
                            + "terminals (each with a background job): processes left 0", "SoakFaultTest");
        }
    }

    /**
     * Starts three shells that each leave a background job, stops the server (SIGTERM) and returns how many of its
     * hosted processes are still alive once each has had {@link dev.ptyctl.testsupport.Bounds#HANG} to end.
     */
    private static long stopWithLiveTerminals(FaultServer server) throws Exception {
        for (int i = 0; i < 3; i++) {
            String id = server.createGated("stop-" + i, "sleep 1000 & echo started; wait");
            try (var socket = server.attach(id, "protocol=2&lastOutputSeq=0", 0)) {
                socket.sendText(FaultServer.GO);
                Churn.awaitText(socket, "started");
            }
        }
        List<ProcessHandle> hosted = ProcessHandle.of(server.pid()).orElseThrow().descendants().toList();
        assertThat(hosted).as("the shells and their jobs").hasSizeGreaterThanOrEqualTo(6);
        server.close();
        for (ProcessHandle process : hosted) {
            process.onExit().completeOnTimeout(null, dev.ptyctl.testsupport.Bounds.HANG.toSeconds(),
                    java.util.concurrent.TimeUnit.SECONDS).join();
        }
        return hosted.stream().filter(ProcessHandle::isAlive).count();
    }

    /**
     * The server's log lines that tell of an error (an ERROR or WARNING record, an exception and its stack), for a
     * failure's message: CI saw a WebSocket upgrade answered 500 once, and the server's log, read only in memory, went
     * with the test.
     */
    private static List<String> errors(FaultServer server) {
        return server.printed().stream().filter(line -> line.contains("ERROR") || line.contains("SEVERE")
                || line.contains("WARNING") || line.contains("Exception") || line.startsWith("\tat ")
                || line.startsWith("Caused by")).limit(200).toList();
    }

    /** What one churning client does on its own thread. */
    private interface Work {
        void run(Churn churn) throws Exception;
    }

    /** Starts {@code work} for each churn on a thread of its own; what it throws is added to {@code failures}. */
    private static List<Thread> inParallel(List<Churn> churns, Work work, List<String> failures) {
        return churns.stream().map(churn -> Thread.ofPlatform().name("churn").start(() -> {
            try {
                work.run(churn);
            } catch (Exception | AssertionError e) {
                failures.add(described(e));
            }
        })).toList();
    }

    /** What failed and in which of the churn's methods: a read timeout alone does not say which step waited. */
    private static String described(Throwable e) {
        return e + java.util.Arrays.stream(e.getStackTrace()).filter(f -> f.getClassName().equals(Churn.class.getName()))
                .map(f -> " at " + f.getMethodName() + ":" + f.getLineNumber()).reduce("", String::concat);
    }

    private static void join(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /**
     * Reads the server's counts until {@code settled} holds, at most 120 times 0.5 s apart: ended programs are reaped,
     * closed connections' threads end, by themselves. Returns the last reading.
     */
    private static ServerCensus settle(long pid, Predicate<ServerCensus> settled) throws InterruptedException {
        ServerCensus census = ServerCensus.counts(pid);
        for (int i = 0; i < 120 && !settled.test(census); i++) {
            Thread.sleep(500); // bounded polling of counts the server changes by itself; the result is asserted
            census = ServerCensus.counts(pid);
        }
        return census;
    }

    /** Deletes every terminal the server lists; returns how many there were. */
    private static int deleteAll(FaultServer server) {
        List<String> ids = server.get("/v1/terminals").json().getJsonArray("terminals").stream()
                .map(JsonValue::asJsonObject).map(t -> t.getString("terminalId")).toList();
        ids.forEach(id -> server.delete("/v1/terminals/" + id));
        return ids.size();
    }

    private static int terminals(FaultServer server) {
        return server.get("/v1/terminals").json().getJsonArray("terminals").size();
    }

    private static void report(long seconds, int workers, String steps, List<String> rows) throws IOException {
        StringBuilder text = new StringBuilder("Soak: " + seconds + " s, " + workers + " clients; steps done " + steps
                + "\n\n" + ServerCensus.HEADER + "\n");
        rows.forEach(r -> text.append(r).append('\n'));
        System.out.print(text);
        Path file = Path.of(System.getProperty("fault.soak.report", "target/soak-report.md"));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
