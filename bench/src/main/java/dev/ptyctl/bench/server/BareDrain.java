package dev.ptyctl.bench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.ptyctl.bench.Workload;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's ceiling: a program that forks {@code cat} on a new 120×40 PTY and does nothing but read the master
 * until end of file ({@code bench/server/pty-drain.c}, compiled with gcc at bench time by {@code bench/server-run};
 * without gcc, a python3 reader of the same shape, which is slower and says so in the table).
 */
final class BareDrain implements CatContender {
    private static final String PYTHON_DRAIN = """
            import os, pty, sys, time
            pid, fd = pty.fork()
            if pid == 0:
                os.execvp(sys.argv[1], sys.argv[1:])
            n = 0
            while True:
                try:
                    b = os.read(fd, 65536)
                except OSError:
                    break
                if not b:
                    break
                n += len(b)
            cpu = time.process_time_ns()
            os.waitpid(pid, 0)
            print(n, cpu)
            """;

    private final List<String> command;
    private final String name;
    private final Map<Workload, Samples> machineCpu = new EnumMap<>(Workload.class);
    private final Map<Workload, Samples> readerCpu = new EnumMap<>(Workload.class);
    private final Map<Workload, Samples> sleepingReads = new EnumMap<>(Workload.class);

    private BareDrain(List<String> command, String name) {
        this.command = command;
        this.name = name;
    }

    /** The compiled drain when {@code binary} exists, else the python3 fallback. */
    static BareDrain find(Path binary) {
        if (Files.isExecutable(binary)) {
            return new BareDrain(List.of(binary.toString()), "bare PTY drain (C)");
        }
        return new BareDrain(List.of("python3", "-c", PYTHON_DRAIN), "bare PTY drain (python3: no gcc)");
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Every CPU's busy time per MiB of file bytes during each drain run, in ms: what {@code cat}, the kernel's PTY
     * work and the drain cost together, to set beside the same figure for a ptyctl run.
     */
    Samples machineCpuMsPerMib(Workload workload) {
        return machineCpu.get(workload);
    }

    /**
     * The drain process's own CPU (user + system, {@code getrusage}) per MiB of file bytes, per run, in ms: what the
     * kernel's PTY read costs a reader that does nothing else. A server's reader thread cannot spend less.
     */
    Samples readerCpuMsPerMib(Workload workload) {
        return readerCpu.get(workload);
    }

    /**
     * How many of the drain's reads slept, in percent, per run (its voluntary context switches per read; the C drain
     * only, else empty): near 100 the kernel's PTY worker ran on the other CPU and each read waited for it, the
     * regime in which a read costs several times more (docs/benchmarks.md).
     */
    Samples sleepingReadsPercent(Workload workload) {
        return sleepingReads.getOrDefault(workload, new Samples());
    }

    /** Drops the figures of the warm-up runs. */
    void forgetWarmUp() {
        machineCpu.clear();
        readerCpu.clear();
        sleepingReads.clear();
    }

    @Override
    public long run(CatWorkload workload) throws Exception {
        List<String> full = new ArrayList<>(command);
        full.add("cat");
        full.addAll(workload.catArgs());
        MachineCpu before = MachineCpu.now();
        long start = System.nanoTime();
        Process p = new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        int code = p.waitFor();
        long elapsed = System.nanoTime() - start;
        machineCpu.computeIfAbsent(workload.workload(), w -> new Samples())
                .add(workload.msPerMib(MachineCpu.now().busyTicksSince(before)));
        String[] fields = out.split(" ");
        if (code != 0 || fields.length < 2 || !fields[0].equals(Long.toString(workload.ptyBytes()))) {
            throw new IOException(name + " read " + out + " bytes (exit " + code + "), expected "
                    + workload.ptyBytes());
        }
        readerCpu.computeIfAbsent(workload.workload(), w -> new Samples())
                .add(Long.parseLong(fields[1]) / 1e6 / workload.mib());
        if (fields.length == 4) {
            sleepingReads.computeIfAbsent(workload.workload(), w -> new Samples())
                    .add(100.0 * Long.parseLong(fields[3]) / Math.max(1, Long.parseLong(fields[2])));
        }
        return elapsed;
    }
}
