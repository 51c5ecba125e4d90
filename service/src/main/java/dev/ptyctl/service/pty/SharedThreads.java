package dev.ptyctl.service.pty;

import com.pty4j.unix.Pty;
import com.sun.jna.Memory;
import java.io.IOException;

/**
 * Starts, before a server takes its first request, the threads that every terminal shares and that would otherwise
 * start with the first terminal: the virtual-thread carriers ({@link VirtualThreadCarriers}), JNA's cleaner thread
 * (with pty4j's and our C library bindings, which need it), the {@link ReadinessWatcher}'s thread that sees every
 * program's exit, and the JDK's socket pollers ({@link #startSocketPoller}). Under a task limit reached before the
 * first create (measured 5 Dec 2026 with a pids cgroup capped one task above a fresh server's), JNA's cleaner thread
 * could not start and pty4j's {@code PtyHelpers} failed to initialise; since a class that failed to initialise stays
 * failed, every create afterwards, with the limit lifted too, was answered {@code 500 spawn_failed} "Cannot load
 * implementation of interface com.pty4j.unix.PtyHelpers$OSFacade" while the health check said UP. They cost the
 * server nothing it would not have paid at the first terminal.
 */
public final class SharedThreads {
    private static final System.Logger LOG = System.getLogger(SharedThreads.class.getName());
    /** Whether they all started: a JVM that starts several servers (tests, an embedding) opens no PTY again for it. */
    private static boolean started;

    private SharedThreads() {
    }

    /**
     * Starts them, once per JVM; a failure is logged in one line and left to the first create, which then answers
     * with what failed, and the next server's start tries again.
     */
    public static synchronized void start() {
        if (started) {
            return;
        }
        VirtualThreadCarriers.keep();
        try {
            new Memory(1).close(); // JNA's cleaner thread, which every native allocation registers with
            new Pty(false).close(); // pty4j's and JNA's bindings of the C library, as a create opens a PTY
            if (ReadinessWatcher.AVAILABLE) {
                ReadinessWatcher.shared().start();
            }
            startSocketPoller();
            started = true;
        } catch (IOException | RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "cannot prepare the native PTY layer, so terminals may fail to "
                    + "start: " + e);
        } catch (OutOfMemoryError e) {
            if (!ThreadLimit.reached(e)) {
                throw e;
            }
            LOG.log(System.Logger.Level.WARNING, "starting at its task limit: " + ThreadLimit.explain(e));
        }
    }

    /**
     * Starts the JDK's poller threads, which wake virtual threads blocked on a socket: they start with the first such
     * wait, which in a server is the first terminal's JSON-RPC port waiting for a connection. At the limit its class
     * failed to initialise, and stayed failed: every JSON-RPC port's acceptor ended with {@code NoClassDefFoundError:
     * Could not initialize class sun.nio.ch.Poller}, the terminals created since included. Initialising the class starts
     * them; a JDK without it starts whatever it has its own way.
     */
    private static void startSocketPoller() {
        try {
            Class.forName("sun.nio.ch.Poller");
        } catch (ClassNotFoundException e) {
            LOG.log(System.Logger.Level.DEBUG, "no sun.nio.ch.Poller in this JDK", e);
        }
    }
}
