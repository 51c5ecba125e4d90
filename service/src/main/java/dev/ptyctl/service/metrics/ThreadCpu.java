package dev.ptyctl.service.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The CPU time of the server's own threads on the output path, by role, added by each thread as it ends: the PTY
 * readers, the screen (emulator) threads and the WebSocket senders. {@code /observe/metrics} shows the sums
 * ({@link ServerMetrics}), so the CPU a stream cost can be split by part from outside the process without watching
 * its threads: a watcher polling {@code /proc} every few milliseconds keeps an otherwise idle CPU busy, and that
 * changes what the kernel's PTY read costs (docs/benchmarks.md). A thread still running is not in the sums yet; a
 * terminal's reader and screen threads end when its program has exited (or after half a minute idle), a client's
 * platform sending thread when the client goes or has been idle as long. Virtual threads are not counted (the JVM
 * keeps no CPU time for them).
 *
 * <p>Counting costs one clock read per thread end, and nothing unless a {@code ptyctl server} is running: the class
 * loads the JVM's management classes only once {@link #enable()} has been called, never in {@code ptyctl serve}.
 */
public final class ThreadCpu {
    /** Which part of the output path a thread belongs to; the label of the metric. */
    public enum Role {
        /** {@code pty-reader-*}: the kernel's PTY read, the output log's append, the queue to the emulator. */
        READER("reader"),
        /** {@code pty-screen-*}: the emulator and the listeners that follow the screen (prompt marks, titles). */
        SCREEN("screen"),
        /** {@code ws-send-*}: the output frames and Helidon's copies of them, the socket writes. */
        SENDER("sender");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        /** The metric's {@code role} label. */
        public String label() {
            return label;
        }
    }

    private static final LongAdder[] NANOS = {new LongAdder(), new LongAdder(), new LongAdder()};
    private static volatile ThreadMXBean threads;

    private ThreadCpu() {
    }

    /** Starts counting (the server does, once); before it, {@link #threadEnding} does nothing. */
    static synchronized void enable() {
        if (threads == null) {
            ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            if (bean.isCurrentThreadCpuTimeSupported()) {
                threads = bean;
            }
        }
    }

    /** Adds the calling thread's CPU time so far to {@code role}'s sum; call as the last thing the thread does. */
    public static void threadEnding(Role role) {
        ThreadMXBean bean = threads;
        if (bean != null) {
            long nanos = bean.getCurrentThreadCpuTime();
            if (nanos > 0) {
                NANOS[role.ordinal()].add(nanos);
            }
        }
    }

    /** Nanoseconds of CPU that ended threads of {@code role} spent. */
    static long nanos(Role role) {
        return NANOS[role.ordinal()].sum();
    }
}
