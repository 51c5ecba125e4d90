package dev.ptyctl.service.pty;

import com.pty4j.PtyProcess;
import com.pty4j.WinSize;
import com.pty4j.unix.Pty;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;
import dev.ptyctl.protocol.ProcessExit;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ref.Reference;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A program started on the slave side of a PTY with {@code posix_spawn(3)}, and reaped by the shared
 * {@link ChildReaper} (or, where that is not available, by a thread of its own).
 *
 * <p>Why not pty4j's launcher: it {@code fork}s the server's JVM. The kernel then copies the page tables of every
 * mapping of the JVM (heap, code cache, thread stacks), write-protects them on both sides with a TLB shootdown on
 * every core, and afterwards the server takes a copy-on-write fault on each page it writes, long after the child has
 * called {@code exec}. That was most of the 20 ms of CPU a terminal cost to create, and 10 % of a WebSocket sender's
 * time under a stream while terminals came and went (docs/benchmarks.md). {@code posix_spawn} in glibc runs the child
 * in the parent's memory until it execs ({@code CLONE_VM | CLONE_VFORK}), which is how the JDK starts processes too.
 *
 * <p>In the child, before {@code exec}: signal mask cleared and every signal at its default action (a JVM blocks and
 * handles signals a shell must not inherit), {@code setsid} (a session of its own, as a terminal's first program
 * needs), then the slave opened as descriptor 0 without {@code O_NOCTTY}, which makes it the session's controlling
 * terminal, duplicated onto 1 and 2, every other descriptor closed ({@code closefrom}) and the working directory set.
 * This needs glibc 2.34 or later; {@link #AVAILABLE} is false elsewhere and the session uses pty4j's launcher.
 */
final class SpawnedPtyProcess extends PtyProcess {
    /** Whether this C library has everything used here (glibc on Linux, 2.34+). */
    static final boolean AVAILABLE = Platform.isLinux()
            && CLibraryCalls.bind(SpawnedPtyProcess.class, "programs are started by pty4j's fork");

    private static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    private static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    private static final short POSIX_SPAWN_SETSID = 0x80;
    private static final int O_RDWR = 2;
    /**
     * Room for glibc's {@code posix_spawn_file_actions_t} (80 bytes on x86-64), {@code posix_spawnattr_t} (336) and
     * {@code sigset_t} (128), with a margin: they are opaque, so they are only ever passed by address.
     */
    private static final int OPAQUE_BYTES = 1024;

    private final Pty pty;
    private final long pid;
    private final CompletableFuture<ProcessExit> exit = new CompletableFuture<>();

    private static native int posix_spawn(int[] pid, String path, Pointer fileActions, Pointer attributes,
                                          Pointer argv, Pointer envp);

    private static native int posix_spawn_file_actions_init(Pointer fileActions);

    private static native int posix_spawn_file_actions_destroy(Pointer fileActions);

    private static native int posix_spawn_file_actions_addopen(Pointer fileActions, int fd, String path, int flags,
                                                               int mode);

    private static native int posix_spawn_file_actions_adddup2(Pointer fileActions, int fd, int newFd);

    private static native int posix_spawn_file_actions_addclosefrom_np(Pointer fileActions, int from);

    private static native int posix_spawn_file_actions_addchdir_np(Pointer fileActions, String path);

    private static native int posix_spawnattr_init(Pointer attributes);

    private static native int posix_spawnattr_destroy(Pointer attributes);

    private static native int posix_spawnattr_setflags(Pointer attributes, short flags);

    private static native int posix_spawnattr_setsigmask(Pointer attributes, Pointer signals);

    private static native int posix_spawnattr_setsigdefault(Pointer attributes, Pointer signals);

    private static native int sigemptyset(Pointer signals);

    private static native int sigfillset(Pointer signals);

    private static native int waitpid(int pid, int[] status, int options);

    private static native String strerror(int error);

    private SpawnedPtyProcess(Pty pty, long pid) {
        this.pty = pty;
        this.pid = pid;
    }

    /**
     * Starts {@code executable} with {@code argv} (whose first element is the name the program sees) and exactly the
     * variables of {@code environment} ({@code NAME=value}) in {@code directory}, on the slave of {@code pty}.
     *
     * @throws IOException when the program cannot be started; the message names it and the reason
     */
    static SpawnedPtyProcess start(String executable, String[] argv, String[] environment, String directory, Pty pty)
            throws IOException {
        if (!AVAILABLE) {
            throw new IllegalStateException("posix_spawn is not available here");
        }
        try (Memory actions = new Memory(OPAQUE_BYTES); Memory attributes = new Memory(OPAQUE_BYTES);
             Memory noSignals = new Memory(OPAQUE_BYTES); Memory allSignals = new Memory(OPAQUE_BYTES)) {
            check(posix_spawn_file_actions_init(actions), "posix_spawn_file_actions_init");
            try {
                check(posix_spawnattr_init(attributes), "posix_spawnattr_init");
                try {
                    check(posix_spawn_file_actions_addopen(actions, 0, pty.getSlaveName(), O_RDWR, 0),
                            "posix_spawn_file_actions_addopen");
                    check(posix_spawn_file_actions_adddup2(actions, 0, 1), "posix_spawn_file_actions_adddup2");
                    check(posix_spawn_file_actions_adddup2(actions, 0, 2), "posix_spawn_file_actions_adddup2");
                    check(posix_spawn_file_actions_addclosefrom_np(actions, 3),
                            "posix_spawn_file_actions_addclosefrom_np");
                    check(posix_spawn_file_actions_addchdir_np(actions, directory),
                            "posix_spawn_file_actions_addchdir_np");
                    sigemptyset(noSignals);
                    sigfillset(allSignals);
                    check(posix_spawnattr_setsigmask(attributes, noSignals), "posix_spawnattr_setsigmask");
                    check(posix_spawnattr_setsigdefault(attributes, allSignals), "posix_spawnattr_setsigdefault");
                    check(posix_spawnattr_setflags(attributes,
                            (short) (POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
                            "posix_spawnattr_setflags");
                    int[] pid = new int[1];
                    StringArray arguments = new StringArray(argv);
                    StringArray variables = new StringArray(environment);
                    int error = posix_spawn(pid, executable, actions, attributes, arguments, variables);
                    // Their native memory must outlive the call: a collection during it would free it under the child.
                    Reference.reachabilityFence(arguments);
                    Reference.reachabilityFence(variables);
                    if (error == CLibraryCalls.EAGAIN) {
                        throw ThreadLimit.processRefused(strerror(error));
                    }
                    if (error != 0) {
                        throw new IOException("cannot execute " + executable + ": " + strerror(error));
                    }
                    SpawnedPtyProcess process = new SpawnedPtyProcess(pty, pid[0]);
                    try {
                        process.startReaping();
                    } catch (RuntimeException | Error e) {
                        // No reaper could be had (a task limit): the program would run on, owned by nothing.
                        Signals.toGroup(pid[0], Signals.SIGKILL);
                        collect(pid[0], 0, process.exit); // killed: this wait is short
                        throw ThreadLimit.refusalOrRethrow(e);
                    }
                    return process;
                } finally {
                    posix_spawnattr_destroy(attributes);
                }
            } finally {
                posix_spawn_file_actions_destroy(actions);
            }
        }
    }

    private static void check(int error, String call) throws IOException {
        if (error != 0) {
            throw new IOException(call + " failed: " + strerror(error));
        }
    }

    /** Hands the child to the shared {@link ChildReaper}, or where that cannot watch it, to a thread of its own. */
    private void startReaping() {
        if (ChildReaper.AVAILABLE) {
            try {
                ChildReaper.watch(pid, exit);
                return;
            } catch (IOException e) {
                System.getLogger(SpawnedPtyProcess.class.getName()).log(System.Logger.Level.DEBUG,
                        "reaping process " + pid + " on a thread of its own", e);
            }
        }
        // waitpid blocks in native code, which would pin a virtual thread's carrier.
        Thread.ofPlatform().daemon().name("pty-reaper-" + pid).start(this::reap);
    }

    /** A reaper thread of its own: waits for the child and keeps how it ended. */
    private void reap() {
        collect(pid, 0, exit);
    }

    /**
     * Collects the child {@code pid} with {@code waitpid(pid, options)} and completes {@code exit} with how it ended,
     * decoded from the wait status while that still tells an {@code exit 130} from a death by SIGINT (the
     * {@link Process} API's one number cannot): with options 0 once it has exited, with {@code WNOHANG} when it is
     * known to have exited already ({@link ChildReaper}).
     */
    static void collect(long pid, int options, CompletableFuture<ProcessExit> exit) {
        int[] status = new int[1];
        int result;
        int error;
        do {
            result = waitpid((int) pid, status, options);
            error = result < 0 ? Native.getLastError() : 0;
        } while (error == CLibraryCalls.EINTR);
        if (result == pid) {
            exit.complete(ProcessExit.fromWaitStatus(status[0]));
        } else {
            // ECHILD: someone else reaped it (0, from WNOHANG, cannot happen once it has exited). Nothing more can be
            // learnt; report it as ended.
            System.getLogger(SpawnedPtyProcess.class.getName()).log(System.Logger.Level.WARNING,
                    "waitpid for process " + pid + " returned " + result + (result < 0 ? ": " + strerror(error) : ""));
            exit.complete(ProcessExit.UNKNOWN);
        }
    }

    /** How the program ended, once it has; null while it runs. */
    ProcessExit exitNow() {
        return exit.getNow(null);
    }

    /** The PTY the program runs on. */
    Pty getPty() {
        return pty;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            return exit.get().exitCode();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            exit.get(timeout, unit);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public int exitValue() {
        ProcessExit end = exit.getNow(null);
        if (end == null) {
            throw new IllegalThreadStateException("process " + pid + " has not exited");
        }
        return end.exitCode();
    }

    /** Hangs up the program, as closing its terminal would (the session's kill does the whole process group). */
    @Override
    public void destroy() {
        if (isAlive()) {
            Signals.toProcess(pid, Signals.SIGHUP);
        }
    }

    @Override
    public Process destroyForcibly() {
        if (isAlive()) {
            Signals.toProcess(pid, Signals.SIGKILL);
        }
        return this;
    }

    @Override
    public OutputStream getOutputStream() {
        return pty.getOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return pty.getInputStream();
    }

    /** stderr shares the terminal with stdout, as in any terminal emulator. */
    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public void setWinSize(WinSize size) {
        try {
            pty.setWindowSize(size, this);
        } catch (IOException e) {
            throw new IllegalStateException("cannot set the terminal size of process " + pid, e);
        }
    }

    @Override
    public WinSize getWinSize() throws IOException {
        return pty.getWinSize(this);
    }
}
