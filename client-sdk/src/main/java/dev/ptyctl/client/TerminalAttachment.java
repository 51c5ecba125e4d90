package dev.ptyctl.client;

import dev.ptyctl.client.internal.DurationChecks;
import dev.ptyctl.client.internal.ListenerCalls;
import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.client.internal.ReconnectingSocket;
import dev.ptyctl.client.internal.Outbox;
import dev.ptyctl.client.internal.RoundTripEstimator;
import dev.ptyctl.client.internal.SocketUri;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.protocol.ws.ServerStopping;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.LongFunction;
import java.util.random.RandomGenerator;

/**
 * A live view of one terminal of {@code ptyctl server} over its WebSocket ({@code docs/protocol-websocket.md}):
 * output as it happens, and keystrokes, resizes and the other client frames delivered exactly once, across dropped
 * connections.
 *
 * <pre>{@code
 * try (TerminalAttachment attachment = TerminalAttachment.builder(URI.create("http://127.0.0.1:8765"), terminalId)
 *         .listener(new AttachmentListener() {
 *             @Override
 *             public void onOutput(byte[] data, long seq, boolean reset) {
 *                 System.out.write(data, 0, data.length);
 *             }
 *         })
 *         .connect()) {
 *     attachment.resize(120, 40);
 *     attachment.input("ls\r").get(5, TimeUnit.SECONDS);
 * }
 * }</pre>
 *
 * <p><b>What it does for you.</b> It speaks protocol 2 (binary output frames). It keeps one
 * {@code clientId} for its whole life and numbers every frame it sends ({@code clientSeq}); a frame
 * stays in memory until the server acknowledges it and is sent again, unchanged, after a reconnect,
 * so the server applies it exactly once whether or not it got through before the drop. It
 * remembers the seq of the last output it handed to its listener and reconnects with it as
 * {@code lastOutputSeq}, so the listener sees every byte once; after a disconnection longer than the
 * server's replay buffer it gets one reset chunk instead. It reconnects by itself with exponential
 * backoff and jitter ({@link ReconnectPolicy}), gives up at once when the server says the terminal
 * is gone (404) or refuses the token, and pings to measure the round trip, which the server uses to
 * batch output for slow links.
 *
 * <p><b>Lifecycle.</b> {@link Builder#connect()} returns once the first connection is open (or
 * throws {@link AttachmentException}). The attachment then lives until {@link #close()} (detach:
 * the terminal goes on running), the program exits ({@link AttachmentListener#onExit}), a permanent
 * refusal, or the reconnect attempts run out; it is then {@link ConnectionState#CLOSED} and pending
 * frames fail. {@link #closeTerminal()} instead ends the terminal itself, for every client.
 *
 * <p><b>Sending.</b> Every send method returns at once with a future that completes with the
 * server's {@link FrameAck}, fails with {@link FrameRefusedException} when the server refused the
 * frame, or fails with {@link AttachmentException} / {@link IllegalStateException} when the
 * attachment closed first. Frames sent while reconnecting wait in memory and go out, in order, when
 * the connection is back. All methods are thread-safe.
 */
