package dev.ptyctl.client.internal;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLSocketFactory;

/**
 * One JSON-RPC 2.0 connection: newline-delimited messages over a TCP or Unix-domain socket channel, or text frames
 * of a server's WebSocket {@code /v1/terminals/{id}/rpc} ({@link ServerRpcSocket}).
 *
 * <p>Any number of threads may call at once; requests are written whole under a lock and numbered
 * 1, 2, 3... in the order they are written. A single daemon reader thread matches each response to
 * its waiting call by id, so requests can be pipelined. A response whose id is {@code null} (the
 * server could not read the id back) goes to the oldest waiting call, which is the request the
 * server was working on, since it executes the requests of a connection in order. When the
 * connection ends, every waiting call fails with an {@link RpcConnectionException}.
 */
public final class JsonRpcConnection implements AutoCloseable {
    private final RpcAddress address;
    private volatile Transport transport;
    private final ReentrantLock writeLock = new ReentrantLock();
    /** Waiting calls by id; ids grow, so the first entry is the oldest request. */
    private final ConcurrentSkipListMap<Long, CompletableFuture<JsonObject>> pending = new ConcurrentSkipListMap<>();
    private long lastId;
    private final AtomicReference<RpcConnectionException> closedBecause = new AtomicReference<>();

    private JsonRpcConnection(RpcAddress address) {
        this.address = address;
    }

    /**
     * Connects and starts the reader thread. A {@link RpcAddress.Server} is reached through the server's WebSocket
     * {@code /v1/terminals/{id}/rpc}, authenticated by {@code bearerToken}.
     *
     * @param connectTimeout how long a TCP connect may take (Unix sockets connect at once or fail)
     * @param handshakeTimeout how long a {@link RpcAddress.Server}'s TLS handshake and WebSocket upgrade may wait for
     *                         the server, once TCP has connected
     * @param bearerToken the server's token for a {@link RpcAddress.Server}, or {@code null}
     * @param tls         the TLS socket factory for {@code https://} servers, or {@code null} for the JDK's default
     * @throws RpcConnectionException when the endpoint cannot be reached
     * @throws dev.ptyctl.client.RestException when the server refuses the WebSocket upgrade (unknown terminal, token)
     */
    public static JsonRpcConnection open(RpcAddress address, Duration connectTimeout, Duration handshakeTimeout,
                                         String bearerToken, SSLSocketFactory tls) throws IOException {
        JsonRpcConnection connection = new JsonRpcConnection(address);
        // instanceof rather than a pattern switch: a pattern switch bootstraps a class at run time on first use,
        // 5-15 ms that every short-lived `ptyctl write` would pay.
        if (address instanceof RpcAddress.Server server) {
            connection.transport = ServerRpcSocket.open(server, connectTimeout, handshakeTimeout, bearerToken, tls,
                    connection);
            return connection;
        }
        SocketChannel channel = null;
        try {
            if (address instanceof RpcAddress.Tcp tcp) {
                channel = openTcp(tcp, connectTimeout);
            } else {
                RpcAddress.UnixSocket unix = (RpcAddress.UnixSocket) address;
                channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                channel.connect(UnixDomainSocketAddress.of(unix.path()));
            }
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            throw new RpcConnectionException(address, "cannot connect to " + address + ": " + describe(e), e);
        }
        SocketChannel connected = channel;
        connection.transport = new Transport() {
            @Override
            public void send(String message) throws IOException {
                writeFully(connected, ByteBuffer.wrap((message + "\n").getBytes(StandardCharsets.UTF_8)));
            }

            @Override
            public void close() {
                closeQuietly(connected);
            }
        };
        Thread.ofPlatform().daemon().name("ptyctl-rpc " + address).start(() -> connection.readLines(connected));
        return connection;
    }

    /** How messages travel: lines on a socket, or text frames of a WebSocket ({@link ServerRpcSocket}). */
    interface Transport {
        /** Sends one message (without a line end). Called under the connection's write lock. */
        void send(String message) throws IOException;

        /** Closes the transport; its reader then ends. Must not block behind a sender. */
        void close();
    }

