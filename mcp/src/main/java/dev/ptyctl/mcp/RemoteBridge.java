package dev.ptyctl.mcp;

import dev.ptyctl.protocol.JsonRpcResponses;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;

/**
 * {@code ptyctl mcp --url URL}: relays MCP between stdio and the {@code /mcp} endpoint (Streamable HTTP) of a running
 * {@code ptyctl server}, so an agent drives that server's terminals with the very tools of the embedded mode. Each
 * line from stdin is POSTed as it comes (several at once: a long wait does not hold up other calls); each message of
 * the answer, plain JSON or server-sent events, is written to stdout as one line. After initialization a GET stream
 * carries what the server sends on its own (resource updates). When stdin ends the MCP session is deleted, and with
 * it the terminals it created.
 */
public final class RemoteBridge {
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** The least time between two attempts to open the event stream. */
    private static final Duration RELISTEN_PAUSE = Duration.ofSeconds(1);

    private final URI endpoint;
    private final String token;
    private final HttpClient http;
    private final OutputStream out;
    private final AtomicReference<String> sessionId = new AtomicReference<>();
    /** The pump and every message still being posted; the pump waits for the posts when stdin ends. */
    private final Phaser inFlight = new Phaser(1);
    private final AtomicBoolean ending = new AtomicBoolean();
    /** Completes once the session's DELETE has been answered (or failed). */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    private RemoteBridge(URI endpoint, String token, SSLContext tls, OutputStream out) {
        this.endpoint = endpoint;
        this.token = token;
        this.out = out;
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT);
        if (tls != null) {
            http.sslContext(tls);
        }
        this.http = http.build();
    }

    /**
     * Relays until {@code in} ends, trusting {@code tls}'s certificates for an {@code https://} server (a private CA).
     *
     * @param serverUrl the server's base URL ({@code http://host:port}); {@code /mcp} is added
     * @param token     its token, or null
     * @param tls       the TLS context, or null for the JDK's CAs
     * @throws IllegalArgumentException when the URL is not an http(s) URL
     */
    public static void relay(String serverUrl, String token, SSLContext tls, InputStream in, OutputStream out)
            throws IOException, InterruptedException {
        URI base = URI.create(serverUrl.endsWith("/") ? serverUrl.substring(0, serverUrl.length() - 1) : serverUrl);
        if (base.getScheme() == null || !base.getScheme().matches("https?") || base.getHost() == null) {
            throw new IllegalArgumentException("--url must be an http(s) URL such as http://127.0.0.1:8765, got "
                    + serverUrl);
        }
        RemoteBridge bridge = new RemoteBridge(URI.create(base + "/mcp"), token, tls, out);
        // A client that stops the bridge with a signal rather than closing stdin (many do both at once) still ends
        // the session, and with it the terminals it created.
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            try {
                bridge.endSession();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        bridge.pump(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    }

    private void pump(BufferedReader lines) throws IOException, InterruptedException {
        String first = lines.readLine();
        if (first == null) {
            return;
        }
        post(first); // initialize: answered before anything else, so the session id is known
        Thread.ofVirtual().name("mcp-bridge-listen").start(this::listen);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            String message = line;
            inFlight.register();
            Thread.ofVirtual().name("mcp-bridge-post").start(() -> {
                try {
                    post(message);
                } catch (IOException e) {
                    System.err.println("ptyctl mcp: " + endpoint + ": " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    inFlight.arriveAndDeregister();
                }
            });
        }
        // stdin has ended: let answers under way out, briefly
        try {
            inFlight.awaitAdvanceInterruptibly(inFlight.arriveAndDeregister(), 2, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // a post that takes longer is cut off by the session's end
        }
        endSession();
    }

    private HttpRequest.Builder request() {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint);
        if (token != null && !token.isEmpty()) {
            request.header("Authorization", "Bearer " + token);
        }
        String id = sessionId.get();
        if (id != null) {
            request.header(SESSION_HEADER, id);
        }
        return request;
    }

    private void post(String message) throws IOException, InterruptedException {
        HttpResponse<Stream<String>> response = http.send(request()
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .POST(HttpRequest.BodyPublishers.ofString(message)).build(),
                HttpResponse.BodyHandlers.ofLines());
        response.headers().firstValue(SESSION_HEADER).ifPresent(id -> sessionId.compareAndSet(null, id));
        if (response.statusCode() == 401 || response.statusCode() == 403) {
            String reason;
            try (Stream<String> body = response.body()) {
                reason = response.statusCode() == 401 ? "give its token with --token or PTYCTL_TOKEN"
                        : forbiddenReason(String.join("", body.toList()));
            }
            String refusal = endpoint + " refused the request (HTTP " + response.statusCode() + "): " + reason;
            System.err.println("ptyctl mcp: " + refusal);
            // The client waits for an answer to its request; without one it sees nothing until its own timeout
            // (an agent's "initialize timed out"), and the reason only in a log it may not show.
            refusedRequestId(message).ifPresent(id -> write(JsonRpcResponses.error(id, RpcErrorCode.UNAUTHORIZED,
                    refusal, null)));
            return;
        }
        boolean events = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
        try (Stream<String> body = response.body()) {
            if (events) {
                body.forEach(this::eventLine);
            } else {
                String json = String.join("", body.toList()).strip();
                if (!json.isEmpty() && json.startsWith("{") && json.contains("\"jsonrpc\"")) {
                    write(json);
                }
            }
        }
    }

    /**
     * The server's own sentence for a 403, which says what to do: a view token ("the view token may only read (GET);
     * POST needs the full token"), a Host or Origin it does not allow (and which setting allows it).
     */
    private static String forbiddenReason(String body) {
        try {
            JsonObject error = JsonSupport.parseObject(body);
            if (error.get("message") instanceof JsonString message && !message.getString().isBlank()) {
                return message.getString();
            }
        } catch (RuntimeException notJson) {
            // a proxy's page: the generic reason below
        }
        return "this origin or host is not allowed";
    }

    /** The id of a JSON-RPC request (a notification or response has none to answer). */
    private static Optional<JsonValue> refusedRequestId(String message) {
        try {
            JsonObject parsed = JsonSupport.parseObject(message);
            return parsed.containsKey("method") && parsed.containsKey("id") ? Optional.of(parsed.get("id"))
                    : Optional.empty();
        } catch (RuntimeException notJson) {
            return Optional.empty();
        }
    }

    /**
     * The server's own stream (notifications), kept open while the relay runs. It is also what keeps a quiet agent's
     * session alive (the server ends a session with no request under way and no stream open after
     * {@code ptyctl.mcp.sessionIdleMillis}, hanging up its shells), so a stream that broke while the session lives (a
     * laptop that slept, a network change, a proxy's cut) is opened again. A server that offers none (405), or no
     * longer knows the session (404: it ended, or the server restarted), is not asked again.
     */
    private void listen() {
        while (!ending.get()) {
            long start = System.nanoTime();
            try {
                HttpResponse<Stream<String>> response = http.send(request().header("Accept", "text/event-stream")
                        .GET().build(), HttpResponse.BodyHandlers.ofLines());
                try (Stream<String> body = response.body()) {
                    if (response.statusCode() != 200) {
                        return;
                    }
                    body.forEach(this::eventLine);
                }
            } catch (IOException | UncheckedIOException e) {
                // the server went away or the stream was cut: the POSTs report what matters; open it again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            // A stream that was open a while is opened again at once, before the session could count as idle; an
            // unreachable server is asked once a pause, not in a tight loop.
            if (System.nanoTime() - start < RELISTEN_PAUSE.toNanos()) {
                try {
                    Thread.sleep(RELISTEN_PAUSE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** One line of an event stream: a {@code data:} line is one JSON-RPC message (our server sends one per line). */
    private void eventLine(String line) {
        if (line.startsWith("data:")) {
            write(line.substring(5).strip());
        }
    }

    private void write(String json) {
        synchronized (out) {
            try {
                out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                System.err.println("ptyctl mcp: cannot write to stdout: " + e.getMessage());
            }
        }
    }

    /**
     * Deletes the session, once. A second caller (the shutdown hook, when a client closes stdin and sends SIGTERM at
     * once) waits for the first one's DELETE: the JVM must not stop while it is on its way.
     */
    private void endSession() throws InterruptedException {
        if (sessionId.get() == null) {
            return;
        }
        if (!ending.compareAndSet(false, true)) {
            try {
                ended.get(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // ended as well as it could
            }
            return;
        }
        try {
            http.send(request().DELETE().timeout(CONNECT_TIMEOUT).build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            System.err.println("ptyctl mcp: could not end the session at " + endpoint + ": " + e.getMessage());
        } finally {
            ended.complete(null);
        }
    }
}
