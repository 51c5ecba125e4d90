package dev.ptyctl.cli;

import dev.ptyctl.client.RpcAddress;
import java.net.URI;
import java.nio.file.Path;

/**
 * What a ptyctl {@code serve} or {@code server} listens on, as far as a client on this machine can match it: a TCP
 * port (any host: {@code server --host 0.0.0.0} answers on 127.0.0.1 too), or a Unix socket by its absolute path.
 * It is how a start marker ({@link StartMarkers}) says what its server will listen on, and what a refused client was
 * trying to reach.
 *
 * @param port   the TCP port, or 0 for a socket
 * @param socket the socket's absolute, normalized path, or {@code null} for a port
 */
record ListenTarget(int port, Path socket) {
    private static final int HTTP_PORT = 80;
    private static final int HTTPS_PORT = 443;

    static ListenTarget port(int port) {
        return new ListenTarget(port, null);
    }

    static ListenTarget socket(Path path) {
        return new ListenTarget(0, path.toAbsolutePath().normalize());
    }

    /** What a client connecting to {@code address} reaches: the terminal's endpoint, or the server's HTTP port. */
    static ListenTarget of(RpcAddress address) {
        if (address instanceof RpcAddress.Tcp tcp) {
            return port(tcp.port());
        }
        if (address instanceof RpcAddress.UnixSocket unix) {
            return socket(unix.path());
        }
        return of(((RpcAddress.Server) address).url());
    }

    /** The HTTP port of a server's URL. */
    static ListenTarget of(URI url) {
        if (url.getPort() > 0) {
            return port(url.getPort());
        }
        return port("https".equalsIgnoreCase(url.getScheme()) ? HTTPS_PORT : HTTP_PORT);
    }

    /** The marker's text: {@code port 5174} or {@code socket /run/x.sock}. */
    String text() {
        return socket != null ? "socket " + socket : "port " + port;
    }

    /** The target a marker's text names, or {@code null} when it names none ({@code port 0}, or not written yet). */
    static ListenTarget parse(String text) {
        if (text.startsWith("socket /")) {
            return socket(Path.of(text.substring("socket ".length())));
        }
        if (text.startsWith("port ")) {
            try {
                int port = Integer.parseInt(text.substring("port ".length()).strip());
                return port > 0 ? port(port) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return text();
    }
}
