package dev.ptyctl.client;

import dev.ptyctl.client.internal.SocketUri;
import dev.ptyctl.protocol.UriHosts;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a terminal's JSON-RPC endpoint listens: a TCP host and port, a Unix-domain socket file, or a terminal of a
 * ptyctl server reached through the server's own HTTP(S) port (from another machine, through a proxy).
 *
 * <p>{@code toString()} gives the form people type and read in messages: {@code 127.0.0.1:5174},
 * {@code [::1]:5174}, the socket path, or {@code terminal 3f2a… at https://host:8765}.
 *
 * <pre>{@code
 * RpcAddress address = RpcAddress.parseHostPort(System.getenv("PTYCTL_RPC")); // "127.0.0.1:5174"
 * try (RpcClient client = RpcClient.connect(address)) { ... }
 * }</pre>
 */
public sealed interface RpcAddress {

    /** A TCP endpoint. */
    static RpcAddress tcp(String host, int port) {
        return new Tcp(host, port);
    }

    /** A Unix-domain socket endpoint. */
    static RpcAddress unix(Path socket) {
        return new UnixSocket(socket);
    }

    /**
     * A terminal of the ptyctl server at {@code url}, reached through the server's HTTP(S) port: the client speaks
     * JSON-RPC over the WebSocket {@code /v1/terminals/{id}/rpc} (TLS for {@code https://}), sending the token as
     * its bearer token.
     *
     * @param url the server's base URL, {@code http(s)://host:port} (a path prefix is kept)
     * @throws IllegalArgumentException when the URL is not http, https, ws or wss with a host, or the id is blank
     */
    static RpcAddress server(URI url, String terminalId) {
        return new Server(url, terminalId);
    }

    /**
     * Parses {@code host:port} (as in the {@code PTYCTL_RPC} variable); an IPv6 host is written in
     * brackets, {@code [::1]:5174}.
     *
     * @throws IllegalArgumentException when the text has no port, or the port is not 1–65535
     */
    static RpcAddress parseHostPort(String text) {
        Objects.requireNonNull(text, "text");
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got \"" + text + "\"");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port, got \"" + text + "\"");
        }
        return new Tcp(host, port);
    }

    /**
     * A TCP endpoint: {@code RpcAddress.tcp("127.0.0.1", 5174)}.
     *
     * @param host a host name or IP literal (IPv6 without brackets)
     * @param port 1–65535
     */
    record Tcp(String host, int port) implements RpcAddress {
        /**
         * Checks the host and port.
         *
         * @throws IllegalArgumentException when the host is blank or the port is not 1–65535
         */
        public Tcp {
            Objects.requireNonNull(host, "host");
            if (host.isBlank()) {
                throw new IllegalArgumentException("host is empty");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("port must be 1-65535, got " + port);
            }
        }

        @Override
        public String toString() {
            return UriHosts.bracketed(host) + ":" + port;
        }
    }

    /**
     * A Unix-domain socket endpoint: {@code RpcAddress.unix(Path.of("/tmp/term.sock"))}.
     *
     * @param path the socket file
     */
    record UnixSocket(Path path) implements RpcAddress {
        /** Checks the path is present. */
        public UnixSocket {
            Objects.requireNonNull(path, "path");
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    /**
     * A terminal of a ptyctl server: {@code RpcAddress.server(URI.create("https://build-host:8765"), id)}.
     *
     * @param url        the server's base URL (http, https, ws or wss; a path prefix is kept)
     * @param terminalId the terminal's id, as {@code ptyctl ls} shows it
     */
    record Server(URI url, String terminalId) implements RpcAddress {
        /**
         * Checks the URL and id.
         *
         * @throws IllegalArgumentException when the URL has another scheme or no host, or the id is blank
         */
        public Server {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(terminalId, "terminalId");
            SocketUri.checkScheme(url);
            if (terminalId.isBlank()) {
                throw new IllegalArgumentException("terminalId is empty");
            }
        }

        @Override
        public String toString() {
            return "terminal " + terminalId + " at " + url;
        }
    }
}
