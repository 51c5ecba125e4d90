package dev.ptyctl.client.internal;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.AttachmentScheduler;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.ReconnectPolicy;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import javax.net.ssl.SSLSocketFactory;

/**
 * A WebSocket to the server that outlives its connections: the life cycle the SDK's socket clients share (a terminal
 * attachment, the event subscription). The first connection is awaited; later ones are made after a connection ends,
 * with the {@link ReconnectPolicy}'s backoff; pings find a connection that died silently (an unanswered ping when the
 * next is due replaces it); a refused upgrade, the attempts running out or {@link #close()} end it for good
 * ({@link ConnectionState#CLOSED}).
 *
 * <p>What a client sends and receives is its own: a subclass says where each attempt connects ({@link #target()}),
 * makes the {@link Connection} that reads the frames, sends its pings ({@link #sendPing}), and says what else ends
 * when the socket does ({@link #finishing}). A connection counts once the subclass calls {@link #established}: at the
 * upgrade for an attachment, at the server's {@code subscribed} frame for the events.
 *
 * <p>Every method that says so runs under the owner's lock, the one object that guards both this life cycle and the
 * owner's own state (an attachment's unacknowledged frames must be replayed in the same step as a connection is
 * established). The listener's calls (a new state, a connection that failed) are made after the lock is released,
 * one at a time ({@link ListenerCalls}).
 */
public abstract class ReconnectingSocket {
    /** How long {@link #close()} lets the close handshake take before cutting the connection. */
    private static final Duration CLOSE_HANDSHAKE_TIMEOUT = Duration.ofSeconds(2);
    /** Beyond the connect timeout: room for the upgrade and the first frames on a loaded machine. */
    private static final Duration FIRST_CONNECTION_MARGIN = Duration.ofSeconds(5);

    /**
     * How the client names itself in messages and threads.
     *
     * @param noun        "attachment"
     * @param verb        "attach to"
     * @param gerund      "attaching to"
     * @param closeReason the reason of the close frame {@link #close()} sends
     * @param threadName  the prefix of the client's threads
     */
    public record Wording(String noun, String verb, String gerund, String closeReason, String threadName) {
    }

    /**
     * What every connection attempt is made with.
     *
     * @param connectTimeout   how long each attempt's TCP connect may take
     * @param handshakeTimeout how long each attempt's TLS handshake, then the upgrade's answer, may wait for the
     *                         server ({@link RawWebSocket#connect(URI, Map, Duration, Duration, SSLSocketFactory,
     *                         RawWebSocket.Handler)})
     * @param headers the upgrade request's extra headers (see {@link #authorization})
     * @param tls     the socket factory for {@code wss}, or null for the JDK's
     */
    public record Settings(ReconnectPolicy reconnect, Duration pingInterval, Duration connectTimeout,
                           Duration handshakeTimeout, AttachmentScheduler scheduler, RandomGenerator random,
                           SSLSocketFactory tls, Map<String, String> headers) {
    }

    private final Object lock;
    private final String where;
    private final Wording wording;
    private final Settings settings;
    private final ListenerCalls listenerCalls;
    private final Consumer<ConnectionState> stateChanged;
    private final Consumer<AttachmentException> connectionFailed;
    private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();

    // Guarded by lock.
    private ConnectionState state = ConnectionState.CONNECTING;
    private Connection current;
    private int failedAttempts;
    private int connections;
    private AttachmentScheduler.Cancellable retryTimer;
    private AttachmentScheduler.Cancellable pingTimer;

    /**
     * @param lock             the owner's lock (see the class comment)
     * @param where            the server's URL for messages, never with a token
     * @param stateChanged     the listener's call for a new state, made through {@code listenerCalls}
     * @param connectionFailed the listener's call for a connection that failed or ended, the same way
     */
    protected ReconnectingSocket(Object lock, String where, Wording wording, Settings settings,
                                 ListenerCalls listenerCalls, Consumer<ConnectionState> stateChanged,
                                 Consumer<AttachmentException> connectionFailed) {
        this.lock = lock;
        this.where = where;
        this.wording = wording;
        this.settings = settings;
        this.listenerCalls = listenerCalls;
        this.stateChanged = stateChanged;
        this.connectionFailed = connectionFailed;
    }

    /** The upgrade request's headers for {@code token}: a bearer header, unless it travels in the URL or is null. */
    public static Map<String, String> authorization(String token, boolean tokenInQuery) {
        return token != null && !tokenInQuery ? Map.of("Authorization", "Bearer " + token) : Map.of();
    }

