package dev.ptyctl.client.internal;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The WebSocket URL of a terminal: {@code ws://host:port/v1/terminals/{id}/socket?protocol=2&clientId=…}
 * plus, per connection, {@code lastOutputSeq} (docs/protocol-websocket.md, "Connecting"); and the server's other
 * WebSocket URLs (a terminal's JSON-RPC, the event socket).
 */
public final class SocketUri {
    private final String base;
    private final String fixedQuery;

    /**
     * @param server     the server's base URL (http, https, ws or wss), with or without a path prefix
     * @param terminalId the terminal
     * @param viewOnly   whether to add {@code mode=view}
     * @param token      a token for {@code ?token=}, or {@code null}
     */
    public SocketUri(URI server, String terminalId, boolean viewOnly, String token) {
        this.base = terminalBase(server, terminalId) + "/socket";
        this.fixedQuery = "protocol=2" + (viewOnly ? "&mode=view" : "") + (token != null ? "&token=" + encode(token) : "");
    }

    /**
     * Checks that {@code server} is an absolute http, https, ws or wss URL with a host.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void checkScheme(URI server) {
        String scheme = server.getScheme() == null ? "" : server.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https") || scheme.equals("ws") || scheme.equals("wss"))
                || server.getRawAuthority() == null) {
            throw new IllegalArgumentException("server URL must be http(s)://host:port, got \"" + server + "\"");
        }
    }

    /** The JSON-RPC WebSocket of a terminal: {@code ws(s)://host:port[/prefix]/v1/terminals/{id}/rpc}. */
    public static URI rpc(URI server, String terminalId) {
        return URI.create(terminalBase(server, terminalId) + "/rpc");
    }

    /**
     * The event socket: {@code ws(s)://host:port[/prefix]/v1/events}, with {@code ?token=} when {@code token} is not
     * null.
     */
    public static URI events(URI server, String token) {
        return URI.create(serverBase(server) + "/v1/events" + (token != null ? "?token=" + encode(token) : ""));
    }

    /** {@code uri} without its query, for messages (never shows a token). */
    public static String withoutQuery(URI uri) {
        String text = uri.toString();
        int query = text.indexOf('?');
        return query < 0 ? text : text.substring(0, query);
    }

    /** {@code ws(s)://host:port[/prefix]/v1/terminals/{id}}. */
    private static String terminalBase(URI server, String terminalId) {
        return serverBase(server) + "/v1/terminals/" + encode(terminalId);
    }

    /** {@code ws(s)://host:port[/prefix]}: TLS exactly when the server URL asks for it. */
    private static String serverBase(URI server) {
        checkScheme(server);
        String scheme = server.getScheme().toLowerCase(Locale.ROOT);
        String wsScheme = scheme.equals("https") || scheme.equals("wss") ? "wss" : "ws";
        String path = server.getRawPath() == null ? "" : server.getRawPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return wsScheme + "://" + server.getRawAuthority() + path;
    }

    /** The URL for one connection; {@code lastOutputSeq} negative for none (the server then sends a reset). */
    public URI withLastOutputSeq(String clientId, long lastOutputSeq) {
        String query = fixedQuery + "&clientId=" + encode(clientId)
                + (lastOutputSeq >= 0 ? "&lastOutputSeq=" + lastOutputSeq : "");
        return URI.create(base + "?" + query);
    }

    /**
     * The URL for a connection that asks for a redraw ({@code redrawSince}): the client showed the output up to
     * {@code shownSeq}, then something of its own; the server sends one reset frame without RIS that brings only the
     * lines scrolled since. A server that does not know the parameter sends a full reset, as without
     * {@code lastOutputSeq}.
     */
    public URI withRedrawSince(String clientId, long shownSeq) {
        return URI.create(withLastOutputSeq(clientId, -1) + "&redrawSince=" + shownSeq);
    }

    /**
     * {@code connection} (one of the URLs above) with the size the client shows the terminal at ({@code cols},
     * {@code rows}), which the server applies as the client's {@code resize} before it sends anything. A server that
     * does not know the parameters ignores them.
     */
    public static URI withSize(URI connection, int cols, int rows) {
        return URI.create(connection + "&cols=" + cols + "&rows=" + rows);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The URL without query, for messages (never shows a token). */
    @Override
    public String toString() {
        return base;
    }
}