    private static SocketChannel openTcp(RpcAddress.Tcp tcp, Duration connectTimeout) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            // Requests are small and latency-bound: never let Nagle hold one back.
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            InetSocketAddress remote = new InetSocketAddress(tcp.host(), tcp.port());
            if (remote.isUnresolved()) {
                throw new IOException("unknown host " + tcp.host());
            }
            channel.socket().connect(remote, (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The endpoint this connection talks to. */
    public RpcAddress address() {
        return address;
    }

    /**
     * Sends a request and returns the future of its result. The future fails with an
     * {@link RpcException} for an error response and an {@link RpcConnectionException} when the
     * connection ends first.
     */
    public CompletableFuture<JsonObject> send(String method, JsonObject params) {
        CompletableFuture<JsonObject> result = new CompletableFuture<>();
        writeLock.lock();
        try {
            RpcConnectionException closed = closedBecause.get();
            if (closed != null) {
                result.completeExceptionally(closed);
                return result;
            }
            long id = ++lastId;
            // Registered before the write, so a failure that closes the channel meanwhile either
            // sees this call or makes the write fail, which fails it.
            pending.put(id, result);
            result.whenComplete((r, e) -> pending.remove(id, result));
            transport.send(JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("method", method)
                    .add("params", params).add("id", id).build().toString());
        } catch (IOException e) {
            fail(new RpcConnectionException(address, "connection to " + address + " broke: " + describe(e), e));
        } finally {
            writeLock.unlock();
        }
        return result;
    }

    /**
     * Sends a request and waits for its result.
     *
     * @param timeout how long to wait for the reply; the late reply is dropped
     * @throws RpcException when the server answers with an error
     * @throws RpcConnectionException when the connection ends or no reply comes in time
     * @throws InterruptedIOException when the calling thread is interrupted
     */
    public JsonObject call(String method, JsonObject params, Duration timeout) throws IOException {
        CompletableFuture<JsonObject> future = send(method, params);
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new RpcConnectionException(address,
                    "no reply from " + address + " to " + method + " within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted waiting for " + method);
            interrupted.initCause(e);
            throw interrupted;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("unexpected failure of " + method, e.getCause());
        }
    }

    /** Closes the socket; waiting calls fail with an {@link RpcConnectionException}. Idempotent. */
    @Override
    public void close() {
        fail(new RpcConnectionException(address, "connection to " + address + " was closed", null));
    }

    private static void writeFully(SocketChannel channel, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    private void readLines(SocketChannel channel) {
        LineReader reader = new LineReader(channel);
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                received(line);
            }
            closedByPeer();
        } catch (IOException e) {
            broke(e);
        }
    }

    /** A message from the server: the response to one of the waiting calls. A malformed one ends the connection. */
    void received(String message) {
        if (message.isBlank()) {
            return;
        }
        try {
            dispatch(parse(message));
        } catch (RpcConnectionException e) {
            fail(e);
        }
    }

    /** The server closed the connection. */
    void closedByPeer() {
        closedByPeer("");
    }

    /**
     * The server closed the connection, saying why: {@code detail} (e.g. {@code " (1001 the server is stopping)"})
     * follows the sentence, so a caller whose call failed learns that the server went away rather than guess.
     */
    void closedByPeer(String detail) {
        fail(new RpcConnectionException(address, "connection closed by " + address + detail, null));
    }

    /** The connection failed. */
    void broke(Exception e) {
        fail(new RpcConnectionException(address, "connection to " + address + " broke: " + describe(e), e));
    }

    private JsonObject parse(String line) throws RpcConnectionException {
        try {
            return JsonSupport.parseAnswer(line);
        } catch (JsonException | IllegalStateException e) {
            throw new RpcConnectionException(address,
                    address + " sent something that is not a JSON-RPC response: " + abbreviate(line), e);
        }
    }

    private void dispatch(JsonObject response) throws RpcConnectionException {
        JsonValue id = response.get("id");
        CompletableFuture<JsonObject> call;
        if (id instanceof JsonNumber n && n.isIntegral()) {
            call = pending.get(n.longValue());
        } else if (id == JsonValue.NULL) {
            call = oldestCall();
        } else {
            call = null; // no id, or an id we never sent: a reply to something abandoned, or noise
        }
        if (call == null) {
            return;
        }
        if (response.get("error") instanceof JsonObject error) {
            call.completeExceptionally(toRpcException(error));
        } else if (response.get("result") instanceof JsonObject result) {
            call.complete(result);
        } else {
            call.completeExceptionally(new RpcConnectionException(address,
                    address + " sent a response with neither an error nor an object result: " + abbreviate(response.toString()),
                    null));
        }
    }

    private CompletableFuture<JsonObject> oldestCall() {
        Map.Entry<Long, CompletableFuture<JsonObject>> first = pending.firstEntry();
        return first == null ? null : first.getValue();
    }

    private static RpcException toRpcException(JsonObject error) {
        int code = error.get("code") instanceof JsonNumber n ? n.intValue() : 0;
        String message = error.containsKey("message") && error.get("message").getValueType() == JsonValue.ValueType.STRING
                ? error.getString("message") : "error without a message";
        return new RpcException(code, message, error.get("data"));
    }

    private void fail(RpcConnectionException reason) {
        // No lock here: close() must not wait behind a writer blocked on a full socket buffer;
        // closing the channel is what unblocks that writer.
        closedBecause.compareAndSet(null, reason);
        Transport current = transport;
        if (current != null) {
            current.close();
        }
        RpcConnectionException first = closedBecause.get();
        for (CompletableFuture<JsonObject> call : pending.values()) {
            call.completeExceptionally(first);
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing left to do with a socket we are abandoning
            }
        }
    }

    static String describe(Exception e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