public final class TerminalAttachment implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(TerminalAttachment.class.getName());
    private static final ReconnectingSocket.Wording WORDING = new ReconnectingSocket.Wording("attachment",
            "attach to", "attaching to", "detached", "ptyctl-attachment");
    /** A sentinel in a connection's send queue: the sender thread ends. */
    private static final String STOP = new String("stop");

    private final SocketUri uri;
    private final String clientId;
    private final AttachmentListener listener;
    private final boolean redrawAfterReconnect;

    /** Guards the socket's life cycle and the state below, in one step where they meet (a connection's replay). */
    private final Object lock = new Object();
    private final AttachmentSocket reconnecting;
    private final RoundTripEstimator roundTrip = new RoundTripEstimator();
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private volatile TerminalSize size;
    /** The last {@link #resize} and its frame's number; null before the first. Guarded by lock. */
    private SizeFrame lastResize;

    /** A {@code resize} frame: its {@code clientSeq} and the size it gives. */
    private record SizeFrame(long clientSeq, int cols, int rows) {
    }

    // Guarded by lock.
    private final Outbox outbox;
    private long lastOutputSeq;
    /** Whether a connection was established: later ones are reconnects. */
    private boolean connectedBefore;

    private TerminalAttachment(Builder builder) {
        this.uri = new SocketUri(builder.server, builder.terminalId, builder.viewOnly,
                builder.tokenInQuery ? builder.token : null);
        this.clientId = builder.clientId != null ? builder.clientId : "sdk-" + UUID.randomUUID();
        this.listener = builder.listener;
        this.redrawAfterReconnect = builder.redrawAfterReconnect;
        this.reconnecting = new AttachmentSocket(uri.toString(), new ReconnectingSocket.Settings(builder.reconnect,
                builder.pingInterval, builder.connectTimeout, builder.handshakeTimeout, builder.scheduler,
                builder.random,
                builder.sslContext == null ? null : builder.sslContext.getSocketFactory(),
                ReconnectingSocket.authorization(builder.token, builder.tokenInQuery)));
        this.outbox = new Outbox(builder.firstClientSeq);
        this.lastOutputSeq = builder.lastOutputSeq;
    }

    /**
     * Starts building an attachment to terminal {@code terminalId} of the server at {@code server}
     * ({@code http://127.0.0.1:8765}; {@code https}, {@code ws} and {@code wss} work too).
     */
    public static Builder builder(URI server, String terminalId) {
        return new Builder(server, terminalId);
    }

    /**
     * {@link #builder(URI, String)} with the server's URL as text, e.g. {@code "http://127.0.0.1:8765"}.
     *
     * @throws IllegalArgumentException when {@code server} is not a URI
     */
    public static Builder builder(String server, String terminalId) {
        return builder(URI.create(server), terminalId);
    }

    /** The client id this attachment sends with every frame. */
    public String clientId() {
        return clientId;
    }

    /** The seq of the last output handed to the listener; empty before the first output. */
    public OptionalLong lastOutputSeq() {
        synchronized (lock) {
            return lastOutputSeq < 0 ? OptionalLong.empty() : OptionalLong.of(lastOutputSeq);
        }
    }

    /** The connection's state now. */
    public ConnectionState state() {
        return reconnecting.state();
    }

    /** The terminal's size as the server last reported it; empty before the first {@code size} frame. */
    public Optional<TerminalSize> size() {
        return Optional.ofNullable(size);
    }

    /** The smoothed round trip of the pings; empty before the first pong. */
    public Optional<Duration> roundTrip() {
        double millis = roundTrip.srttMillis();
        return millis < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(Math.round(millis * 1_000_000)));
    }

    /** How many frames wait for the server's acknowledgement. */
    public int unackedFrames() {
        synchronized (lock) {
            return outbox.size();
        }
    }

    /** How many connections have opened so far (1 until the first reconnect). */
    public int connectionsOpened() {
        return reconnecting.connections();
    }

    /**
     * Completes with the program's exit code when it exits; fails when the attachment closes for
     * another reason first.
     */
    public CompletableFuture<Integer> onExit() {
        return exit.copy();
    }

    /** Types {@code data} (sent to the program as UTF-8): use of the terminal (docs/protocol-websocket.md). */
    public CompletableFuture<FrameAck> input(String data) {
        Objects.requireNonNull(data, "data");
        return send(seq -> new ClientFrame.Input(clientId, seq, data, true).toJson());
    }

    /**
     * Types exact {@code bytes}, as they are (the frame's base64 {@code bytes} form): for input that is not text, such
     * as a mouse report in the default X10 encoding past column or row 95, whose coordinates are single bytes
     * 0x80–0xFF that {@link #input(String)} would send UTF-8-encoded, two bytes each. Use of the terminal, as
     * {@link #input(String)} is. The array is copied: changing it afterwards changes nothing sent.
     */
    public CompletableFuture<FrameAck> input(byte[] bytes) {
        byte[] copy = Objects.requireNonNull(bytes, "bytes").clone();
        return send(seq -> ClientFrame.Input.ofBytes(clientId, seq, copy, true).toJson());
    }

    /**
     * Sends a terminal's automatic reply to a query the program made (a cursor position report,
     * say): {@code input} with {@code claim: false}, which does not count as use and is applied only
     * when this client sets the size (docs/protocol-websocket.md).
     */
    public CompletableFuture<FrameAck> reply(String data) {
        Objects.requireNonNull(data, "data");
        return send(seq -> new ClientFrame.Input(clientId, seq, data, false).toJson());
    }

    /**
     * Tells the server the size of this client's grid (send it when the terminal is shown and when
     * that size changes); the PTY follows the client being used. While reconnecting, the size goes with the
     * reconnect (its URL's {@code cols} and {@code rows}), so that what the server sends first comes at it; a
     * reconnect already under way is given up and made again for that, one attempt at a time with the last size.
     *
     * @throws IllegalArgumentException when {@code cols} or {@code rows} is not 1–1000
     */
    public CompletableFuture<FrameAck> resize(int cols, int rows) {
        checkDimension("cols", cols);
        checkDimension("rows", rows);
        synchronized (lock) {
            CompletableFuture<FrameAck> sent = send(seq -> { // numbered under the lock, only when the frame is sent
                lastResize = new SizeFrame(seq, cols, rows);
                return new ClientFrame.Resize(clientId, seq, cols, rows).toJson();
            });
            // A reconnect under way gives the size it knew when it was made: the server would paint its redraw (or
            // replay) at that size, and take this one only after it. A new attempt gives this size instead.
            reconnecting.retarget();
            return sent;
        }
    }

    /** The terminal was opened, tapped or clicked into: this client is being used (docs/protocol-websocket.md). */
    public CompletableFuture<FrameAck> focus() {
        return command("focus");
    }

    /** The terminal went off screen: another client may set the size. */
    public CompletableFuture<FrameAck> hide() {
        return command("hide");
    }

    /** Clears the terminal for every client. */
    public CompletableFuture<FrameAck> clear() {
        return command("clear");
    }

    /**
     * Ends the terminal for every client (the protocol's {@code close} frame): the program is hung
     * up, and every attachment gets {@code exit}. To detach only this client, use {@link #close()}.
     */
    public CompletableFuture<FrameAck> closeTerminal() {
        return command("close");
    }

    /**
     * Detaches: closes the connection (the terminal goes on running) and stops reconnecting. Frames
     * not yet acknowledged fail. Idempotent.
     */
    @Override
    public void close() {
        reconnecting.close();
    }

    @Override
    public String toString() {
        return "TerminalAttachment[" + uri + ", clientId=" + clientId + ", " + state() + "]";
    }

    private static void checkDimension(String name, int value) {
        if (value < 1 || value > ClientFrame.MAX_DIMENSION) {
            throw new IllegalArgumentException(name + " must be from 1 to " + ClientFrame.MAX_DIMENSION + ", got " + value);
        }
    }

    private CompletableFuture<FrameAck> command(String type) {
        return send(seq -> new ClientFrame.Command(type, clientId, seq).toJson());
    }

    private CompletableFuture<FrameAck> send(LongFunction<String> frame) {
        synchronized (lock) {
            if (reconnecting.state() == ConnectionState.CLOSED) {
                return CompletableFuture.failedFuture(new IllegalStateException("attachment to " + uri + " is closed"));
            }
            Outbox.Pending pending = outbox.add(frame);
            if (reconnecting.current() instanceof AttachmentConnection connection && connection.isOpen()) {
                connection.enqueue(pending.json());
            }
            return pending.acked().copy();
        }
    }

    /** Calls the listener: calls never overlap, and a failing listener does not break this client. */
    private void fire(Runnable call) {
        reconnecting.fire(call);
    }

    private static void runAll(List<Runnable> actions) {
        ReconnectingSocket.runAll(actions);
    }

    /** The attachment's socket: where each connection goes, its pings, and what ends with it. */
    private final class AttachmentSocket extends ReconnectingSocket {
        AttachmentSocket(String where, Settings settings) {
            super(lock, where, WORDING, settings, new ListenerCalls(TerminalAttachment.class),
                    listener::onStateChanged, listener::onConnectionFailure);
        }

        /**
         * Resumes after the last output the listener had, or asks for a redraw of the terminal since it. A resize the
         * server has not acknowledged (the window changed during the outage) is given too ({@code cols},
         * {@code rows}): the server applies it before it sends anything, so the redraw, or the output replayed, comes
         * at the size the client shows now, where the resize frame, resent after them, came too late. An acknowledged
         * one is not: the terminal has it, unless another client changed it meanwhile, which is theirs to do (taking
         * it back here would rewrap the scrollback and lose the lines a redraw adds).
         */
        @Override
        protected URI target() {
            URI target;
            if (redrawAfterReconnect && connectedBefore) {
                target = lastOutputSeq < 0 ? uri.withLastOutputSeq(clientId, -1)
                        : uri.withRedrawSince(clientId, lastOutputSeq);
            } else {
                target = uri.withLastOutputSeq(clientId, lastOutputSeq);
            }
            SizeFrame resize = lastResize;
            return resize != null && outbox.awaitsAck(resize.clientSeq())
                    ? SocketUri.withSize(target, resize.cols(), resize.rows()) : target;
        }

        @Override
        protected ReconnectingSocket.Connection newConnection() {
            return new AttachmentConnection();
        }

        /** Pings carry the time they were sent, for the round trip, and the round trip so far, which the server uses. */
        @Override
        protected void sendPing(ReconnectingSocket.Connection connection) {
            long micros = scheduler().nanoTime() / 1_000;
            ((AttachmentConnection) connection).enqueue(new ClientFrame.Ping(BigDecimal.valueOf(micros, 3),
                    roundTrip.srttMillis()).toJson());
        }

        /** Pending frames fail, and exit waiters are told. */
        @Override
        protected List<Runnable> finishing(Throwable cause) {
            List<Runnable> after = new ArrayList<>(outbox.failAll(cause));
            after.add(() -> exit.completeExceptionally(cause));
            return after;
        }

    }

    /**
     * One WebSocket connection of the attachment, from the upgrade request to its end. Events of a
     * connection that is no longer the current one (it was replaced or the attachment closed) are
     * ignored.
     */
    private final class AttachmentConnection extends ReconnectingSocket.Connection {
        /** Frames to write; one thread writes them in order, so a slow socket never blocks the caller. */
        private final BlockingQueue<String> outgoing = new LinkedBlockingQueue<>();

        AttachmentConnection() {
            super(reconnecting);
        }

        /**
         * The upgrade succeeded: the connection counts at once (pinging from the start, for the round trip), and the
         * frames not yet acknowledged go out again first, in the same step, so that later frames follow them.
         */
        @Override
        protected List<Runnable> upgraded() {
            // A platform thread, not a virtual one: in an application whose carriers are all pinned (blocking pipe
            // or native reads on virtual threads), a virtual writer would never run and no frame would go out.
            Thread.ofPlatform().daemon().name("ptyctl-attachment-send").start(this::writeLoop);
            List<Runnable> after = reconnecting.established(this, Duration.ZERO);
            connectedBefore = true;
            outbox.unacked().forEach(pending -> enqueue(pending.json()));
            return after;
        }

        /**
         * The server's stop ({@link ServerStopping}: 1001 with its reason): its terminals end with it (it says so
         * before it ends their programs, so no {@code exit} comes). A reconnect could only find it down, then, started
         * again, without this terminal. A proxy's 1001 is reconnected: the terminal behind it is still there.
         */
        @Override
        protected boolean closeIsFinal(int statusCode, String reason) {
            return ServerStopping.is(statusCode, reason);
        }

        /** Whether the upgrade is done: frames go to the writer from then on. */
        boolean isOpen() {
            return socket() != null;
        }

        /** Queues a frame to write. Called under the lock, which keeps frames in clientSeq order. */
        void enqueue(String json) {
            outgoing.add(json);
        }

        private void writeLoop() {
            try {
                for (String text = outgoing.take(); text != STOP; text = outgoing.take()) {
                    socket().sendText(text);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                failed(e);
            }
        }

        @Override
        public void onText(RawWebSocket webSocket, String message) {
            ServerFrame frame;
            try {
                frame = ServerFrame.parse(message);
            } catch (IllegalArgumentException e) {
                LOG.log(System.Logger.Level.DEBUG, "ignoring a server frame this client does not know: {0}", message);
                return;
            }
            if (!isCurrent()) {
                return;
            }
            switch (frame) {
                case ServerFrame.Output output -> output(output.data().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        output.seq(), output.reset());
                case ServerFrame.Exit exited -> exited(exited.exit());
                case ServerFrame.Ack ack -> acked(ack);
                case ServerFrame.Error error -> refused(error);
                case ServerFrame.Size sized -> {
                    TerminalSize terminalSize = new TerminalSize(sized.cols(), sized.rows());
                    size = terminalSize;
                    fire(() -> listener.onSize(terminalSize));
                }
                case ServerFrame.Title title -> fire(() -> listener.onTitle(title.liveTitle(), title.terminalActivity()));
                case ServerFrame.Pong pong -> {
                    roundTrip.sample(reconnecting.scheduler().nanoTime() / 1e6 - pong.t().doubleValue());
                    pong();
                }
                case ServerFrame.Ready ready -> {
                    // Protocol 2 confirmed: output will come as binary frames, which binary() handles.
                }
                case ServerFrame.Reply reply -> {
                    // Only for a client that asked to relay title reports (relay=titleReports), which this one never does.
                }
            }
        }

        @Override
        public void onBinary(RawWebSocket webSocket, byte[] message) {
            BinaryOutputFrame frame;
            try {
                frame = BinaryOutputFrame.decode(message);
            } catch (IllegalArgumentException e) {
                LOG.log(System.Logger.Level.DEBUG, "ignoring a binary frame: {0}", e.getMessage());
                return;
            }
            output(frame.data(), frame.seq(), frame.reset());
        }

        /**
         * Hands output to the listener once. The seq is recorded before the listener runs, in the same step as the
         * duplicate check: a reconnect that happens while the listener is busy with this chunk must resume after
         * it, or the replay would hand the same bytes over again.
         */
        private void output(byte[] data, long seq, boolean reset) {
            synchronized (lock) {
                if (!isCurrent() || (!reset && seq <= lastOutputSeq)) {
                    return; // a stale connection, or bytes the listener has had already
                }
                lastOutputSeq = seq;
            }
            fire(() -> listener.onOutput(data, seq, reset));
        }

        private void acked(ServerFrame.Ack ack) {
            List<Runnable> completions;
            synchronized (lock) {
                completions = outbox.acked(ack.clientSeq(), ack.outputSeq());
            }
            runAll(completions);
        }

        private void refused(ServerFrame.Error error) {
            synchronized (lock) {
                error.clientSeq().ifPresent(seq -> outbox.refused(seq, error.message()));
            }
            OptionalLong clientSeq = error.clientSeq().map(OptionalLong::of).orElse(OptionalLong.empty());
            fire(() -> listener.onError(error.message(), clientSeq));
        }

        private void exited(ProcessExit end) {
            int exitCode = end.exitCode();
            List<Runnable> after;
            synchronized (lock) {
                if (!isCurrent()) {
                    return;
                }
                after = reconnecting.finish(new AttachmentException("the program of " + uri + " " + end.describe(), 0,
                        null));
                stopWriting();
            }
            exit.complete(exitCode); // before finish's completeExceptionally, which then does nothing
            fire(() -> listener.onExit(end));
            runAll(after);
        }

        /** Given up or closing: the writer drops what it has not written and ends. */
        @Override
        protected void stopping() {
            stopWriting();
        }

        private void stopWriting() {
            outgoing.clear();
            outgoing.add(STOP);
        }
    }

    /**
     * Configures and connects a {@link TerminalAttachment}.
     *
     * <pre>{@code
     * TerminalAttachment attachment = TerminalAttachment.builder(URI.create("http://127.0.0.1:8765"), terminalId)
     *         .token(System.getenv("PTYCTL_TOKEN"))
     *         .reconnect(new ReconnectPolicy(Duration.ofMillis(100), Duration.ofSeconds(5), 2, 0.5, 50))
     *         .listener(listener)
     *         .connect();
     * }</pre>
     */
    public static final class Builder {
        private final URI server;
        private final String terminalId;
        private String clientId;
        private long firstClientSeq = 1;
        private long lastOutputSeq = -1;
        private String token;
        private boolean tokenInQuery;
        private javax.net.ssl.SSLContext sslContext;
        private boolean viewOnly;
        private AttachmentListener listener = new AttachmentListener() { };
        private ReconnectPolicy reconnect = ReconnectPolicy.DEFAULT;
        private boolean redrawAfterReconnect;
        private Duration pingInterval = Duration.ofSeconds(5);
        private Duration connectTimeout = Duration.ofSeconds(ConnectDefaults.CONNECT_TIMEOUT_SECONDS);
        private Duration handshakeTimeout = Duration.ofSeconds(ConnectDefaults.HANDSHAKE_TIMEOUT_SECONDS);
        private AttachmentScheduler scheduler = AttachmentScheduler.system();
        private RandomGenerator random = RandomGenerator.getDefault();

        private Builder(URI server, String terminalId) {
            this.server = Objects.requireNonNull(server, "server");
            this.terminalId = Objects.requireNonNull(terminalId, "terminalId");
            if (terminalId.isEmpty()) {
                throw new IllegalArgumentException("terminalId is empty");
            }
            SocketUri.checkScheme(server);
        }

        /** Receives output and events; the default ignores everything. */
        public Builder listener(AttachmentListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * The client id to use instead of a random one: to continue an earlier attachment's frame
         * numbering (then also pass {@link #firstClientSeq}), since the server ignores frames whose
         * number is not greater than the last it applied for the id.
         */
        public Builder clientId(String clientId) {
            Objects.requireNonNull(clientId, "clientId");
            if (clientId.isEmpty() || clientId.length() > ClientFrame.MAX_CLIENT_ID_LENGTH) {
                throw new IllegalArgumentException("clientId must be 1-" + ClientFrame.MAX_CLIENT_ID_LENGTH + " characters");
            }
            this.clientId = clientId;
            return this;
        }

        /** The number of the first frame (default 1). */
        public Builder firstClientSeq(long firstClientSeq) {
            if (firstClientSeq < 0) {
                throw new IllegalArgumentException("firstClientSeq is negative: " + firstClientSeq);
            }
            this.firstClientSeq = firstClientSeq;
            return this;
        }

        /**
         * Resume after this output offset (a seq an earlier attachment processed and saved) instead of
         * starting with a reset chunk that redraws the whole terminal.
         */
        public Builder lastOutputSeq(long seq) {
            if (seq < 0) {
                throw new IllegalArgumentException("lastOutputSeq is negative: " + seq);
            }
            this.lastOutputSeq = seq;
            return this;
        }

        /**
         * After each reconnect, get the terminal redrawn as one reset chunk instead of the output missed meanwhile:
         * the lines that scrolled off the screen since the last output the listener had (those the scrollback still
         * keeps), then the screen, with no RIS ({@code ESC c}) in front, so a terminal that shows the output keeps
         * its own scrollback and gets each line once ({@code redrawSince} in docs/protocol-websocket.md). For a
         * client that showed something of its own over the program's screen while the connection was down
         * ({@code ptyctl attach}'s note): the missed output alone would be drawn over that, and the screen would stay
         * wrong. A server older than the parameter sends the whole terminal (screen and all its scrollback, starting
         * with RIS) instead. Default false.
         */
        public Builder redrawAfterReconnect(boolean redraw) {
            this.redrawAfterReconnect = redraw;
            return this;
        }

        /** The server's token, sent as {@code Authorization: Bearer}; {@code null} for none. */
        public Builder token(String token) {
            this.token = token;
            return this;
        }

        /** The TLS context for {@code https}/{@code wss} servers, e.g. one trusting a private CA; default: the JDK's. */
        public Builder sslContext(javax.net.ssl.SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /** Sends the token as {@code ?token=} in the URL instead of a header (as browsers must). */
        public Builder tokenInQuery(boolean inQuery) {
            this.tokenInQuery = inQuery;
            return this;
        }

        /** Attaches read-only ({@code ?mode=view}): output only; input, resize, clear and close are refused. */
        public Builder viewOnly(boolean viewOnly) {
            this.viewOnly = viewOnly;
            return this;
        }

        /** How to reconnect after a dropped connection; {@link ReconnectPolicy#NEVER} to not. */
        public Builder reconnect(ReconnectPolicy policy) {
            this.reconnect = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How often to ping (default 5 s); {@link Duration#ZERO} sends no pings. */
        public Builder pingInterval(Duration interval) {
            this.pingInterval = DurationChecks.notNegative(interval, "pingInterval");
            return this;
        }

        /** How long one connection attempt's TCP connect may take (default 5 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = DurationChecks.positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long one connection attempt's TLS handshake ({@code https}/{@code wss}), then the server's answer to the
         * WebSocket upgrade, may wait for the server beyond the TCP connect (default 30 s, as on
         * {@link TerminalsClient.Builder#handshakeTimeout} and {@link RpcClient.Builder#handshakeTimeout}): a cold JVM's
         * first handshake on a loaded machine takes seconds of its own. Applies to every reconnect too.
         */
        public Builder handshakeTimeout(Duration timeout) {
            this.handshakeTimeout = DurationChecks.positive(timeout, "handshakeTimeout");
            return this;
        }

        /** The clock and timers (default {@link AttachmentScheduler#system()}); for tests. */
        public Builder scheduler(AttachmentScheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        /** The source of the backoff jitter; for tests. */
        public Builder random(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /**
         * Opens the first connection and returns once it is open.
         *
         * @throws AttachmentException when the server refuses the upgrade or cannot be reached
         */
        public TerminalAttachment connect() throws IOException {
            TerminalAttachment attachment = new TerminalAttachment(this);
            attachment.reconnecting.start();
            return attachment;
        }
    }
}