    /** Where the next connection attempt goes. Under the lock. */
    protected abstract URI target();

    /** A connection object for the next attempt. Under the lock. */
    protected abstract Connection newConnection();

    /** Sends a ping on {@code connection}, the current one. Under the lock; must not block. */
    protected abstract void sendPing(Connection connection);

    /**
     * What else ends when the socket ends for good (frames waiting for acknowledgement, waiters). Under the lock;
     * returns what to run after releasing it, before the rest of the ending.
     */
    protected List<Runnable> finishing(Throwable cause) {
        return List.of();
    }

    /** The state now. */
    public final ConnectionState state() {
        synchronized (lock) {
            return state;
        }
    }

    /** How many connections have been established (1 until the first reconnect). */
    public final int connections() {
        synchronized (lock) {
            return connections;
        }
    }

    /** The current connection, null between connections and once closed. Under the lock. */
    public final Connection current() {
        return current;
    }

    /** The URL for messages. */
    public final String where() {
        return where;
    }

    /** The clock and timers. */
    public final AttachmentScheduler scheduler() {
        return settings.scheduler();
    }

    /** How often a connection is pinged. */
    public final Duration pingInterval() {
        return settings.pingInterval();
    }

    /**
     * Opens the first connection and waits until it is established, at most the connect and handshake timeouts plus a
     * margin: a deadline kept by the {@link AttachmentScheduler}, as every timer here, so a test's scheduler decides
     * when it has passed instead of the test waiting it out.
     *
     * @throws AttachmentException when the server refuses the upgrade, cannot be reached or does not answer in time
     */
    public final void start() throws IOException {
        Duration patience = settings.connectTimeout().plus(settings.handshakeTimeout()).plus(FIRST_CONNECTION_MARGIN);
        AttachmentScheduler.Cancellable deadline = settings.scheduler().schedule(patience, () ->
                firstConnection.completeExceptionally(new AttachmentException("no answer from " + where + " within "
                        + Durations.describe(patience), 0, new TimeoutException())));
        synchronized (lock) {
            open();
        }
        try {
            firstConnection.get();
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while " + wording.gerund() + " " + where);
        } catch (ExecutionException e) {
            close();
            throw e.getCause() instanceof AttachmentException refused ? refused
                    : new AttachmentException("cannot " + wording.verb() + " " + where + ": " + e.getCause(), 0,
                    e.getCause());
        } finally {
            deadline.cancel();
        }
    }

    /** Ends the socket: closes the connection (with a close handshake) and stops reconnecting. Idempotent. */
    public final void close() {
        Connection connection;
        List<Runnable> after;
        synchronized (lock) {
            if (state == ConnectionState.CLOSED) {
                return;
            }
            connection = current;
            after = finish(new AttachmentException(wording.noun() + " to " + where + " was closed", 0, null));
        }
        if (connection != null) {
            connection.closeGracefully();
        }
        runAll(after);
    }

    /**
     * {@code connection} counts: the backoff starts over, pings start after {@code firstPing}, the state is
     * {@link ConnectionState#CONNECTED} and {@link #start()} returns. Under the lock, for the current connection;
     * returns what to run after releasing it.
     */
    public final List<Runnable> established(Connection connection, Duration firstPing) {
        failedAttempts = 0;
        connections++;
        if (!settings.pingInterval().isZero()) {
            pingTimer = settings.scheduler().schedule(firstPing, () -> ping(connection));
        }
        List<Runnable> after = new ArrayList<>();
        after.add(() -> firstConnection.complete(null));
        after.add(changeState(ConnectionState.CONNECTED));
        return after;
    }

    /**
     * Ends the socket for good: {@link ConnectionState#CLOSED}, timers off, {@link #finishing} and a waiting
     * {@link #start()} told. Under the lock; returns what to run after releasing it.
     */
    public final List<Runnable> finish(Throwable cause) {
        List<Runnable> after = new ArrayList<>(finishing(cause));
        cancelTimers();
        current = null;
        after.add(() -> firstConnection.completeExceptionally(cause));
        after.add(changeState(ConnectionState.CLOSED));
        return after;
    }

    /**
     * Replaces a connection attempt still under way (its upgrade not answered yet) by a new one to {@link #target()}
     * as it is now: what the attempt's URL carries changed after it was made (an attachment's size, which the window
     * changed meanwhile). The attempt is given up at once (its socket closed, which ends its connecting thread, where a
     * server that does not answer the upgrade would hold it until the handshake timeout), and the new one is made when
     * it has ended, asking {@link #target()} then: one attempt in flight at a time, and any number of calls meanwhile
     * (a window dragged to a new size, a SIGWINCH a step) come to one attempt, with the last target. An attempt that
     * opened meanwhile is dropped and made again. Nothing happens when no attempt is under way: the next one asks
     * {@link #target()} anyway. Under the lock.
     */
    public final void retarget() {
        if (state != ConnectionState.CLOSED && current != null && current.socket == null && !current.superseded) {
            current.superseded = true;
            current.giveUpAttempt();
        }
    }

