package dev.ptyctl.cli;

import dev.ptyctl.client.RpcAddress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a ptyctl {@code serve} or {@code server} listens on, as far as a client on this machine can match it: a TCP
 * port (any host of this machine: {@code server --host 0.0.0.0} answers on 127.0.0.1 too), or a Unix socket by its
 * absolute path. It is how a start marker ({@link StartMarkers}) says what its server will listen on, and what a
 * refused client was trying to reach, with the host it aimed at: a marker of this machine says nothing about a port
 * of another ({@link #announcedBy}).
 *
 * @param port   the TCP port, or 0 for a socket
 * @param socket the socket's absolute, normalized path, or {@code null} for a port
 * @param host   the host a client aimed at, or {@code null}: a marker's port (this machine), or a socket
 */
record ListenTarget(int port, Path socket, String host) {
    private static final int HTTP_PORT = 80;
    private static final int HTTPS_PORT = 443;
    /** A local server answers a TCP connect at once; this only bounds one whose packets are dropped. */
    private static final int PROBE_MILLIS = 1000;

    /** A port of this machine: what a marker announces. */
    static ListenTarget port(int port) {
        return new ListenTarget(port, null, null);
    }

    /** The port {@code port} of {@code host}, as a client aims at it. */
    static ListenTarget port(String host, int port) {
        return new ListenTarget(port, null, host);
    }

    static ListenTarget socket(Path path) {
        return new ListenTarget(0, path.toAbsolutePath().normalize(), null);
    }

    /** What a client connecting to {@code address} reaches: the terminal's endpoint, or the server's HTTP port. */
    static ListenTarget of(RpcAddress address) {
        if (address instanceof RpcAddress.Tcp tcp) {
            return port(tcp.host(), tcp.port());
        }
        if (address instanceof RpcAddress.UnixSocket unix) {
            return socket(unix.path());
        }
        return of(((RpcAddress.Server) address).url());
    }

    /** The HTTP port of a server's URL, on the URL's host. */
    static ListenTarget of(URI url) {
        if (url.getPort() > 0) {
            return port(url.getHost(), url.getPort());
        }
        return port(url.getHost(), "https".equalsIgnoreCase(url.getScheme()) ? HTTPS_PORT : HTTP_PORT);
    }

    /**
     * Whether a server that announced {@code announced} (a marker's target) will listen where this client target
     * aims: the same socket, or the same port on a host of this machine ({@link ThisMachine}, asked only once the
     * ports match, so a client with no marker of its port never looks at the network interfaces).
     */
    boolean announcedBy(ListenTarget announced) {
        if (socket != null || announced.socket() != null) {
            return Objects.equals(socket, announced.socket());
        }
        return port == announced.port() && (host == null || ThisMachine.isAddressOf(host));
    }

    /**
     * Whether something takes TCP connections at this port of its host (1 s at most, which only a host that drops
     * packets uses up): a probe made only while a start marker names the port, for clients whose first request comes
     * later (the REST commands, {@code mcp --url}). False for a socket or a target without a host.
     */
    boolean acceptsConnections() {
        if (socket != null || host == null) {
            return false;
        }
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(host, port), PROBE_MILLIS);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The marker's text: {@code port 5174} or {@code socket /run/x.sock} (the host is not part of it). */
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
