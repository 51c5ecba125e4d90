package dev.ptyctl.service.pty;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One platform thread that reaps every program {@link SpawnedPtyProcess} starts: it waits in {@code poll(2)} on a
 * process file descriptor ({@code pidfd_open(2)}) per program, which becomes readable when the program exits, and
 * then collects that program alone with {@code waitpid(pid, WNOHANG)} ({@link SpawnedPtyProcess#collect}).
 *
 * <p>Why not a thread per program blocked in {@code waitpid}: that was a third of the threads an idle terminal
 * costs (each with its stack and the kernel's task), and a thread to start for every create. Why not
 * {@code waitpid(-1)} in one thread: it would also reap the JVM's own children ({@link ProcessBuilder}'s, which the
 * JDK reaps by pid) and take their exit codes away. A pidfd names one process, so nothing else is touched.
 *
 * <p>{@code pidfd_open} needs Linux 5.3 and glibc 2.36; where either is missing, {@link #AVAILABLE} is false and each
 * program gets a reaper thread of its own, as before.
 */
final class ChildReaper {
    /** Whether the C library has {@code pidfd_open} (glibc 2.36+ on Linux) and the kernel implements it. */
    static final boolean AVAILABLE = Platform.isLinux()
            && CLibraryCalls.bind(ChildReaper.class, "each program is reaped by a thread of its own")
            && kernelHasPidfd();

    private static final short POLLIN = 0x1;
    private static final int POLLFD_BYTES = 8;
    private static final int WNOHANG = 1;
    private static final int EINTR = 4;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final int PIDFD_FLAGS = 0;
    private static final System.Logger LOG = System.getLogger(ChildReaper.class.getName());
    /** Created on first use: a server that never starts a program has no reaper thread. */
    private static ChildReaper instance;

    /** Programs to add to the poll set, handed over by {@link #watch}. */
    private final Queue<Child> added = new ConcurrentLinkedQueue<>();
    /** Written by {@link #watch} to end the reaper's poll so that it takes {@link #added}. */
    private final int wakeFd;
    /** On the reaper thread only: the programs it waits for, in poll-set order after the wake-up descriptor. */
    private final List<Child> children = new ArrayList<>();
    private Memory pollSet = new Memory(POLLFD_BYTES);

    private static native int pidfd_open(int pid, int flags);

    private static native int poll(Memory fds, int count, int timeoutMillis);

    private static native int eventfd(int initialValue, int flags);

    private static native long read(int fd, byte[] buffer, long count);

    private static native long write(int fd, byte[] buffer, long count);

    private static native int close(int fd);

    private static native String strerror(int error);

    /** One program: its pid, its process descriptor, and what learns its exit code. */
    private record Child(int pid, int pidFd, CompletableFuture<Integer> exit) {
    }

    private ChildReaper(int wakeFd) {
        this.wakeFd = wakeFd;
    }

    /**
     * Reaps {@code pid}, a child of this JVM that nothing else waits for, and completes {@code exit} with its exit
     * code (128 + the signal when a signal ended it).
     *
     * @throws IOException when the process cannot be watched (the caller then reaps it some other way)
     */
    static void watch(long pid, CompletableFuture<Integer> exit) throws IOException {
        int pidFd = pidfd_open((int) pid, PIDFD_FLAGS);
        if (pidFd < 0) {
            throw new IOException("pidfd_open for process " + pid + " failed: " + strerror(Native.getLastError()));
        }
        ChildReaper reaper;
        try {
            reaper = instance();
        } catch (IOException e) {
            close(pidFd);
            throw e;
        }
        reaper.added.add(new Child((int) pid, pidFd, exit));
        reaper.wake();
    }

    private static synchronized ChildReaper instance() throws IOException {
        if (instance == null) {
            int wakeFd = eventfd(0, EFD_CLOEXEC);
            if (wakeFd < 0) {
                throw new IOException("cannot create the reaper's eventfd: " + strerror(Native.getLastError()));
            }
            ChildReaper reaper = new ChildReaper(wakeFd);
            // poll blocks in native code, which would pin a virtual thread's carrier.
            Thread.ofPlatform().daemon().name("pty-reaper").start(reaper::run);
            instance = reaper;
        }
        return instance;
    }

    /** Whether {@code pidfd_open} works here: a kernel before 5.3 (or a seccomp filter) answers ENOSYS or EPERM. */
    private static boolean kernelHasPidfd() {
        int fd = pidfd_open((int) ProcessHandle.current().pid(), PIDFD_FLAGS);
        if (fd < 0) {
            LOG.log(System.Logger.Level.DEBUG, "pidfd_open is refused (" + strerror(Native.getLastError())
                    + "); each program is reaped by a thread of its own");
            return false;
        }
        close(fd);
        return true;
    }

    private void wake() {
        byte[] one = new byte[Long.BYTES];
        one[0] = 1; // eventfd counts in a native-endian 8-byte integer; any non-zero value wakes the poll
        write(wakeFd, one, one.length);
    }

    private void run() {
        byte[] counter = new byte[Long.BYTES];
        while (true) {
            int count = preparePollSet();
            if (poll(pollSet, count, -1) < 0) {
                int error = Native.getLastError();
                if (error != EINTR) {
                    // Nothing sensible is left to do; each session's kill still ends its program.
                    LOG.log(System.Logger.Level.ERROR, "the reaper's poll failed: " + strerror(error));
                    return;
                }
                continue;
            }
            if (revents(0) != 0) {
                read(wakeFd, counter, counter.length);
                for (Child child = added.poll(); child != null; child = added.poll()) {
                    children.add(child);
                }
            }
            // From the end, so that removing one leaves the indexes of those not yet looked at as they were.
            for (int i = count - 1; i >= 1; i--) {
                if (revents(i) != 0) {
                    reap(children.remove(i - 1));
                }
            }
        }
    }

    /** Fills the poll set: the wake-up descriptor, then each child's; returns how many. */
    private int preparePollSet() {
        int count = children.size() + 1;
        if (pollSet.size() < (long) count * POLLFD_BYTES) {
            pollSet.close();
            pollSet = new Memory(Math.max(2L * count, 16) * POLLFD_BYTES);
        }
        setEntry(0, wakeFd);
        for (int i = 0; i < children.size(); i++) {
            setEntry(i + 1, children.get(i).pidFd());
        }
        return count;
    }

    private void setEntry(int index, int fd) {
        long offset = (long) index * POLLFD_BYTES;
        pollSet.setInt(offset, fd);
        pollSet.setShort(offset + 4, POLLIN);
        pollSet.setShort(offset + 6, (short) 0);
    }

    private short revents(int index) {
        return pollSet.getShort((long) index * POLLFD_BYTES + 6);
    }

    /** The child's descriptor is readable: it has exited; collects it. */
    private static void reap(Child child) {
        SpawnedPtyProcess.collect(child.pid(), WNOHANG, child.exit());
        close(child.pidFd());
    }
}
