package dev.ptyctl.client.internal;

import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.protocol.UnknownTerminal;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.net.ssl.SSLSocketFactory;

/**
 * The WebSocket transport of a {@link JsonRpcConnection} to a terminal of a ptyctl server:
 * {@code ws(s)://host:port/v1/terminals/{id}/rpc}, one JSON-RPC message per text frame each way. The token goes in
 * the upgrade's {@code Authorization} header, so the connection needs no {@code pty/auth}. A refused upgrade becomes
 * the {@link RestException} the REST API would give (404 for an unknown terminal, 401 for a token, with the server's
 * message), anything else that stops the connection a {@link RpcConnectionException}.
 */
final class ServerRpcSocket implements JsonRpcConnection.Transport, RawWebSocket.Handler {
    private static final int HTTP_NOT_FOUND = 404;

    private final JsonRpcConnection connection;
    private volatile RawWebSocket socket;

    private ServerRpcSocket(JsonRpcConnection connection) {
        this.connection = connection;
    }

    static ServerRpcSocket open(RpcAddress.Server server, Duration connectTimeout, Duration handshakeTimeout,
                                String bearerToken, SSLSocketFactory tls, JsonRpcConnection connection)
            throws IOException {
        ServerRpcSocket transport = new ServerRpcSocket(connection);
        Map<String, String> headers = new HashMap<>();
        if (bearerToken != null && !bearerToken.isEmpty()) {
            headers.put("Authorization", "Bearer " + bearerToken);
        }
        try {
            transport.socket = RawWebSocket.connect(SocketUri.rpc(server.url(), server.terminalId()), headers,
                    connectTimeout, handshakeTimeout, tls, transport);
        } catch (RawWebSocket.HandshakeException e) {
            if (e.status() > 0) {
                throw refusal(SocketUri.rpc(server.url(), server.terminalId()), server.terminalId(), e);
            }
            throw new RpcConnectionException(server, "cannot connect to " + server + ": " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new RpcConnectionException(server, "cannot connect to " + server + ": "
                    + (ConnectionHints.unknownHost(e) ? "unknown host" : JsonRpcConnection.describe(e))
                    + ConnectionHints.of(server.url(), e), e);
        }
        return transport;
    }

    /**
     * The REST refusal behind a refused upgrade: the server's {@code {error, message}} body when it sent one, else
     * the start of the body on one line, as {@link RestTransport} quotes it (a URL that is no ptyctl server answers
     * with an HTML page, which was printed whole). A ptyctl server refuses the upgrade to an unknown terminal with its
     * REST sentence as plain text: that is the REST API's 404 ({@code not_found}, the sentence alone), so
     * {@code terminals.rpc(id)} fails as {@code terminals.get(id)} does rather than with a WebSocket URL.
     */
    private static RestException refusal(URI uri, String terminalId, RawWebSocket.HandshakeException e) {
        if (e.errorBody().isEmpty() && e.status() == HTTP_NOT_FOUND
                && e.body().strip().equals(UnknownTerminal.message(terminalId))) {
            return new RestException(e.status(), "not_found", e.body().strip());
        }
        return e.errorBody().map(error -> new RestException(e.status(), error.error(), error.message()))
                .orElseGet(() -> new RestException(e.status(), "", e.body().isBlank() ? e.getMessage()
                        : uri + " answered " + e.status() + ": " + RestTransport.quote(e.body())));
    }

    @Override
    public void send(String message) throws IOException {
        socket.sendText(message);
    }

    @Override
    public void close() {
        RawWebSocket current = socket;
        if (current != null) {
            current.abort();
        }
    }

    @Override
    public void onText(RawWebSocket webSocket, String text) {
        connection.received(text);
    }

    @Override
    public void onBinary(RawWebSocket webSocket, byte[] data) {
        connection.broke(new IOException("the server sent a binary frame on a JSON-RPC socket"));
    }

    @Override
    public void onClose(RawWebSocket webSocket, int code, String reason) {
        // The close frame says why (1001 the server is stopping, 1000 the terminal was deleted...): keep it.
        connection.closedByPeer(" (" + RawWebSocket.describeClose(code, reason) + ")");
    }

    @Override
    public void onError(RawWebSocket webSocket, Throwable error) {
        connection.broke(error instanceof Exception e ? e : new IOException(error));
    }
}
