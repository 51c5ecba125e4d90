package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ServerStopping;
import io.helidon.common.concurrency.limits.Limit;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.websocket.WsSession;
import java.time.Duration;

/** One WebSocket connection of a server that tracks its connections for its stop ({@link SocketsAtStop}). */
final class StopAwareConnection implements ServerConnection {
    private static final System.Logger LOG = System.getLogger(StopAwareConnection.class.getName());

    private final ServerConnection connection;
    private final WsSession session;
    private final SocketsAtStop sockets;

    StopAwareConnection(ServerConnection connection, WsSession session, SocketsAtStop sockets) {
        this.connection = connection;
        this.session = session;
        this.sockets = sockets;
    }

    /**
     * Writes the close frame 1001. Helidon sends only a connection's first close frame and, after it, our writer lets
     * no frame out ({@link CloseIsLastContext}), so whatever the connection's listener writes later (a terminal's
     * {@code exit}, a JSON-RPC answer, Helidon's 1000 "Idle timeout") never reaches the client.
     */
    void tellStopping() {
        try {
            session.close(ServerStopping.CODE, ServerStopping.REASON);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "the client went before it could be told the server stops: " + e);
        }
    }

    @Override
    public void handle(Limit limit) throws InterruptedException {
        try {
            connection.handle(limit);
        } finally {
            sockets.forget(this);
        }
    }

    @Override
    public Duration idleTime() {
        return connection.idleTime();
    }

    /** Helidon ends the connection (its stop, an idle timeout): when it was never handled, this is its only end. */
    @Override
    public void close(boolean interrupt) {
        sockets.forget(this);
        connection.close(interrupt);
    }
}
