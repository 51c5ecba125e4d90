package dev.ptyctl.client;

import dev.ptyctl.client.internal.DurationChecks;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.client.internal.ListenerCalls;
import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.client.internal.SocketUri;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;

/**
 * A subscription to the server's terminal events over the event socket ({@code GET /v1/events} upgraded to a
 * WebSocket, {@code docs/protocol-websocket.md}, "The event socket"): terminals created, exited, retitled, resized, as
 * they happen, for as long as the subscription is open, across dropped connections.
 *
 * <pre>{@code
 * try (TerminalsClient terminals = TerminalsClient.of(server);
 *      TerminalEvents events = TerminalEvents.builder(server)
 *              .listener(new TerminalEventsListener() {
 *                  @Override
 *                  public void onSubscribed() {
 *                      // list here, on every (re)connection: events from before it are not sent
 *                  }
 *
 *                  @Override
 *                  public void onEvent(TerminalEvent event) {
 *                      System.out.println(event.name() + " " + event.terminalId().orElse(""));
 *                  }
 *              })
 *              .connect()) {
 *     ...
 * }
 * }</pre>
 *
 * <p><b>Reconnecting.</b> When a connection ends (the server stops: close code 1001; this client fell more than 1024
 * events behind: 1013; a ping unanswered within the ping interval; a network failure) the subscription connects again
 * with exponential backoff and jitter ({@link ReconnectPolicy}), and calls
 * {@link TerminalEventsListener#onSubscribed()} again once the new connection is subscribed. The server keeps no
 * history of events: those that happened while no connection was open are lost, so list the terminals in
 * {@code onSubscribed} every time. A refused upgrade (401 wrong or missing token, 403 forbidden origin) ends the
 * subscription at once.
 *
 * <p><b>Lifecycle.</b> {@link Builder#connect()} returns once the first connection is subscribed (or throws
 * {@link AttachmentException}). The subscription then lives until {@link #close()}, a permanent refusal, or the
 * reconnect attempts run out; it is then {@link ConnectionState#CLOSED}. All methods are thread-safe.
 */
