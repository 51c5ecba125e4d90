package dev.ptyctl.bench.server;

import dev.ptyctl.bench.Workload;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The whole-process server bench (issue 4, item 9), printed as Markdown:
 * <ol>
 *   <li>end-to-end {@code cat} throughput of the four emulator-bench workloads through ptyctl server (one
 *       protocol-2 WebSocket client receiving every byte), tmux and a bare PTY drain, round by round with the
 *       three contenders one after the other in a rotating order, so they meet the same machine load;</li>
 *   <li>echo latency over the WebSocket and JSON-RPC, and tmux send-keys + capture-pane;</li>
 *   <li>heap per terminal and idle CPU with many idle terminals.</li>
 * </ol>
 * The server is a separate process started as users start it ({@code ./ptyctl server}, default settings; only the
 * terminal limit is raised for part 3), on a free port with a random token.
 *
 * <p>Usage (from the repository root; {@code bench/server-run} builds everything and compiles the drain first):
 * {@code java -cp bench/target/bench.jar dev.ptyctl.bench.server.ServerBenchRunner [--rounds 5] [--copies 4]
 * [--server-warmup 3] [--server-warmup-max 30] [--breakdown-runs 3] [--session-warmup 1500] [--samples 5000]
 * [--warmup 20000] [--idle 500] [--quiet-seconds 10]
 * [--drain bench/target/pty-drain] [--work bench/target/workloads] [--only throughput,latency,idle]
 * [--workloads ASCII,SGR_LOG,TUI,UNICODE] [--contenders drain,tmux,ptyctl]
 * [--server "./ptyctl server"] [--compare "another server command"]}.
 */
public final class ServerBenchRunner {
    private static final double MIB = 1024.0 * 1024.0;
    /** Issue 4 targets. */
    private static final double TARGET_OF_DRAIN = 0.8;
    private static final double TARGET_OF_TMUX = 2.0;
    /** Issue 21: the server's CPU per MiB of output on every workload, in ms (the emulator, log, senders, frames). */
    private static final double TARGET_CPU_MS_PER_MIB = 10.0;
    private static final double TARGET_P50_MS = 0.4;
    private static final double TARGET_P99_MS = 2.0;
    /**
     * The server's JIT counts as settled once two warm-up passes in a row cost its compiler threads less than this
     * share of the server's CPU. Not lower: each run is a terminal too, and the per-terminal path (create, attach,
     * exit, delete: hundreds of methods, each called a few times per terminal) reaches C2 only over thousands of
     * terminals, so a pass's share stays at 2–5 % for as long as one cares to run (issue 21, fifth session); that
     * tail is what the session warm-up is for.
     */
    private static final double JIT_SETTLED = 0.04;
    /**
     * Unrecorded passes through the workloads after the session warm-up: a thousand one-byte terminals leave their
     * mark on the profiles of code they share with a stream (the sender's and the reader's), and the first streams
     * after them recompiled it: 1.4–2.1 ms of JIT per MiB in the first runs of the measured rounds, none after.
     */
    private static final int PASSES_AFTER_SESSIONS = 2;

