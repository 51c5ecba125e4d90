package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A client of the server's WebSockets for assertions, mostly of the event socket ({@code /v1/events} upgraded): every
 * text frame as a JSON object, a binary frame as a string naming its length, and finally {@link Closed}. On the SDK's
 * own WebSocket client, which never misreads frames that come with the handshake (the {@code subscribed} frame does).
 */
final class WebSocketTestClient implements AutoCloseable {
    /** Bounds a broken test; passing tests get their frames long before. */
    private static final Duration BOUND = Duration.ofSeconds(30);

    /** The server closed the connection, or it ended (1006). */
    record Closed(int code, String reason) {
    }

    private final BlockingQueue<Object> frames = new LinkedBlockingQueue<>();
    private final RawWebSocket socket;
    private final URI uri;

    private WebSocketTestClient(URI uri, Map<String, String> headers) throws IOException {
        this.uri = uri;
        socket = RawWebSocket.connect(uri, headers, BOUND, new RawWebSocket.Handler() {
            @Override
            public void onText(RawWebSocket s, String text) {
                frames.add(JsonSupport.parseObject(text));
            }

            @Override
            public void onBinary(RawWebSocket s, byte[] data) {
                frames.add("binary frame of " + data.length + " bytes");
            }

            @Override
            public void onClose(RawWebSocket s, int code, String reason) {
                frames.add(new Closed(code, reason));
            }

            @Override
            public void onError(RawWebSocket s, Throwable error) {
                frames.add(new Closed(1006, String.valueOf(error)));
            }
        });
    }

    /** Connects to {@code /v1/events} of the server at {@code baseUrl} ({@code http://host:port}), with a query. */
    static WebSocketTestClient connect(String baseUrl, String query, Map<String, String> headers) throws IOException {
        return new WebSocketTestClient(URI.create(baseUrl.replaceFirst("^http", "ws") + "/v1/events" + query),
                headers);
    }

    static WebSocketTestClient connect(String baseUrl) throws IOException {
        return connect(baseUrl, "", Map.of());
    }

    /** Connects to {@code path} (with its query) of the server at {@code baseUrl}: any of its WebSockets. */
    static WebSocketTestClient connectTo(String baseUrl, String path) throws IOException {
        return new WebSocketTestClient(URI.create(baseUrl.replaceFirst("^http", "ws") + path), Map.of());
    }

    /** Where it is connected. */
    String path() {
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    /** The next frame: a JSON object, a binary frame's description, or a {@link Closed}. */
    Object next() throws InterruptedException {
        Object frame = frames.poll(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(frame).as("a frame on %s within %s", path(), BOUND).isNotNull();
        return frame;
    }

    /** Skips frames up to the first text frame of this {@code type}, or up to the first binary one for null. */
    void skipTo(String type) throws InterruptedException {
        while (true) {
            Object frame = next();
            assertThat(frame).as("%s before a %s frame", path(), type == null ? "binary" : type)
                    .isNotInstanceOf(Closed.class);
            if (type == null ? frame instanceof String
                    : frame instanceof JsonObject object && type.equals(object.getString("type", ""))) {
                return;
            }
        }
    }

    /** How the connection ended, after whatever frames came before. */
    Closed closed() throws InterruptedException {
        while (true) {
            if (next() instanceof Closed closed) {
                return closed;
            }
        }
    }

    /** The next frame, which must be a JSON object of this {@code type}. */
    JsonObject next(String type) throws InterruptedException {
        Object frame = next();
        assertThat(frame).isInstanceOf(JsonObject.class);
        JsonObject object = (JsonObject) frame;
        assertThat(object.getString("type")).as(object.toString()).isEqualTo(type);
        return object;
    }

    /** The next {@code event} frame, which must be this event. */
    JsonObject nextEvent(String name) throws InterruptedException {
        JsonObject frame = next("event");
        assertThat(frame.getString("event")).as(frame.toString()).isEqualTo(name);
        return frame.getJsonObject("data");
    }

    void send(String text) throws IOException {
        socket.sendText(text);
    }

    @Override
    public void close() {
        socket.abort();
    }
}
