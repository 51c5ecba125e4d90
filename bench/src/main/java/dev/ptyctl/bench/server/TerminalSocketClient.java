package dev.ptyctl.bench.server;

import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One protocol-2 WebSocket client of a terminal (the JDK's {@code java.net.http.WebSocket}): counts and hashes every
 * output byte it receives, notes when each output frame arrives, and completes when the {@code exit} frame comes.
 * Output is binary (1 byte kind, 8 bytes seq, data), and a frame may reach the listener in several parts.
 */
final class TerminalSocketClient implements WebSocket.Listener {
    private static final int HEADER_BYTES = 9;
    private static final Pattern EXIT_SEQ = Pattern.compile("\"type\"\\s*:\\s*\"exit\".*?\"seq\"\\s*:\\s*(\\d+)"
            + "|\"seq\"\\s*:\\s*(\\d+).*?\"type\"\\s*:\\s*\"exit\"");

    private final MessageDigest sha256;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<Long> exit = new CompletableFuture<>();
    private final BlockingQueue<Long> frameArrivals = new LinkedBlockingQueue<>();
    private final StringBuilder text = new StringBuilder();
    private int headerLeft;
    private boolean inFrame;
    private volatile long bytes;
    private volatile int resets;
    private volatile long frames;
    private WebSocket socket;

    TerminalSocketClient() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Connects and waits for the {@code ready} frame. */
    static TerminalSocketClient connect(HttpClient http, PtyctlServerProcess server, String terminalId)
            throws Exception {
        TerminalSocketClient client = new TerminalSocketClient();
        client.socket = http.newWebSocketBuilder().header("Authorization", "Bearer " + server.token())
                .buildAsync(server.socketUri(terminalId), client).get(30, TimeUnit.SECONDS);
        client.ready.get(30, TimeUnit.SECONDS);
        return client;
    }

    /** Starts counting and hashing afresh (call between frames, e.g. after a start mark the check must not see). */
    void forgetReceived() {
        sha256.reset();
        bytes = 0;
        frames = 0;
    }

    /** Sends an {@code input} frame; {@code clientSeq} must grow with every frame. */
    void input(long clientSeq, String data) {
        socket.sendText("{\"type\":\"input\",\"clientId\":\"bench\",\"clientSeq\":" + clientSeq + ",\"data\":"
                + Json.quote(data) + "}", true).join();
    }

    /** The next output frame's arrival time ({@link System#nanoTime}), waiting at most {@code timeoutMillis}. */
    Long nextFrameArrival(long timeoutMillis) throws InterruptedException {
        return frameArrivals.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** Completes with the exit frame's seq (the total output bytes). */
    CompletableFuture<Long> exit() {
        return exit;
    }

    long bytes() {
        return bytes;
    }

    /** Output frames received (since {@link #forgetReceived}). */
    long frames() {
        return frames;
    }

    int resets() {
        return resets;
    }

    /** The SHA-256 of all output received (call once, after the exit). */
    byte[] digest() {
        return sha256.digest();
    }

    void abort() {
        if (socket != null) {
            socket.abort();
        }
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        if (!inFrame) {
            inFrame = true;
            headerLeft = HEADER_BYTES;
            if (data.remaining() > 0 && data.get(data.position()) == 2) {
                resets++;
            }
        }
        while (headerLeft > 0 && data.hasRemaining()) {
            data.get();
            headerLeft--;
        }
        bytes += data.remaining();
        sha256.update(data);
        if (last) {
            inFrame = false;
            frames++;
            frameArrivals.add(System.nanoTime());
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        text.append(data);
        if (last) {
            String frame = text.toString();
            text.setLength(0);
            if (frame.contains("\"ready\"")) {
                ready.complete(null);
            } else if (frame.contains("\"exit\"")) {
                Matcher m = EXIT_SEQ.matcher(frame);
                exit.complete(m.find() ? Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)) : -1L);
            }
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        exit.complete(-1L);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        ready.completeExceptionally(error);
        exit.completeExceptionally(error);
    }
}
