package dev.ptyctl.bench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's CPU time so far (user + system, all its threads, ended ones too), in nanoseconds. Exact through the
 * compiled drain's {@code --cpu PID} (the kernel's CPU clock of the process); without it (no gcc) from
 * {@code /proc/PID/stat}, whose 10 ms ticks are ±0.6 ms per MiB of a 16 MiB run, more than the differences a change
 * to the server makes.
 */
final class ProcessCpu {
    private static volatile Path drain;

    private ProcessCpu() {
    }

    /** Reads CPU clocks through {@code drainBinary} from now on, when it is there (the C drain). */
    static void useDrain(Path drainBinary) {
        drain = Files.isExecutable(drainBinary) ? drainBinary : null;
    }

    /** Whether the figures are exact (the drain's clock) rather than 10 ms ticks. */
    static boolean exact() {
        return drain != null;
    }

    /** CPU nanoseconds of process {@code pid} so far. */
    static long nanos(long pid) throws IOException, InterruptedException {
        Path helper = drain;
        if (helper == null) {
            return PtyctlServerProcess.cpuTicksOf(pid) * 10_000_000L;
        }
        Process p = new ProcessBuilder(helper.toString(), "--cpu", Long.toString(pid))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.waitFor() != 0) {
            throw new IOException("cannot read the CPU clock of process " + pid + ": " + out);
        }
        return Long.parseLong(out);
    }
}
