package dev.ptyctl.service.ws;

import io.helidon.common.concurrency.limits.Limit;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsSession;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One upgraded WebSocket connection, closed with status 1002 (protocol error) when the client breaks RFC 6455 in a
 * way Helidon does not answer itself.
 *
 * <p>Helidon 4.5 reads a frame with a reserved opcode (3–7, 11–15) by throwing {@code IllegalArgumentException} out
 * of its frame reader, outside the code that turns errors into close frames; the exception then reaches the HTTP/1
 * connection, which still believes it is serving HTTP and writes {@code HTTP/1.1 500} onto the open WebSocket. Here
 * any such exception ends the connection the RFC's way instead: a close frame (the last frame: a terminal client's
 * sender is stopped first, see {@link SocketConnection#closeAfterProtocolError}), then the connection closes, and the
 * listener's usual end-of-connection clean-up runs. Other violations (extension bits, unmasked frames, a
 * continuation of no message, oversized frames) Helidon answers with a close frame already.
 */
final class RfcViolationGuard implements ServerConnection {
    private static final System.Logger LOG = System.getLogger(RfcViolationGuard.class.getName());
    /** RFC 6455 §5.5: a control frame's payload is at most 125 bytes, two of them the status code. */
    private static final int MAX_REASON_BYTES = 123;

    private final ServerConnection connection;

    RfcViolationGuard(ServerConnection connection) {
        this.connection = connection;
    }

    @Override
    public void handle(Limit limit) throws InterruptedException {
        try {
            connection.handle(limit);
        } catch (CloseConnectionException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "WebSocket protocol error", e);
            if (connection instanceof WsSession session) {
                SocketConnection.closeAfterProtocolError(session, e instanceof IllegalArgumentException
                        ? WsCloseCodes.PROTOCOL_ERROR : WsCloseCodes.UNEXPECTED_CONDITION, reason(e));
            }
            throw new CloseConnectionException("WebSocket protocol error", e);
        }
    }

    /** The close frame's reason: the exception's message (Helidon's says which opcode), cut to fit. */
    private static String reason(RuntimeException e) {
        String message = e instanceof IllegalArgumentException ? "protocol error: " + e.getMessage()
                : "server error reading the frame";
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= MAX_REASON_BYTES ? message
                : new String(bytes, 0, MAX_REASON_BYTES, StandardCharsets.UTF_8).replace("\uFFFD", "");
    }

    @Override
    public Duration idleTime() {
        return connection.idleTime();
    }

    @Override
    public void close(boolean interrupt) {
        connection.close(interrupt);
    }
}
