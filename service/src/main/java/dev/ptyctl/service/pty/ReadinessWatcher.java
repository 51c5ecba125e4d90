package dev.ptyctl.service.pty;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One platform thread that waits, in {@code epoll_wait}, for descriptors that nothing else is waiting on, and runs a
 * registered action once one of them is readable: the exit of a program ({@link ChildReaper}'s process descriptors)
 * and output on an idle terminal (a {@link PtySession} whose reader has parked its master and wake-up pipe here). So
 * neither a program nor an idle terminal holds a thread of its own.
 *
 * <p>A registration is one-shot: when any of its descriptors is readable (or hung up), all of them leave the set
 * and its action runs, on this thread, so it must be quick (start a thread, make a call that cannot block). The set
 * is level-triggered: a descriptor already readable when it is added is seen at once. The owner of a descriptor
 * must not close it while it is registered (the number could be reused); both owners close theirs only after the
 * action has run.
 *
 * <p>epoll rather than {@code poll(2)}: a poll of every registered descriptor on each change cost about 1 ms of CPU
 * per terminal going idle with 500 of them parked (the kernel registers and unregisters a wait on every descriptor
 * per call); with epoll each change costs the same whatever the set. Linux only: elsewhere {@link #AVAILABLE} is
 * false and each program and each terminal keeps a thread of its own.
 *
 * <p>The thread starts with the server ({@link SharedThreads}) or the first registration, and lives as long as the
 * JVM.
 */
final class ReadinessWatcher {
    /** Whether descriptors can be watched here (Linux, with epoll bound). */
    static final boolean AVAILABLE = Platform.isLinux()
            && CLibraryCalls.bind(ReadinessWatcher.class, "each program and each idle terminal keeps a thread");
    private static final int EPOLL_CLOEXEC = 0x80000;
    private static final int EPOLL_CTL_ADD = 1;
    private static final int EPOLL_CTL_DEL = 2;
    private static final int EPOLLIN = 0x1;
    /** {@code struct epoll_event}: a 32-bit mask and 64 bits of data, packed on x86 (12 bytes), aligned elsewhere. */
    private static final int EVENT_BYTES = Platform.isIntel() ? 12 : 16;
    private static final int DATA_OFFSET = Platform.isIntel() ? 4 : 8;
    private static final int MAX_EVENTS = 64;
    private static final System.Logger LOG = System.getLogger(ReadinessWatcher.class.getName());
    private static final ReadinessWatcher SHARED = new ReadinessWatcher();

    private final Object lock = new Object();
    /** Registrations by each of their descriptors; guarded by {@link #lock}. */
    private final Map<Integer, Registration> byDescriptor = new HashMap<>();
    private int epoll = -1;
    /** Set if the thread ever stops: later registrations are refused, so their owners fall back to a thread each. */
    private boolean stopped;

    private record Registration(int[] fds, Runnable ready, Runnable abandoned) {
    }

    private static native int epoll_create1(int flags);

    private static native int epoll_ctl(int epfd, int op, int fd, Pointer event);

    private static native int epoll_wait(int epfd, Pointer events, int maxEvents, int timeoutMillis);

    private static native int close(int fd);

    private ReadinessWatcher() {
    }

    /** The JVM's one watcher. */
    static ReadinessWatcher shared() {
        return SHARED;
    }

    /**
     * Runs {@code ready} once one of {@code fds} is readable or hung up, and forgets them all. If the watcher ever
     * stops (never seen), {@code abandoned} runs instead, so that the owner can wait some other way. Both run on the
     * watcher's thread.
     *
     * @throws IOException when the descriptors cannot be watched; the owner then waits some other way
     */
    void watch(int[] fds, Runnable ready, Runnable abandoned) throws IOException {
        if (!AVAILABLE) {
            throw new IOException("no epoll here");
        }
        Registration registration = new Registration(fds.clone(), ready, abandoned);
        synchronized (lock) {
            if (stopped) {
                throw new IOException("the descriptor watcher has stopped");
            }
            startThread();
            try (Memory event = new Memory(EVENT_BYTES)) {
                for (int fd : registration.fds()) {
                    byDescriptor.put(fd, registration);
                    event.setInt(0, EPOLLIN);
                    event.setLong(DATA_OFFSET, fd);
                    if (epoll_ctl(epoll, EPOLL_CTL_ADD, fd, event) != 0) {
                        int error = Native.getLastError();
                        forget(registration);
                        throw new IOException("epoll_ctl failed, errno " + error);
                    }
                }
            }
        }
    }

    /**
     * Starts the watching thread now rather than at the first registration: the server does at start, so that a task
     * limit reached later cannot leave every program unwatched.
     *
     * @throws IOException when it cannot be started (no epoll here, or a task limit: {@link TaskLimitException})
     */
    void start() throws IOException {
        if (!AVAILABLE) {
            throw new IOException("no epoll here");
        }
        synchronized (lock) {
            startThread();
        }
    }

    /** Makes the epoll set and starts its thread, unless done; under {@link #lock}. */
    private void startThread() throws IOException {
        if (epoll < 0) {
            epoll = epoll_create1(EPOLL_CLOEXEC);
            if (epoll < 0) {
                throw new IOException("epoll_create1 failed, errno " + Native.getLastError());
            }
            int fd = epoll;
            try {
                Thread.ofPlatform().daemon().name("pty-watcher").start(() -> run(fd));
            } catch (RuntimeException | Error e) {
                // No thread to wait (a task limit): a set that nothing watches would take registrations and never
                // run them, so every later program would go unreaped. The next registration tries again.
                close(fd);
                epoll = -1;
                throw ThreadLimit.refusalOrRethrow(e);
            }
        }
    }

    private void run(int epollFd) {
        Memory events = new Memory((long) MAX_EVENTS * EVENT_BYTES);
        while (true) {
            int n = epoll_wait(epollFd, events, MAX_EVENTS, -1);
            if (n < 0 && Native.getLastError() == CLibraryCalls.EINTR) {
                continue;
            }
            if (n < 0) {
                stop(Native.getLastError());
                return;
            }
            List<Runnable> actions = new ArrayList<>(n);
            synchronized (lock) {
                for (int i = 0; i < n; i++) {
                    Registration registration = byDescriptor.get((int) events.getLong((long) i * EVENT_BYTES
                            + DATA_OFFSET));
                    if (registration != null) { // else another of its descriptors came first in this batch
                        forget(registration);
                        actions.add(registration.ready());
                    }
                }
            }
            actions.forEach(ReadinessWatcher::runQuietly);
        }
    }

    /** Never seen: every registration gets its {@code abandoned} action, and no more are taken. */
    private void stop(int error) {
        LOG.log(System.Logger.Level.ERROR, "epoll_wait failed, errno " + error
                + "; programs and idle terminals get threads of their own from now on");
        List<Runnable> actions = new ArrayList<>();
        synchronized (lock) {
            stopped = true;
            for (Registration registration : List.copyOf(byDescriptor.values())) {
                if (byDescriptor.containsKey(registration.fds()[0])) {
                    forget(registration);
                    actions.add(registration.abandoned());
                }
            }
        }
        actions.forEach(ReadinessWatcher::runQuietly);
    }

    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException | Error e) {
            // Every program's exit and every idle terminal's output comes through this one thread: one action that
            // fails (a thread it could not start, OutOfMemoryError) must not end it, or nothing is reaped or read.
            LOG.log(System.Logger.Level.ERROR, "a descriptor watcher's action failed", e);
        }
    }

    /** Takes all of a registration's descriptors out of the set; under {@link #lock}. */
    private void forget(Registration registration) {
        for (int fd : registration.fds()) {
            if (byDescriptor.remove(fd) != null) {
                epoll_ctl(epoll, EPOLL_CTL_DEL, fd, Pointer.NULL);
            }
        }
    }
}
