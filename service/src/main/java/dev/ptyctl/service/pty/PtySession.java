package dev.ptyctl.service.pty;

import com.pty4j.PtyProcess;
import com.pty4j.WinSize;
import com.pty4j.unix.Pty;
import com.pty4j.unix.UnixPtyProcess;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.metrics.ThreadCpu;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * A program running in a pseudo-terminal, with the server's emulator kept up to date from its output.
 *
 * <p>Threads: one platform thread reads the PTY ({@link PtyMaster}; a native read would pin a virtual thread's carrier
 * and could stall every virtual thread in the JVM), hands each chunk to the as-read listeners (the output log) and
 * queues it in {@link PendingOutput}; a second platform thread takes the queued output and applies it to
 * {@link ScreenState} (emulator and screen listeners). That one ends after {@link #SCREEN_IDLE} without output and
 * the next output starts another; the reader too, after {@link #READER_IDLE}, once it has handed its master to
 * the {@link ReadinessWatcher}, the one thread that watches every idle terminal. So an idle terminal holds no thread
 * of its own (without {@link PtyMaster} or epoll, it keeps its reader). Reading and emulating thus overlap on
 * two cores, and clients of the output log never wait for the emulator. One platform thread does
 * every write and resize, in submission order, so a write that blocks because the program does not read its input
 * holds up only later writes to the same PTY (the first write that cannot go at once, or resize, starts it, and it
 * ends after {@link #READER_IDLE} without one); a third thread waits for the process to exit: pty4j waits in
 * {@code Object.wait} under a monitor, which pins a virtual thread's carrier before JDK 24, so it is a virtual thread
 * only from JDK 24 on (JEP 491) and a platform thread on 21–23. The
 * emulator's answers to queries go back through the writer thread.
 *
 * <p>Exit: once the process has exited, the reader is given a moment to drain the last output (so the final
 * screen is complete) before the session reports the exit. By then the PTY and the reader's pipes are closed (once the
 * reading has ended: a background process that still holds the terminal keeps them until it lets go): an ended
 * session keeps its screen, scrollback and exit status, and no descriptor.
 */
public final class PtySession implements TerminalSession, AutoCloseable {
    /**
     * Linux PTYs hand out at most 4095 bytes per read; {@link PtyMaster#read} reads on up to the reader's buffer at
     * once. The buffer starts at this size, which is all an idle or interactive terminal ever needs.
     */
    private static final int FIRST_READ_BYTES = 16 * 1024;
    /**
     * Under a stream (a read left no room for another chunk of the line discipline) it doubles up to this: down to a
     * quarter of the log appends, wake-ups and frames per MiB; measured, 8 % less server CPU per MiB of {@code cat}
     * (docs/benchmarks.md). Only a terminal that streams holds the larger buffer, and only if its lag allows it
     * ({@link #maxReadBytes}).
     */
    private static final int MAX_READ_BYTES = 64 * 1024;
    /**
     * The exit watcher only waits: the shared {@link ChildReaper} (or, where it or {@link SpawnedPtyProcess} is not
     * available, a reaper thread of the process's own) reaps the child and completes a future or notifies a monitor.
     * From JDK 24 on (JEP 491) a virtual thread waiting in a monitor gives its carrier back, so an idle terminal costs
     * no platform thread for it; before, it would pin a carrier for the terminal's whole life, so there it is a
     * platform thread.
     */
    private static final boolean VIRTUAL_EXIT_WATCHERS = Runtime.version().feature() >= 24;
    /**
     * A reader with no output for this long parks its master with the {@link ReadinessWatcher} and ends; output starts
     * another. So an idle terminal holds no thread at all. The next output then pays for a thread start: a key typed
     * into a parked terminal came back in 0.87–0.90 ms (p50) instead of 0.37–0.42 ms (a platform thread start takes
     * about 0.33 ms on this machine). Half a minute, so that someone who stops typing to read, or an agent that
     * thinks between commands, rarely meets it; a terminal left alone that long gives its threads back.
     */
    static final Duration READER_IDLE = Duration.ofSeconds(30);
    /**
     * A screen thread with no output for this long ends, and the next output starts another. The same as the
     * reader's: a restarted screen thread costs a {@code pty/wait} after the pause the same thread start (it was 5 s
     * in stop 14, which a command typed after ten seconds of thought paid for).
     */
    static final Duration SCREEN_IDLE = READER_IDLE;
    /** The emulator's thread takes up to this much at once: fewer, larger feeds under the session lock. */
    private static final int APPLY_CHUNK_BYTES = 16 * 1024;
    /**
     * The least lag a session can be given ({@link SpawnOptions#maxScreenLag}): a queue of a few reads, which is all
     * reading and emulating on two cores at once needs while both keep up, the chunk being applied and the chunk the
     * reader is queueing (already seen by the as-read listeners).
     */
    public static final int MIN_SCREEN_LAG_BYTES = 16 * 1024 + APPLY_CHUNK_BYTES + FIRST_READ_BYTES;
    /**
     * The lag a session gets unless told otherwise. Room for half a MiB lets the reader keep reading through a burst
     * that the emulator is slow on (full-screen redraws), so the program is not slowed down to the emulator's pace
     * moment by moment; the emulator catches up when the cores are free. Measured: {@code cat} through the server,
     * 16 KiB → 512 KiB, ptyctl/drain 0.73 → 0.81 on ASCII, 0.61 → 0.69 on TUI (means of 5–6 interleaved runs,
     * docs/benchmarks.md). The queue grows only when the emulator falls behind, so an idle terminal holds 4 KiB.
     */
    public static final int DEFAULT_SCREEN_LAG_BYTES = 512 * 1024;
    /**
     * How long to wait after the process exits for its last output. The reader sees end-of-file only when every
     * holder of the terminal has closed it, which a background child may delay indefinitely.
     */
    private static final Duration DRAIN_AFTER_EXIT = Duration.ofSeconds(1);
    private static final System.Logger LOG = System.getLogger(PtySession.class.getName());

    private final PtyProcess process;
    private final ScreenState screen;
    private final OutputStream toPty;
    private final ThreadPoolExecutor writer;
    private final Duration killGrace;
    /** Completes when the reading has ended for good (end of file, or woken to close), whichever thread read last. */
    private final CompletableFuture<Void> readingEnded = new CompletableFuture<>();
    private final InputStream fromPty;
    /**
     * How long a reader waits for output before it parks the master and ends; -1 never (pty4j's stream, or a park
     * that failed). Only the running reader changes it.
     */
    private int readerIdleMillis;
    /** Reads and writes the master directly (see {@link PtyMaster}); null where that is not possible: then pty4j. */
    private final PtyMaster master;
    /** How long the screen thread waits for output before it ends (the next output starts another). */
    private final long screenIdleNanos;
    /** Output read and not yet applied: bounded, so that the screen lags by at most the session's limit. */
    private final PendingOutput pending;
    /** How far the reader's buffer may grow under a stream ({@link #maxReadBytes(int)}). */
    private final int maxReadBytes;
    private final List<OutputListener> asRead;
    /** Serializes the reader's chunks with injected output: the as-read listeners and the queue see one order. */
    private final ReentrantLock ingestLock = new ReentrantLock();
    /** Bytes handed to the as-read listeners so far; written under {@link #ingestLock}. */
    private volatile long readSeq;
    /** Guards {@link #repliedSeq}; {@link #repliesQueued} is signalled when it grows. */
    private final ReentrantLock repliesLock = new ReentrantLock();
    private final Condition repliesQueued = repliesLock.newCondition();
    /** Bytes the screen has applied and whose replies are queued for the writer (the screen thread writes it). */
    private long repliedSeq;
    /** Orders writes made on callers' threads with the writer thread's queue. */
    private final ReentrantLock writeOrder = new ReentrantLock();
    /** Tasks submitted to {@link #writer} and not yet finished; guarded by {@link #writeOrder}. */
    private int writerTasks;
    private final CompletableFuture<ProcessExit> processExit = new CompletableFuture<>();
    private final CompletableFuture<ProcessExit> exit = new CompletableFuture<>();
    /** Whether {@link #releaseTerminal()} has run; guarded by this session's monitor. */
    private boolean released;
    /** The {@link #kill} in progress, if any; completes when it has ended. */
    private final AtomicReference<CompletableFuture<Void>> killing = new AtomicReference<>();

    private PtySession(PtyProcess process, ScreenState screen, List<OutputListener> asRead, Duration killGrace,
                       int maxScreenLag, Duration screenIdle, Duration ioIdle) {
        this.process = process;
        this.maxReadBytes = maxReadBytes(maxScreenLag);
        this.screenIdleNanos = screenIdle.toNanos();
        this.pending = new PendingOutput(maxScreenLag - APPLY_CHUNK_BYTES - maxReadBytes, this::startApplier);
        this.screen = screen;
        this.asRead = List.copyOf(asRead);
        this.toPty = process.getOutputStream();
        this.killGrace = killGrace;
        long pid = process.pid();
        // One thread at most, started by the first task and ended after ioIdle without one: every resize goes through
        // it, so with a single-thread executor every terminal a client had ever resized kept a thread for good.
        this.writer = new ThreadPoolExecutor(0, 1, ioIdle.toNanos(), TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(),
                Thread.ofPlatform().daemon().name("pty-writer-" + pid).factory());
        this.master = openPtyMaster(process);
        this.fromPty = process.getInputStream();
        this.readerIdleMillis = master == null || !ReadinessWatcher.AVAILABLE ? -1
                : (int) Math.min(Integer.MAX_VALUE, ioIdle.toMillis());
    }

    /**
     * Starts {@code options.command()} in a new PTY.
     *
     * @throws IOException when the program cannot be found or started; the message says why
     */
    public static PtySession spawn(SpawnOptions options) throws IOException {
        return spawn(options, SCREEN_IDLE, READER_IDLE);
    }

    /**
     * {@link #spawn(SpawnOptions)} whose screen thread ends after {@code screenIdle} without output, whose reader
     * parks after {@code ioIdle} without output and whose writer thread ends after {@code ioIdle} without a write or
     * resize (for tests).
     */
    static PtySession spawn(SpawnOptions options, Duration screenIdle, Duration ioIdle) throws IOException {
        Map<String, String> env = TerminalEnvironment.forHostedProgram(options.environment());
        String executable = executable(options.command().getFirst(), options.cwd(), env.get("PATH"));
        ScreenState screen = new ScreenState(options.cols(), options.rows(), options.scrollbackLines(),
                options.answerQueries());
        screen.allowTitleReports(options.titleReports());
        // Before the reader starts, so that an output log sees byte 0.
        options.screenListeners().forEach(screen::addOutputListener);
        PtyProcess process = startWithSize(executable, options, env);
        PtySession session;
        try {
            session = new PtySession(process, screen, options.outputListeners(), options.killGrace(),
                    options.maxScreenLag(), screenIdle, ioIdle);
        } catch (RuntimeException | Error e) {
            // Nothing owns the program yet: it would run on with its PTY open.
            endUnowned(process);
            throw e;
        }
        try {
            HostedProcesses.register(session);
            // A new builder each time: builders are not safe for concurrent use.
            Thread.Builder exitWatcher = VIRTUAL_EXIT_WATCHERS ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
            exitWatcher.name("pty-exit-" + process.pid()).start(session::awaitProcessExit);
            session.startReader(); // the first output starts the screen thread; last, see below
        } catch (RuntimeException | Error e) {
            // A thread that cannot be created (a task limit: systemd's TasksMax, a container's pids.max) left the
            // program running with its PTY open and nothing to end it. No reader has started (it comes last), so
            // the reading has ended.
            session.readingEndsUnread();
            killAtStart(process);
            session.releaseTerminal();
            HostedProcesses.unregister(session);
            throw ThreadLimit.refusalOrRethrow(e);
        }
        return session;
    }

    /** Ends a program that nothing owns yet (its session could not be made), and closes its PTY. */
    private static void endUnowned(PtyProcess process) {
        killAtStart(process);
        closeQuietly(process.getInputStream());
        closeQuietly(process.getOutputStream());
    }

    /**
     * Ends a program whose session could not be set up, before anyone has seen it: SIGKILL to its process group at
     * once (a hang-up and the grace period would hold up the failing create, and for nothing), then waits, boundedly,
     * for it to be reaped.
     */
    private static void killAtStart(PtyProcess process) {
        Signals.toGroup(process.pid(), Signals.SIGKILL);
        try {
            process.waitFor(DRAIN_AFTER_EXIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts the program on a PTY that already has its final size. {@code PtyProcessBuilder} sets the size only
     * after the program has started: the program then sees 0×0 at first and gets a SIGWINCH moments later, which
     * makes vim redraw and lose its start-up message and confuses anything that reads the size once. Sizing the
     * PTY before the program starts means it starts at its real size and no SIGWINCH is sent. With glibc the program
     * is started with {@code posix_spawn} ({@link SpawnedPtyProcess}: no fork of the server's memory), elsewhere by
     * pty4j.
     */
    @SuppressWarnings("deprecation") // pty4j's Pty-taking constructor: the only way to size the PTY before it starts
    private static PtyProcess startWithSize(String executable, SpawnOptions options, Map<String, String> env)
            throws IOException {
        Pty pty = new Pty(false);
        try {
            pty.setWindowSize(new WinSize(options.cols(), options.rows()), null);
            String[] environment = env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .toArray(String[]::new);
            String[] argv = options.command().toArray(String[]::new);
            if (SpawnedPtyProcess.AVAILABLE) {
                return SpawnedPtyProcess.start(executable, argv, environment, options.cwd().toString(), pty);
            }
            // errPty null: stderr shares the terminal with stdout, as in any terminal emulator.
            return new UnixPtyProcess(argv, environment, options.cwd().toString(), pty, null, false);
        } catch (IOException | RuntimeException | Error e) {
            pty.close();
            throw e;
        }
    }

    /**
     * The file that {@code program} names ({@link ProgramLookup}). Fails early, with a clear message, for a program
     * that cannot be executed (pty4j would only say "exit 1").
     */
    private static String executable(String program, Path cwd, String path) throws IOException {
        Optional<Path> file = ProgramLookup.find(program, cwd, path);
        if (file.isEmpty()) {
            throw new ProgramNotFoundException(program.contains("/") ? "not an executable file: " + program
                    : "command not found: " + program);
        }
        return file.get().toString();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    /** Adds a listener that sees every later chunk of output as applied to the screen (see {@link OutputListener}). */
    public void addScreenListener(OutputListener listener) {
        screen.addOutputListener(listener);
    }

    /** Turns the server's answers to terminal queries on or off (SPEC §5.5). */
    @Override
    public void answerQueries(boolean answer) {
        screen.answerQueries(answer);
    }

    /** Turns the server's answers to the title and icon-label reports on or off while a client answers the rest. */
    @Override
    public void answerTitleReports(boolean answer) {
        screen.answerTitleReports(answer);
    }

    /** Keeps the emulator's answers to the title reports for a client to send (see {@link ScreenState}). */
    @Override
    public void relayTitleReports(boolean relay) {
        screen.relayTitleReports(relay);
    }

    @Override
    public List<TitleReply> titleRepliesBetween(long afterSeq, long upToSeq) {
        return screen.titleRepliesBetween(afterSeq, upToSeq);
    }

    /** Completes with how the process ended once it has exited and its last output has been read. */
    @Override
    public CompletableFuture<ProcessExit> onExit() {
        return exit.copy();
    }

    /**
     * Hands {@code bytes} to the listeners and the emulator as if the program had written them, between two of the
     * reader's chunks, and returns once the screen shows them. Replies to queries in them go to the program as usual.
     */
    @Override
    public void injectOutput(byte[] bytes) {
        try {
            long end = ingest(bytes, 0, bytes.length);
            awaitApplied(end, System.nanoTime() + DRAIN_AFTER_EXIT.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
        return screen.snapshot(reader);
    }

    @Override
    public SessionProgress progress() {
        return screen.progress();
    }

    @Override
    public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException {
        return screen.awaitChange(seenOutputSeq, deadlineNanos);
    }

    /**
     * Writes at once on the caller's thread when nothing is queued for the writer thread and the terminal takes all
     * the bytes without waiting (the master is non-blocking, so this never parks a virtual thread's carrier); the
     * rest, or everything while earlier writes or resizes are queued, goes to the writer thread in order. Skipping the
     * hand-over took 60–75 µs off an echo's p50 (docs/benchmarks.md).
     */
    @Override
    public long write(byte[] bytes) throws IOException, InterruptedException {
        Future<Long> queued;
        writeOrder.lock();
        try {
            if (master != null && writerTasks == 0) {
                ensureRunning();
                long outputSeq = screen.progress().outputSeq();
                int written;
                try {
                    written = master.writeNow(bytes);
                } catch (IOException e) {
                    throw exitedIfGone(e);
                }
                if (written == bytes.length) {
                    return outputSeq;
                }
                byte[] rest = Arrays.copyOfRange(bytes, written, bytes.length);
                queued = submitToWriter(() -> writeInOrder(rest, outputSeq));
            } else {
                queued = submitToWriter(() -> {
                    ensureRunning();
                    return writeInOrder(bytes, screen.progress().outputSeq());
                });
            }
        } finally {
            writeOrder.unlock();
        }
        return awaitWriter(queued);
    }

    /** On the writer thread: writes all of {@code bytes}, waiting for room; returns {@code outputSeq}. */
    private long writeInOrder(byte[] bytes, long outputSeq) throws IOException {
        if (bytes.length > 0) {
            try {
                writePty(bytes);
            } catch (IOException e) {
                throw exitedIfGone(e);
            }
        }
        return outputSeq;
    }

    /** A failed write reads as the program's exit once it has gone. */
    private IOException exitedIfGone(IOException e) {
        return process.isAlive() ? e : exitedException();
    }

    @Override
    public GridSize gridSize() {
        return screen.gridSize();
    }

    @Override
    public long linesScrolledSince(long outputSeq) {
        return screen.linesScrolledSince(outputSeq);
    }

    @Override
    public void resize(int cols, int rows) throws IOException, InterruptedException {
        onWriterThread(() -> {
            ensureRunning();
            // The emulator first: whatever the program draws after SIGWINCH must land on the new size.
            resizeEmulatorAtReadEnd(cols, rows);
            process.setWinSize(new WinSize(cols, rows));
            return null;
        });
    }

    /**
     * Resizes the emulator after every byte read so far and before any byte read later: the reader waits meanwhile,
     * and the emulator first applies what is queued. So the size begins at the end of what clients may already have
     * been sent (they read the output log, which is ahead of the emulator), and a client told of the size at that
     * offset wraps every line as the server does. Applying the queue takes a few milliseconds at most (it is bounded);
     * an emulator that does not catch up within {@link #DRAIN_AFTER_EXIT} is resized where it stands.
     */
    private void resizeEmulatorAtReadEnd(int cols, int rows) throws InterruptedException {
        ingestLock.lockInterruptibly();
        try {
            awaitApplied(readSeq, System.nanoTime() + DRAIN_AFTER_EXIT.toNanos());
            screen.resize(cols, rows);
        } finally {
            ingestLock.unlock();
        }
    }

    @Override
    public void kill() throws InterruptedException {
        kill(killGrace);
    }

    @Override
    public InputMode inputMode() {
        return master == null ? InputMode.UNKNOWN : master.inputMode();
    }

    @Override
    public void kill(Duration grace) throws InterruptedException {
        if (!processExit.isDone()) {
            // One ending at a time: when the server stops, its terminal registry and the JVM's shutdown hook both
            // end every session at once, and each ending searches the whole process table; a second caller waits for
            // the first one's instead of doing it all again.
            CompletableFuture<Void> mine = new CompletableFuture<>();
            CompletableFuture<Void> running = killing.compareAndExchange(null, mine);
            if (running != null) {
                running.join(); // bounded (the grace period, then SIGKILL's waits) and never fails
            } else {
                try {
                    ProcessKiller.terminate(new ProcessKiller.Leader() {
                        @Override
                        public long pid() {
                            return process.pid();
                        }

                        @Override
                        public boolean awaitExit(Duration timeout) throws InterruptedException {
                            return awaitFuture(processExit, timeout);
                        }
                    }, grace);
                } finally {
                    killing.set(null);
                    mine.complete(null);
                }
            }
        }
        awaitFuture(exit, DRAIN_AFTER_EXIT.multipliedBy(2));
    }

    /** Kills the process (if still running) and releases the threads and the PTY. */
    @Override
    public void close() {
        try {
            kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        releaseTerminal();
        HostedProcesses.unregister(this);
    }

    /**
     * Ends the writer and closes the PTY (master and pty4j's pipe) and the wake-up pipe: from {@link #close()}, and as
     * soon as the program has ended and its output has been read, so that an ended terminal kept for its screen,
     * scrollback and exit status holds no descriptor. Idempotent.
     */
    private synchronized void releaseTerminal() {
        if (released) {
            return;
        }
        released = true;
        writer.shutdown();
        if (master != null) {
            // Reader and writer must be out of their system calls before pty4j closes the descriptor, or a later
            // call could reach whatever file gets the number next. Once the program is gone both end at once (EIO).
            master.wake();
            try {
                awaitReadingEnded(DRAIN_AFTER_EXIT);
                if (!writer.awaitTermination(DRAIN_AFTER_EXIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    writer.shutdownNow(); // a write blocked by a background holder that never reads: drop the rest
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // Under the write order: a write on a caller's thread (write()) is then out of its system call.
            writeOrder.lock();
            try {
                master.stopWrites();
            } finally {
                writeOrder.unlock();
            }
            if (readingEnded.isDone()) {
                master.close();
            }
        }
        closeQuietly(process.getInputStream());
        closeQuietly(toPty);
    }

    private static PtyMaster openPtyMaster(PtyProcess process) {
        try {
            return switch (process) {
                case SpawnedPtyProcess spawned -> PtyMaster.open(spawned.getPty().getMasterFD());
                case UnixPtyProcess unix -> PtyMaster.open(unix.getPty().getMasterFD());
                default -> null;
            };
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "reading the PTY through pty4j", e);
            return null;
        }
    }

    /** On the writer thread only. */
    private void writePty(byte[] bytes) throws IOException {
        if (master != null) {
            master.write(bytes);
        } else {
            toPty.write(bytes);
            toPty.flush();
        }
    }

    /** The next output into {@code buffer}: its length, -1 at the end, or {@link PtyMaster#IDLE}. */
    private int readPty(byte[] buffer) throws IOException {
        return master != null ? master.read(buffer, readerIdleMillis) : fromPty.read(buffer);
    }

    /**
     * How large the reader's buffer may grow for a session allowed {@code maxScreenLag}: the chunk being queued is
     * part of the lag, so a small lag keeps the first size, and the queue keeps at least three quarters of the rest.
     */
    static int maxReadBytes(int maxScreenLag) {
        int quarter = (maxScreenLag - APPLY_CHUNK_BYTES) / 4;
        return Math.max(FIRST_READ_BYTES, Math.min(MAX_READ_BYTES, Integer.highestOneBit(Math.max(1, quarter))));
    }

    /** Starts a reader thread: at the start, and each time a parked master has output again. */
    private void startReader() {
        Thread.ofPlatform().daemon().name("pty-reader-" + process.pid()).start(this::pumpOutput);
    }

    /**
     * Starts the next reader of a parked master, on the watcher's thread. Should no thread be had (a task limit), the
     * program is ended ({@link #endForThreadLimit}), as a create in the same case ends the program it started, and
     * the watcher goes on for every other terminal.
     */
    private void resumeReading() {
        try {
            startReader();
        } catch (OutOfMemoryError e) {
            readingEndsUnread();
            endForThreadLimit(e);
        }
    }

    /**
     * Ends the program once no thread could be had to read its output or apply it to the screen (a task limit): it
     * would block on a full PTY, its terminal frozen for good. SIGKILL, not the grace period: the callers (the
     * watcher, a reader on its way out) must not wait. Other errors are rethrown.
     */
    private void endForThreadLimit(OutOfMemoryError e) {
        if (!ThreadLimit.reached(e)) {
            throw e;
        }
        LOG.log(System.Logger.Level.WARNING, "cannot read process " + pid() + " any more, so it is ended: "
                + ThreadLimit.explain(e));
        Signals.toGroup(process.pid(), Signals.SIGKILL);
    }

    /** No reader will read this master again: whoever waits for the reading to end (or for pending output) goes on. */
    private void readingEndsUnread() {
        pending.close();
        readingEnded.complete(null);
    }

    /** Waits at most {@code limit} for the reading to end for good. */
    private void awaitReadingEnded(Duration limit) throws InterruptedException {
        try {
            readingEnded.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // ExecutionException cannot happen (completed with null only); a timeout is the caller's to judge
        }
    }

    private void pumpOutput() {
        // Each reader its own: a parked terminal keeps no buffer (16 KiB of heap fewer per idle terminal).
        byte[] buffer = new byte[FIRST_READ_BYTES];
        boolean parked = false;
        try {
            for (int n = readPty(buffer); n >= 0 || n == PtyMaster.IDLE; n = readPty(buffer)) {
                if (n == PtyMaster.IDLE) {
                    parked = park();
                    if (parked) {
                        return; // the watcher starts the next reader; the reading has not ended
                    }
                    readerIdleMillis = -1; // this terminal keeps its reader rather than failing every half minute
                    continue;
                }
                buffer = handOn(buffer, n);
            }
        } catch (IOException e) {
            // EIO once the last holder of the terminal has gone: the normal end of a PTY on Linux.
            LOG.log(System.Logger.Level.TRACE, "pty read ended", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "pty reader of process " + pid() + " failed", e);
        } catch (OutOfMemoryError e) {
            endForThreadLimit(e); // the screen thread, started by the first output after an idle spell
        } finally {
            // First: whoever waits for the reading to end may then read the count.
            ThreadCpu.threadEnding(ThreadCpu.Role.READER);
            if (!parked) {
                readingEndsUnread();
            }
        }
    }

    /**
     * What the reader does with each read: gives it to the listeners and the queue, and returns the buffer for the
     * next one (a larger one under a stream). A method, not the loop's body, so that it is compiled once for every
     * reader thread (a loop's body runs in the interpreter for each new thread until the JIT replaces it on the
     * stack, which takes far more passes than a reader makes).
     */
    private byte[] handOn(byte[] buffer, int n) throws InterruptedException {
        if (n > 0) {
            ingest(buffer, 0, n);
        }
        // Full as PtyMaster reads on: 16 KiB is four 4095-byte chunks and 4 bytes to spare, so a test for
        // n == buffer.length grew the buffer only when the kernel happened to hand out 4096 bytes once.
        if (buffer.length - n < PtyMaster.LINE_DISCIPLINE_CHUNK && buffer.length < maxReadBytes) {
            return new byte[Math.min(maxReadBytes, buffer.length * 2)];
        }
        return buffer;
    }

    /**
     * Hands the idle master and its wake-up pipe to the {@link ReadinessWatcher}, which starts the next reader when
     * output comes, the terminal hangs up or the session is closing. The native buffer goes first (the heap one goes
     * with the reader that ends): an idle terminal keeps neither. Returns false when it could not be parked; the
     * caller then goes on reading itself.
     */
    private boolean park() {
        master.releaseReadBuffer();
        try {
            ReadinessWatcher.shared().watch(new int[] {master.descriptor(), master.wakeDescriptor()},
                    this::resumeReading, this::resumeReading);
            return true;
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot park the idle reader of process " + pid(), e);
            return false;
        }
    }

    /**
     * Gives a chunk to the as-read listeners and queues it for the emulator; returns the seq after it. While the
     * server answers the title reports and a client the rest ({@link ScreenState#answersTitleReportsAlone()}), the
     * emulator applies the chunk and its replies are queued for the writer first, and the listeners (the output log
     * clients read) get it after: the server's answer to a title report in it then reaches the program before the
     * client's answer to any query that follows it (the client answers from the output log, which otherwise runs
     * ahead of the emulator). An emulator that does not catch up within {@link #DRAIN_AFTER_EXIT} is not waited for
     * further.
     */
    private long ingest(byte[] data, int offset, int length) throws InterruptedException {
        ingestLock.lockInterruptibly();
        try {
            boolean applyFirst = screen.answersTitleReportsAlone();
            if (applyFirst) {
                pending.put(data, offset, length);
                awaitReplied(readSeq + length, System.nanoTime() + DRAIN_AFTER_EXIT.toNanos());
            }
            readSeq += length;
            for (OutputListener listener : asRead) {
                try {
                    listener.output(data, offset, length, readSeq);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "output listener failed", e);
                }
            }
            if (!applyFirst) {
                pending.put(data, offset, length);
            }
            return readSeq;
        } finally {
            ingestLock.unlock();
        }
    }

    /** Called by {@link #pending} (under its lock) when output arrives and no screen thread is running. */
    private void startApplier() {
        Thread.ofPlatform().daemon().name("pty-screen-" + process.pid()).start(this::applyOutput);
    }

    /**
     * The emulator's thread: applies queued output in order until the reader has ended and the queue is empty, or
     * until no output has come for {@link #screenIdleNanos}; then the next output starts another.
     */
    private void applyOutput() {
        byte[] chunk = new byte[PendingOutput.INITIAL_BYTES];
        try {
            for (int n = pending.take(chunk, screenIdleNanos); n >= 0; n = pending.take(chunk, screenIdleNanos)) {
                chunk = apply(chunk, n);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ThreadCpu.threadEnding(ThreadCpu.Role.SCREEN);
        }
    }

    /**
     * Applies {@code n} bytes of {@code chunk} to the screen and returns the buffer for the next take (a larger one
     * while the queue fills it). A method, not the loop's body, for the reason given at {@link #handOn}.
     */
    private byte[] apply(byte[] chunk, int n) {
        try {
            for (byte[] reply : screen.feed(chunk, 0, n)) {
                writeReply(reply);
            }
        } catch (RuntimeException e) {
            // An emulator bug must not stop the screen, or the reader would wait for it for ever.
            LOG.log(System.Logger.Level.ERROR, "emulator of process " + pid() + " failed on output", e);
        } finally {
            markReplied(n);
        }
        if (n == chunk.length && chunk.length < APPLY_CHUNK_BYTES) {
            return new byte[Math.min(APPLY_CHUNK_BYTES, chunk.length * 2)];
        }
        return chunk;
    }

    /** Counts {@code n} more bytes applied with their replies queued for the writer, and wakes who waits for it. */
    private void markReplied(int n) {
        repliesLock.lock();
        try {
            repliedSeq += n;
            repliesQueued.signalAll();
        } finally {
            repliesLock.unlock();
        }
    }

    /**
     * Waits until the screen has applied output up to {@code seq} and its replies to queries in it are queued for the
     * writer (so any write made later goes after them), or the deadline.
     */
    private void awaitReplied(long seq, long deadlineNanos) throws InterruptedException {
        repliesLock.lockInterruptibly();
        try {
            while (repliedSeq < seq) {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0) {
                    return;
                }
                repliesQueued.awaitNanos(remaining);
            }
        } finally {
            repliesLock.unlock();
        }
    }

    /** Waits until the screen has applied output up to {@code seq}, or the deadline. */
    private void awaitApplied(long seq, long deadlineNanos) throws InterruptedException {
        SessionProgress progress = screen.progress();
        while (progress.outputSeq() < seq && System.nanoTime() - deadlineNanos < 0) {
            progress = screen.awaitChange(progress.outputSeq(), deadlineNanos);
        }
    }

    private void writeReply(byte[] reply) {
        writeOrder.lock();
        try {
            submitToWriter(() -> {
                try {
                    writePty(reply);
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "cannot write a query reply", e);
                }
                return null;
            });
        } catch (SessionExitedException e) {
            // The session is closing; nobody is left to read the reply.
        } catch (IOException e) {
            // No writer thread to be had (a task limit): the program waits for an answer, as from a terminal that
            // does not answer that query.
            LOG.log(System.Logger.Level.DEBUG, "cannot send a query reply to process " + pid() + ": "
                    + e.getMessage());
        } finally {
            writeOrder.unlock();
        }
    }

    private void awaitProcessExit() {
        ProcessExit code;
        try {
            int status = process.waitFor();
            // pty4j's launcher keeps only the number; ours keeps the wait status, which tells exit 130 from SIGINT.
            code = process instanceof SpawnedPtyProcess spawned ? spawned.exitNow()
                    : ProcessExit.guessedFromCode(status);
        } catch (InterruptedException e) {
            return;
        }
        processExit.complete(code);
        try {
            long deadline = System.nanoTime() + DRAIN_AFTER_EXIT.toNanos();
            awaitReadingEnded(DRAIN_AFTER_EXIT);
            // The final screen: everything read so far applied, not just read.
            awaitApplied(readSeq, deadline + DRAIN_AFTER_EXIT.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (readingEnded.isDone()) {
            releaseTerminal(); // before the exit is reported: whoever sees it finds the descriptors closed
        } else {
            // A background process still holds the terminal: its output is read on until it lets go.
            readingEnded.thenRun(() -> Thread.ofVirtual().name("pty-release-" + pid()).start(this::releaseTerminal));
        }
        screen.markExited(code);
        exit.complete(code);
        HostedProcesses.unregister(this);
    }

    private void ensureRunning() throws SessionExitedException {
        if (!screen.progress().running() || processExit.isDone()) {
            throw exitedException();
        }
    }

    private SessionExitedException exitedException() {
        ProcessExit end = processExit.getNow(null);
        return new SessionExitedException(end == null ? "the process has exited"
                : end.bySignal() ? "the process " + end.describe() : "the process has exited with code " + end.exitCode());
    }

    /** Runs {@code task} on the writer thread and waits for it, rethrowing its exception as it was. */
    private <T> T onWriterThread(Callable<T> task) throws IOException, InterruptedException {
        Future<T> future;
        writeOrder.lock();
        try {
            future = submitToWriter(task);
        } finally {
            writeOrder.unlock();
        }
        return awaitWriter(future);
    }

    /**
     * Queues {@code task} for the writer thread, counted in {@link #writerTasks}; call under {@link #writeOrder}.
     *
     * @throws SessionExitedException once the session is closing
     * @throws TaskLimitException     when the writer thread, ended while idle, cannot be started again (a task
     *                                limit): the task is taken back, so it is not done later either
     */
    private <T> Future<T> submitToWriter(Callable<T> task) throws IOException {
        FutureTask<T> future = new FutureTask<>(() -> {
            try {
                return task.call();
            } finally {
                writeOrder.lock();
                try {
                    writerTasks--;
                } finally {
                    writeOrder.unlock();
                }
            }
        });
        try {
            writer.execute(future);
        } catch (RejectedExecutionException e) {
            throw exitedException();
        } catch (OutOfMemoryError e) {
            // The executor queues the task before it starts the thread.
            writer.remove(future);
            throw ThreadLimit.refusalOrRethrow(e);
        }
        writerTasks++;
        return future;
    }

    private static <T> T awaitWriter(Future<T> future) throws IOException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case RuntimeException re -> throw re;
                case Error error -> throw error;
                default -> throw new IOException(e.getCause());
            }
        }
    }

    private static boolean awaitFuture(CompletableFuture<?> future, Duration timeout)
            throws InterruptedException {
        try {
            future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.TRACE, "close failed", e);
        }
    }
}
