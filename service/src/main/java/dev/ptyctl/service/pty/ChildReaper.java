package dev.ptyctl.service.pty;

import com.sun.jna.Native;
import dev.ptyctl.protocol.ProcessExit;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * Reaps every program {@link SpawnedPtyProcess} starts without a thread of its own: a process file descriptor
 * ({@code pidfd_open(2)}) per program, which becomes readable when the program exits, goes to the shared
 * {@link ReadinessWatcher}, which then collects that program alone with {@code waitpid(pid, WNOHANG)}
 * ({@link SpawnedPtyProcess#collect}).
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
    /** Whether the C library has {@code pidfd_open} (glibc 2.36+ on Linux), the kernel implements it, and epoll. */
    static final boolean AVAILABLE = ReadinessWatcher.AVAILABLE
            && CLibraryCalls.bind(ChildReaper.class, "each program is reaped by a thread of its own")
            && kernelHasPidfd();

    private static final int WNOHANG = 1;
    private static final int PIDFD_FLAGS = 0;
    private static final System.Logger LOG = System.getLogger(ChildReaper.class.getName());

    private static native int pidfd_open(int pid, int flags);

    private static native int close(int fd);

    private static native String strerror(int error);

    private ChildReaper() {
    }

    /**
     * Reaps {@code pid}, a child of this JVM that nothing else waits for, and completes {@code exit} with how it
     * ended (its exit status, or the signal that killed it).
     *
     * @throws IOException when the process cannot be watched (the caller then reaps it some other way)
     */
    static void watch(long pid, CompletableFuture<ProcessExit> exit) throws IOException {
        int pidFd = pidfd_open((int) pid, PIDFD_FLAGS);
        if (pidFd < 0) {
            throw new IOException("pidfd_open for process " + pid + " failed: " + strerror(Native.getLastError()));
        }
        try {
            ReadinessWatcher.shared().watch(new int[] {pidFd}, () -> {
                // Readable: the program has exited, so this waitpid does not wait.
                SpawnedPtyProcess.collect(pid, WNOHANG, exit);
                close(pidFd);
            }, () -> Thread.ofPlatform().daemon().name("pty-reaper-" + pid).start(() -> {
                SpawnedPtyProcess.collect(pid, 0, exit);
                close(pidFd);
            }));
        } catch (IOException e) {
            close(pidFd);
            throw e;
        }
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
}
