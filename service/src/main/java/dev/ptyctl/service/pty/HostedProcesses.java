package dev.ptyctl.service.pty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Every live {@link PtySession} of this JVM, so none outlives the server (SPEC §8): a JVM shutdown hook, installed
 * with the first session, kills them all in parallel (hang-up, grace period, SIGKILL, reap) before the JVM exits.
 * This covers SIGTERM, SIGINT and {@code System.exit}; SIGKILL of the JVM cannot be covered, but the hosted
 * programs then get SIGHUP from the kernel when the PTY master closes.
 */
public final class HostedProcesses {
    private static final Set<PtySession> LIVE = ConcurrentHashMap.newKeySet();
    /** What the hook waits for before it kills: {@link #killAtExitAfter}. */
    private static final Set<CompletableFuture<?>> FIRST = ConcurrentHashMap.newKeySet();
    /** Longest the hook waits for them: a stop that cannot run (no thread for its hook) must not keep programs alive. */
    private static final Duration FIRST_BOUND = Duration.ofSeconds(3);
    private static final System.Logger LOG = System.getLogger(HostedProcesses.class.getName());
    private static volatile boolean hookInstalled;

    private HostedProcesses() {
    }

    static void register(PtySession session) {
        installHook();
        LIVE.add(session);
    }

    static void unregister(PtySession session) {
        LIVE.remove(session);
    }

    /**
     * Makes the shutdown hook wait, at most a few seconds, until {@code done} completes before it kills: the JVM runs
     * its hooks at once, and a server's own stop first tells every WebSocket client that the server stops (1001);
     * programs hung up before that made an attached client report "killed by SIGHUP" instead (seen under load).
     * A server that stops completes it; one that stops otherwise calls {@link #forget}.
     */
    public static void killAtExitAfter(CompletableFuture<?> done) {
        FIRST.add(done);
    }

    /** Undoes {@link #killAtExitAfter}. */
    public static void forget(CompletableFuture<?> done) {
        FIRST.remove(done);
    }

    private static synchronized void installHook() {
        if (hookInstalled) {
            return;
        }
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("ptyctl-kill-hosted").unstarted(
                HostedProcesses::killAll));
        hookInstalled = true;
    }

    /**
     * Kills every live session in parallel and waits for all of them; what the shutdown hook runs. On virtual threads:
     * a platform thread per session could not be had at a task limit (each failed with OutOfMemoryError and a stack
     * trace on stderr, measured with a pids cgroup capped 4 tasks above the server's), while the carriers are there
     * ({@link VirtualThreadCarriers}). Should even one of them not start, that session is ended on this thread.
     */
    static void killAll() {
        awaitFirst();
        List<Thread> killers = new ArrayList<>();
        for (PtySession session : List.copyOf(LIVE)) {
            try {
                killers.add(Thread.ofVirtual().name("ptyctl-kill-" + session.pid()).start(() -> kill(session)));
            } catch (OutOfMemoryError e) {
                kill(session);
            }
        }
        for (Thread killer : killers) {
            try {
                killer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void awaitFirst() {
        long deadline = System.nanoTime() + FIRST_BOUND.toNanos();
        for (CompletableFuture<?> first : List.copyOf(FIRST)) {
            try {
                first.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException | CancellationException e) {
                // Waited long enough, or it failed: the programs are ended now either way.
            }
        }
    }

    private static void kill(PtySession session) {
        try {
            session.kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot kill process " + session.pid(), e);
        }
    }
}
