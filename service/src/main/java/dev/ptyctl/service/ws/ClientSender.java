package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.metrics.ThreadCpu;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.GridSize;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.pty.TitleReply;
import io.helidon.common.buffers.BufferData;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsSession;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Everything one client is sent, written by one thread at a time, the only writer of the client's socket.
 *
 * <p>Output is pulled, never pushed: the thread reads the shared {@link OutputLog} from its own cursor and sends
 * what it finds. The PTY reader therefore never waits for any client: it appends to the log and signals each
 * sender's {@link Wakeup}. A client that reads slowly blocks only its own thread inside {@code send}; meanwhile its
 * backlog (output after its last delivered seq) exists only as bytes in the shared log, so memory per client is
 * one frame buffer whatever the client does. When the send returns, the thread catches up from its cursor: with
 * the missed bytes while the log still has them, otherwise with one reset frame (SPEC §5.6).
 *
 * <p>Control frames (acks, errors, pongs) come from the client's own connection thread through a bounded queue (a
 * client that sends frames but never reads their acks ends up blocking only its own reading); {@code size} frames
 * come from other clients' threads into {@link SizeFrames}, never blocking, and go out at the point of the output
 * where the server's emulator changed size (output is sent up to there, then the size, then the rest), so a client
 * that resizes its own emulator on the frame draws every line at the width the server drew it.
 *
 * <p>The thread: a platform thread while output flows ({@link #start}), which hands over to a virtual thread after
 * {@link #IDLE_HAND_OVER} without output, and gets a platform thread back with the next output (after sending it).
 * So a client attached to an idle terminal, a browser tab left open, holds no thread of the operating system, and
 * its frame buffer shrinks back to {@link #FIRST_FRAME_DATA}.
 */
final class ClientSender implements Runnable {
    /** Large enough that throughput is bounded by the PTY, small enough to be a modest per-client buffer. */
    static final int MAX_FRAME_DATA = 64 * 1024;
    /**
     * The frame buffer starts at this and doubles, up to {@link #MAX_FRAME_DATA}, each time a frame fills it: a
     * client of an interactive terminal, whose frames are an echo or a prompt, never holds the largest.
     */
    static final int FIRST_FRAME_DATA = 4 * 1024;
    /**
     * Without output for this long the sending thread hands over to a virtual thread and the frame buffer shrinks
     * back. The same 30 s as a terminal's own reader and screen threads.
     */
    static final Duration IDLE_HAND_OVER = Duration.ofSeconds(30);
    /** Acks waiting to be sent before the client's own connection thread has to wait: ample for any burst. */
    static final int CONTROL_QUEUE_FRAMES = 1024;
    /**
     * How long an incomplete UTF-8 character at the end of the output is held back for its other bytes. They come
     * in the next read of the PTY nearly always; a program that really stops mid-character gets it sent anyway.
     */
    static final Duration PARTIAL_CHARACTER_WAIT = Duration.ofMillis(50);
    /** SPEC §5.6: clients at or above this smoothed round trip get batched output. */
    static final double BATCHING_SRTT_MS = 30;
    /** SPEC §5.6: batches are held at most a quarter of the round trip and never more than 16 ms. */
    static final Duration MAX_BATCH_DELAY = Duration.ofMillis(16);
    /**
     * How long a close from the connection's thread waits for the frame being written: a frame a reading client
     * takes in microseconds; one that waits longer waits for a client that stopped reading.
     */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private static final ServerFrame.Title NO_TITLE = new ServerFrame.Title(Optional.empty(), Optional.empty());
    private static final System.Logger LOG = System.getLogger(ClientSender.class.getName());

    private final WsSession socket;
    private final OutputLog log;
    private final TerminalSession session;
    private final CompletableFuture<ProcessExit> exit;
    private final boolean binary;
    /** Whether the client sends the server's answers to title reports itself: they go to it in {@code reply} frames. */
    private final boolean relayTitleReports;
    private final OptionalLong startSeq;
    private final OptionalLong redrawSince;
    private final int maxFrameData;
    /** {@link SocketSettings#senderIdle()}: {@link #IDLE_HAND_OVER} but in tests. */
    private final long idleHandOverNanos;
    private final Runnable onEnd;
    /** SPEC §5.6: how far this client may fall behind the newest output before it counts as paused. */
    private final int backlogLimit;
    private boolean behind;
    private final BlockingQueue<String> control = new ArrayBlockingQueue<>(CONTROL_QUEUE_FRAMES);
    private final SizeFrames sizes = new SizeFrames();
    private final AtomicReference<byte[]> pendingPong = new AtomicReference<>();
    private final AtomicReference<ServerFrame.Title> pendingTitle = new AtomicReference<>();
    private final Wakeup wakeup = new Wakeup();
    /** The frame being built: header, then output; replaced (grown, or shrunk when idle) by the sending thread. */
    private byte[] frame;
    /** The subscription that signals {@link #wakeup} on output; ended by whichever thread stops sending. */
    private OutputLog.Subscription subscription;
    /** Where the sending thread stands in the output log; only the sending thread uses it. */
    private long cursor;
    /** Sends an incomplete character at the end of the output as it is (it waited long enough for the rest). */
    private boolean forcePartial;
    /** The sending threads' name, given by {@link #start}. */
    private String name = "ws-send";
    /** When output or a control frame last went out: {@link #IDLE_HAND_OVER} counts from here. */
    private long lastSentNanos = System.nanoTime();
    private volatile boolean stopped;
    /**
     * Held while a frame is written. A close frame written under it is the last frame of the connection (RFC 6455
     * §5.5.1: nothing may follow it), whichever thread writes it: this sender, or the connection's thread closing
     * with 1002 after a protocol error.
     */
    private final ReentrantLock writing = new ReentrantLock();
    /** Whether the close frame has been written; guarded by {@link #writing}. */
    private boolean closeWritten;
    private volatile long deliveredSeq = -1;
    private volatile long batchNanos;
    private volatile long resets;
    private ServerFrame.Size lastSentSize;
    /** The newest size reading this sender has seen ({@link GridSize#resizes()}). */
    private long knownResizes = -1;
    /** What the client was last told of the title; a client starts knowing of none. */
    private ServerFrame.Title lastSentTitle = NO_TITLE;
    /**
     * How often a WebSocket ping goes to the client ({@link SocketSettings#keepalive}): Helidon closes a connection
     * that has sent nothing for its idle-connection timeout, and proxies cut silent connections; the client's
     * automatic pong counts as traffic for both. One wake-up per client per interval is all it costs.
     */
    private final long keepaliveNanos;
    private long nextKeepaliveNanos;

    /**
     * @param exit     completes when the program has exited; whoever completes it must then call {@link #wake()}
     * @param startSeq the client's {@code lastOutputSeq}; empty for a reset first
     * @param redrawSince the client's {@code redrawSince}: a redraw with the lines scrolled since, first
     * @param relayTitleReports whether the client asked for the server's answers to title reports
     *                 ({@code relay=titleReports}), each sent just before the output that holds its report
     * @param onEnd    run once when the sender stops, whatever the reason
     */
    ClientSender(WsSession socket, AttachableTerminal terminal, CompletableFuture<ProcessExit> exit, boolean binary,
                 OptionalLong startSeq, OptionalLong redrawSince, boolean relayTitleReports, SocketSettings settings,
                 Runnable onEnd) {
        this.socket = socket;
        this.log = terminal.output();
        this.session = terminal.session();
        this.exit = exit;
        this.binary = binary;
        this.relayTitleReports = relayTitleReports;
        this.startSeq = startSeq;
        this.redrawSince = redrawSince;
        this.maxFrameData = Math.min(MAX_FRAME_DATA, settings.clientBacklogBytes());
        this.idleHandOverNanos = settings.senderIdle().toNanos();
        this.keepaliveNanos = settings.keepalive().toNanos();
        this.nextKeepaliveNanos = System.nanoTime() + keepaliveNanos;
        this.backlogLimit = settings.clientBacklogBytes();
        this.onEnd = onEnd;
        this.frame = new byte[BinaryOutputFrame.HEADER_BYTES + Math.min(FIRST_FRAME_DATA, maxFrameData)];
    }

    /**
     * Starts the sending thread. A platform thread: it is woken after every chunk the PTY delivers, and waking a
     * parked virtual thread costs a hand-over to the carrier pool (a futex wake of an idle carrier, then the mount)
     * on top of the plain futex wake of a platform thread; under {@code cat} that hand-over was most of the
     * sender's CPU (docs/benchmarks.md). An idle client's sender is a virtual thread (see the class comment).
     */
    void start(String name) {
        this.name = name;
        Thread.ofPlatform().daemon().name(name).start(this);
    }

    /**
     * Queues a control frame. Called from the client's own connection thread; waits while the queue is full (the
     * client is not reading), which holds up only that client's further frames.
     */
    void enqueue(ServerFrame frame) throws InterruptedException {
        if (stopped) {
            return;
        }
        control.put(frame.toJson());
        wakeup.signal();
    }

    /** Queues an error frame about the connection itself; only before {@link #start}, when the queue is empty. */
    void offerProblem(String message) {
        control.offer(new ServerFrame.Error(message, Optional.empty()).toJson());
    }

    /** Sends the PTY size, at the point of the output where it began (see {@link SizeFrames}). Never blocks. */
    void offerSize(GridSize size) {
        sizes.offer(size);
        wakeup.signal();
    }

    /**
     * Sends a WebSocket pong with {@code payload} soon. Only the latest is kept, as RFC 6455 §5.5.3 allows: a client
     * that pings faster than it reads gets a pong for its most recent ping. Never blocks.
     */
    void offerPong(byte[] payload) {
        pendingPong.set(payload);
        wakeup.signal();
    }

    /** Sends the live title soon (empty: it was removed); only the latest is kept. Never blocks. */
    void offerTitle(Optional<ServerFrame.Title> title) {
        pendingTitle.set(title.orElse(NO_TITLE));
        wakeup.signal();
    }

    /** The client's smoothed round trip: at {@link #BATCHING_SRTT_MS} or more, output is batched. */
    void roundTrip(double srttMillis) {
        batchNanos = batchDelayNanos(srttMillis);
    }

    /** SPEC §5.6: how long output is held for a client with this smoothed round trip; 0 below 30 ms. */
    static long batchDelayNanos(double srttMillis) {
        return srttMillis < BATCHING_SRTT_MS ? 0
                : Math.min(MAX_BATCH_DELAY.toNanos(), (long) (srttMillis / 4 * 1_000_000));
    }

    /** Makes the thread look again at everything (the program exited). Never blocks. */
    void wake() {
        wakeup.signal();
    }

    /**
     * Closes the connection with {@code code} from another thread (the connection's, after a protocol error): waits
     * for a frame being written to be done, so the close frame is the last one, and stops sending. A frame that
     * cannot be done within {@link #CLOSE_WAIT} (a client that stopped reading) is left and no close frame is written:
     * the caller then ends the connection anyway.
     *
     * @return whether the close frame was written
     */
    boolean closeWith(int code, String reason) throws InterruptedException {
        stopped = true;
        wakeup.signal();
        if (!writing.tryLock(CLOSE_WAIT.toNanos(), TimeUnit.NANOSECONDS)) {
            return false;
        }
        try {
            if (closeWritten) {
                return false;
            }
            closeWritten = true;
            socket.close(code, reason);
            return true;
        } finally {
            writing.unlock();
        }
    }

    /** Writes one frame, unless the close frame has gone out already. */
    private void write(Consumer<WsSession> frame) {
        writing.lock();
        try {
            if (!closeWritten) {
                frame.accept(socket);
            }
        } finally {
            writing.unlock();
        }
    }

    /** Stops sending (the client went away). A send in progress ends when the socket closes. */
    void stop() {
        stopped = true;
        wakeup.signal();
    }

    /** Output bytes produced after the last byte delivered to this client (0 before the first delivery). */
    long backlogBytes() {
        long delivered = deliveredSeq;
        return delivered < 0 ? 0 : Math.max(0, log.nextSeq() - delivered);
    }

    /** How many reset frames this client was sent. */
    long resets() {
        return resets;
    }

    @Override
    public void run() {
        subscription = log.subscribe(wakeup::signal);
        sendFrom(() -> {
            if (binary) {
                sendText(new ServerFrame.Ready(2).toJson());
            }
            boolean replay = redrawSince.isEmpty() && startSeq.isPresent() && log.keeps(startSeq.getAsLong());
            // The size first; in a replay that crosses a resize, it comes where the resize happened instead.
            sendSizesDue(replay ? startSeq.getAsLong() : Long.MAX_VALUE);
            sendControl();
            if (replay) {
                ServerMetrics.get().replayed();
                return startSeq.getAsLong();
            }
            return sendReset();
        });
    }

    /** What a sending thread starts from: the cursor it goes on from. */
    private interface Start {
        long cursor() throws InterruptedException;
    }

    /**
     * The body of every sending thread: pumps from the start's cursor until the sending ends (then cleans up) or the
     * thread hands over to another, which goes on from where this one stopped.
     */
    private void sendFrom(Start start) {
        boolean handedOver = false;
        try {
            long cursor = pump(start.cursor());
            if (cursor >= 0) {
                handOver(cursor);
                handedOver = true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // The socket closed under a send: the client went away. Nothing to tell anyone.
            LOG.log(System.Logger.Level.DEBUG, "client sender ended", e);
        } finally {
            ThreadCpu.threadEnding(ThreadCpu.Role.SENDER);
            if (!handedOver) {
                subscription.close();
                stopped = true;
                control.clear();
                onEnd.run();
            }
        }
    }

    /**
     * Goes on from {@code cursor} on a thread of the other kind: a virtual thread when this platform thread has been
     * idle, a platform thread when output has come to this virtual one.
     */
    private void handOver(long cursor) {
        if (Thread.currentThread().isVirtual()) {
            Thread.ofPlatform().daemon().name(name).start(() -> sendFrom(() -> cursor));
        } else {
            frame = new byte[BinaryOutputFrame.HEADER_BYTES + Math.min(FIRST_FRAME_DATA, maxFrameData)];
            Thread.ofVirtual().name(name).start(() -> sendFrom(() -> cursor));
        }
    }

    /** What {@link #step} tells {@link #pump}: go on, hand over to a thread of the other kind, or stop. */
    private enum Step { CONTINUE, HAND_OVER, END }

    /**
     * Sends output from {@code cursor} on until the client goes away or the program has exited (then returns -1), or
     * until this thread should hand over (then returns the cursor to go on from): a platform thread after
     * {@link #IDLE_HAND_OVER} without sending, a virtual thread once it has sent output.
     */
    private long pump(long cursor) throws InterruptedException {
        this.cursor = cursor;
        forcePartial = false;
        boolean virtual = Thread.currentThread().isVirtual();
        while (!stopped) {
            switch (step(virtual)) {
                case CONTINUE -> { }
                case HAND_OVER -> {
                    return this.cursor;
                }
                case END -> {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * One pass of {@link #pump}: control frames, then one frame of output, a reset, or a wait. A method of its own,
     * not the loop's body: every sending thread is new, and a loop runs in the interpreter until the JIT replaces it
     * on the stack after tens of thousands of passes, which a thread that sends a few hundred frames never reaches;
     * a method called from every thread is compiled once for all of them.
     */
    private Step step(boolean virtual) throws InterruptedException {
        sendControl();
        sendSizesDue(cursor);
        long nextSize = sizes.nextAfter(cursor);
        int room = frame.length - BinaryOutputFrame.HEADER_BYTES;
        if (nextSize >= 0) {
            room = (int) Math.min(room, nextSize - cursor); // the output drawn at the old size, no more
        }
        boolean exited = exit.isDone();
        OutputLog.Read read = log.read(cursor, frame, BinaryOutputFrame.HEADER_BYTES, room, forcePartial || exited);
        if (read.status() == OutputLog.ReadStatus.BYTES && resizedWithin(cursor, read.endSeq())) {
            return Step.CONTINUE; // read again, up to where the size changed
        }
        switch (read.status()) {
            case BYTES -> {
                if (relayTitleReports) {
                    sendTitleReplies(cursor, read.endSeq());
                }
                sendOutput(read.length(), read.endSeq());
                cursor = read.endSeq();
                noteBacklog(cursor);
                forcePartial = false;
                if (virtual) {
                    return Step.HAND_OVER;
                }
                growFrameIfFilled(read.length());
            }
            case TOO_OLD, TOO_NEW -> cursor = sendReset();
            case UP_TO_DATE -> {
                return awaitOutput(exited, virtual);
            }
            case PARTIAL_CHARACTER -> {
                if (nextSize >= 0) {
                    // The size changed inside a character: the emulator draws it once complete, at the new size.
                    sendSizesDue(nextSize);
                } else {
                    forcePartial = !wakeup.await(PARTIAL_CHARACTER_WAIT.toNanos());
                }
            }
        }
        return Step.CONTINUE;
    }

    /** Nothing new to send: finishes after the exit, hands over when idle, else waits for output or a keepalive. */
    private Step awaitOutput(boolean exited, boolean virtual) throws InterruptedException {
        if (exited) {
            finish(cursor);
            return Step.END;
        }
        long now = System.nanoTime();
        long handOverAt = lastSentNanos + idleHandOverNanos;
        if (!virtual && now - handOverAt >= 0) {
            return Step.HAND_OVER;
        }
        long until = virtual ? nextKeepaliveNanos : Math.min(nextKeepaliveNanos, handOverAt);
        if (wakeup.await(Math.max(0, until - now))) {
            batch(cursor);
        }
        return Step.CONTINUE;
    }

    /** Counts each time this client falls more than its backlog behind the newest output (one read per frame). */
    private void noteBacklog(long cursor) {
        boolean nowBehind = log.nextSeq() - cursor > backlogLimit;
        if (nowBehind && !behind) {
            ServerMetrics.get().backlogPaused();
        }
        behind = nowBehind;
    }

    /**
     * A frame that filled the buffer says output is streaming: the next may be twice as large. Filled means within a
     * character of the end, as a read stops before a character it cannot end.
     */
    private void growFrameIfFilled(int length) {
        int data = frame.length - BinaryOutputFrame.HEADER_BYTES;
        if (data - length < 4 && data < maxFrameData) {
            frame = new byte[BinaryOutputFrame.HEADER_BYTES + Math.min(maxFrameData, data * 2)];
        }
    }

    /**
     * For a high-latency client, waits up to the batch delay for more output so it gets fewer, larger frames.
     * Control frames go out meanwhile: a pong held back would distort the very round trip that sets the delay.
     */
    private void batch(long cursor) throws InterruptedException {
        long delay = batchNanos;
        if (delay == 0 || log.nextSeq() == cursor) {
            return;
        }
        long deadline = System.nanoTime() + delay;
        while (!stopped && !exit.isDone() && log.nextSeq() - cursor < maxFrameData) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return;
            }
            wakeup.await(remaining);
            sendControl();
        }
    }

    private void sendControl() {
        long now = System.nanoTime();
        if (now - nextKeepaliveNanos >= 0) {
            write(ws -> ws.ping(BufferData.empty()));
            nextKeepaliveNanos = now + keepaliveNanos;
        }
        byte[] pong = pendingPong.getAndSet(null);
        if (pong != null) {
            write(ws -> ws.pong(BufferData.create(pong)));
        }
        ServerFrame.Title title = pendingTitle.getAndSet(null);
        if (title != null && !title.equals(lastSentTitle)) {
            sendText(title.toJson());
            lastSentTitle = title;
        }
        for (String text = control.poll(); text != null && !stopped; text = control.poll()) {
            sendText(text);
        }
    }

    /**
     * Whether the terminal took a new size inside output just read, from {@code cursor} to {@code end}. A resize
     * reaches this sender's {@link SizeFrames} only after it happened, while output after it may already be in the
     * log; so the size is looked up after each read (a volatile read, no lock), and a read that crossed it is
     * dropped: the next read sends the size first, or stops where it began.
     */
    private boolean resizedWithin(long cursor, long end) {
        GridSize now = session.gridSize();
        if (now.resizes() == knownResizes) {
            return false;
        }
        knownResizes = now.resizes();
        sizes.offer(now);
        return now.sinceSeq() < end; // due before some of these bytes (or all of them: it began at the cursor)
    }

    /** Sends the size frames due once the output before {@code cursor} has gone out. */
    private void sendSizesDue(long cursor) {
        for (var size = sizes.takeDue(cursor); size.isPresent(); size = sizes.takeDue(cursor)) {
            sendSize(size.get());
        }
    }

    private void sendSize(ServerFrame.Size size) {
        if (!size.equals(lastSentSize)) {
            sendText(size.toJson());
            lastSentSize = size;
        }
    }

    /**
     * The server emulator's answers to the title reports that end in output ({@code from}, {@code to}], before that
     * output: the client has each by the time it parses the report (the session applies output before clients get it
     * while it keeps these answers, so none is missed).
     */
    private void sendTitleReplies(long from, long to) {
        for (TitleReply reply : session.titleRepliesBetween(from, to)) {
            sendText(new ServerFrame.Reply(reply.seq(), reply.text()).toJson());
        }
    }

    private void sendOutput(int length, long endSeq) {
        if (binary) {
            BinaryOutputFrame.writeHeader(frame, false, endSeq);
            write(ws -> ws.send(BufferData.create(frame, 0, BinaryOutputFrame.HEADER_BYTES + length), true));
            ServerMetrics.get().frameOut();
            lastSentNanos = System.nanoTime();
        } else {
            String data = new String(frame, BinaryOutputFrame.HEADER_BYTES, length, StandardCharsets.UTF_8);
            sendText(new ServerFrame.Output(endSeq, data, false).toJson());
        }
        deliveredSeq = endSeq;
    }

    /** Sends a reconstruction of the terminal taken under the session lock; returns the seq it stands for. */
    private long sendReset() {
        ResetSnapshot reset = redrawSince.isPresent() ? ResetSnapshot.redraw(session, redrawSince.getAsLong())
                : ResetSnapshot.capture(session);
        // The size the reconstruction is drawn at, first: the client's emulator must have it before the data.
        sizes.coveredBy(reset.size());
        knownResizes = Math.max(knownResizes, reset.size().resizes());
        sendSize(new ServerFrame.Size(reset.size().cols(), reset.size().rows()));
        if (binary) {
            write(ws -> ws.send(BufferData.create(new BinaryOutputFrame(true, reset.seq(), reset.data()).encode()),
                    true));
            ServerMetrics.get().frameOut();
        } else {
            String data = new String(reset.data(), StandardCharsets.UTF_8);
            sendText(new ServerFrame.Output(reset.seq(), data, true).toJson());
        }
        resets++;
        ServerMetrics.get().reset();
        deliveredSeq = reset.seq();
        return reset.seq();
    }

    /** The program has exited and the client has all its output: say so and close. */
    private void finish(long cursor) {
        ProcessExit code;
        try {
            code = exit.join();
        } catch (RuntimeException e) {
            code = ProcessExit.UNKNOWN;
        }
        sendControl();
        sendText(new ServerFrame.Exit(cursor, code).toJson());
        write(ws -> {
            closeWritten = true;
            ws.close(WsCloseCodes.NORMAL_CLOSE, "terminal exited");
        });
    }

    private void sendText(String text) {
        write(ws -> ws.send(text, true));
        ServerMetrics.get().frameOut();
        lastSentNanos = System.nanoTime();
    }
}
