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
 * One thread that watches every idle terminal for output, so that an idle terminal holds no thread of its own.
 *
 * <p>A session's reader that has seen no output for a while {@link #park parks} its master here and ends. This thread
 * waits in {@code epoll_wait} on all parked masters at once, each with its wake-up pipe; when one has output, hangs
 * up or is woken (the session is closing), both are taken out of the set and its resume action runs, which starts a
 * new reader that goes on where the old one stopped. The set is level-triggered, so output that came between the
 * reader's last read and the park is seen at once. A master leaves the set only through its resume, and a session
 * closes its master only once its reading has ended, which needs that resume: so no descriptor in the set is ever
 * closed (and its number reused) while it is there.
 *
 * <p>epoll rather than {@code poll(2)}: a poll of every parked terminal on each park or resume cost about 1 ms of CPU
 * per terminal going idle with 500 parked (the kernel registers and unregisters a wait on every descriptor per call);
 * with epoll each is a constant-time change of the set. Linux only: elsewhere {@link #AVAILABLE} is false and each
 * terminal keeps its reader thread.
 *
 * <p>The thread starts with the first park and lives as long as the JVM (one thread for all terminals).
 */
final class IdleReaders {
    /** Whether terminals can park here (Linux, with epoll bound). */
    static final boolean AVAILABLE = Platform.isLinux()
            && CLibraryCalls.bind(IdleReaders.class, "each terminal keeps its reader thread while idle");
    private static final int EPOLL_CLOEXEC = 0x80000;
    private static final int EPOLL_CTL_ADD = 1;
    private static final int EPOLL_CTL_DEL = 2;
    private static final int EPOLLIN = 0x1;
    private static final int EINTR = 4;
    /** {@code struct epoll_event}: a 32-bit mask and 64 bits of data, packed on x86 (12 bytes), aligned elsewhere. */
    private static final int EVENT_BYTES = Platform.isIntel() ? 12 : 16;
    private static final int DATA_OFFSET = Platform.isIntel() ? 4 : 8;
    private static final int MAX_EVENTS = 64;
    private static final System.Logger LOG = System.getLogger(IdleReaders.class.getName());
    private static final IdleReaders SHARED = new IdleReaders();

    private final Object lock = new Object();
    /** Parked sessions by both of their descriptors (master and wake-up pipe); guarded by {@link #lock}. */
    private final Map<Integer, Parked> byDescriptor = new HashMap<>();
    private int epoll = -1;
    /** Set if the watcher ever stops: later parks are refused, so readers keep reading themselves. */
    private boolean stopped;

    private record Parked(PtyMaster master, Runnable resume) {
    }

    private static native int epoll_create1(int flags);

    private static native int epoll_ctl(int epfd, int op, int fd, Pointer event);

    private static native int epoll_wait(int epfd, Pointer events, int maxEvents, int timeoutMillis);

    private IdleReaders() {
    }

    /** The JVM's one watcher. */
    static IdleReaders shared() {
        return SHARED;
    }

    /**
     * Watches {@code master} until it has output, hangs up or is {@link PtyMaster#wake woken}; then runs {@code
     * resume} on the watcher's thread (so it must only start a thread) and forgets the master.
     *
     * @throws IOException when it cannot be watched; the caller then keeps reading itself
     */
    void park(PtyMaster master, Runnable resume) throws IOException {
        if (!AVAILABLE) {
            throw new IOException("no epoll here");
        }
        Parked parked = new Parked(master, resume);
        synchronized (lock) {
            if (stopped) {
                throw new IOException("the idle terminal watcher has stopped");
            }
            if (epoll < 0) {
                epoll = epoll_create1(EPOLL_CLOEXEC);
                if (epoll < 0) {
                    throw new IOException("epoll_create1 failed, errno " + Native.getLastError());
                }
                int fd = epoll;
                Thread.ofPlatform().daemon().name("pty-idle-readers").start(() -> watch(fd));
            }
            byDescriptor.put(master.descriptor(), parked);
            byDescriptor.put(master.wakeDescriptor(), parked);
            try (Memory event = new Memory(EVENT_BYTES)) {
                for (int fd : new int[] {master.descriptor(), master.wakeDescriptor()}) {
                    event.setInt(0, EPOLLIN);
                    event.setLong(DATA_OFFSET, fd);
                    if (epoll_ctl(epoll, EPOLL_CTL_ADD, fd, event) != 0) {
                        int error = Native.getLastError();
                        forget(parked);
                        throw new IOException("epoll_ctl failed, errno " + error);
                    }
                }
            }
        }
    }

    private void watch(int epollFd) {
        Memory events = new Memory((long) MAX_EVENTS * EVENT_BYTES);
        while (true) {
            int n = epoll_wait(epollFd, events, MAX_EVENTS, -1);
            if (n < 0) {
                int error = Native.getLastError();
                if (error == EINTR) {
                    continue;
                }
                // Never seen. Every parked terminal gets its reader back, and no more are taken: without this
                // thread a parked terminal would never be read again, nor closed.
                LOG.log(System.Logger.Level.ERROR, "epoll_wait failed, errno " + error
                        + "; idle terminals keep their reader threads from now on");
                List<Runnable> all = new ArrayList<>();
                synchronized (lock) {
                    stopped = true;
                    for (Parked parked : List.copyOf(byDescriptor.values())) {
                        if (byDescriptor.containsKey(parked.master().descriptor())) {
                            forget(parked);
                            all.add(parked.resume());
                        }
                    }
                }
                all.forEach(IdleReaders::resumeQuietly);
                return;
            }
            List<Runnable> ready = new ArrayList<>(n);
            synchronized (lock) {
                for (int i = 0; i < n; i++) {
                    int fd = (int) events.getLong((long) i * EVENT_BYTES + DATA_OFFSET);
                    Parked parked = byDescriptor.get(fd);
                    if (parked != null) { // else its other descriptor came first in this batch
                        forget(parked);
                        ready.add(parked.resume());
                    }
                }
            }
            ready.forEach(IdleReaders::resumeQuietly);
        }
    }

    private static void resumeQuietly(Runnable resume) {
        try {
            resume.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "cannot resume an idle terminal's reader", e);
        }
    }

    /** Takes both descriptors out of the set; under {@link #lock}. */
    private void forget(Parked parked) {
        for (int fd : new int[] {parked.master().descriptor(), parked.master().wakeDescriptor()}) {
            if (byDescriptor.remove(fd) != null) {
                epoll_ctl(epoll, EPOLL_CTL_DEL, fd, Pointer.NULL);
            }
        }
    }
}
