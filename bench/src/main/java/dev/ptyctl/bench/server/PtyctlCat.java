package dev.ptyctl.bench.server;

import dev.ptyctl.bench.Workload;
import java.io.IOException;
import java.net.http.HttpClient;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code cat} through ptyctl server: PTY → emulator → output log → one protocol-2 WebSocket client that receives
 * every byte. Timed from the create request to the client holding every byte and the {@code exit} frame; the bytes
 * are checked (count and SHA-256) against what the PTY must deliver.
 *
 * <p>The terminal runs {@code sh -c 'stty -echo; printf G; read _; exec cat FILE...'} and the client starts cat by
 * sending Enter once it has the {@code G} (echo is off by then, so the Enter adds no output): the output log keeps
 * 2 MiB, and without this gate a client attaching a few milliseconds late would get a reset frame instead of the
 * first bytes. The gate's cost (a shell and {@code stty}) counts against ptyctl.
 */
final class PtyctlCat implements CatContender {
    /** The {@code G} the gate prints before cat runs. */
    private static final int GATE_MARK_BYTES = 1;
    private static final AtomicInteger RUNS = new AtomicInteger();
    /**
     * How often a run is tried when the client gets a reset frame. On a loaded machine the server's sender (or the
     * bench's client) can be kept off the cores long enough for the output log's 2 MiB to pass it, and the server
     * then rightly sends a reset instead of the missed bytes: such a run delivered less than the file and is not
     * recorded; the next attempt is. The report says how many runs were repeated.
     */
    private static final int RESET_ATTEMPTS = 6;
    private final PtyctlServerProcess server;
    private final HttpClient http;
    private final String name;
    private final Map<Workload, Samples> serverCpu = new EnumMap<>(Workload.class);
    private final Map<Workload, Samples> machineCpu = new EnumMap<>(Workload.class);
    private final Map<Workload, Samples> frameBytes = new EnumMap<>(Workload.class);
    private final Map<Workload, Map<String, Samples>> cpuParts = new EnumMap<>(Workload.class);
    private final Map<Workload, Map<String, Samples>> slices = new EnumMap<>(Workload.class);
    /**
     * The server's thread counts read after the last {@link #run}; null before the first, and after terminals that
     * were no measured run's.
     */
    private Map<String, Long> rolesAfterLastRun;
    /** CPU ms per MiB by the server's own counts of its ended threads, per measured run ({@link #run}). */
    private final Map<Workload, Map<String, Samples>> ownParts = new EnumMap<>(Workload.class);
    /** Runs made again because the client was sent a reset frame (see {@link #RESET_ATTEMPTS}). */
    private int resetRepeats;

    PtyctlCat(PtyctlServerProcess server, HttpClient http, String name) {
        this.server = server;
        this.http = http;
        this.name = name;
    }

    PtyctlServerProcess server() {
        return server;
    }

    /**
     * CPU milliseconds the server process spent per MiB of file bytes, per run (all its threads; exact with the C
     * drain, else /proc ticks of 10 ms: see {@link ProcessCpu}). Less sensitive to other processes' load
     * than the wall-clock rate.
     */
    Samples serverCpuMsPerMib(Workload workload) {
        return serverCpu.get(workload);
    }

    /** Mean output bytes per WebSocket frame, per run: how much each PTY read carried on to the client. */
    Samples frameBytes(Workload workload) {
        return frameBytes.get(workload);
    }

    /** Every CPU's busy time per MiB of file bytes during the measured runs (cat, the kernel, the client too). */
    Samples machineCpuMsPerMib(Workload workload) {
        return machineCpu.get(workload);
    }

    /** CPU milliseconds per MiB of file bytes of each {@link CpuBreakdown} part, per {@link #runWithBreakdown}. */
    Map<String, Samples> cpuPartsMsPerMib(Workload workload) {
        return cpuParts.get(workload);
    }

    /**
     * CPU milliseconds per MiB of file bytes of each part of the measured runs themselves, by the server's own
     * counts ({@code ptyctl_thread_cpu_nanoseconds_total}: each reader, screen and sender thread adds its CPU as it
     * ends; read before each run and after its terminal was deleted), and the rest of the server process (its
     * connections, JIT, collector, the terminal's creation and deletion) from the process clock over the same span.
     * Null when the server has no such counts. No watcher runs beside these runs.
     */
    Map<String, Samples> ownPartsMsPerMib(Workload workload) {
        return ownParts.get(workload);
    }

    /** Time slices per MiB of each {@link CpuBreakdown#SERVER_PARTS} part, per {@link #runWithBreakdown}. */
    Map<String, Samples> slicesPerMib(Workload workload) {
        return slices.get(workload);
    }

    /** Drops the breakdown figures so far (those of the runs that warmed the watcher up). */
    void forgetBreakdown() {
        cpuParts.clear();
        slices.clear();
    }

