package dev.ptyctl.service.pty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps the JVM's virtual-thread carriers, so that starting or waking a virtual thread never needs a new platform
 * thread. The server's requests (Helidon starts a virtual thread per connection), its JSON-RPC connections and each
 * terminal's exit watcher run on virtual threads, and the JDK's scheduler ends every carrier after 30 s without
 * work and starts new ones on demand. Under a task limit with nothing to spare (systemd's {@code TasksMax}, a
 * container's pids limit) that start fails: Helidon's listener took the {@link OutOfMemoryError} as the end of its
 * socket ("this server socket is terminating now"), so the port stopped answering for good, and a virtual thread
 * woken meanwhile was retried every 100 ms until a thread could be had (measured 5 Dec 2026 with a pids cgroup capped
 * at the idle server's tasks).
 *
 * <p>So {@link #keep()} makes the scheduler start all its carriers at once ({@code parallelism} of them, one per
 * core unless {@code jdk.virtualThreadScheduler.parallelism} says otherwise), and a virtual thread wakes every
 * {@link #TICK}: the pool then never stays idle for its keep-alive, and in the JDK's {@code ForkJoinPool} only the
 * carrier that went idle last may time out, so none does. With every carrier there, the scheduler starts no thread
 * to run a virtual thread (it would only to replace one blocked in a file read or similar, above that count). The
 * carriers are platform threads the server had anyway whenever it was busy; the tick costs a few microseconds.
 *
 * <p>No JDK property does this: the scheduler's keep-alive (30 s) and core size (0) are fixed in
 * {@code VirtualThread.createDefaultScheduler} (JDK 25), which reads only {@code jdk.virtualThreadScheduler.parallelism},
 * {@code maxPoolSize} and {@code minRunnable}. Measured on an idle server (2 cores, 60 s of
 * {@code voluntary_ctxt_switches} per thread, 5 Dec 2026): the tick woke one carrier and the pool's
 * {@code delayScheduler} thread 6 times a minute each, about 0.4 context switches a second of the idle JVM's 7 (the
 * JVM's own monitor deflation thread alone makes 4); the other carrier never woke.
 */
public final class VirtualThreadCarriers {
    /** A third of the JDK's 30 s keep-alive of an idle carrier: wakes in time on a machine that is slow to wake it. */
    static final Duration TICK = Duration.ofSeconds(10);
    /** How long the start waits for every carrier to be made; a loaded machine makes one in well under a millisecond. */
    private static final Duration FILL_BOUND = Duration.ofSeconds(2);
    private static final AtomicBoolean KEPT = new AtomicBoolean();

    private VirtualThreadCarriers() {
    }

    /** Starts the carriers and the tick that keeps them, once per JVM; the server calls it before it listens. */
    public static void keep() {
        if (!KEPT.compareAndSet(false, true)) {
            return;
        }
        fill(parallelism());
        Thread.ofVirtual().name("ptyctl-carrier-tick").start(() -> {
            try {
                while (true) {
                    Thread.sleep(TICK);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** How many carriers the JDK's scheduler runs virtual threads on at most, outside blocking calls. */
    static int parallelism() {
        int cores = Runtime.getRuntime().availableProcessors();
        int parallelism = Integer.getInteger("jdk.virtualThreadScheduler.parallelism", cores);
        return Math.max(1, Math.min(parallelism, Integer.getInteger("jdk.virtualThreadScheduler.maxPoolSize",
                Math.max(parallelism, 256))));
    }

    /**
     * Runs {@code carriers} virtual threads that each hold their carrier (they spin, which a virtual thread cannot be
     * taken off its carrier for) until all of them run: the scheduler has to start that many carriers.
     */
    private static void fill(int carriers) {
        AtomicInteger running = new AtomicInteger();
        long deadline = System.nanoTime() + FILL_BOUND.toNanos();
        List<Thread> threads = new ArrayList<>(carriers);
        for (int i = 0; i < carriers; i++) {
            threads.add(Thread.ofVirtual().name("ptyctl-carrier-fill").start(() -> {
                running.incrementAndGet();
                while (running.get() < carriers && System.nanoTime() - deadline < 0) {
                    Thread.onSpinWait();
                }
            }));
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
