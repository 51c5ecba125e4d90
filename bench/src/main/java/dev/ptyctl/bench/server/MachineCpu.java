package dev.ptyctl.bench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The whole machine's CPU time by kind, from the first line of {@code /proc/stat}, so a report can say how busy the
 * machine was and how much time the hypervisor took away (steal) while something was measured. On this shared VM
 * a round whose drain ran at a third of its usual speed came with seconds of 12–26 % steal.
 *
 * @param idle  idle and I/O-wait ticks, all CPUs
 * @param steal ticks the hypervisor ran something else, all CPUs
 * @param total all ticks, all CPUs
 */
record MachineCpu(long idle, long steal, long total) {

    /** Now; all zero where {@code /proc/stat} cannot be read. */
    static MachineCpu now() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
            long total = 0;
            for (int i = 1; i <= 8 && i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            return new MachineCpu(Long.parseLong(f[4]) + Long.parseLong(f[5]), Long.parseLong(f[8]), total);
        } catch (IOException | RuntimeException e) {
            return new MachineCpu(0, 0, 0);
        }
    }

    /** Ticks some CPU was busy (neither idle nor stolen) since boot, all CPUs. */
    long busyTicks() {
        return total - idle - steal;
    }

    /** Ticks some CPU was busy since {@code before}, all CPUs. */
    long busyTicksSince(MachineCpu before) {
        return busyTicks() - before.busyTicks();
    }

    /** "idle I %, steal S %" of the time since {@code before}, or "unknown". */
    String sharesSince(MachineCpu before) {
        long total = this.total - before.total;
        if (total <= 0) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "idle %.0f %%, stolen by the hypervisor %.1f %%",
                100.0 * (idle - before.idle) / total, 100.0 * (steal - before.steal) / total);
    }
}