public final class TerminalEvents implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(TerminalEvents.class.getName());
    /** How long {@link #close()} lets the close handshake take before cutting the connection. */
    private static final Duration CLOSE_HANDSHAKE_TIMEOUT = Duration.ofSeconds(2);
    /** Beyond the connect timeout: room for the upgrade and the {@code subscribed} frame on a loaded machine. */
    private static final Duration FIRST_SUBSCRIBED_MARGIN = Duration.ofSeconds(5);

    private final URI uri;
    private final String token;
    private final boolean tokenInQuery;
    private final TerminalEventsListener listener;
    private final ReconnectPolicy reconnect;
    private final Duration pingInterval;
    private final Duration connectTimeout;
    private final AttachmentScheduler scheduler;
    private final RandomGenerator random;
    private final javax.net.ssl.SSLSocketFactory tls;

    private final Object lock = new Object();
    private final ListenerCalls listenerCalls = new ListenerCalls(TerminalEvents.class);
    private final CompletableFuture<Void> firstSubscribed = new CompletableFuture<>();

    // Guarded by lock.
    private ConnectionState state = ConnectionState.CONNECTING;
    private Connection current;
    private int failedAttempts;
    private int subscriptions;
    private long pings;
    private AttachmentScheduler.Cancellable retryTimer;
    private AttachmentScheduler.Cancellable pingTimer;

    private TerminalEvents(Builder builder) {
        this.uri = SocketUri.events(builder.server, builder.tokenInQuery ? builder.token : null);
        this.token = builder.token;
        this.tokenInQuery = builder.tokenInQuery;
        this.listener = builder.listener;
        this.reconnect = builder.reconnect;
        this.pingInterval = builder.pingInterval;
        this.connectTimeout = builder.connectTimeout;
        this.scheduler = builder.scheduler;
        this.random = builder.random;
        this.tls = builder.sslContext == null ? null : builder.sslContext.getSocketFactory();
    }

    /**
     * Starts building a subscription to the server at {@code server} ({@code http://127.0.0.1:8765}; {@code https},
     * {@code ws} and {@code wss} work too).
     *
     * @throws IllegalArgumentException when {@code server} is not such a URL
     */
    public static Builder builder(URI server) {
        return new Builder(server);
    }

    /** The connection's state now. */
    public ConnectionState state() {
        synchronized (lock) {
            return state;
        }
    }

    /** How many connections have been subscribed so far (1 until the first reconnect). */
    public int subscriptions() {
        synchronized (lock) {
            return subscriptions;
        }
    }

    /** Ends the subscription: closes the connection and stops reconnecting. Idempotent. */
    @Override
    public void close() {
        Connection connection;
        List<Runnable> after;
        synchronized (lock) {
            if (state == ConnectionState.CLOSED) {
                return;
            }
            connection = current;
            after = finish(new AttachmentException("the event subscription to " + uri + " was closed", 0, null));
        }
        if (connection != null) {
            connection.closeGracefully();
        }
        runAll(after);
    }

    @Override
    public String toString() {
        return "TerminalEvents[" + SocketUri.withoutQuery(uri) + ", " + state() + "]";
    }

    /** Opens the first connection and waits until it is subscribed, at most the connect timeout plus a margin. */
    private void start() throws IOException {
        Duration patience = connectTimeout.plus(FIRST_SUBSCRIBED_MARGIN);
        AttachmentScheduler.Cancellable deadline = scheduler.schedule(patience, () ->
                firstSubscribed.completeExceptionally(new AttachmentException("no subscription at " + where()
                        + " within " + Durations.describe(patience), 0, new TimeoutException())));
        synchronized (lock) {
            open();
        }
        try {
            firstSubscribed.get();
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while subscribing to " + where());
        } catch (ExecutionException e) {
            close();
            throw e.getCause() instanceof AttachmentException refused ? refused
                    : new AttachmentException("cannot subscribe to " + where() + ": " + e.getCause(), 0, e.getCause());
        } finally {
            deadline.cancel();
        }
    }

    /** The URL for messages, never with a token. */
    private String where() {
        return SocketUri.withoutQuery(uri);
    }

    /** Starts a connection attempt on its own thread. Called under the lock. */
    private void open() {
        Connection connection = new Connection();
        current = connection;
        Map<String, String> headers = token != null && !tokenInQuery
                ? Map.of("Authorization", "Bearer " + token) : Map.of();
        Thread.ofPlatform().daemon().name("ptyctl-events-connect").start(() -> {
            try {
                connection.opened(RawWebSocket.connect(uri, headers, connectTimeout, tls, connection));
            } catch (IOException | RuntimeException e) {
                connection.failed(e);
            }
        });
    }

    /** A scheduled reconnect is due. */
    private void retry() {
        synchronized (lock) {
            retryTimer = null;
            if (state != ConnectionState.CLOSED && current == null) {
                open();
            }
        }
    }

    /**
     * Pings on {@code connection} and schedules the next; a ping still unanswered when the next is due means the
     * connection is dead (a half-open TCP connection a network dropped silently), and it is replaced.
     */
    private void ping(Connection connection) {
        String frame;
        synchronized (lock) {
            if (current != connection || state == ConnectionState.CLOSED) {
                return;
            }
            if (!connection.pingAnswered) {
                connection.abandon(new AttachmentException("no answer to a ping on " + where() + " within "
                        + Durations.describe(pingInterval), 0, null));
                return;
            }
            connection.pingAnswered = false;
            frame = JsonSupport.objectBuilder().add("type", "ping").add("t", ++pings).build().toString();
            pingTimer = scheduler.schedule(pingInterval, () -> ping(connection));
        }
        connection.send(frame);
    }

    /** Ends the subscription for good; called under the lock, returns what to run after releasing it. */
    private List<Runnable> finish(Throwable cause) {
        List<Runnable> after = new ArrayList<>();
        cancelTimers();
        current = null;
        after.add(() -> firstSubscribed.completeExceptionally(cause));
        after.add(changeState(ConnectionState.CLOSED));
        return after;
    }

    private void cancelTimers() {
        if (retryTimer != null) {
            retryTimer.cancel();
            retryTimer = null;
        }
        if (pingTimer != null) {
            pingTimer.cancel();
            pingTimer = null;
        }
    }

    /** Records the new state; returns the listener call to make after releasing the lock. */
    private Runnable changeState(ConnectionState next) {
        if (state == next) {
            return () -> { };
        }
        state = next;
        return () -> fire(() -> listener.onStateChanged(next));
    }

    /** Calls the listener: calls never overlap, and a failing listener does not break this client. */
    private void fire(Runnable call) {
        listenerCalls.fire(call);
    }

    private static void runAll(List<Runnable> actions) {
        actions.forEach(Runnable::run);
    }

    /**
     * One WebSocket connection of the subscription, from the upgrade request to its end. Events of a connection that
     * is no longer the current one (replaced, or the subscription closed) are ignored.
     */
    private final class Connection implements RawWebSocket.Handler {
        private volatile RawWebSocket socket;
        /** Whether the last ping was answered (guarded by the lock). */
        private boolean pingAnswered = true;

        /** The upgrade succeeded; the connection counts once the server says it is subscribed. */
        void opened(RawWebSocket webSocket) {
            synchronized (lock) {
                if (current != this || state == ConnectionState.CLOSED) {
                    webSocket.abort();
                    return;
                }
                socket = webSocket;
            }
        }

        @Override
        public void onText(RawWebSocket webSocket, String message) {
            JsonObject frame;
            try {
                frame = JsonSupport.parseObject(message);
            } catch (JsonException | IllegalArgumentException e) {
                LOG.log(System.Logger.Level.DEBUG, "ignoring a frame that is not a JSON object: {0}", message);
                return;
            }
            if (!isCurrent()) {
                return;
            }
            String type = frame.get("type") instanceof JsonString name ? name.getString() : "";
            switch (type) {
                case "subscribed" -> subscribed();
                case "event" -> {
                    if (frame.get("event") instanceof JsonString name && frame.get("data") instanceof JsonObject data) {
                        TerminalEvent event = new TerminalEvent(name.getString(), data);
                        fire(() -> listener.onEvent(event));
                    }
                }
                case "pong" -> {
                    synchronized (lock) {
                        pingAnswered = true;
                    }
                }
                case "error" -> {
                    String text = frame.get("message") instanceof JsonString m ? m.getString() : frame.toString();
                    fire(() -> listener.onError(text));
                }
                default -> LOG.log(System.Logger.Level.DEBUG, "ignoring a frame this client does not know: {0}",
                        message);
            }
        }

        private void subscribed() {
            List<Runnable> after = new ArrayList<>();
            synchronized (lock) {
                if (current != this || state == ConnectionState.CLOSED) {
                    return;
                }
                failedAttempts = 0;
                subscriptions++;
                if (!pingInterval.isZero()) {
                    pingTimer = scheduler.schedule(pingInterval, () -> ping(this));
                }
                after.add(changeState(ConnectionState.CONNECTED));
            }
            // Before the first connect() returns, so a caller's listing after connect() never misses an event.
            fire(listener::onSubscribed);
            firstSubscribed.complete(null);
            runAll(after);
        }

        @Override
        public void onBinary(RawWebSocket webSocket, byte[] data) {
            LOG.log(System.Logger.Level.DEBUG, "ignoring a binary frame on the event socket");
        }

        @Override
        public void onClose(RawWebSocket webSocket, int code, String reason) {
            lost(new AttachmentException("the server closed the event socket " + where() + " (" + code
                    + (reason == null || reason.isEmpty() ? "" : " " + reason) + ")", 0, null));
        }

        @Override
        public void onError(RawWebSocket webSocket, Throwable error) {
            failed(error);
        }

        /** The connection broke, or never opened. */
        void failed(Throwable cause) {
            if (cause instanceof RawWebSocket.HandshakeException refused) {
                lost(new AttachmentException(where() + " refused the subscription with HTTP " + refused.status() + ": "
                        + refused.getMessage(), refused.status(), cause));
            } else {
                lost(new AttachmentException("connection to " + where() + " failed: " + cause, 0, cause));
            }
        }

        /**
         * This connection ended or never opened. Reconnects with backoff, unless the failure is permanent, the attempts
         * are used up, or the first connection failed (the caller of {@code connect()} hears of that directly).
         */
        private void lost(AttachmentException failure) {
            List<Runnable> after = new ArrayList<>();
            synchronized (lock) {
                if (current != this || state == ConnectionState.CLOSED) {
                    return;
                }
                current = null;
                cancelTimers();
                after.add(() -> fire(() -> listener.onConnectionFailure(failure)));
                if (!firstSubscribed.isDone() || failure.permanent() || failedAttempts >= reconnect.maxAttempts()) {
                    after.addAll(finish(failure));
                } else {
                    failedAttempts++;
                    Duration delay = reconnect.delayBefore(failedAttempts, random.nextDouble());
                    retryTimer = scheduler.schedule(delay, TerminalEvents.this::retry);
                    after.add(changeState(ConnectionState.RECONNECTING));
                }
            }
            RawWebSocket webSocket = socket;
            if (webSocket != null) {
                webSocket.abort();
            }
            runAll(after);
        }

        /** Sends on a thread of its own: a stalled socket must not hold up the scheduler's thread. */
        void send(String text) {
            RawWebSocket webSocket = socket;
            if (webSocket == null) {
                return;
            }
            Thread.ofPlatform().daemon().name("ptyctl-events-ping").start(() -> {
                try {
                    webSocket.sendText(text);
                } catch (IOException e) {
                    failed(e);
                }
            });
        }

        /** Gives the connection up from a timer (the caller holds the lock): the work runs on its own thread. */
        void abandon(AttachmentException failure) {
            Thread.ofPlatform().daemon().name("ptyctl-events-lost").start(() -> lost(failure));
        }

        private boolean isCurrent() {
            synchronized (lock) {
                return current == this;
            }
        }

        /** Closing: the close handshake, and the connection cut if it does not complete in time. */
        void closeGracefully() {
            RawWebSocket webSocket = socket;
            if (webSocket == null) {
                return; // still connecting: opened() sees it is no longer current and aborts
            }
            webSocket.close(1000, "unsubscribed");
            scheduler.schedule(CLOSE_HANDSHAKE_TIMEOUT, webSocket::abort);
        }
    }

    /**
     * Configures and connects a {@link TerminalEvents} subscription.
     *
     * <pre>{@code
     * TerminalEvents events = TerminalEvents.builder(URI.create("https://build-host:8765"))
     *         .token(System.getenv("PTYCTL_TOKEN"))
     *         .reconnect(new ReconnectPolicy(Duration.ofMillis(500), Duration.ofSeconds(30), 2, 0.5, Integer.MAX_VALUE))
     *         .listener(listener)
     *         .connect();
     * }</pre>
     */
    public static final class Builder {
        private final URI server;
        private String token;
        private boolean tokenInQuery;
        private javax.net.ssl.SSLContext sslContext;
        private TerminalEventsListener listener = new TerminalEventsListener() { };
        private ReconnectPolicy reconnect = ReconnectPolicy.DEFAULT;
        private Duration pingInterval = Duration.ofSeconds(15);
        private Duration connectTimeout = Duration.ofSeconds(5);
        private AttachmentScheduler scheduler = AttachmentScheduler.system();
        private RandomGenerator random = RandomGenerator.getDefault();

        private Builder(URI server) {
            this.server = Objects.requireNonNull(server, "server");
            SocketUri.checkScheme(server);
        }

        /** Receives the events; the default ignores everything. */
        public Builder listener(TerminalEventsListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** The server's token, sent as {@code Authorization: Bearer}; {@code null} for none. */
        public Builder token(String token) {
            this.token = token;
            return this;
        }

        /** Sends the token as {@code ?token=} in the URL instead of a header (as browsers must). */
        public Builder tokenInQuery(boolean inQuery) {
            this.tokenInQuery = inQuery;
            return this;
        }

        /** The TLS context for {@code https}/{@code wss} servers, e.g. one trusting a private CA; default: the JDK's. */
        public Builder sslContext(javax.net.ssl.SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /** How to reconnect after a dropped connection; {@link ReconnectPolicy#NEVER} to not. */
        public Builder reconnect(ReconnectPolicy policy) {
            this.reconnect = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * How often to ping (default 15 s, as the web page); a ping unanswered when the next is due replaces the
         * connection. {@link Duration#ZERO} sends no pings.
         */
        public Builder pingInterval(Duration interval) {
            this.pingInterval = DurationChecks.notNegative(interval, "pingInterval");
            return this;
        }

        /** How long one connection attempt (TCP connect and upgrade) may take (default 5 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = DurationChecks.positive(timeout, "connectTimeout");
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
         * Opens the first connection and returns once it is subscribed ({@link TerminalEventsListener#onSubscribed()}
         * has been called).
         *
         * @throws AttachmentException when the server refuses the upgrade or cannot be reached
         */
        public TerminalEvents connect() throws IOException {
            TerminalEvents events = new TerminalEvents(this);
            events.start();
            return events;
        }
    }
}