    /** Drops the figures so far (those of the warm-up runs). */
    void forgetWarmUp() {
        serverCpu.clear();
        ownParts.clear();
        machineCpu.clear();
        frameBytes.clear();
        cpuParts.clear();
        slices.clear();
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Runs {@code sessions} terminals that print one byte, each the way {@link #run} runs a workload: create, attach,
     * open the gate, receive, exit, delete. The throughput rounds run that path once per workload, a few dozen
     * times in all, while the JIT needs hundreds of passes to compile it (C2 after about 15,000 calls of a method);
     * without this the server was still compiling it during the measured rounds (about 1 s of JIT in 14 s of server
     * CPU). A server that lives for hours has long compiled it.
     */
    void warmSessionPath(int sessions) throws Exception {
        rolesAfterLastRun = null; // these terminals' threads are no measured run's
        long jit = server.jitCpuNanos();
        long cpu = server.cpuNanos();
        for (int i = 0; i < sessions; i++) {
            gatedSession("bench-warm-", "printf x", client -> client.exit().get(30, TimeUnit.SECONDS));
            if (Boolean.getBoolean("bench.verbose") && (i + 1) % 250 == 0) {
                long jitNow = server.jitCpuNanos();
                long cpuNow = server.cpuNanos();
                System.err.printf(java.util.Locale.ROOT, "%d sessions: %.2f ms of server CPU each, JIT %.2f%n", i + 1,
                        (cpuNow - cpu) / 1e6 / 250, (jitNow - jit) / 1e6 / 250);
                jit = jitNow;
                cpu = cpuNow;
            }
        }
    }

    /**
     * The server's CPU milliseconds per terminal that prints one byte, run the way a measured run runs a workload
     * (create, attach, gate, exit, delete), the mean over {@code sessions}: the fixed cost inside every measured
     * run's CPU, which a run of {@code mib} MiB spreads over its MiB.
     */
    SessionCost sessionCost(int sessions) throws Exception {
        long jit = server.jitCpuNanos();
        long nanos = server.cpuNanos();
        warmSessionPath(sessions);
        return new SessionCost((server.cpuNanos() - nanos) / 1e6 / sessions,
                (server.jitCpuNanos() - jit) / 1e6 / sessions);
    }

    /** What a one-byte terminal cost the server, in CPU ms: all of it, and its JIT compiler threads' part. */
    record SessionCost(double ms, double jitMs) {
    }

    /**
     * A measured run: nothing of the bench's runs beside it but the client. The server's CPU and the machine's are
     * read once before and once after, from {@code /proc}.
     */
    @Override
    public long run(CatWorkload workload) throws Exception {
        return repeatedAfterReset(() -> {
            Map<String, Long> rolesBefore = rolesAfterLastRun != null ? rolesAfterLastRun
                    : server.settledThreadCpuNanos();
            long jitNanos = server.jitCpuNanos();
            long nanos = server.cpuNanos();
            MachineCpu machine = MachineCpu.now();
            long start = System.nanoTime();
            long elapsed = catSession(workload, start, () -> {
                serverCpu.computeIfAbsent(workload.workload(), w -> new Samples())
                        .add((server.cpuNanos() - nanos) / 1e6 / workload.mib());
                machineCpu.computeIfAbsent(workload.workload(), w -> new Samples())
                        .add(workload.msPerMib(MachineCpu.now().busyTicksSince(machine)));
            });
            // The process clock before the scrapes below, which cost the server CPU of their own; the threads
            // that end last (the sender, after the connection closed) have had the pause to do so.
            Thread.sleep(50);
            long total = server.cpuNanos() - nanos;
            long jit = server.jitCpuNanos() - jitNanos;
            // Read once the counts have settled (every thread of the run has ended, or its CPU would be counted in
            // the next run); the reading stands for the next run's start too, as nothing runs in the server
            // between two runs: each scrape is server CPU, and JIT work, of its own.
            Map<String, Long> rolesAfter = server.settledThreadCpuNanos();
            rolesAfterLastRun = rolesAfter;
            if (!rolesAfter.isEmpty()) {
                Map<String, Double> perMib = new LinkedHashMap<>();
                long rest = total;
                for (Map.Entry<String, Long> role : rolesAfter.entrySet()) {
                    long spent = role.getValue() - rolesBefore.getOrDefault(role.getKey(), 0L);
                    perMib.put(role.getKey(), spent / 1e6 / workload.mib());
                    rest -= spent;
                }
                perMib.put("JIT", jit / 1e6 / workload.mib());
                if (Boolean.getBoolean("bench.verbose")) {
                    System.err.printf(java.util.Locale.ROOT, "%s %s: %.1f ms per MiB, parts %s%n", name,
                            workload.workload(), total / 1e6 / workload.mib(), perMib);
                }
                perMib.put("rest of server", (rest - jit) / 1e6 / workload.mib());
                addByPart(ownParts, workload.workload(), perMib);
            }
            return elapsed;
        });
    }

    /** How many runs were made again because their client got a reset frame. */
    int resetRepeats() {
        return resetRepeats;
    }

    /** A run that throws {@link ResetInRun} when its client was sent a reset frame. */
    private interface Attempt {
        long run() throws Exception;
    }

    /** Runs {@code attempt} until its client gets no reset frame, at most {@link #RESET_ATTEMPTS} times. */
    private long repeatedAfterReset(Attempt attempt) throws Exception {
        for (int i = 1; ; i++) {
            try {
                return attempt.run();
            } catch (ResetInRun e) {
                if (i == RESET_ATTEMPTS) {
                    throw e;
                }
                resetRepeats++;
                // A reset serializes the screen (ResetSnapshot), a path no stream runs: the JIT compiled it during
                // the next attempt, up to 3.5 ms per MiB of it (issue 21, fifth session). Let that finish first.
                server.awaitQuiet(Duration.ofSeconds(10));
            }
        }
    }

    /** The client of a run was sent a reset frame: the run delivered less than the file, and is not recorded. */
    private static final class ResetInRun extends IOException {
        ResetInRun(String message) {
            super(message);
        }
    }

    /**
     * A run for {@link #cpuPartsMsPerMib} only: its watcher reads every server thread's {@code /proc} files every
     * few milliseconds, which cost about a fifth of a core while it ran (perf of the bench process, stop 15). In the
     * measured runs that CPU came out of the server's share of the two cores, which the drain's runs never gave up;
     * so the breakdown has runs of its own, after the measured rounds.
     */
    void runWithBreakdown(CatWorkload workload) throws Exception {
        rolesAfterLastRun = null;
        repeatedAfterReset(() -> {
            CpuBreakdown parts = CpuBreakdown.start(server.pid());
            long start = System.nanoTime();
            try (parts) {
                return catSession(workload, start, () -> {
                    addByPart(cpuParts, workload.workload(), parts.msPerMib(workload));
                    addByPart(slices, workload.workload(), parts.slicesPerMib(workload));
                });
            }
        });
    }

    /** Adds one run's figure of each part to the samples of {@code workload}'s parts in {@code into}. */
    private static void addByPart(Map<Workload, Map<String, Samples>> into, Workload workload,
                                  Map<String, Double> figures) {
        Map<String, Samples> parts = into.computeIfAbsent(workload, w -> new LinkedHashMap<>());
        figures.forEach((part, figure) -> parts.computeIfAbsent(part, p -> new Samples()).add(figure));
    }

    /** What a run records once the client has every byte and the {@code exit} frame. */
    private interface Record {
        void run() throws Exception;
    }

    private long catSession(CatWorkload workload, long start, Record record) throws Exception {
        return gatedSession("bench-cat-", "exec " + workload.catCommand(), client -> {
            long exitSeq = client.exit().get(300, TimeUnit.SECONDS) - GATE_MARK_BYTES;
            long elapsed = System.nanoTime() - start;
            if (client.resets() != 0 && exitSeq == workload.ptyBytes()) {
                throw new ResetInRun("ptyctl sent " + client.resets() + " reset frames in a run of " + workload);
            }
            if (client.resets() != 0 || client.bytes() != workload.ptyBytes() || exitSeq != workload.ptyBytes()
                    || !MessageDigest.isEqual(client.digest(), workload.ptySha256())) {
                throw new IOException("ptyctl delivered " + client.bytes() + " bytes (exit seq " + exitSeq + ", "
                        + client.resets() + " resets), expected " + workload.ptyBytes()
                        + " bytes with the file's SHA-256");
            }
            record.run();
            frameBytes.computeIfAbsent(workload.workload(), w -> new Samples())
                    .add(client.bytes() / (double) Math.max(1, client.frames()));
            return elapsed;
        });
    }

    /** What a gated session does once its gate is open and Enter has been sent. */
    private interface AfterGate<T> {
        T run(TerminalSocketClient client) throws Exception;
    }

    /**
     * Creates a terminal that prints the gate mark and waits for Enter before running {@code command}, attaches one
     * client, waits for the mark, forgets it, sends Enter, hands the client to {@code afterGate}; then detaches and
     * deletes the terminal whatever happened.
     */
    private <T> T gatedSession(String idPrefix, String command, AfterGate<T> afterGate) throws Exception {
        String script = "stty -echo; printf G; read _; " + command;
        PtyctlServerProcess.Created terminal = server.create(idPrefix + RUNS.incrementAndGet(), "/bin/sh",
                List.of("-c", script), 120, 40);
        TerminalSocketClient client = TerminalSocketClient.connect(server, terminal.terminalId());
        try {
            if (client.nextFrameArrival(30_000) == null) {
                throw new IOException("the gate never opened: " + script);
            }
            client.forgetReceived();
            client.input(1, "\r");
            return afterGate.run(client);
        } finally {
            client.abort();
            server.delete(terminal.terminalId());
        }
    }
}