    /** Calls the listener: calls never overlap, and a failing listener does not break the client. */
    public final void fire(Runnable call) {
        listenerCalls.fire(call);
    }

    public static void runAll(List<Runnable> actions) {
        actions.forEach(Runnable::run);
    }

    /**
     * Starts a connection attempt on its own thread. Under the lock.
     *
     * <p>The socket is {@link RawWebSocket}, not the JDK's {@code java.net.http.WebSocket}: the JDK client (25)
     * sometimes misframes or corrupts frames that arrive in the same read as the handshake response, which is exactly
     * when the server replays output to a reconnecting client (see {@code docs/protocol-websocket.md}).
     */
    private void open() {
        Connection connection = newConnection();
        current = connection;
        URI target = target();
        Thread.ofPlatform().daemon().name(wording.threadName() + "-connect").start(() -> {
            try {
                // The connection hears of its socket from the reader thread (onOpen), before the first frame: told
                // here, after connect returned, a frame that came with the upgrade's answer (an ended program's exit)
                // could end the socket first, and start() threw "exited" for a terminal it had attached to.
                RawWebSocket.connect(target, settings.headers(), settings.connectTimeout(),
                        settings.handshakeTimeout(), settings.tls(), connection);
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
        synchronized (lock) {
            if (current != connection || state == ConnectionState.CLOSED) {
                return;
            }
            if (!connection.pingAnswered) {
                connection.abandon(new AttachmentException("no answer to a ping on " + where + " within "
                        + Durations.describe(settings.pingInterval()), 0, null));
                return;
            }
            connection.pingAnswered = false;
            sendPing(connection);
            pingTimer = settings.scheduler().schedule(settings.pingInterval(), () -> ping(connection));
        }
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
        return () -> fire(() -> stateChanged.accept(next));
    }

    /**
     * One WebSocket connection, from the upgrade request to its end. A subclass reads the frames; events of a
     * connection that is no longer the current one (replaced, or the socket closed) are to be ignored
     * ({@link #isCurrent()}).
     */
    public abstract static class Connection implements RawWebSocket.Handler {
        private final ReconnectingSocket owner;
        private volatile RawWebSocket socket;
        /** Whether the last ping was answered (guarded by the owner's lock). */
        private boolean pingAnswered = true;
        /** The attempt's socket while it connects, to give it up; null before (guarded by the owner's lock). */
        private Closeable attempt;
        /**
         * {@link #retarget()} gave this attempt up: when it ends (or opens) a new one is made, with no failure told
         * (guarded by the owner's lock).
         */
        private boolean superseded;

        protected Connection(ReconnectingSocket owner) {
            this.owner = owner;
        }

        /** The upgrade succeeded and {@link #socket()} is set. Under the lock; returns what to run after it. */
        protected List<Runnable> upgraded() {
            return List.of();
        }

        /** The connection is given up or closed: stop writing to it. Under the lock, or while closing. */
        protected void stopping() {
        }

        /** The socket, null until the upgrade. */
        protected final RawWebSocket socket() {
            return socket;
        }

        /** The server answered a ping. */
        protected final void pong() {
            synchronized (owner.lock) {
                pingAnswered = true;
            }
        }

        protected final boolean isCurrent() {
            synchronized (owner.lock) {
                return owner.current == this;
            }
        }

        @Override
        public void onClose(RawWebSocket webSocket, int statusCode, String reason) {
            lost(new AttachmentException("the server closed the connection to " + owner.where + " ("
                    + RawWebSocket.describeClose(statusCode, reason) + ")", closeIsFinal(statusCode, reason), null));
        }

        /** Whether a close with this code and reason leaves nothing to reconnect to; none does unless a socket says so. */
        protected boolean closeIsFinal(int statusCode, String reason) {
            return false;
        }

        @Override
        public void onError(RawWebSocket webSocket, Throwable error) {
            failed(error);
        }

        /** The connection broke, or never opened. */
        protected final void failed(Throwable cause) {
            if (cause instanceof RawWebSocket.HandshakeException refused) {
                int status = refused.status();
                lost(new AttachmentException(owner.where + " refused the " + owner.wording.noun() + " with HTTP "
                        + status + ": " + refusalReason(refused), status, cause));
            } else {
                lost(new AttachmentException("connection to " + owner.where + " failed: " + cause, 0, cause));
            }
        }

        /**
         * The server's own sentence from its {@code {error, message}} body ("no terminal with id ..."), else the
         * status line; a 404 also says why a terminal that was there can be gone: a server's terminals end with it,
         * so a server restarted under a live attachment no longer has it.
         */
        private static String refusalReason(RawWebSocket.HandshakeException refused) {
            String reason = refused.errorBody().map(RawWebSocket.ErrorBody::message).orElse(refused.getMessage());
            return refused.status() == 404 ? reason + " (it was deleted, or the server was restarted: a server's"
                    + " terminals end with it)" : reason;
        }

        @Override
        public final void onConnecting(Closeable connecting) {
            synchronized (owner.lock) {
                if (owner.current == this && !superseded && owner.state != ConnectionState.CLOSED) {
                    attempt = connecting;
                    return;
                }
            }
            closeQuietly(connecting); // given up before it connected
        }

        /**
         * Closes the attempt's socket, which ends its connecting thread; an attempt not yet connecting is given up as it
         * starts ({@link #onConnecting}). Under the lock: the close runs on a thread of its own, since closing a TLS
         * socket may write.
         */
        private void giveUpAttempt() {
            Closeable connecting = attempt;
            attempt = null;
            if (connecting != null) {
                Thread.ofVirtual().name(owner.wording.threadName() + "-give-up").start(() -> closeQuietly(connecting));
            }
        }

        private static void closeQuietly(Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException e) {
                // closed: the attempt ends either way
            }
        }

        @Override
        public final void onOpen(RawWebSocket webSocket) {
            List<Runnable> after;
            synchronized (owner.lock) {
                attempt = null;
                if (owner.current != this || owner.state == ConnectionState.CLOSED) {
                    webSocket.abort();
                    return;
                }
                if (superseded) {
                    // It opened before it could be given up: made again, to the target as it is now.
                    webSocket.abort();
                    owner.open();
                    return;
                }
                socket = webSocket;
                after = upgraded();
            }
            runAll(after);
        }

        /**
         * This connection ended or never opened. Reconnects with backoff, unless the failure is permanent, the
         * attempts are used up, or the first connection failed (the caller of {@code start()} hears of that directly).
         */
        private void lost(AttachmentException failure) {
            List<Runnable> after = new ArrayList<>();
            synchronized (owner.lock) {
                if (owner.current != this || owner.state == ConnectionState.CLOSED) {
                    return;
                }
                attempt = null;
                if (superseded && socket == null) {
                    owner.open(); // given up by retarget(): made again at once, nothing failed
                    return;
                }
                stopping();
                owner.current = null;
                owner.cancelTimers();
                after.add(() -> owner.fire(() -> owner.connectionFailed.accept(failure)));
                ReconnectPolicy reconnect = owner.settings.reconnect();
                if (!owner.firstConnection.isDone() || failure.permanent()
                        || owner.failedAttempts >= reconnect.maxAttempts()) {
                    after.addAll(owner.finish(failure));
                } else {
                    owner.failedAttempts++;
                    Duration delay = reconnect.delayBefore(owner.failedAttempts, owner.settings.random().nextDouble());
                    owner.retryTimer = owner.settings.scheduler().schedule(delay, owner::retry);
                    after.add(owner.changeState(ConnectionState.RECONNECTING));
                }
            }
            RawWebSocket webSocket = socket;
            if (webSocket != null) {
                webSocket.abort();
            }
            runAll(after);
        }

        /** Gives the connection up from a timer (the caller holds the lock): the work runs on its own thread. */
        private void abandon(AttachmentException failure) {
            Thread.ofPlatform().daemon().name(owner.wording.threadName() + "-lost").start(() -> lost(failure));
        }

        /** Closing: the close handshake, and the connection cut if it does not complete in time. */
        private void closeGracefully() {
            stopping();
            RawWebSocket webSocket = socket;
            if (webSocket == null) {
                // still connecting: given up now, rather than left to block its thread until its timeout
                synchronized (owner.lock) {
                    giveUpAttempt();
                }
                return;
            }
            webSocket.close(1000, owner.wording.closeReason());
            // The server answers the close at once (the reader then closes the socket); one that does not is cut off.
            owner.settings.scheduler().schedule(CLOSE_HANDSHAKE_TIMEOUT, webSocket::abort);
        }
    }
}
