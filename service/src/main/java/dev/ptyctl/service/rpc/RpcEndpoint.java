package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonRpcResponses;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.UriHosts;
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
 * thread per connection; up to {@link #MAX_CONNECTIONS} connections may be open at once, each executing its own
 * requests in order. One more is answered with a {@code -32002} error line and closed.
 *
 * <p>{@link #close()} stops accepting, closes every connection (interrupting requests in progress, such as a
 * long {@code pty/wait}), removes the socket file and completes {@link #closed()}. After a successful
 * {@code pty/kill} the endpoint closes itself once the response is written.
 */
public final class RpcEndpoint implements AutoCloseable {
    /** SPEC §8 {@code rpc.maxLineBytes}: far above any real request, small enough to bound memory per client. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
    /**
     * Connections one endpoint serves at once: as many as a terminal takes WebSocket clients (each costs a virtual
     * thread and up to {@code maxLineBytes} of buffer), far more than any script or agent opens, and a bound on what
     * a runaway client loop can take from the server.
     */
    public static final int MAX_CONNECTIONS = 256;
    /** How long a refused connection is given to close after its error line: a client reads a line in far less. */
    private static final Duration REFUSAL_LINGER = Duration.ofSeconds(2);
    /** How much a refused connection's input is read before it is closed anyway. */
    private static final int REFUSAL_DRAIN_BYTES = 64 * 1024;
    private static final System.Logger LOG = System.getLogger(RpcEndpoint.class.getName());

    private final ServerSocketChannel server;
    private final UnixSocketFile socketFile;
    private final String address;
    private final int port;
    private final int maxLineBytes;
    private volatile RpcDispatcher dispatcher;
    private final Map<SocketChannel, Thread> connections = new ConcurrentHashMap<>();
    /** Connections accepted and not yet ended (counted at accept, before their thread registers them). */
    private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
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
        String literal = UriHosts.bracketed(host.getHostAddress());
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
        AcceptRetry retry = new AcceptRetry("the JSON-RPC endpoint " + address, LOG);
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
                try {
                    retry.failed(e);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
                continue;
            }
            retry.accepted();
            if (open.incrementAndGet() > MAX_CONNECTIONS) {
                open.decrementAndGet();
                Thread.ofVirtual().name("rpc-refuse-" + address).start(() -> refuse(channel));
                continue;
            }
            Thread.ofVirtual().name("rpc-conn-" + address).start(() -> {
                try {
                    serve(channel);
                } finally {
                    open.decrementAndGet();
                }
            });
        }
    }

    /**
     * One connection too many: says so in a JSON-RPC error line (id null) and ends its output, then reads what the
     * client sent until it closes (at most {@link #REFUSAL_DRAIN_BYTES}, for at most {@link #REFUSAL_LINGER}) before
     * closing: closing with unread input would reset the connection, and the client could lose the line.
     */
    private void refuse(SocketChannel channel) {
        try (channel) {
            String line = JsonRpcResponses.error(jakarta.json.JsonValue.NULL, RpcErrorCode.TOO_MANY_CONNECTIONS,
                    "this terminal already has " + MAX_CONNECTIONS + " JSON-RPC connections open, the most it "
                            + "takes; close one first", null) + "\n";
            channel.write(java.nio.ByteBuffer.wrap(line.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            channel.shutdownOutput();
            java.net.Socket socket = channel.socket();
            socket.setSoTimeout((int) REFUSAL_LINGER.toMillis());
            java.io.InputStream in = socket.getInputStream();
            byte[] discard = new byte[4096];
            int drained = 0;
            for (int n; drained < REFUSAL_DRAIN_BYTES && (n = in.read(discard)) > 0; ) {
                drained += n;
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "refused a connection", e); // a timeout or a reset ends it too
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
