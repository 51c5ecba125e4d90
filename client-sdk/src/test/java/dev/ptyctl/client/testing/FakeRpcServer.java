package dev.ptyctl.client.testing;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A scripted JSON-RPC endpoint for tests: it answers requests with canned replies, in the order
 * they were scripted, and records every request.
 *
 * <pre>{@code
 * try (FakeRpcServer server = FakeRpcServer.startTcp()) {
 *     server.reply("{'written':3,'outputSeq':10}");
 *     try (RpcClient client = RpcClient.connect(server.address())) {
 *         client.write(Action.text("ls"), Action.key("Enter"));
 *     }
 *     assertThat(server.takeRequest().getString("method")).isEqualTo("pty/write");
 *     server.assertExhausted();
 * }
 * }</pre>
 *
 * <p>JSON given to the script methods may use single quotes for readability; they are turned into
 * double quotes (so a literal apostrophe cannot be written that way). A request that arrives when
 * the script is used up gets a {@code -32603} error and makes {@link #assertExhausted()} fail, so a
 * test never hangs on a reply that was not scripted.
 */
public final class FakeRpcServer implements AutoCloseable {
    /** Long enough for a loaded build machine; only reached when a test is already failing. */
    private static final long TAKE_TIMEOUT_SECONDS = 10;

    private final ServerSocketChannel listener;
    private final RpcAddress address;
    private final Path socketFile;
    private final Queue<Answer> script = new ConcurrentLinkedQueue<>();
    private final BlockingQueue<JsonObject> requests = new LinkedBlockingQueue<>();
    private final List<String> unexpected = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> connections = new CopyOnWriteArrayList<>();

    /** One scripted step: once {@code requestCount} requests have arrived, the lines to send back. */
    private record Answer(int requestCount, Function<List<JsonObject>, List<String>> replies, boolean close) {
    }

    private FakeRpcServer(ServerSocketChannel listener, RpcAddress address, Path socketFile) {
        this.listener = listener;
        this.address = address;
        this.socketFile = socketFile;
        Thread.ofPlatform().daemon().name("fake-rpc-accept").start(this::acceptLoop);
    }

    /** Listens on 127.0.0.1 on a port the OS picks. */
    public static FakeRpcServer startTcp() throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        return new FakeRpcServer(listener, RpcAddress.tcp("127.0.0.1", port), null);
    }

    /** Listens on a Unix-domain socket at {@code path} (removed again on close). */
    public static FakeRpcServer startUnix(Path path) throws IOException {
        Files.deleteIfExists(path);
        ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(path));
        return new FakeRpcServer(listener, RpcAddress.unix(path), path);
    }

    /** Turns single quotes into double quotes and parses the result as a JSON object. */
    public static JsonObject json(String singleQuoted) {
        return JsonSupport.parseObject(singleQuoted.replace('\'', '"'));
    }

    /** Where the server listens. */
    public RpcAddress address() {
        return address;
    }

    /** The TCP port (only for servers started with {@link #startTcp()}). */
    public int port() {
        return ((RpcAddress.Tcp) address).port();
    }

    /** Answers the next request with this result object. */
    public FakeRpcServer reply(String resultJson) {
        JsonObject result = json(resultJson);
        return script(1, reqs -> List.of(resultLine(reqs.getFirst(), result)), false);
    }

    /** Answers the next request with a JSON-RPC error. */
    public FakeRpcServer replyError(int code, String message) {
        return script(1, reqs -> List.of(errorLine(reqs.getFirst().get("id"), code, message)), false);
    }

    /** Answers the next request with a line sent exactly as given (any id, or not JSON at all). */
    public FakeRpcServer replyLine(String line) {
        return script(1, reqs -> List.of(line), false);
    }

    /** Answers the next request with this result, then closes the connection (as {@code pty/kill} does). */
    public FakeRpcServer replyAndClose(String resultJson) {
        JsonObject result = json(resultJson);
        return script(1, reqs -> List.of(resultLine(reqs.getFirst(), result)), true);
    }

    /** Closes the connection when the next request arrives, without answering. */
    public FakeRpcServer closeWithoutReply() {
        return script(1, reqs -> List.of(), true);
    }

    /** Takes the next request and never answers it. */
    public FakeRpcServer ignoreRequest() {
        return script(1, reqs -> List.of(), false);
    }

    /**
     * Waits until as many requests as results have arrived on one connection, then answers them
     * last request first: result {@code i} goes to request {@code i}.
     */
    public FakeRpcServer replyInReverseOrder(String... resultJsons) {
        List<JsonObject> results = java.util.Arrays.stream(resultJsons).map(FakeRpcServer::json).toList();
        return script(results.size(), reqs -> {
            List<String> lines = new ArrayList<>();
            for (int i = reqs.size() - 1; i >= 0; i--) {
                lines.add(resultLine(reqs.get(i), results.get(i)));
            }
            return lines;
        }, false);
    }

    /** The next request received, in arrival order; fails when none arrives in time. */
    public JsonObject takeRequest() {
        try {
            JsonObject request = requests.poll(TAKE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (request == null) {
                throw new AssertionError("no request arrived within " + TAKE_TIMEOUT_SECONDS + " s");
            }
            return request;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Fails unless every scripted answer was used, every request taken and none was unexpected. */
    public void assertExhausted() {
        List<String> problems = new ArrayList<>(unexpected);
        if (!script.isEmpty()) {
            problems.add(script.size() + " scripted answer(s) never used");
        }
        if (!requests.isEmpty()) {
            problems.add("requests never taken: " + requests);
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(String.join("; ", problems));
        }
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() throws IOException {
        listener.close();
        for (SocketChannel connection : connections) {
            connection.close();
        }
        if (socketFile != null) {
            Files.deleteIfExists(socketFile);
        }
    }

    private FakeRpcServer script(int requestCount, Function<List<JsonObject>, List<String>> replies, boolean close) {
        script.add(new Answer(requestCount, replies, close));
        return this;
    }

    private void acceptLoop() {
        try {
            while (true) {
                SocketChannel connection = listener.accept();
                connections.add(connection);
                Thread.ofPlatform().daemon().name("fake-rpc-conn").start(() -> serve(connection));
            }
        } catch (IOException closed) {
            // the listener was closed: the test is over
        }
    }

    private void serve(SocketChannel connection) {
        List<JsonObject> batch = new ArrayList<>();
        try (connection;
             BufferedReader in = new BufferedReader(
                     new InputStreamReader(Channels.newInputStream(connection), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonObject request = JsonSupport.parseObject(line);
                batch.add(request);
                // Book-keeping before the request is published, so a test that has taken it sees
                // the script already advanced.
                Answer answer = script.peek();
                List<String> replies = List.of();
                boolean close = false;
                if (answer == null) {
                    unexpected.add("unscripted request " + request);
                    replies = List.of(errorLine(request.get("id"), -32603, "fake server: no scripted reply"));
                    batch.clear();
                } else if (batch.size() >= answer.requestCount()) {
                    script.remove();
                    replies = answer.replies().apply(List.copyOf(batch));
                    close = answer.close();
                    batch.clear();
                }
                requests.add(request);
                send(connection, replies);
                if (close) {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            if (listener.isOpen()) {
                unexpected.add("connection failed: " + e);
            }
        }
    }

    private static void send(SocketChannel connection, List<String> lines) {
        try {
            for (String line : lines) {
                ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    connection.write(bytes);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resultLine(JsonObject request, JsonObject result) {
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("result", result)
                .add("id", request.get("id")).build().toString();
    }

    private static String errorLine(JsonValue id, int code, String message) {
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0")
                .add("error", JsonSupport.objectBuilder().add("code", code).add("message", message))
                .add("id", id == null ? JsonValue.NULL : id).build().toString();
    }
}
