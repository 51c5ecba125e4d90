package dev.ptyctl.client.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A scripted HTTP server standing in for the ptyctl REST API: it answers requests with canned responses in the
 * order they were scripted, and records every request (method, path with query, headers, body).
 *
 * <pre>{@code
 * try (FakeRestServer server = FakeRestServer.start()) {
 *     server.reply(201, "{'terminalId':'t1', ...}");
 *     TerminalsClient.of(server.url()).create(CreateTerminalRequest.builder("s1").build());
 *     assertThat(server.takeRequest().method()).isEqualTo("POST");
 *     server.assertExhausted();
 * }
 * }</pre>
 *
 * <p>Bodies given to {@link #reply(int, String)} may use single quotes for readability; they become double quotes.
 * A request that arrives when the script is used up gets a 599 and makes {@link #assertExhausted()} fail.
 */
public final class FakeRestServer implements AutoCloseable {
    /** A request as the fake received it. */
    public record Request(String method, String pathAndQuery, Map<String, List<String>> headers, String body) {
        /** The first value of a header (names are case-insensitive), or {@code null}. */
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
        }
    }

    private record Response(int status, String contentType, String body, CountDownLatch hold) {
    }

    private final HttpServer server;
    private final Queue<Response> script = new ConcurrentLinkedQueue<>();
    private final BlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final List<String> unscripted = new CopyOnWriteArrayList<>();
    private final List<CountDownLatch> holds = new CopyOnWriteArrayList<>();

    private FakeRestServer(HttpServer server) {
        this.server = server;
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** Starts on an ephemeral loopback port. */
    public static FakeRestServer start() throws IOException {
        return new FakeRestServer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    }

    /** Starts on an ephemeral port of every interface, for clients that must reach it by a non-loopback address. */
    public static FakeRestServer startOnAllInterfaces() throws IOException {
        return new FakeRestServer(HttpServer.create(new InetSocketAddress(0), 0));
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:PORT}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Answers the next request with this status and JSON body (single quotes allowed). */
    public FakeRestServer reply(int status, String json) {
        script.add(new Response(status, "application/json", json.replace('\'', '"'), null));
        return this;
    }

    /** Answers the next request with this status, content type and body, verbatim. */
    public FakeRestServer replyRaw(int status, String contentType, String body) {
        script.add(new Response(status, contentType, body, null));
        return this;
    }

    /** Answers the next request only once the test is closing: a server that does not answer in time. */
    public FakeRestServer hang() {
        CountDownLatch hold = new CountDownLatch(1);
        holds.add(hold);
        script.add(new Response(200, "application/json", "{}", hold));
        return this;
    }

    /** The next request received, waiting up to 10 s for it. */
    public Request takeRequest() throws InterruptedException {
        Request request = requests.poll(10, TimeUnit.SECONDS);
        if (request == null) {
            throw new AssertionError("no request arrived within 10 s");
        }
        return request;
    }

    /** Fails when scripted responses were left over, requests came in beyond the script, or were not taken. */
    public void assertExhausted() {
        if (!script.isEmpty() || !unscripted.isEmpty() || !requests.isEmpty()) {
            throw new AssertionError("fake REST server not exhausted: " + script.size() + " responses unused, "
                    + "unscripted requests " + unscripted + ", untaken requests " + requests);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
            Request request = new Request(exchange.getRequestMethod(), path, Map.copyOf(exchange.getRequestHeaders()),
                    body);
            requests.add(request);
            Response response = script.poll();
            if (response == null) {
                unscripted.add(request.method() + " " + path);
                response = new Response(599, "text/plain", "no scripted response", null);
            }
            if (response.hold() != null) {
                response.hold().await();
            }
            byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", response.contentType());
            exchange.sendResponseHeaders(response.status(), bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Releases held answers and stops the server. */
    @Override
    public void close() {
        holds.forEach(CountDownLatch::countDown);
        server.stop(0);
    }
}
