package dev.ptyctl.bench.server;

import dev.ptyctl.client.internal.RawWebSocket;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A protocol-2 WebSocket client that only counts: output bytes, and the time its first output and its exit frame
 * arrived. It keeps nothing, so a thousand of them fit in the bench's heap.
 */
final class CountingClient implements RawWebSocket.Handler {
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<Long> exit = new CompletableFuture<>();
    private final CompletableFuture<Void> firstOutput = new CompletableFuture<>();
    private volatile long bytes;
    private volatile long resets;
    private RawWebSocket socket;

    /** Connects to terminal {@code terminalId}, replaying from byte 0, and waits for the {@code ready} frame. */
    static CountingClient connect(PtyctlServerProcess server, String terminalId) throws Exception {
        CountingClient client = new CountingClient();
        URI uri = server.socketUri(terminalId);
        client.socket = RawWebSocket.connect(uri, Map.of("Authorization", "Bearer " + server.token()),
                Duration.ofSeconds(60), client);
        client.ready.get(60, TimeUnit.SECONDS);
        return client;
    }

    void input(long clientSeq, String data) throws IOException {
        socket.sendText("{\"type\":\"input\",\"clientId\":\"load\",\"clientSeq\":" + clientSeq + ",\"data\":"
                + Json.quote(data) + "}");
    }

    /** Completes when the first output byte has arrived. */
    CompletableFuture<Void> firstOutput() {
        return firstOutput;
    }

    /** Completes with {@link System#nanoTime} at the exit frame. */
    CompletableFuture<Long> exit() {
        return exit;
    }

    long bytes() {
        return bytes;
    }

    /** Waits until at least {@code count} output bytes have arrived; false after {@code timeoutMillis}. */
    synchronized boolean awaitBytes(long count, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (bytes < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    long resets() {
        return resets;
    }

    void abort() {
        socket.abort();
    }

    @Override
    public void onText(RawWebSocket webSocket, String text) {
        if (text.contains("\"ready\"")) {
            ready.complete(null);
        } else if (text.contains("\"exit\"")) {
            exit.complete(System.nanoTime());
        }
    }

    @Override
    public void onBinary(RawWebSocket webSocket, byte[] data) {
        if (data[0] == 2) {
            resets++;
        } else {
            synchronized (this) {
                bytes += data.length - 9;
                notifyAll();
            }
        }
        firstOutput.complete(null);
    }

    @Override
    public void onClose(RawWebSocket webSocket, int code, String reason) {
        exit.completeExceptionally(new IOException("closed " + code + " " + reason));
        ready.completeExceptionally(new IOException("closed " + code + " " + reason));
    }

    @Override
    public void onError(RawWebSocket webSocket, Throwable error) {
        exit.completeExceptionally(error);
        ready.completeExceptionally(error);
    }
}
