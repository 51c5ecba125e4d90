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
 * A client of the event socket ({@code /v1/events} upgraded) for assertions: every text frame as a JSON object, and
 * finally {@link Closed}. On the SDK's own WebSocket client, which never misreads frames that come with the
 * handshake (the {@code subscribed} frame does).
 */
final class EventSocketClient implements AutoCloseable {
    /** Bounds a broken test; passing tests get their frames long before. */
    private static final Duration BOUND = Duration.ofSeconds(30);

    /** The server closed the connection, or it ended (1006). */
    record Closed(int code, String reason) {
    }

    private final BlockingQueue<Object> frames = new LinkedBlockingQueue<>();
    private final RawWebSocket socket;

    private EventSocketClient(URI uri, Map<String, String> headers) throws IOException {
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
    static EventSocketClient connect(String baseUrl, String query, Map<String, String> headers) throws IOException {
        return new EventSocketClient(URI.create(baseUrl.replaceFirst("^http", "ws") + "/v1/events" + query),
                headers);
    }

    static EventSocketClient connect(String baseUrl) throws IOException {
        return connect(baseUrl, "", Map.of());
    }

    /** The next frame: a JSON object, or a {@link Closed}. */
    Object next() throws InterruptedException {
        Object frame = frames.poll(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(frame).as("a frame within " + BOUND).isNotNull();
        return frame;
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
