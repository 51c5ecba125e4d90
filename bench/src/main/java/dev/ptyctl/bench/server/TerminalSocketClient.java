package dev.ptyctl.bench.server;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One protocol-2 WebSocket client of a terminal: counts and keeps every output frame it receives (hashed only when
 * asked, after the clock has stopped, so that the check costs the shared cores nothing during the run), notes when
 * each output frame arrives, and completes when the {@code exit} frame comes. Output is binary (1 byte kind, 8 bytes seq,
 * data). It is the SDK's own client ({@link RawWebSocket}: blocking reads on one platform thread), which is what a
 * Java user of ptyctl gets, and costs the shared two cores less than the JDK's {@code java.net.http.WebSocket}
 * (a selector thread and an executor hand-over per message), which this bench used at first
 * (docs/benchmarks.md has both).
 */
final class TerminalSocketClient implements RawWebSocket.Handler {
    private static final Pattern EXIT_SEQ = Pattern.compile("\"type\"\\s*:\\s*\"exit\".*?\"seq\"\\s*:\\s*(\\d+)"
            + "|\"seq\"\\s*:\\s*(\\d+).*?\"type\"\\s*:\\s*\"exit\"");

    /** Output frames as received, header included; hashed by {@link #digest()}. */
    private final List<byte[]> received = new ArrayList<>();
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
    void forgetReceived() {
        synchronized (received) {
            received.clear();
        }
    }

    /** Sends an {@code input} frame; {@code clientSeq} must grow with every frame. */
    void input(long clientSeq, String data) throws IOException {
        socket.sendText("{\"type\":\"input\",\"clientId\":\"bench\",\"clientSeq\":" + clientSeq + ",\"data\":"
                + Json.quote(data) + "}");
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
    long bytes() {
        synchronized (received) {
            return received.stream().mapToLong(frame -> frame.length - headerBytes(frame)).sum();
        }
    }

    /** Output frames received (since {@link #forgetReceived}). */
    long frames() {
        synchronized (received) {
            return received.size();
        }
    }

    private static int headerBytes(byte[] frame) {
        return Math.min(BinaryOutputFrame.HEADER_BYTES, frame.length);
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
        synchronized (received) {
            for (byte[] frame : received) {
                int header = headerBytes(frame);
                sha256.update(frame, header, frame.length - header);
            }
        }
        return sha256.digest();
    }

    void abort() {
        if (socket != null) {
            socket.abort();
        }
    }

    @Override
    public void onBinary(RawWebSocket webSocket, byte[] data) {
        if (data.length > 0 && data[0] == BinaryOutputFrame.KIND_RESET) {
            resets++;
        }
        synchronized (received) {
            received.add(data);
        }
        frameArrivals.add(System.nanoTime());
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
