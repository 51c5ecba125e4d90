package dev.ptyctl.service.pty;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads and writes a PTY master with plain {@code poll(2)}, {@code read(2)} and {@code write(2)} through JNA's direct
 * mapping (native methods bound once to the C library, no proxy).
 *
 * <p>Why not pty4j's stream: before every read it calls {@code poll} through a JNA interface proxy with freshly
 * built {@code Structure} objects (reflection, a {@code Memory} with a cleaner) and allocates a new array the size of
 * the caller's buffer; on the reader thread that was as much CPU as the kernel's read itself (docs/benchmarks.md).
 * Here the poll set is allocated once. The poll is still needed: it watches a wake-up pipe as well, which is how
 * {@link #wake()} ends a read that would otherwise wait for ever on a terminal a background process keeps open.
 *
 * <p>One reader thread calls {@link #read}, one writer thread {@link #write}; any thread may call {@link #wake}. The owner must not close the master
 * descriptor while a read may still be running (the number could be reused): wake the reader, wait for it, then close.
 */
final class PtyMaster implements AutoCloseable {
    private static final short POLLIN = 0x1;
    private static final short POLLERR = 0x8;
    private static final short POLLHUP = 0x10;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    /** {@code struct pollfd}: int fd, short events, short revents. */
    private static final int POLLFD_BYTES = 8;
    private static final boolean LINKED = link();

    private final int master;
    private final int[] wakePipe = new int[2];
    private final Memory pollSet = new Memory(2L * POLLFD_BYTES);
    private volatile boolean woken;
    private volatile boolean writesStopped;
    private boolean closed;

    private static native int poll(Pointer fds, int count, int timeoutMillis);

    private static native long read(int fd, byte[] buffer, long count);

    private static native long write(int fd, byte[] buffer, long count);

    private static native int pipe(int[] fds);

    private static native int close(int fd);

    private static boolean link() {
        try {
            if (!Platform.isLinux() && !Platform.isMac()) {
                return false;
            }
            Native.register(PtyMaster.class, Platform.C_LIBRARY_NAME);
            return true;
        } catch (LinkageError | RuntimeException e) {
            System.getLogger(PtyMaster.class.getName()).log(System.Logger.Level.DEBUG,
                    "cannot bind poll/read; PTYs are read through pty4j", e);
            return false;
        }
    }

    private PtyMaster(int master) throws IOException {
        this.master = master;
        if (pipe(wakePipe) != 0) {
            throw new IOException("cannot create the PTY reader's wake-up pipe, errno " + Native.getLastError());
        }
        pollSet.setInt(0, master);
        pollSet.setShort(4, POLLIN);
        pollSet.setInt(POLLFD_BYTES, wakePipe[0]);
        pollSet.setShort(POLLFD_BYTES + 4, POLLIN);
    }

    /** A reader of {@code masterFd}, or null where the C library's calls cannot be bound (then use pty4j's stream). */
    static PtyMaster open(int masterFd) throws IOException {
        return LINKED ? new PtyMaster(masterFd) : null;
    }

    /**
     * Waits for output and reads what is there into {@code into}.
     *
     * @return the number of bytes read, or -1 at the end: every holder of the terminal has closed it (EIO, the
     *         normal end of a PTY on Linux), or {@link #wake()} was called
     */
    int read(byte[] into) throws IOException {
        while (!woken) {
            pollSet.setShort(6, (short) 0);
            pollSet.setShort(POLLFD_BYTES + 6, (short) 0);
            if (poll(pollSet, 2, -1) < 0) {
                int error = Native.getLastError();
                if (error == EINTR) {
                    continue;
                }
                throw new IOException("poll on the PTY failed, errno " + error);
            }
            if (pollSet.getShort(POLLFD_BYTES + 6) != 0) {
                return -1;
            }
            short events = pollSet.getShort(6);
            if ((events & POLLIN) == 0 && (events & (POLLHUP | POLLERR)) != 0) {
                return -1;
            }
            long n = read(master, into, into.length);
            if (n > 0) {
                return (int) n;
            }
            int error = n < 0 ? Native.getLastError() : 0;
            if (error != EINTR && error != EAGAIN) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * Writes all of {@code data} to the program's input, waiting while the terminal's input buffer is full (the
     * program is not reading).
     *
     * @throws IOException when the terminal refuses the write (EIO once the program and its children have closed it)
     */
    void write(byte[] data) throws IOException {
        byte[] rest = data;
        while (rest.length > 0) {
            if (writesStopped) {
                throw new IOException("the terminal is closed");
            }
            long n = write(master, rest, rest.length);
            if (n < 0) {
                int error = Native.getLastError();
                if (error == EINTR || error == EAGAIN) {
                    continue;
                }
                throw new IOException("cannot write to the terminal, errno " + error);
            }
            rest = Arrays.copyOfRange(rest, (int) n, rest.length);
        }
    }

    /** Refuses every later {@link #write}: the owner is about to close the descriptor. */
    void stopWrites() {
        writesStopped = true;
    }

    /** Makes a waiting (or the next) {@link #read} return -1. */
    void wake() {
        woken = true;
        write(wakePipe[1], new byte[] {1}, 1);
    }

    /** Closes the wake-up pipe; call once the reader thread has ended. Does not close the master. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            close(wakePipe[0]);
            close(wakePipe[1]);
            pollSet.close();
        }
    }
}
