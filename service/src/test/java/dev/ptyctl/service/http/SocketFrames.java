package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** One WebSocket client of a test server that keeps the JSON text frames it receives, in order. */
final class SocketFrames implements WebSocket.Listener {
    private final BlockingQueue<JsonObject> frames = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();
    private volatile WebSocket socket;
    private PtyctlServer server;
    private String terminalId;

    /** Attaches to terminal {@code id} with the query {@code query} (without {@code ?}). */
    static SocketFrames attach(HttpClient http, PtyctlServer server, String id, String query) {
        SocketFrames frames = new SocketFrames();
        frames.server = server;
        frames.terminalId = id;
        frames.socket = http.newWebSocketBuilder().buildAsync(URI.create(server.url().replace("http:", "ws:")
                + "/v1/terminals/" + id + "/socket?" + query), frames).orTimeout(20, TimeUnit.SECONDS).join();
        return frames;
    }

    WebSocket socket() {
        return socket;
    }

    /** Types the line a terminal of {@link TestServers#createGated} waits for. */
    void go() {
        awaitEchoOff();
        socket.sendText("{\"type\":\"input\",\"clientId\":\"go\",\"clientSeq\":1,\"data\":\"go\\n\"}", true).join();
    }

    /**
     * Waits (bounded) until the gate's {@code stty -echo} has run. A line typed before it is echoed by the terminal:
     * "go" on the screen and 4 bytes more of output, which the tests' screens and counts do not expect
     * (EndedTerminalSocketTest failed so in CI: its reset began with "go"). Nothing is printed when echo goes off, so
     * the terminal's modes are looked at until then (a tcgetattr each millisecond, for the few ms sh takes).
     */
    private void awaitEchoOff() {
        var session = server.registry().find(terminalId).orElseThrow().session();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!session.inputHidden()) {
            assertThat(System.nanoTime() - deadline).as("the gate's stty -echo ran within 20 s").isNegative();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            frames.add(JsonSupport.parseObject(partial.toString()));
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    /** The close from the server, kept as a frame of its own: {@code {"type":"closed","code":C}}. */
    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        frames.add(jakarta.json.Json.createObjectBuilder().add("type", "closed").add("code", statusCode).build());
        return null;
    }

    /** The next frame of one of {@code types}, skipping others; fails after 20 s. */
    JsonObject nextOf(java.util.Set<String> types) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            JsonObject frame = frames.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(frame).as("a %s frame within 20 s", types).isNotNull();
            if (types.contains(frame.getString("type"))) {
                return frame;
            }
        }
    }

    /** The next frame of {@code type}, skipping others; fails after 20 s. */
    JsonObject next(String type) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            JsonObject frame = frames.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(frame).as("a %s frame within 20 s", type).isNotNull();
            if (frame.getString("type").equals(type)) {
                return frame;
            }
        }
    }
}
