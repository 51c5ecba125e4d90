package dev.ptyctl.bench.server;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One protocol-2 WebSocket client of a terminal: counts the output frames it receives and keeps their bytes (hashed
 * only when asked, after the clock has stopped, so that the check costs the shared cores nothing during the run)
 * in one buffer that the next client reuses, so that a run's 16 MiB are not left for a young collection to copy
 * during a later run (keeping the frames themselves did: pauses of 7-22 ms every few runs, 5-14 ms since). Notes
 * when each output frame arrives, and completes when the {@code exit} frame comes. Output is binary (1 byte kind,
 * 8 bytes seq, data). It is the SDK's own client ({@link RawWebSocket}: blocking reads on one platform thread),
 * which is what a Java user of ptyctl gets, and costs the shared two cores less than the JDK's
 * {@code java.net.http.WebSocket} (a selector thread and an executor hand-over per message), which this bench used
 * at first (docs/benchmarks.md has both).
 */
final class TerminalSocketClient implements RawWebSocket.Handler {
    private static final Pattern EXIT_SEQ = Pattern.compile("\"type\"\\s*:\\s*\"exit\".*?\"seq\"\\s*:\\s*(\\d+)"
            + "|\"seq\"\\s*:\\s*(\\d+).*?\"type\"\\s*:\\s*\"exit\"");

    /** The buffer the last client used, for the next one: 16 MiB and more for a run of the throughput part. */
    private static final AtomicReference<byte[]> SPARE = new AtomicReference<>(new byte[0]);
    /** Output bytes received since {@link #forgetReceived}, frame headers left out; guarded by {@code this}. */
    private byte[] received = SPARE.getAndSet(new byte[0]);
    private long receivedBytes;
    private long receivedFrames;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<Long> exit = new CompletableFuture<>();
    private final BlockingQueue<Long> frameArrivals = new LinkedBlockingQueue<>();
    private volatile int resets;
    private RawWebSocket socket;

    /** Connects and waits for the {@code ready} frame. */
    static TerminalSocketClient connect(PtyctlServerProcess server, String terminalId) throws Exception {
        TerminalSocketClient client = new TerminalSocketClient();
        client.socket = RawWebSocket.connect(server.socketUri(terminalId),
                Map.of("Authorization", "Bearer " + server.token()), Duration.ofSeconds(30), client);
        client.ready.get(30, TimeUnit.SECONDS);
        return client;
    }

    /** Starts counting and keeping afresh (call between frames, e.g. after a start mark the check must not see). */
    synchronized void forgetReceived() {
        receivedBytes = 0;
        receivedFrames = 0;
    }

    /** Sends an {@code input} frame; {@code clientSeq} must grow with every frame. */
    void input(long clientSeq, String data) throws IOException {
        socket.sendText("{\"type\":\"input\",\"clientId\":\"bench\",\"clientSeq\":" + clientSeq + ",\"data\":"
                + Json.quote(data) + "}");
    }

    /** Sends a {@code resize} frame, as a client sends its own size on attaching. */
    void resize(long clientSeq, int cols, int rows) throws IOException {
        socket.sendText("{\"type\":\"resize\",\"clientId\":\"bench\",\"clientSeq\":" + clientSeq + ",\"cols\":" + cols
                + ",\"rows\":" + rows + "}");
    }

    /** The next output frame's arrival time ({@link System#nanoTime}), waiting at most {@code timeoutMillis}. */
    Long nextFrameArrival(long timeoutMillis) throws InterruptedException {
        return frameArrivals.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** Completes with the exit frame's seq (the total output bytes). */
    CompletableFuture<Long> exit() {
        return exit;
    }

    /** Output bytes received (since {@link #forgetReceived}). */
    synchronized long bytes() {
        return receivedBytes;
    }

    /** Output frames received (since {@link #forgetReceived}). */
    synchronized long frames() {
        return receivedFrames;
    }

    int resets() {
        return resets;
    }

    /** The SHA-256 of all output received since {@link #forgetReceived} (call after the exit). */
    byte[] digest() {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        synchronized (this) {
            sha256.update(received, 0, (int) receivedBytes);
        }
        return sha256.digest();
    }

    /** Closes the socket at once and hands the buffer to the next client. */
    void abort() {
        if (socket != null) {
            socket.abort();
        }
        synchronized (this) {
            SPARE.set(received);
            received = new byte[0];
        }
    }

    @Override
    public void onBinary(RawWebSocket webSocket, byte[] data) {
        if (data.length > 0 && data[0] == BinaryOutputFrame.KIND_RESET) {
            resets++;
        }
        keep(data);
        frameArrivals.add(System.nanoTime());
    }

    private synchronized void keep(byte[] frame) {
        int header = Math.min(BinaryOutputFrame.HEADER_BYTES, frame.length);
        int length = frame.length - header;
        if (receivedBytes + length > received.length) {
            received = Arrays.copyOf(received, (int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max(receivedBytes + length, 2L * received.length + (1 << 20))));
        }
        System.arraycopy(frame, header, received, (int) receivedBytes, length);
        receivedBytes += length;
        receivedFrames++;
    }

    @Override
    public void onText(RawWebSocket webSocket, String frame) {
        if (frame.contains("\"ready\"")) {
            ready.complete(null);
        } else if (frame.contains("\"exit\"")) {
            Matcher m = EXIT_SEQ.matcher(frame);
            exit.complete(m.find() ? Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)) : -1L);
        }
    }

    @Override
    public void onClose(RawWebSocket webSocket, int code, String reason) {
        exit.complete(-1L);
    }

    @Override
    public void onError(RawWebSocket webSocket, Throwable error) {
        ready.completeExceptionally(error);
        exit.completeExceptionally(error);
    }
}
