package dev.ptyctl.client;

import dev.ptyctl.client.internal.DurationChecks;
import dev.ptyctl.client.internal.ListenerCalls;
import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.client.internal.ReconnectingSocket;
import dev.ptyctl.client.internal.SocketUri;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.TerminalEvent;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
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
    private static final ReconnectingSocket.Wording WORDING = new ReconnectingSocket.Wording("subscription",
            "subscribe to", "subscribing to", "unsubscribed", "ptyctl-events");

    private final URI uri;
    private final TerminalEventsListener listener;
    private final Object lock = new Object();
    private final EventsSocket reconnecting;
    // Guarded by lock.
    private long pings;

    private TerminalEvents(Builder builder) {
        this.uri = SocketUri.events(builder.server, builder.tokenInQuery ? builder.token : null);
        this.listener = builder.listener;
        this.reconnecting = new EventsSocket(new ReconnectingSocket.Settings(builder.reconnect, builder.pingInterval,
                builder.connectTimeout, builder.handshakeTimeout, builder.scheduler, builder.random,
                builder.sslContext == null ? null : builder.sslContext.getSocketFactory(),
                ReconnectingSocket.authorization(builder.token, builder.tokenInQuery)));
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
        return reconnecting.state();
    }

    /** How many connections have been subscribed so far (1 until the first reconnect). */
    public int subscriptions() {
        return reconnecting.connections();
    }

    /** Ends the subscription: closes the connection and stops reconnecting. Idempotent. */
    @Override
    public void close() {
        reconnecting.close();
    }

    @Override
    public String toString() {
        return "TerminalEvents[" + reconnecting.where() + ", " + state() + "]";
    }

    /** Calls the listener: calls never overlap, and a failing listener does not break this client. */
    private void fire(Runnable call) {
        reconnecting.fire(call);
    }

    /** The subscription's socket: every connection goes to the same URL; a ping is a {@code ping} frame. */
    private final class EventsSocket extends ReconnectingSocket {
        EventsSocket(Settings settings) {
            super(lock, SocketUri.withoutQuery(uri), WORDING, settings, new ListenerCalls(TerminalEvents.class),
                    listener::onStateChanged, listener::onConnectionFailure);
        }

        @Override
        protected URI target() {
            return uri;
        }

        @Override
        protected ReconnectingSocket.Connection newConnection() {
            return new EventsConnection();
        }

        @Override
        protected void sendPing(ReconnectingSocket.Connection connection) {
            ((EventsConnection) connection).send(JsonSupport.objectBuilder().add("type", "ping").add("t", ++pings)
                    .build().toString());
        }

    }

    /**
     * One WebSocket connection of the subscription, from the upgrade request to its end. Events of a connection that
     * is no longer the current one (replaced, or the subscription closed) are ignored.
     */
    private final class EventsConnection extends ReconnectingSocket.Connection {
        EventsConnection() {
            super(reconnecting);
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
                case "pong" -> pong();
                case "error" -> {
                    String text = frame.get("message") instanceof JsonString m ? m.getString() : frame.toString();
                    fire(() -> listener.onError(text));
                }
                default -> LOG.log(System.Logger.Level.DEBUG, "ignoring a frame this client does not know: {0}",
                        message);
            }
        }

        /** The connection counts once the server says it is subscribed. */
        private void subscribed() {
            List<Runnable> after;
            synchronized (lock) {
                if (!isCurrent() || reconnecting.state() == ConnectionState.CLOSED) {
                    return;
                }
                after = reconnecting.established(this, reconnecting.pingInterval());
            }
            // Before the first connect() returns, so a caller's listing after connect() never misses an event.
            fire(listener::onSubscribed);
            ReconnectingSocket.runAll(after);
        }

        @Override
        public void onBinary(RawWebSocket webSocket, byte[] data) {
            LOG.log(System.Logger.Level.DEBUG, "ignoring a binary frame on the event socket");
        }

        /** Sends on a thread of its own: a stalled socket must not hold up the scheduler's thread. */
        void send(String text) {
            RawWebSocket webSocket = socket();
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
        private Duration connectTimeout = Duration.ofSeconds(ConnectDefaults.CONNECT_TIMEOUT_SECONDS);
        private Duration handshakeTimeout = Duration.ofSeconds(ConnectDefaults.HANDSHAKE_TIMEOUT_SECONDS);
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

        /** How long one connection attempt's TCP connect may take (default 5 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = DurationChecks.positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long one connection attempt's TLS handshake ({@code https}/{@code wss}), then the server's answer to the
         * WebSocket upgrade, may wait for the server beyond the TCP connect (default 30 s, as on
         * {@link TerminalAttachment.Builder#handshakeTimeout}): a cold JVM's first handshake on a loaded machine takes
         * seconds of its own, more than the connect timeout that bounded it before. Applies to every reconnect too.
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
         * Opens the first connection and returns once it is subscribed ({@link TerminalEventsListener#onSubscribed()}
         * has been called).
         *
         * @throws AttachmentException when the server refuses the upgrade or cannot be reached
         */
        public TerminalEvents connect() throws IOException {
            TerminalEvents events = new TerminalEvents(this);
            events.reconnecting.start();
            return events;
        }
    }
}