    private ServerBenchRunner() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench/server-run: " + e.getMessage() + " (options: bench/server-run --help)");
            System.exit(2);
            return;
        }
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        int copies = Integer.parseInt(options.getOrDefault("copies", "4"));
        int serverWarmup = Integer.parseInt(options.getOrDefault("server-warmup", "3"));
        int serverWarmupMax = Math.max(serverWarmup,
                Integer.parseInt(options.getOrDefault("server-warmup-max", "30")));
        // Short terminals run before the measured rounds, so that the per-terminal path (create, attach, exit,
        // delete) is compiled as in a server that has run for hours (PtyctlCat.warmSessionPath).
        int sessionWarmup = Integer.parseInt(options.getOrDefault("session-warmup", "1500"));
        // Runs per workload with the CPU watcher, after the measured rounds (PtyctlCat.runWithBreakdown); 0: none.
        int breakdownRuns = Integer.parseInt(options.getOrDefault("breakdown-runs", "3"));
        int samples = Integer.parseInt(options.getOrDefault("samples", "5000"));
        // Echo warm-up: C2 compiles a method after about 15,000 calls (tier 4); with 3000 warm-up echoes the server
        // was still compiling the input and JSON-RPC paths during the measured ones (-Xlog:jit+compilation), and
        // the compiler threads' CPU showed in the p99 on two cores.
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "20000"));
        int idle = Integer.parseInt(options.getOrDefault("idle", "500"));
        double quiet = Double.parseDouble(options.getOrDefault("quiet-seconds", "10"));
        Path drainBinary = Path.of(options.getOrDefault("drain", "bench/target/pty-drain"));
        ProcessCpu.useDrain(drainBinary);
        Path work = Path.of(options.getOrDefault("work", "bench/target/workloads"));
        Set<String> parts = new LinkedHashSet<>(Arrays.asList(
                options.getOrDefault("only", "throughput,latency,idle").split(",")));
        List<Workload> workloads = Arrays.stream(options.getOrDefault("workloads", "ASCII,SGR_LOG,TUI,UNICODE")
                .split(",")).map(Workload::valueOf).toList();
        // The drain and ptyctl always run; tmux only when named. "drain,ptyctl" leaves it out (it takes most of a
        // round's time) for A/B runs of server builds.
        Set<String> contenders = new LinkedHashSet<>(Arrays.asList(
                options.getOrDefault("contenders", "drain,tmux,ptyctl").split(",")));
        List<String> serverCommand = Arrays.asList(options.getOrDefault("server", "./ptyctl server").split(" "));
        // A second server (another build, other flags) measured in the same rounds as the first: the per-round
        // ratio of the two is far steadier than two bench runs minutes apart on this shared machine.
        List<String> compareCommand = options.containsKey("compare")
                ? Arrays.asList(options.get("compare").split(" ")) : null;

        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "%n%s; %d CPUs; load average %s at start; bench JDK %s%n",
                ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME),
                Runtime.getRuntime().availableProcessors(), loadAverage(), Runtime.version()));
        report.append("Server: `").append(String.join(" ", serverCommand)).append("` (separate process)\n");
        if (compareCommand != null) {
            report.append("Compared with server B: `").append(String.join(" ", compareCommand)).append("`\n");
        }

        HttpClient http = HttpClient.newHttpClient(); // never closed: close() would wait for every WebSocket
        try (PtyctlServerProcess server = PtyctlServerProcess.start(serverCommand, idle + 50,
                Path.of("bench/target/server-bench-server.log"))) {
            report.append("Server JVM: ").append(jvmFlags(server.pid())).append("\n");
            if (parts.contains("throughput")) {
                PtyctlCat ptyctl = new PtyctlCat(server, http, "ptyctl server");
                ThroughputPlan plan = new ThroughputPlan(workloads, work, rounds, copies, contenders.contains("tmux"),
                        serverWarmup, serverWarmupMax, sessionWarmup, breakdownRuns);
                if (compareCommand == null) {
                    throughput(report, ptyctl, null, BareDrain.find(drainBinary), plan);
                } else {
                    try (PtyctlServerProcess serverB = PtyctlServerProcess.start(compareCommand, idle + 50,
                            Path.of("bench/target/server-bench-server-b.log"))) {
                        throughput(report, ptyctl, new PtyctlCat(serverB, http, "ptyctl server B"),
                                BareDrain.find(drainBinary), plan);
                    }
                }
            }
            if (parts.contains("latency")) {
                latency(report, server, http, drainBinary, samples, warmup);
            }
            if (parts.contains("idle")) {
                idle(report, server, idle, quiet);
            }
        }
        report.append(String.format(Locale.ROOT, "%nLoad average at end: %s%n", loadAverage()));
        System.out.println(report);
    }

    /**
     * What the throughput part runs: the workloads (files under {@code work}, each catted {@code copies} times),
     * measured {@code rounds}, tmux or not, and the warm-up and breakdown runs around them (see the options).
     */
    /** One-byte terminals whose server CPU gives a run's fixed cost (10 ms ticks: 40 of them make it 0.25 ms). */
    private static final int SESSION_COST_SAMPLES = 40;

    private record ThroughputPlan(List<Workload> workloads, Path work, int rounds, int copies, boolean withTmux,
                                  int serverWarmup, int serverWarmupMax, int sessionWarmup, int breakdownRuns) {
    }

    /** The result of {@link #warmUntilJitSettles}: passes made, and the JIT's share of the server's CPU in the last. */
    private record WarmUp(int passes, double lastPassJitShare) {
    }

    private static void throughput(StringBuilder report, PtyctlCat ptyctl, PtyctlCat ptyctlB, BareDrain drain,
                                   ThroughputPlan plan) throws Exception {
        List<Workload> workloads = plan.workloads();
        int rounds = plan.rounds();
        int copies = plan.copies();
        boolean withTmux = plan.withTmux();
        Tmux tmux = new Tmux();
        List<CatContender> contenders = new ArrayList<>(withTmux ? List.of(drain, tmux, ptyctl)
                : List.of(drain, ptyctl));
        List<PtyctlCat> servers = new ArrayList<>(List.of(ptyctl));
        if (ptyctlB != null) {
            contenders.add(ptyctlB);
            servers.add(ptyctlB);
        }
        Map<Workload, CatWorkload> files = new EnumMap<>(Workload.class);
        for (Workload w : workloads) {
            files.put(w, CatWorkload.prepare(w, plan.work(), copies));
        }
        // Unrecorded runs first: the page cache and tmux's binary need one; the server, which lives for hours, is
        // measured once its JIT has settled (C2 takes a few seconds of CPU and ~100 MiB of output to get there).
        // The server's warm-up goes round the workloads rather than through each in turn, as a server's output mixes
        // them: warmed one workload at a time, the JIT compiled the emulator for the last one and then threw that
        // code away (uncommon traps) and recompiled it during the measured rounds (-XX:+PrintCompilation).
        for (CatWorkload w : files.values()) {
            for (CatContender c : contenders) {
                if (!(c instanceof PtyctlCat)) {
                    c.run(w);
                }
            }
        }
        WarmUp warmUp = warmUntilJitSettles(ptyctl, servers, files.values(), plan);
        Duration settled = Duration.ZERO;
        for (PtyctlCat s : servers) {
            s.warmSessionPath(plan.sessionWarmup());
        }
        for (int pass = 0; pass < PASSES_AFTER_SESSIONS; pass++) {
            for (CatWorkload w : files.values()) {
                for (PtyctlCat s : servers) {
                    s.run(w);
                }
            }
        }
        for (PtyctlCat s : servers) {
            s.forgetWarmUp();
        }
        drain.forgetWarmUp();
        tmux.forgetWarmUp();
        // Started before the wait for a quiet server, and their first readings awaited after it, so the probes' own
        // start-up is over when the rounds begin.
        CoreShareWatch coreShare = CoreShareWatch.start();
        Map<Workload, List<long[]>> ptyctlRuns = new EnumMap<>(Workload.class);
        Map<Workload, Map<CatContender, Samples>> mibps = new EnumMap<>(Workload.class);
        Map<Workload, Samples> ofDrain = new EnumMap<>(Workload.class);
        Map<Workload, Samples> ofTmux = new EnumMap<>(Workload.class);
        Map<Workload, Samples> drainOfTmux = new EnumMap<>(Workload.class);
        Map<Workload, Samples> bOfDrain = new EnumMap<>(Workload.class);
        Map<Workload, Samples> bOfA = new EnumMap<>(Workload.class);
        PtyctlServerProcess server = ptyctl.server();
        long compileBefore;
        long cpuBefore;
        MachineCpu machineBefore;
        try {
            for (PtyctlCat s : servers) {
                settled = settled.plus(s.server().awaitQuiet(Duration.ofSeconds(60)));
            }
            coreShare.awaitFirstReadings(Duration.ofSeconds(10));
            compileBefore = server.jitCpuNanos();
            cpuBefore = server.cpuNanos();
            machineBefore = MachineCpu.now();
            for (int round = 0; round < rounds; round++) {
                for (CatWorkload w : files.values()) {
                    Map<CatContender, Double> thisRound = new LinkedHashMap<>();
                    for (int i = 0; i < contenders.size(); i++) {
                        // A rotating order, so no contender always runs right after the same other one.
                        CatContender c = contenders.get((i + round) % contenders.size());
                        long startMillis = System.currentTimeMillis();
                        double rate = w.fileBytes() / MIB / (c.run(w) / 1e9);
                        if (c == ptyctl) {
                            ptyctlRuns.computeIfAbsent(w.workload(), k -> new ArrayList<>())
                                    .add(new long[] {startMillis, System.currentTimeMillis()});
                        }
                        thisRound.put(c, rate);
                        mibps.computeIfAbsent(w.workload(), k -> new LinkedHashMap<>())
                                .computeIfAbsent(c, k -> new Samples()).add(rate);
                    }
                    ofDrain.computeIfAbsent(w.workload(), k -> new Samples())
                            .add(thisRound.get(ptyctl) / thisRound.get(drain));
                    if (withTmux) {
                        ofTmux.computeIfAbsent(w.workload(), k -> new Samples())
                                .add(thisRound.get(ptyctl) / thisRound.get(tmux));
                        drainOfTmux.computeIfAbsent(w.workload(), k -> new Samples())
                                .add(thisRound.get(drain) / thisRound.get(tmux));
                    }
                    if (ptyctlB != null) {
                        bOfDrain.computeIfAbsent(w.workload(), k -> new Samples())
                                .add(thisRound.get(ptyctlB) / thisRound.get(drain));
                        bOfA.computeIfAbsent(w.workload(), k -> new Samples())
                                .add(thisRound.get(ptyctlB) / thisRound.get(ptyctl));
                    }
                }
                System.err.printf(Locale.ROOT, "throughput round %d/%d done, load %s%n", round + 1, rounds,
                        loadAverage());
            }
        } finally {
            coreShare.close();
        }

        report.append(String.format(Locale.ROOT, "%n### End-to-end `cat` throughput, MiB/s of file bytes "
                + "(median (min–max) of %d rounds; each run cats its file %d times)%n%n", rounds, copies));
        report.append("| workload | MiB per run | ").append(drain.name()).append(" | ").append(tmux.name())
                .append(" | ptyctl server | ptyctl / drain | ptyctl / tmux | targets (≥ 0.8, ≥ 2×) |\n");
        report.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (CatWorkload w : files.values()) {
            Map<CatContender, Samples> r = mibps.get(w.workload());
            Samples d = ofDrain.get(w.workload());
            Samples t = ofTmux.get(w.workload());
            boolean met = d.min() >= TARGET_OF_DRAIN && (t == null || t.min() >= TARGET_OF_TMUX);
            boolean medianMet = d.median() >= TARGET_OF_DRAIN && (t == null || t.median() >= TARGET_OF_TMUX);
            report.append(String.format(Locale.ROOT, "| %s | %.1f | %s | %s | %s | %s | %s | %s%s |%n", w.name(),
                    w.fileBytes() / MIB, r.get(drain).medianRange(), t == null ? "–" : r.get(tmux).medianRange(),
                    r.get(ptyctl).medianRange(), d.medianRange(2), t == null ? "–" : t.medianRange(1) + "×",
                    met ? "met" : medianMet ? "met by the median, not every round" : "**missed**",
                    t == null ? " (drain only: tmux not run)" : ""));
        }
        if (withTmux) {
            // The two targets agree only where the drain is at least 2.5 times tmux: elsewhere 2x tmux asks for more
            // than 0.8 of the drain, and where the drain itself is under 2x tmux, for more than the kernel's ceiling.
            report.append("\nThe drain against tmux, per round (the most any PTY reader here could reach against tmux; "
                    + "the 2× target needs 2.0, and 2.5 for 0.8 of the drain to be 2× tmux):\n\n"
                    + "| workload | drain / tmux |\n| --- | --- |\n");
            for (CatWorkload w : files.values()) {
                report.append(String.format(Locale.ROOT, "| %s | %s× |%n", w.name(),
                        drainOfTmux.get(w.workload()).medianRange(2)));
            }
        }
        if (ptyctlB != null) {
            report.append("\nServer B in the same rounds (B / A per round: median (min–max), and the geometric mean):"
                    + "\n\n| workload | B MiB/s | B / drain | B / A | B / A geometric mean | A CPU ms/MiB | "
                    + "B CPU ms/MiB | A / B bytes per frame |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
            for (CatWorkload w : files.values()) {
                report.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.3f | %s | %s | %.0f / %.0f |%n",
                        w.name(),
                        mibps.get(w.workload()).get(ptyctlB).medianRange(), bOfDrain.get(w.workload()).medianRange(2),
                        bOfA.get(w.workload()).medianRange(2), bOfA.get(w.workload()).geometricMean(),
                        ptyctl.serverCpuMsPerMib(w.workload()).medianRange(),
                        ptyctlB.serverCpuMsPerMib(w.workload()).medianRange(),
                        ptyctl.frameBytes(w.workload()).median(), ptyctlB.frameBytes(w.workload()).median()));
            }
        }
        String machine = MachineCpu.now().sharesSince(machineBefore);
        double compileSeconds = (server.jitCpuNanos() - compileBefore) / 1e9;
        double serverSeconds = (server.cpuNanos() - cpuBefore) / 1e9;
        report.append("\nRatios are per round (the contenders of one round ran back to back): median (min–max).\n");
        report.append(String.format(Locale.ROOT, "Warm-up: %d passes through the workloads (at least %d, at most %d, "
                + "until two passes in a row cost the JIT's compiler threads under %.0f %% of the server's CPU; the "
                + "last one %.1f %%), then %d one-byte terminals, then %d more passes.%n", warmUp.passes(),
                plan.serverWarmup(), plan.serverWarmupMax(), JIT_SETTLED * 100, warmUp.lastPassJitShare() * 100,
                plan.sessionWarmup(), PASSES_AFTER_SESSIONS));
        report.append(String.format(Locale.ROOT, "After the warm-up the idle server used CPU for %.1f s more (its JIT "
                + "compiling what the warm-up queued); the rounds started once it was quiet.%n",
                settled.toMillis() / 1000.0));
        report.append(String.format(Locale.ROOT, "JIT compilation in the server during the measured rounds (its "
                + "compiler threads' CPU): %.2f s, against %.2f s of server CPU in them (a settled JIT compiles next to "
                + "nothing).%n", compileSeconds, serverSeconds));
        report.append("The machine during the measured rounds (all CPUs, /proc/stat): ").append(machine).append(".\n");
        coreShareTable(report, coreShare, ptyctlRuns);
        report.append(String.format(Locale.ROOT, "Runs made again because the client was sent a reset frame (the "
                + "server's sender or the client kept off the cores while 2 MiB of output passed): %d.%n",
                ptyctl.resetRepeats()));
        report.append("\nServer CPU per MiB (all threads of the server process, per run: median (min–max), "
                + (ProcessCpu.exact() ? "exact CPU clocks" : "10 ms ticks of /proc (no C drain)") + "; tmux: its "
                + "server process, in the same rounds; the drain's own CPU: what reading the PTY costs a reader that "
                + "does nothing else (getrusage of the C drain), the floor of the server's reader thread):\n\n");
        report.append("| workload | server CPU ms per MiB | target (≤ 10) | tmux server CPU ms per MiB | "
                + "the drain's own CPU ms per MiB | MiB per server CPU-second | bytes per output frame |\n");
        report.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (CatWorkload w : files.values()) {
            Samples cpu = ptyctl.serverCpuMsPerMib(w.workload());
            Samples ofTmuxServer = withTmux ? tmux.serverCpuMsPerMib(w.workload()) : null;
            report.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %.0f | %.0f |%n", w.name(),
                    cpu.medianRange(), cpu.median() <= TARGET_CPU_MS_PER_MIB ? "met" : "**missed**",
                    ofTmuxServer == null ? "–" : ofTmuxServer.medianRange(),
                    drain.readerCpuMsPerMib(w.workload()).medianRange(), 1000.0 / cpu.median(),
                    ptyctl.frameBytes(w.workload()).median()));
        }
        ownParts(report, "", ptyctl, drain, files.values());
        if (ptyctlB != null) {
            ownParts(report, "Server B: ", ptyctlB, drain, files.values());
        }
        PtyctlCat.SessionCost session = ptyctl.sessionCost(SESSION_COST_SAMPLES);
        double runMib = files.values().iterator().next().mib();
        report.append(String.format(Locale.ROOT, "%nA terminal that prints one byte, run as a measured run is "
                + "(create, attach, gate, exit, delete), costs the server %.1f ms of CPU (mean of %d; of it the JIT's "
                + "compiler threads %.1f ms): %.2f ms per MiB of a %.0f MiB run is that fixed cost, not streaming.%n",
                session.ms(), SESSION_COST_SAMPLES, session.jitMs(), session.ms() / runMib, runMib));
        // One unrecorded pass first: the watcher's code is cold in the bench JVM, and compiling it showed as the
        // bench client's CPU in the first workload's runs (8.2 ms per MiB against 2.2-2.9 for the others).
        if (plan.breakdownRuns() > 0) {
            for (int i = 0; i <= plan.breakdownRuns(); i++) {
                for (CatWorkload w : files.values()) {
                    ptyctl.runWithBreakdown(w);
                }
                if (i == 0) {
                    ptyctl.forgetBreakdown();
                }
            }
            cpuParts(report, ptyctl, files.values());
        }
        cpuBudget(report, drain, ptyctl, files.values(), mibps);
    }

    /**
     * Passes through every workload on every server: at least {@code serverWarmup}, then more until two whole passes
     * in a row cost server A's JIT under {@link #JIT_SETTLED} of its CPU, at most {@code serverWarmupMax}. The
     * per-chunk path (ingest, queue, feed, frame send) runs a few dozen times per MiB, so C2 reaches it only after
     * hundreds of MiB. With the old fixed 3 passes it compiled during the measured rounds: 0.39–0.67 s of JIT against
     * 2.5–3.1 s of server CPU, on the same two cores (stop 15). The JIT's share is its compiler threads' CPU (from
     * {@code /proc}) over the server's; until issue 21's fifth session it was {@code java.ci.totalTime} (the compilers'
     * elapsed time) over the server's CPU ticks, and a single pass under the threshold ended the warm-up, which one
     * pass in the JIT's long tail often is (passes 13–28 of one run: 1.0–21 %): the measured rounds then still
     * compiled 3–14 % of the server's CPU (docs/benchmarks.md).
     */
    private static WarmUp warmUntilJitSettles(PtyctlCat ptyctl, List<PtyctlCat> servers,
                                              Collection<CatWorkload> files, ThroughputPlan plan) throws Exception {
        int passes = 0;
        double jitShare = 1;
        int settledPasses = 0;
        while (passes < plan.serverWarmupMax() && (passes < plan.serverWarmup() || settledPasses < 2)) {
            long jitBefore = ptyctl.server().jitCpuNanos();
            long cpuBefore = ptyctl.server().cpuNanos();
            for (CatWorkload w : files) {
                for (PtyctlCat s : servers) {
                    s.run(w);
                }
            }
            double cpuNanos = Math.max(1, ptyctl.server().cpuNanos() - cpuBefore);
            jitShare = (ptyctl.server().jitCpuNanos() - jitBefore) / cpuNanos;
            settledPasses = jitShare < JIT_SETTLED ? settledPasses + 1 : 0;
            passes++;
            if (Boolean.getBoolean("bench.verbose")) {
                System.err.printf(Locale.ROOT, "warm-up pass %d: JIT %.1f %% of the server's CPU (%.0f ms)%n", passes,
                        jitShare * 100, cpuNanos / 1e6);
            }
        }
        return new WarmUp(passes, jitShare);
    }

    /** Where a ptyctl run's CPU went, by {@link CpuBreakdown} part. */
    private static void cpuParts(StringBuilder report, PtyctlCat ptyctl, Collection<CatWorkload> workloads) {
        partTable(report, "CPU ms per MiB during a ptyctl run, by part (medians of runs of their own after the "
                + "measured rounds, whose thread watcher costs CPU too; server threads by role, `cat` as the server's "
                + "reaped child, the bench's own process as the client, and every CPU's busy time; what the machine "
                + "spent beyond the parts is mostly the kernel's PTY work):", CpuBreakdown.PARTS, workloads,
                w -> ptyctl.cpuPartsMsPerMib(w.workload()), " %.1f |");
        partTable(report, "Time slices per MiB of the server's threads in the same runs (how often each part was put "
                + "on a CPU; nearly each slice of the reader, screen and sender begins with a wake-up):",
                CpuBreakdown.SERVER_PARTS, workloads, w -> ptyctl.slicesPerMib(w.workload()), " %.0f |");
    }

    /**
     * The measured runs' CPU by part, from the server's own counts, when it has them; beside the reader, what the C
     * drain's own reading of the same stream cost in the same rounds (its floor).
     */
    private static void ownParts(StringBuilder report, String server, PtyctlCat ptyctl, BareDrain drain,
                                 Collection<CatWorkload> workloads) {
        CatWorkload first = workloads.iterator().next();
        if (ptyctl.ownPartsMsPerMib(first.workload()) == null) {
            return;
        }
        Function<CatWorkload, Map<String, Samples>> figures = w -> {
            Map<String, Samples> parts = new LinkedHashMap<>(ptyctl.ownPartsMsPerMib(w.workload()));
            parts.put("the drain's own CPU (the reader's floor)", drain.readerCpuMsPerMib(w.workload()));
            Samples slept = drain.sleepingReadsPercent(w.workload());
            if (!slept.isEmpty()) { // the C drain counts them, the python3 one does not
                parts.put("the drain's reads that slept, %", slept);
            }
            return parts;
        };
        partTable(report, server + "The same measured runs by part, CPU ms per MiB (medians; the server's own counts: each "
                + "reader, screen and sender thread adds its CPU time as it ends, read before each run and after its "
                + "terminal was deleted; JIT: the server's compiler threads over the same span, from /proc; the rest is "
                + "the process clock over that span less those four: connections, collector, the terminal's creation "
                + "and deletion; no watcher runs beside these runs):",
                List.copyOf(figures.apply(first).keySet()), workloads, figures, " %.1f |");
    }

    /** A table of a figure per workload and part: the median of each part's samples, as {@code format}. */
    private static void partTable(StringBuilder report, String heading, List<String> parts,
                                  Collection<CatWorkload> workloads, Function<CatWorkload, Map<String, Samples>> figures,
                                  String format) {
        report.append('\n').append(heading).append("\n\n| workload |");
        parts.forEach(part -> report.append(' ').append(part).append(" |"));
        report.append("\n| ---").append(" | ---".repeat(parts.size())).append(" |\n");
        for (CatWorkload w : workloads) {
            report.append("| ").append(w.name()).append(" |");
            figures.apply(w).values().forEach(s -> report.append(String.format(Locale.ROOT, format, s.median())));
            report.append('\n');
        }
    }

    /**
     * The CPU the 80 % target asks for: the machine's busy time per MiB of the drain's runs and of ptyctl's, and the
     * cores each needs, the drain at its own median rate and ptyctl at {@link #TARGET_OF_DRAIN} of it.
     */
    private static void cpuBudget(StringBuilder report, BareDrain drain, PtyctlCat ptyctl,
                                  Collection<CatWorkload> workloads, Map<Workload, Map<CatContender, Samples>> mibps) {
        report.append("\nThe CPU budget of the 80 % target (medians): every CPU's busy time per MiB during the drain's "
                + "runs and during ptyctl's, and the cores each needs at its rate: at the drain's own, and ptyctl's "
                + "at 0.8 of it. The machine has 2.\n\n| workload | drain ms/MiB | drain's cores at its rate | "
                + "ptyctl ms/MiB | ptyctl's cores at 0.8 × the drain's rate |\n| --- | --- | --- | --- | --- |\n");
        for (CatWorkload w : workloads) {
            double drainRate = mibps.get(w.workload()).get(drain).median();
            double drainMs = drain.machineCpuMsPerMib(w.workload()).median();
            double ptyctlMs = ptyctl.machineCpuMsPerMib(w.workload()).median();
            report.append(String.format(Locale.ROOT, "| %s | %.1f | %.2f | %.1f | %.2f |%n", w.name(), drainMs,
                    drainRate * drainMs / 1000, ptyctlMs, TARGET_OF_DRAIN * drainRate * ptyctlMs / 1000));
        }
    }

    private static void latency(StringBuilder report, PtyctlServerProcess server, HttpClient http,
                                Path drainBinary, int samples, int warmup) throws Exception {
        Map<String, Samples> results = new LinkedHashMap<>();
        Map<String, Double> serverCpuMicros = new LinkedHashMap<>();
        long ticks = server.cpuTicks();
        results.put("ptyctl WebSocket: `input` frame → echoed output frame", EchoLatency.webSocket(server, http,
                samples, warmup));
        serverCpuMicros.put("WebSocket", (server.cpuTicks() - ticks) * 10_000.0 / (samples + warmup));
        System.err.println("WebSocket latency done");
        ticks = server.cpuTicks();
        results.put("ptyctl JSON-RPC: `pty/write` → `pty/wait` matched", EchoLatency.jsonRpc(server, samples,
                warmup));
        serverCpuMicros.put("JSON-RPC", (server.cpuTicks() - ticks) * 10_000.0 / (samples + warmup));
        System.err.println("JSON-RPC latency done");
        int tmuxSamples = Math.min(samples, 1000);
        results.put("tmux: `send-keys` → `capture-pane` shows it", EchoLatency.tmux(new Tmux(), tmuxSamples,
                Math.min(warmup, 100)));
        System.err.println("tmux latency done");
        EchoLatency.barePty(drainBinary, samples, warmup).ifPresent(bare ->
                results.put("bare PTY (C): byte written to the master → read back", bare));

        report.append(String.format(Locale.ROOT, "%n### Echo latency on loopback, ms (after %d warm-up samples; "
                + "tmux %d)%n%n", warmup, Math.min(warmup, 100)));
        report.append("| path | samples | p50 | p90 | p99 | max | targets (p50 ≤ 0.4, p99 ≤ 2) |\n");
        report.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (Map.Entry<String, Samples> e : results.entrySet()) {
            Samples s = e.getValue();
            double p50 = s.percentile(50) / 1e6;
            double p99 = s.percentile(99) / 1e6;
            String verdict = !e.getKey().startsWith("ptyctl") ? "(reference)"
                    : p50 <= TARGET_P50_MS && p99 <= TARGET_P99_MS ? "met" : "**missed**";
            report.append(String.format(Locale.ROOT, "| %s | %d | %.3f | %.3f | %.3f | %.3f | %s |%n", e.getKey(),
                    s.count(), p50, s.percentile(90) / 1e6, p99, s.max() / 1e6, verdict));
        }
        report.append("\nServer CPU per echo (all its threads, warm-up included):");
        serverCpuMicros.forEach((path, micros) -> report.append(String.format(Locale.ROOT, " %s %.0f µs;", path,
                micros)));
        report.setLength(report.length() - 1);
        report.append(".\n");
    }

    private static void idle(StringBuilder report, PtyctlServerProcess server, int count, double quiet)
            throws Exception {
        IdleTerminals.Result r = IdleTerminals.measure(server, count, quiet);
        System.err.println("idle terminals done");
        IdleTerminals.Attached c = r.withClients();
        report.append(String.format(Locale.ROOT, "%n### %d idle terminals (`cat`, 100×30; then a WebSocket client "
                + "each, which sent its size, 120×40)%n%n", count));
        report.append("| measure | no terminals | ").append(count).append(" terminals | per terminal | with a client "
                + "each | per client |\n");
        report.append("| --- | --- | --- | --- | --- | --- |\n");
        report.append(String.format(Locale.ROOT, "| used heap after full GC | %.1f MiB | %.1f MiB | %.1f KiB | "
                + "%.1f MiB | %.1f KiB |%n", r.heapBefore() / MIB, r.heapAfter() / MIB,
                (r.heapAfter() - r.heapBefore()) / 1024.0 / count, c.heap() / MIB,
                (c.heap() - r.heapAfter()) / 1024.0 / count));
        report.append(String.format(Locale.ROOT, "| resident memory (VmRSS) | %.1f MiB | %.1f MiB | %.1f KiB | "
                + "%.1f MiB | %.1f KiB |%n", r.rssBeforeKb() / 1024.0, r.rssAfterKb() / 1024.0,
                (r.rssAfterKb() - r.rssBeforeKb()) / (double) count, c.rssKb() / 1024.0,
                (c.rssKb() - r.rssAfterKb()) / (double) count));
        report.append(String.format(Locale.ROOT, "| server threads | %d | %d | %.1f | %d | %.1f |%n",
                r.threadsBefore(), r.threadsAfter(), (r.threadsAfter() - r.threadsBefore()) / (double) count,
                c.threads(), (c.threads() - r.threadsAfter()) / (double) count));
        report.append(String.format(Locale.ROOT, "| server CPU over %.0f s idle (%% of one core) | %.2f %% | "
                + "%.2f %% | – | %.2f %% | – |%n", r.quietSeconds(), r.cpuIdleEmpty(), r.cpuIdleFull(), c.cpuIdle()));
        report.append(String.format(Locale.ROOT, "%nCreating the %d terminals took %.1f s (one REST call after "
                + "the other).%n", count, r.createSeconds()));
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --option value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    /**
     * The core share each CPU had during the ptyctl server's measured runs: its CPU per MiB moves with it (the screen
     * thread's on TUI 12.9 ms per MiB at 0.20, 7.5 at 0.29), so figures of two runs compare only at like shares.
     */
    private static void coreShareTable(StringBuilder report, CoreShareWatch watch, Map<Workload, List<long[]>> runs) {
        if (!watch.running()) {
            report.append("Core share: not measured (no taskset).\n");
            return;
        }
        report.append("\nCore share during the ptyctl server's measured runs (CoreShare's port-bound probe on each CPU "
                + "every " + CoreShareWatch.INTERVAL_MILLIS + " ms, steps per ns: median (min–max), readings; about 0.28 "
                + "with the core to itself, 0.17–0.20 with its sibling hyperthread busy, when every part of the server "
                + "costs more; docs/benchmarks.md, \"Tenth session\"):\n\n| workload");
        List<Integer> cpus = watch.cpus();
        for (int cpu : cpus) {
            report.append(" | CPU ").append(cpu);
        }
        report.append(" |\n| ---").append(" | ---".repeat(cpus.size())).append(" |\n");
        for (Map.Entry<Workload, List<long[]>> e : runs.entrySet()) {
            report.append("| ").append(e.getKey().name());
            for (String cpu : watch.during(e.getValue())) {
                report.append(" | ").append(cpu);
            }
            report.append(" |\n");
        }
        report.append('\n');
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The server JVM's command line flags that matter here (JIT, collector), from /proc/PID/cmdline. */
    private static String jvmFlags(long pid) {
        try {
            String[] argv = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).split("\0");
            List<String> flags = new ArrayList<>();
            for (String a : argv) {
                if (a.startsWith("-XX:") || a.startsWith("-Xm")) {
                    flags.add(a.startsWith("-XX:AOTCache=") ? "-XX:AOTCache=…" : a);
                }
            }
            return flags.isEmpty() ? "JVM defaults" : "`" + String.join(" ", flags) + "`";
        } catch (IOException e) {
            return "unknown";
        }
    }
}
