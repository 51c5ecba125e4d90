package dev.ptyctl.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.ptyctl.vt.Terminal;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Feeds one whole workload to a 120×40 terminal with 1000 lines of scrollback (the same settings as the xterm.js
 * side) in 64 KiB chunks, the size a PTY read typically returns under load. One operation = one workload. The
 * terminal lives for the whole fork, so after the first operation it runs in the steady state of a long session
 * (full scrollback, lines recycled), as the xterm.js side does.
 *
 * <p>Besides JMH's wall-clock time, each iteration records the process CPU time spent feeding ({@link CpuTime}): on a
 * shared machine, wall-clock throughput falls with the load of other processes, CPU time far less, and the xterm.js
 * side records the same figure, so the CPU-time ratio stays meaningful when the machine is busy.
 *
 * <p>JMH forks a fresh JVM per workload. The iteration counts and times are constants so that
 * {@link EmulatorBenchRunner} gives xterm.js exactly the same warm-up and measurement time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = EmulatorBenchmark.WARMUP_ITERATIONS, time = EmulatorBenchmark.ITERATION_SECONDS)
@Measurement(iterations = EmulatorBenchmark.MEASUREMENT_ITERATIONS, time = EmulatorBenchmark.ITERATION_SECONDS)
// The serial collector is the one every ptyctl JVM runs with (the launcher's common options); G1, the JVM's default
// here, cost 7-8 % on SGR_LOG (fresh JVMs under chrt -r 10: 345/347/350 against 376/374/371 MiB per CPU-second).
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+UseSerialGC"})
public class EmulatorBenchmark {
    /** Bytes per {@link Terminal#feed} call, and per {@code Terminal.write} call on the xterm.js side. */
    static final int CHUNK = 64 * 1024;
    /**
     * Warm-up iterations: after 3 × 2 s, JIT compilation during the measured iterations is under 0.2 % of their time
     * on the TUI and UNICODE workloads, those with the most code paths ({@code -prof comp}: 16–18 ms over 10 s).
     */
    static final int WARMUP_ITERATIONS = 3;
    /** Measured iterations, each giving one MiB/s figure for the min–max range. */
    static final int MEASUREMENT_ITERATIONS = 5;
    /** Length of one iteration: tens to hundreds of whole workloads, so per-iteration noise stays small. */
    static final int ITERATION_SECONDS = 2;
    /** Width and height of both emulators. */
    static final int COLS = 120;
    /** Height of both emulators. */
    static final int ROWS = 40;
    /** Scrollback of both emulators. */
    static final int SCROLLBACK = 1000;

    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * Per-iteration counters JMH reports as secondary results: process CPU time spent inside
     * {@link #feedWorkload} and the bytes fed. Process time covers every thread, so the collector's work counts, as
     * it does in node's {@code process.cpuUsage()} on the xterm.js side. Linux gives it in 10 ms clock ticks; the
     * rounding of each workload's reading (15–100 ms) is as often down as up, so over the hundred or so workloads of
     * an iteration the sum is within about 2 %.
     *
     * <p>Also the counters of {@link CoreShare}'s probe, run before every {@value #PROBE_EVERY}th operation and
     * outside the measured time: steps and thread CPU nanoseconds, so steps per nanosecond tells an iteration that ran
     * with the core's sibling hyperthread busy (every workload 25–40 % slower on this host) from slower code.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        /** Operations between two probes: about 2 ms of probe per 100 ms of workload. */
        static final int PROBE_EVERY = 4;
        /** Process CPU nanoseconds spent feeding in this iteration. */
        public long cpuNanos;
        /** Bytes fed in this iteration. */
        public long bytesFed;
        /** Probe steps run in this iteration. */
        public long probeSteps;
        /** Thread CPU nanoseconds the probe took in this iteration. */
        public long probeNanos;
        private int invocations;

        @Setup(Level.Iteration)
        public void reset() {
            cpuNanos = 0;
            bytesFed = 0;
            probeSteps = 0;
            probeNanos = 0;
        }

        @Setup(Level.Invocation)
        public void probe() {
            if (invocations++ % PROBE_EVERY == 0) {
                probeNanos += CoreShare.probeNanos();
                probeSteps += CoreShare.STEPS;
            }
        }
    }

    @Param({"ASCII", "SGR_LOG", "TUI", "UNICODE", "COMBINING"})
    public Workload workload;

    private byte[] bytes;
    private Terminal terminal;

    @Setup
    public void setUp() {
        bytes = workload.bytes();
        terminal = new Terminal(COLS, ROWS, SCROLLBACK);
    }

    @Benchmark
    public Terminal feedWorkload(CpuTime cpu) {
        // Two clock reads (about 2 µs each) per workload of tens of milliseconds: their cost does not show.
        long start = PROCESS.getProcessCpuTime();
        for (int off = 0; off < bytes.length; off += CHUNK) {
            terminal.feed(bytes, off, Math.min(CHUNK, bytes.length - off));
        }
        cpu.cpuNanos += PROCESS.getProcessCpuTime() - start;
        cpu.bytesFed += bytes.length;
        return terminal;
    }
}
