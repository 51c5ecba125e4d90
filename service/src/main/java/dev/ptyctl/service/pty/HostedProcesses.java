package dev.ptyctl.service.pty;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every live {@link PtySession} of this JVM, so none outlives the server (SPEC §8): a JVM shutdown hook, installed
 * with the first session, kills them all in parallel (hang-up, grace period, SIGKILL, reap) before the JVM exits.
 * This covers SIGTERM, SIGINT and {@code System.exit}; SIGKILL of the JVM cannot be covered, but the hosted
 * programs then get SIGHUP from the kernel when the PTY master closes.
 */
final class HostedProcesses {
    private static final Set<PtySession> LIVE = ConcurrentHashMap.newKeySet();
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
