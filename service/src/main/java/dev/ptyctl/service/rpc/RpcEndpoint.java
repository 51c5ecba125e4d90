package dev.ptyctl.service.rpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A JSON-RPC listener for one terminal: TCP on 127.0.0.1 (TCP_NODELAY on every connection) or a Unix-domain
 * socket file (mode 0600, see {@link UnixSocketFile}). An accept loop on a virtual thread starts one virtual
 * thread per connection; any number of connections may be open at once, each executing its own requests in order.
 *
 * <p>{@link #close()} stops accepting, closes every connection (interrupting requests in progress, such as a
 * long {@code pty/wait}), removes the socket file and completes {@link #closed()}. After a successful
 * {@code pty/kill} the endpoint closes itself once the response is written.
 */
public final class RpcEndpoint implements AutoCloseable {
    /** SPEC §8 {@code rpc.maxLineBytes}: far above any real request, small enough to bound memory per client. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
    /** Long enough that a persistent accept failure costs nothing, short enough that recovery is prompt. */
    private static final Duration ACCEPT_RETRY_DELAY = Duration.ofMillis(100);
    private static final System.Logger LOG = System.getLogger(RpcEndpoint.class.getName());

    private final ServerSocketChannel server;
    private final UnixSocketFile socketFile;
    private final String address;
    private final int port;
    private final int maxLineBytes;
    private volatile RpcDispatcher dispatcher;
    private final Map<SocketChannel, Thread> connections = new ConcurrentHashMap<>();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CompletableFuture<Boolean> closed = new CompletableFuture<>();
    private volatile boolean killed;
    private volatile Thread acceptor;

    private RpcEndpoint(ServerSocketChannel server, UnixSocketFile socketFile, String address, int port,
                        int maxLineBytes) {
        this.server = server;
        this.socketFile = socketFile;
        this.address = address;
        this.port = port;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * Binds 127.0.0.1:{@code port} (0 lets the OS choose). Binding comes before {@link #start} so that a busy
     * address is reported before anything is spawned.
     */
    public static RpcEndpoint bindTcp(int port, int maxLineBytes) throws IOException {
        return bindTcp(InetAddress.getLoopbackAddress(), port, maxLineBytes);
    }

    /** Binds {@code host}:{@code port}; see {@link #bindTcp(int, int)}. */
    public static RpcEndpoint bindTcp(InetAddress host, int port, int maxLineBytes) throws IOException {
        String literal = host instanceof java.net.Inet6Address ? "[" + host.getHostAddress() + "]"
                : host.getHostAddress();
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot listen on " + literal + ":" + port + ": " + e.getMessage(), e);
        }
        int bound = ((InetSocketAddress) server.getLocalAddress()).getPort();
        return new RpcEndpoint(server, null, literal + ":" + bound, bound, maxLineBytes);
    }

    /**
     * Where a server bound to {@code serverHost} puts its terminals' JSON-RPC ports: on that address when it is a
     * loopback one ({@code ::1}, {@code 127.0.0.2}), else on 127.0.0.1. The per-terminal port is for clients on the
     * same machine (socket-pty compatibility, local speed); from elsewhere a terminal's JSON-RPC goes through the
     * server's own port.
     */
    public static InetAddress hostFor(String serverHost) {
        try {
            InetAddress address = InetAddress.getByName(serverHost);
            return address.isLoopbackAddress() ? address : InetAddress.getLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    /** Binds a Unix-domain socket at {@code path} (mode 0600); see {@link #bindTcp}. */
    public static RpcEndpoint bindUnix(Path path, int maxLineBytes) throws IOException {
        UnixSocketFile file = UnixSocketFile.bind(path);
        return new RpcEndpoint(file.channel(), file, path.toString(), -1, maxLineBytes);
    }

    /** Starts accepting connections, each served by {@code requests}. Call once. */
    public RpcEndpoint start(RpcDispatcher requests) {
        if (this.dispatcher != null) {
            throw new IllegalStateException("already started");
        }
        this.dispatcher = requests;
        acceptor = Thread.ofVirtual().name("rpc-accept-" + address).start(this::acceptLoop);
        return this;
    }

    /** {@code 127.0.0.1:PORT} (the host as bound) or the socket path. */
    public String address() {
        return address;
    }

    /** The host of a TCP endpoint as clients dial it ({@code 127.0.0.1}, {@code ::1}); the path of a Unix one. */
    public String host() {
        if (port < 0) {
            return address;
        }
        String host = address.substring(0, address.lastIndexOf(':'));
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** The TCP port, or -1 for a Unix-domain socket. */
    public int port() {
        return port;
    }

    /** Completes once the endpoint has closed: with true after {@code pty/kill}, false after {@link #close()}. */
    public CompletableFuture<Boolean> closed() {
        return closed.copy();
    }

    private void acceptLoop() {
        while (!closing.get()) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (closing.get()) {
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "accept failed on " + address, e);
                pauseAfterFailedAccept();
                continue;
            }
            Thread.ofVirtual().name("rpc-conn-" + address).start(() -> serve(channel));
        }
    }

    /** A failing accept (out of file descriptors, say) fails again at once: pause rather than spin a core. */
    private static void pauseAfterFailedAccept() {
        try {
            Thread.sleep(ACCEPT_RETRY_DELAY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve(SocketChannel channel) {
        connections.put(channel, Thread.currentThread());
        try (channel) {
            if (closing.get()) {
                return;
            }
            if (socketFile == null) {
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            }
            new RpcConnection(Channels.newInputStream(channel), Channels.newOutputStream(channel), dispatcher,
                    maxLineBytes, this::closeAfterKill).serve();
        } catch (InterruptedException e) {
            LOG.log(System.Logger.Level.DEBUG, "connection closed during a request");
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connection failed", e);
        } finally {
            connections.remove(channel);
        }
    }

    private void closeAfterKill() {
        killed = true;
        close();
    }

    /** Stops accepting, closes every connection and removes the socket file. Idempotent. */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        try {
            if (socketFile != null) {
                socketFile.close();
            } else {
                server.close();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot close " + address, e);
        }
        awaitAcceptLoopEnd();
        for (Map.Entry<SocketChannel, Thread> connection : connections.entrySet()) {
            try {
                connection.getKey().close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "cannot close a connection", e);
            }
            if (connection.getValue() != Thread.currentThread()) {
                connection.getValue().interrupt();
            }
        }
        closed.complete(killed);
    }

    /**
     * A channel closed while a virtual thread is blocked in {@code accept} releases its socket only once that thread
     * has woken up; waiting for it makes "closed" mean that new connections are refused.
     */
    private void awaitAcceptLoopEnd() {
        Thread thread = acceptor;
        if (thread == null || thread == Thread.currentThread()) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
