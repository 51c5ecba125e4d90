package dev.ptyctl.service.pty;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads and writes a PTY master with plain {@code read(2)}, {@code write(2)} and {@code poll(2)} through JNA's direct
 * mapping (native methods bound once to the C library, no proxy).
 *
 * <p>Why not pty4j's streams: before every read pty4j calls {@code poll} through a JNA interface proxy with freshly
 * built {@code Structure} objects (reflection, a {@code Memory} with a cleaner) and allocates a new array the size of
 * the caller's buffer; on the reader thread that was as much CPU as the kernel's read itself (docs/benchmarks.md).
 * Here the descriptor is made non-blocking: a read or write that can go ahead costs one system call, and only one
 * that cannot waits in {@code poll}, on the master and on a wake-up pipe. The pipe is how {@link #wake()} ends a read
 * or write that would otherwise wait for ever on a terminal that a background process keeps open.
 *
 * <p>One reader thread calls {@link #read}; writes ({@link #write}, {@link #writeNow}) come one at a time, in order
 * (the owner serializes them); any thread may call {@link #wake}. The
 * owner must not close the master while a read or write may still be running (the number could be reused): wake,
 * wait for both threads, {@link #stopWrites()}, then close.
 */
final class PtyMaster implements AutoCloseable {
    private static final short POLLIN = 0x1;
    private static final short POLLOUT = 0x4;
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int EAGAIN = Platform.isMac() ? 35 : 11;
    /** {@code struct pollfd}: int fd, short events, short revents. */
    private static final int POLLFD_BYTES = 8;
    private static final boolean LINKED = (Platform.isLinux() || Platform.isMac())
            && CLibraryCalls.bind(PtyMaster.class, "PTYs are read and written through pty4j");
    /**
     * The most Linux's line discipline hands out per read (its 4 KiB buffer less one). {@link #read} reads on while
     * that much still fits in the caller's buffer.
     */
    static final int LINE_DISCIPLINE_CHUNK = 4095;
    /**
     * How long {@link #read} reads on while output keeps coming: a stream fills the buffer well within it (64 KiB is
     * 16 reads of 5–30 µs here), a program writing lines without pause has its output passed on at least this often.
     */
    static final long READ_ON_NANOS = 2_000_000;
    /** What {@link #read(byte[], int)} returns when nothing came within its idle time. */
    static final int IDLE = -2;

    private final int master;
    private final int[] wakePipe = new int[2];
    /** The reader's poll set (master, wake-up pipe), made once. */
    private final Memory readPoll;
    /** The reader's buffer for {@code read(2)}, made on its first read. */
    private Memory readBuffer;
    /** The writer's, made on its first wait. */
    private Memory writePoll;
    private volatile boolean woken;
    private volatile boolean writesStopped;
    private boolean closed;

    private static native int poll(Pointer fds, int count, int timeoutMillis);

    /** {@code buffer} is the address of native memory: a byte array would be copied whole, both ways, per call. */
    private static native long read(int fd, long buffer, long count);

    private static native long write(int fd, byte[] buffer, long count);

    private static native int pipe(int[] fds);

    private static native int close(int fd);

    /** {@code struct termios} is 60 bytes on Linux; a larger buffer leaves room on any ABI. */
    private static native int tcgetattr(int fd, byte[] termios);

    /** Linux: {@code c_lflag} is the fourth 32-bit field of {@code struct termios}. */
    private static final int LFLAG_OFFSET = 12;
    private static final int ICANON = 0x2;
    private static final int ECHO = 0x8;

    private PtyMaster(int master) throws IOException {
        this.master = master;
        if (pipe(wakePipe) != 0) {
            throw new IOException("cannot create the PTY reader's wake-up pipe, errno " + Native.getLastError());
        }
        // fcntl is variadic: called through JNA's generic invoker (which passes variadic arguments correctly),
        // once, not bound like the calls on the hot path.
        Function fcntl = Function.getFunction(Platform.C_LIBRARY_NAME, "fcntl");
        int flags = fcntl.invokeInt(new Object[] {master, F_GETFL});
        if (flags < 0 || fcntl.invokeInt(new Object[] {master, F_SETFL, flags | nonBlockFlag()}) < 0) {
            close(wakePipe[0]);
            close(wakePipe[1]);
            throw new IOException("cannot make the PTY non-blocking");
        }
        this.readPoll = pollSet();
    }

    private static int nonBlockFlag() {
        return Platform.isMac() ? 0x4 : 0x800;
    }

    /**
     * How the terminal takes what is typed, from its local modes ({@code c_lflag}), read once. The master shares the
     * slave's modes on Linux; elsewhere, or when they cannot be read, {@link TerminalSession.InputMode#UNKNOWN}.
     */
    synchronized TerminalSession.InputMode inputMode() {
        if (closed || !Platform.isLinux()) {
            return TerminalSession.InputMode.UNKNOWN;
        }
        byte[] termios = new byte[256];
        if (tcgetattr(master, termios) != 0) {
            return TerminalSession.InputMode.UNKNOWN;
        }
        int lflag = (termios[LFLAG_OFFSET] & 0xff) | (termios[LFLAG_OFFSET + 1] & 0xff) << 8
                | (termios[LFLAG_OFFSET + 2] & 0xff) << 16 | (termios[LFLAG_OFFSET + 3] & 0xff) << 24;
        if ((lflag & ICANON) == 0) {
            return TerminalSession.InputMode.KEYS;
        }
        return (lflag & ECHO) == 0 ? TerminalSession.InputMode.HIDDEN : TerminalSession.InputMode.LINES;
    }

    /** A reader of {@code masterFd}, or null where the C library's calls cannot be bound (then use pty4j's stream). */
    static PtyMaster open(int masterFd) throws IOException {
        return LINKED ? new PtyMaster(masterFd) : null;
    }

    /**
     * Reads what output there is into {@code into}, waiting for some when there is none.
     *
     * @return the number of bytes read, or -1 at the end: every holder of the terminal has closed it (EIO, the
     *         normal end of a PTY on Linux), or {@link #wake()} was called
     */
    int read(byte[] into) throws IOException {
        return read(into, -1);
    }

    /**
     * {@link #read(byte[])} that gives up when nothing has come for {@code idleMillis} (-1: waits as long as it
     * takes), returning {@link #IDLE}.
     */
    int read(byte[] into, int idleMillis) throws IOException {
        long address = readBuffer(into.length);
        while (!woken) {
            // The descriptor is non-blocking: while output streams in, a read finds bytes and no poll is made
            // (a poll before every read was a quarter of the reader's time under cat).
            long n = read(master, address, into.length);
            if (n > 0) {
                int total = readOn(address, into.length, (int) n);
                readBuffer.read(0, into, 0, total);
                return total;
            }
            int error = n < 0 ? Native.getLastError() : 0;
            if (error == CLibraryCalls.EINTR) {
                continue;
            }
            if (error != EAGAIN) {
                return -1;
            }
            int ready = await(readPoll, POLLIN, idleMillis);
            if (ready == 0) {
                return -1;
            }
            if (ready < 0) {
                return IDLE;
            }
        }
        return -1;
    }

    /** Frees the reader's native buffer while no read runs (an idle terminal's reader has ended); a read makes one. */
    void releaseReadBuffer() {
        if (readBuffer != null) {
            readBuffer.close();
            readBuffer = null;
        }
    }

    /** The master's descriptor, for {@link ReadinessWatcher}; valid until {@link PtySession} closes it. */
    int descriptor() {
        return master;
    }

    /** The read end of the wake-up pipe: readable once {@link #wake()} has been called. */
    int wakeDescriptor() {
        return wakePipe[0];
    }

    /**
     * After a read of {@code n} bytes: reads on without waiting while there is output (the program writes faster
     * than it is read) until the buffer has no room for another chunk of the line discipline. Under a stream the
     * caller then handles the whole buffer at a time instead of 4 KiB (one log append, one wake-up of the screen and
     * of each client's sender, one frame); once the terminal is drained (EAGAIN: the kernel's PTY worker has nothing
     * more queued) it returns at once, so no output waits. A read shorter than a full chunk does not end it: mid-stream
     * the worker often hands on less than a chunk, and ending there cost the screen thread and every sender a
     * wake-up and a frame each time (docs/benchmarks.md); an interactive program's output costs one read more, which
     * finds nothing and returns at once. A program that writes small pieces without pause is read on for at most
     * {@link #READ_ON_NANOS}, so its first bytes never wait longer for the screen and the clients.
     */
    private int readOn(long address, int capacity, int n) {
        int total = n;
        long last = n;
        long deadline = System.nanoTime() + READ_ON_NANOS;
        while (last > 0 && capacity - total >= LINE_DISCIPLINE_CHUNK && System.nanoTime() - deadline < 0) {
            last = read(master, address + total, capacity - total);
            if (last <= 0) {
                break; // nothing more yet (EAGAIN), or an end that the next read reports
            }
            total += (int) last;
        }
        return total;
    }

    /** The reader's native buffer, at least {@code capacity} bytes; returns its address. */
    private long readBuffer(int capacity) {
        if (readBuffer == null || readBuffer.size() < capacity) {
            if (readBuffer != null) {
                readBuffer.close();
            }
            readBuffer = new Memory(capacity);
        }
        return Pointer.nativeValue(readBuffer);
    }

    /**
     * Writes all of {@code data} to the program's input, waiting while the terminal's input buffer is full (the
     * program is not reading).
     *
     * @throws IOException when the terminal refuses the write (EIO once the program and its children have closed
     *                     it), or it was closed ({@link #wake()}) while the write waited
     */
    void write(byte[] data) throws IOException {
        byte[] rest = data;
        for (int n = writeNow(rest); n < rest.length; n = writeNow(rest)) {
            rest = Arrays.copyOfRange(rest, n, rest.length);
            if (await(writePoll(), POLLOUT, -1) == 0) {
                throw new IOException("the terminal is closed");
            }
        }
    }

    /**
     * Waits until the master is ready for {@code event} (or hung up), at most {@code timeoutMillis} (-1: no limit).
     * {@code set} holds the master and the wake-up pipe.
     *
     * @return 1 when ready, 0 once {@link #wake()} has been called, -1 when the time ran out
     */
    private int await(Memory set, short event, int timeoutMillis) throws IOException {
        while (true) {
            set.setShort(4, event);
            set.setShort(6, (short) 0);
            set.setShort(POLLFD_BYTES + 6, (short) 0);
            int n = poll(set, 2, timeoutMillis);
            if (n > 0) {
                return set.getShort(POLLFD_BYTES + 6) == 0 ? 1 : 0;
            }
            if (n == 0) {
                return -1;
            }
            int error = Native.getLastError();
            if (error != CLibraryCalls.EINTR) {
                throw new IOException("poll on the PTY failed, errno " + error);
            }
        }
    }

    /** Whether the C library's calls could be bound: without them no master is read here (see {@link #open}). */
    static boolean available() {
        return LINKED;
    }

    private synchronized Memory writePoll() {
        if (writePoll == null) {
            writePoll = pollSet();
        }
        return writePoll;
    }

    private Memory pollSet() {
        Memory set = new Memory(2L * POLLFD_BYTES);
        set.setInt(0, master);
        set.setInt(POLLFD_BYTES, wakePipe[0]);
        set.setShort(POLLFD_BYTES + 4, POLLIN);
        return set;
    }

    /**
     * Writes what the terminal takes right now, never waiting (the descriptor is non-blocking).
     *
     * @return how many bytes were written, 0 when the terminal's input buffer is full
     * @throws IOException when the terminal refuses the write, or {@link #stopWrites()} was called
     */
    int writeNow(byte[] data) throws IOException {
        int done = 0;
        while (done < data.length) {
            if (writesStopped) {
                throw new IOException("the terminal is closed");
            }
            byte[] rest = done == 0 ? data : Arrays.copyOfRange(data, done, data.length);
            long n = write(master, rest, rest.length);
            if (n >= 0) {
                done += (int) n;
                continue;
            }
            int error = Native.getLastError();
            if (error == EAGAIN) {
                return done;
            }
            if (error != CLibraryCalls.EINTR) {
                throw new IOException("cannot write to the terminal, errno " + error);
            }
        }
        return done;
    }

    /** Refuses every later {@link #write}: the owner is about to close the descriptor. */
    void stopWrites() {
        writesStopped = true;
    }

    /** Makes a waiting (or the next) {@link #read} return -1 and a waiting {@link #write} fail. */
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
            readPoll.close();
            if (readBuffer != null) {
                readBuffer.close(); // the reader has ended (see the class comment)
            }
            if (writePoll != null) {
                writePoll.close();
            }
        }
    }
}
