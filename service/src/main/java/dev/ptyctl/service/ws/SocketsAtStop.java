package dev.ptyctl.service.ws;

import io.helidon.common.context.Context;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.websocket.WsSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The WebSocket connections of one server (terminal, JSON-RPC and event sockets alike), from the upgrade's answer to
 * their end, so that its stop tells every client that the server is stopping: close 1001, before the stop ends the
 * programs (a terminal socket would otherwise say {@code exit} and 1000, a JSON-RPC socket 1000 "terminal killed")
 * and before the web server closes the connections.
 *
 * <p>The web server's own stop is no place to say it: Helidon 4.5 ends a WebSocket whose read loop it stops with its
 * own close, 1000 "Idle timeout", and one upgraded but not yet handed to its listener with no close frame at all
 * (the client sees 1006); only the first close frame of a connection goes out. A connection is therefore tracked here
 * from the moment Helidon has written its 101, before its listener's {@code onOpen}, and a connection upgraded after
 * the stop began says 1001 at once, before anything else.
 */
public final class SocketsAtStop {
    private final Set<StopAwareConnection> open = new HashSet<>();
    /** Guarded by {@link #open}, as the set is, so a connection is either told by the stop or tells itself. */
    private boolean stopping;
    /** Upgrades under way (guarded by {@link #open}): the stop waits for them, as they may be telling their clients. */
    private int upgrading;

    /** Lets the WebSocket connections of the server {@code builder} builds find this ({@link #of}). */
    public void installOn(WebServerConfig.Builder builder) {
        Context context = Context.builder().id("ptyctl-server").build();
        context.register(this);
        builder.serverContext(context);
    }

    /** The tracker of the server a connection belongs to; empty for a server without one (tests' own servers). */
    static Optional<SocketsAtStop> of(ConnectionContext connection) {
        return connection.listenerContext().context().get(SocketsAtStop.class);
    }

    /**
     * Runs an upgrade (Helidon's, which answers 101 and makes the connection, which {@link #track} then takes), so
     * that the stop waits for it: a connection upgraded while the stop begins is in none of the stop's lists, and the
     * web server's stop must not close it before it has told its client itself.
     */
    <T> T upgrading(Supplier<T> upgrade) {
        synchronized (open) {
            upgrading++;
        }
        try {
            return upgrade.get();
        } finally {
            synchronized (open) {
                upgrading--;
                open.notifyAll();
            }
        }
    }

    /**
     * Tracks {@code connection}, just upgraded; once the stop has begun, tells its client at once instead.
     *
     * @param session the connection's session, which writes the close frame
     * @return the connection to hand to Helidon
     */
    ServerConnection track(ServerConnection connection, WsSession session) {
        StopAwareConnection tracked = new StopAwareConnection(connection, session, this);
        boolean late;
        synchronized (open) {
            late = stopping;
            if (!late) {
                open.add(tracked);
            }
        }
        if (late) {
            // On the connection's own thread, before Helidon hands it to its listener: nothing else writes yet.
            tracked.tellStopping();
        }
        return tracked;
    }

    void forget(StopAwareConnection connection) {
        synchronized (open) {
            open.remove(connection);
        }
    }

    /**
     * Tells the client of every open connection that the server is stopping (1001), all at once, and waits until
     * each close frame is written, at most {@code bound} in all: a client that has stopped reading may hold a frame
     * up for ever, and its connection is then left for the web server's stop to end. Connections upgraded from now on
     * tell their clients themselves; the upgrades under way are waited for too (within the same bound).
     */
    public void stop(Duration bound) throws InterruptedException {
        List<StopAwareConnection> told;
        synchronized (open) {
            stopping = true;
            told = List.copyOf(open);
        }
        List<Thread> closers = new ArrayList<>(told.size());
        for (StopAwareConnection connection : told) {
            closers.add(Thread.ofVirtual().name("ws-stop").start(connection::tellStopping));
        }
        long deadline = System.nanoTime() + bound.toNanos();
        for (Thread closer : closers) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            closer.join(Duration.ofNanos(left));
        }
        synchronized (open) {
            long left = deadline - System.nanoTime();
            while (upgrading > 0 && left > 0) {
                open.wait(Math.max(1, left / 1_000_000));
                left = deadline - System.nanoTime();
            }
        }
    }
}
