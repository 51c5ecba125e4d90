package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A WebSocket client on the JDK's {@link java.net.http.WebSocket} that turns everything it receives into a queue of
 * frames for assertions: {@link ServerFrame}s, {@link BinaryOutputFrame}s and finally a {@link Closed}.
 */
final class WsTestClient implements WebSocket.Listener {
    /** Bounds a broken test; passing tests get their frames long before. */
    static final Duration FRAME_BOUND = Duration.ofSeconds(30);

    /** The server closed the connection. */
    record Closed(int code, String reason) {
    }

    /** The connection failed. */
    record Failed(Throwable error) {
    }

    private final BlockingQueue<Object> frames = new LinkedBlockingQueue<>();
    /** Every output byte received (not resets), whether or not its frame was taken from the queue. */
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final StringBuilder text = new StringBuilder();
    private final ByteArrayOutputStream binary = new ByteArrayOutputStream();
    private final boolean reading;
    private volatile boolean recording = true;
    private volatile WebSocket socket;

    private WsTestClient(boolean reading) {
        this.reading = reading;
    }

    /** Stops keeping a copy of the output (for streams too large to keep). */
    void stopRecordingOutput() {
        recording = false;
    }

    /** Connects and reads every frame as it comes. */
    static WsTestClient connect(HttpClient http, URI uri) {
        return connect(http, uri, true);
    }

    /** Connects; a client with {@code reading} false takes no frame until {@link #startReading()}. */
    static WsTestClient connect(HttpClient http, URI uri, boolean reading) {
        WsTestClient client = new WsTestClient(reading);
        client.socket = http.newWebSocketBuilder().buildAsync(uri, client).join();
        return client;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        if (reading) {
            webSocket.request(1);
        }
    }

    /** Lets a client connected with {@code reading} false take frames from now on. */
    void startReading() {
        socket.request(Long.MAX_VALUE);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        text.append(data);
        if (last) {
            ServerFrame frame = ServerFrame.parse(text.toString());
            if (frame instanceof ServerFrame.Output out && !out.reset()) {
                recordOutput(out.data().getBytes(StandardCharsets.UTF_8));
            }
            frames.add(frame);
            text.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        binary.writeBytes(bytes);
        if (last) {
            BinaryOutputFrame frame = BinaryOutputFrame.decode(binary.toByteArray());
            if (!frame.reset()) {
                recordOutput(frame.data());
            }
            frames.add(frame);
            binary.reset();
        }
        webSocket.request(1);
        return null;
    }

    private synchronized void recordOutput(byte[] data) {
        if (!recording) {
            return;
        }
        output.writeBytes(data);
        notifyAll();
    }

    /** Waits until the output received so far (as UTF-8 text) satisfies {@code condition}; returns it. */
    synchronized String awaitOutput(Predicate<String> condition) throws InterruptedException {
        long deadline = System.nanoTime() + FRAME_BOUND.toNanos();
        while (!condition.test(output.toString(StandardCharsets.UTF_8))) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                fail("output never matched; received:%n%s", output.toString(StandardCharsets.UTF_8));
            }
            TimeUnit.NANOSECONDS.timedWait(this, remaining);
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        frames.add(new Closed(statusCode, reason));
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        frames.add(new Failed(error));
    }

    /** Sends a frame and waits until it is handed to the socket. */
    void send(ClientFrame frame) {
        sendText(frame.toJson());
    }

    void sendText(String json) {
        socket.sendText(json, true).join();
    }

    /** Drops the connection without a close handshake, as a lost network does. */
    void abort() {
        socket.abort();
    }

    /** The next frame, whatever it is. */
    Object next() throws InterruptedException {
        Object frame = frames.poll(FRAME_BOUND.toMillis(), TimeUnit.MILLISECONDS);
        if (frame == null) {
            fail("no frame within " + FRAME_BOUND);
        }
        return frame;
    }

    /** The next frame, which must be a {@code type}. */
    <T> T next(Class<T> type) throws InterruptedException {
        Object frame = next();
        assertThat(frame).isInstanceOf(type);
        return type.cast(frame);
    }

    /** Skips frames until one of {@code type} matches {@code condition}. */
    <T> T await(Class<T> type, Predicate<? super T> condition) throws InterruptedException {
        while (true) {
            Object frame = next();
            if (type.isInstance(frame) && condition.test(type.cast(frame))) {
                return type.cast(frame);
            }
            if (frame instanceof Closed || frame instanceof Failed) {
                fail("connection ended while waiting for a " + type.getSimpleName() + ": " + frame);
            }
        }
    }

    /** Skips frames until the ack of {@code clientSeq}. */
    ServerFrame.Ack awaitAck(long clientSeq) throws InterruptedException {
        return await(ServerFrame.Ack.class, ack -> ack.clientSeq() == clientSeq);
    }

    /** Frames received and not yet taken, without waiting. */
    Object poll() {
        return frames.poll();
    }

    /** The output data of a JSON or binary output frame as bytes. */
    static byte[] data(Object frame) {
        return switch (frame) {
            case ServerFrame.Output output -> output.data().getBytes(StandardCharsets.UTF_8);
            case BinaryOutputFrame binary -> binary.data();
            default -> throw new IllegalArgumentException("not output: " + frame);
        };
    }
}
