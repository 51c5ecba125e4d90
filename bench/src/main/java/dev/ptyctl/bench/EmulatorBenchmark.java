package dev.ptyctl.bench;

import dev.ptyctl.vt.Terminal;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * side) in 64 KiB chunks, the size a PTY read typically returns under load. One operation = one workload.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EmulatorBenchmark {
    static final int CHUNK = 64 * 1024;

    @Param({"ASCII", "SGR_LOG", "TUI", "UNICODE"})
    public Workload workload;

    private byte[] bytes;
    private Terminal terminal;

    @Setup
    public void setUp() {
        bytes = workload.bytes();
        terminal = new Terminal(120, 40, 1000);
    }

    @Benchmark
    public Terminal feedWorkload() {
        for (int off = 0; off < bytes.length; off += CHUNK) {
            terminal.feed(bytes, off, Math.min(CHUNK, bytes.length - off));
        }
        return terminal;
    }
}
