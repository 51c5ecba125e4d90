package dev.ptyctl.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * How much of its core the calling thread has: a short loop that keeps the core's integer ports busy (four
 * independent xorshift chains, nothing in memory), timed by the thread's CPU clock, in steps per nanosecond.
 *
 * <p>Why: this host is a 2-vCPU guest whose vCPUs share physical cores with other tenants' hyperthreads. When the
 * sibling hyperthread is busy, every instruction stream that needs the ports runs slower for as long as it is busy
 * (seconds to minutes), while the core's clock does not change: a pointer chase through an L1-resident array (latency
 * bound) moved 5 % between such periods, this probe 35–40 %, and the emulator's workloads with it (per pass, one JVM:
 * TUI 140 against 88 MiB per CPU-second, ASCII 510 against 332, SGR_LOG 248 against 186; correlation with this probe
 * 0.76–0.92; docs/benchmarks.md, "Tenth session"). The thread's CPU clock counts those slow periods as the thread's
 * own time, so a benchmark iteration measured in one looks like slower code. Reading this probe next to each
 * iteration tells the two apart: compare iterations and builds only at the same core share.
 *
 * <p>{@code java -cp bench/target/bench.jar dev.ptyctl.bench.CoreShare SECONDS [INTERVAL_MS]} prints the probe twice a
 * second (or every INTERVAL_MS) with the UTC time of day, for labelling a run of another bench: pin it with {@code
 * taskset -c N} to watch one CPU; twice a second it costs about 0.5 % of that CPU. {@code bench/server-run} runs one per
 * CPU during its measured rounds ({@code server.CoreShareWatch}).
 */
public final class CoreShare {
    /** Steps per probe: about 2 ms on this host, short next to a 25–40 ms workload pass. */
    static final int STEPS = 500_000;
    /** How often {@link #main} probes unless told. */
    private static final long DEFAULT_INTERVAL_MILLIS = 500;
    /** Probes run before the first printed one, until the loop runs in C2's code. */
    private static final int WARM_UP_PROBES = 30;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** The chains' state, kept across probes so the JIT cannot fold the loop into a constant. */
    private static long a = 1;
    private static long b = 2;
    private static long c = 3;
    private static long d = 4;

    private CoreShare() {
    }

    /**
     * Runs the probe once on the calling thread.
     *
     * @return steps per nanosecond of this thread's CPU time (about 0.28 on this host with its core to itself, 0.17
     *     with the sibling busy)
     */
    public static double probe() {
        return STEPS / (double) probeNanos();
    }

    /**
     * Runs the probe once on the calling thread.
     *
     * @return the thread CPU nanoseconds that {@link #STEPS} steps took (at least 1)
     */
    static long probeNanos() {
        long start = THREADS.getCurrentThreadCpuTime();
        long x = a;
        long y = b;
        long z = c;
        long w = d;
        for (int i = 0; i < STEPS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            y ^= y << 13;
            y ^= y >>> 7;
            y ^= y << 17;
            z ^= z << 13;
            z ^= z >>> 7;
            z ^= z << 17;
            w ^= w << 13;
            w ^= w >>> 7;
            w ^= w << 17;
        }
        a = x;
        b = y;
        c = z;
        d = w;
        return Math.max(1, THREADS.getCurrentThreadCpuTime() - start);
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        double seconds;
        long intervalMillis;
        try {
            seconds = args.length == 1 || args.length == 2 ? Double.parseDouble(args[0]) : Double.NaN;
            intervalMillis = args.length == 2 ? Long.parseLong(args[1]) : DEFAULT_INTERVAL_MILLIS;
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
            intervalMillis = 0;
        }
        if (!(seconds > 0) || intervalMillis <= 0) {
            System.err.println("usage: java -cp bench.jar " + CoreShare.class.getName() + " SECONDS [INTERVAL_MS]");
            System.exit(2);
        }
        for (int i = 0; i < WARM_UP_PROBES; i++) {
            probe(); // the first ones run interpreted, then in C1's code: several times slower than C2's
        }
        long start = System.nanoTime();
        while (System.nanoTime() - start < seconds * 1e9) {
            double rate = probe();
            System.out.printf(Locale.ROOT, "%s cpu %s %.3f steps/ns%n",
                    LocalTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS), currentCpu(), rate);
            System.out.flush(); // a reader on a pipe (server-run's CoreShareWatch) times each line as it arrives
            if (System.out.checkError()) {
                return; // the reader is gone: no one to print for
            }
            Thread.sleep(intervalMillis);
        }
    }

    /** The CPU this thread last ran on (Linux), or "?". */
    private static String currentCpu() throws IOException {
        Path stat = Path.of("/proc/thread-self/stat");
        if (!Files.isReadable(stat)) {
            return "?";
        }
        String s = Files.readString(stat);
        String[] fields = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return fields.length > 36 ? fields[36] : "?";
    }
}
