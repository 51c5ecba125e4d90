package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.UnknownTerminal;
import dev.ptyctl.service.log.UnexpectedFailures;
import dev.ptyctl.service.metrics.ServerMetrics;
import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsListener;
import io.helidon.websocket.WsSession;
import io.helidon.websocket.WsUpgradeException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One WebSocket connection to {@code /v1/terminals/{id}/socket}, from the upgrade request to the close. Helidon
 * makes one instance per connection and calls it on the connection's own thread; messages from the client are
 * therefore handled one at a time, in order, and a client whose frames block (a write to a program that does not
 * read) holds up only itself.
 */
final class SocketConnection implements WsListener {
    private static final System.Logger LOG = System.getLogger(SocketConnection.class.getName());
    /** RFC 6455 §5.5: the payload of a control frame is at most 125 bytes. */
    private static final int MAX_CONTROL_PAYLOAD = 125;
    /**
     * The attachment of each open terminal socket, by its session, for {@link #closeAfterProtocolError} (called where
     * only the session is known). Removed when the connection's thread ends.
     */
    private static final Map<WsSession, ClientAttachment> OPEN = new ConcurrentHashMap<>();

    private final TerminalSocketEndpoint endpoint;
    private AttachableTerminal terminal;
    private ConnectionParams params;
    private ClientAttachment attachment;
    /** The parts of a message that arrived in several frames, until the last one. */
    private final StringBuilder partial = new StringBuilder();
    private boolean partialTooLarge;
    private long partialBytes;

    SocketConnection(TerminalSocketEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) throws WsUpgradeException {
        Map<String, String> query = UpgradePolicy.query(prologue);
        Optional<String> refusal = endpoint.policy().refuse(headers, query);
        if (refusal.isPresent()) {
            // Not WsUpgradeException: Helidon answers that with 400, and a refusal is a 403 (SPEC §8).
            throw UpgradeRefusal.of(prologue, headers, Status.FORBIDDEN_403, refusal.get());
        }
        String id = TerminalSocketEndpoint.terminalId(prologue.uriPath().path())
                .orElseThrow(() -> UpgradeRefusal.of(prologue, headers, Status.NOT_FOUND_404, "not a terminal socket path"));
        terminal = endpoint.lookup(id)
                .orElseThrow(() -> UpgradeRefusal.of(prologue, headers, Status.NOT_FOUND_404, UnknownTerminal.message(id)));
        if (endpoint.clients(id) >= SocketSettings.MAX_CLIENTS_PER_TERMINAL) {
            throw UpgradeRefusal.of(prologue, headers, Status.TOO_MANY_REQUESTS_429, "terminal " + id + " already has "
                    + SocketSettings.MAX_CLIENTS_PER_TERMINAL + " clients attached, the most it takes");
        }
        try {
            params = ConnectionParams.parse(query);
            if (endpoint.policy().viewOnly(headers, query)) {
                params = params.asViewer();
            }
        } catch (IllegalArgumentException e) {
            throw UpgradeRefusal.of(prologue, headers, Status.BAD_REQUEST_400, e.getMessage());
        }
        return Optional.empty();
    }

    @Override
    public void onOpen(WsSession session) {
        if (terminal == null) {
            session.close(1011, "upgrade was not checked");
            return;
        }
        attachment = endpoint.attach(terminal, params, session);
        OPEN.put(session, attachment);
        ClientAttachment attached = attachment;
        // Detaches the client however the connection ends (otherwise an idle client's sender would wait for output
        // for ever).
        ConnectionEnd.whenThisConnectionEnds("ws-watch-" + terminal.terminalId(), () -> {
            OPEN.remove(session, attached);
            endpoint.detach(attached);
        });
    }

    /**
     * Closes {@code session} with {@code code} after a protocol error, on the connection's thread: through the
     * client's sender when it is a terminal socket, so that no frame the sender was writing follows the close frame
     * (RFC 6455 §5.5.1), else directly.
     */
    static void closeAfterProtocolError(WsSession session, int code, String reason) {
        ClientAttachment attached = OPEN.get(session);
        if (attached == null) {
            session.close(code, reason);
            return;
        }
        try {
            attached.sender().closeWith(code, reason);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onMessage(WsSession session, String text, boolean last) {
        if (last) {
            ServerMetrics.get().frameIn();
        }
        if (!last || !partial.isEmpty() || partialTooLarge) {
            collect(text);
            if (!last) {
                return;
            }
            text = partial.toString();
            partial.setLength(0);
            partialBytes = 0;
            if (partialTooLarge) {
                partialTooLarge = false;
                tooLarge();
                return;
            }
        } else if (utf8Length(text, 0) > endpoint.settings().maxFrameBytes()) {
            tooLarge();
            return;
        }
        try {
            attachment.receive(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // The client has passed the token check, but the exception's message can still hold the server's paths
            report(UnexpectedFailures.log(LOG, "a client frame on a terminal socket", e));
        }
    }

    /** Adds a fragment unless the message has already grown past the limit (then the rest is dropped). */
    private void collect(String text) {
        if (!partialTooLarge) {
            partialBytes = utf8Length(text, partialBytes);
            partialTooLarge = partialBytes > endpoint.settings().maxFrameBytes();
        }
        if (partialTooLarge) {
            partial.setLength(0);
            return;
        }
        partial.append(text);
    }

    /** {@code before} plus the UTF-8 length of {@code text}. */
    private static long utf8Length(String text, long before) {
        long bytes = before;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }

    private void tooLarge() {
        report("frame larger than " + endpoint.settings().maxFrameBytes() + " bytes: dropped");
    }

    @Override
    public void onMessage(WsSession session, BufferData buffer, boolean last) {
        if (last) {
            ServerMetrics.get().frameIn();
            report("binary frames carry server output only: send JSON text frames");
        }
    }

    /**
     * RFC 6455 §5.5.2: a ping is answered with a pong carrying the same payload. Clients that keep connections alive
     * this way (OkHttp's {@code pingInterval}, proxies, {@code websocat --ping-interval}) close one that stays silent.
     * The pong goes through the client's sender, the only writer of the socket, so this thread never waits for a
     * client that is not reading. A ping longer than a control frame may be breaks the RFC: close 1002.
     */
    @Override
    public void onPing(WsSession session, BufferData buffer) {
        if (buffer.available() > MAX_CONTROL_PAYLOAD) {
            closeAfterProtocolError(session, WsCloseCodes.PROTOCOL_ERROR, "control frame longer than 125 bytes");
            session.terminate(); // throws: Helidon closes the connection
            return;
        }
        if (attachment != null) {
            attachment.pong(buffer.readBytes());
        }
    }

    private void report(String message) {
        try {
            attachment.error(message, Optional.empty());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onClose(WsSession session, int status, String reason) {
        detach();
    }

    @Override
    public void onError(WsSession session, Throwable t) {
        LOG.log(System.Logger.Level.DEBUG, "socket error", t);
        detach();
    }

    private void detach() {
        if (attachment != null) {
            endpoint.detach(attachment);
        }
    }
}
