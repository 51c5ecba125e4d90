package dev.ptyctl.client.testing;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted WebSocket server for attachment tests: a minimal RFC 6455 server (handshake, framing,
 * masking, fragments, ping and close) on a loopback port. The test accepts each upgraded connection
 * and plays the server's part by hand: send frames, read what the client sent, drop the connection.
 *
 * <pre>{@code
 * try (FakeWebSocketServer server = FakeWebSocketServer.start()) {
 *     TerminalAttachment attachment = TerminalAttachment.builder(server.url(), "t-1").connect();
 *     FakeWebSocketServer.Connection connection = server.accept();
 *     connection.sendText("{\"type\":\"ready\",\"seq\":0,\"protocol\":2}");
 *     attachment.input("ls\r");
 *     assertThat(connection.readFrame().getString("data")).isEqualTo("ls\r");
 *     connection.drop();
 * }
 * }</pre>
 *
 * <p>An upgrade can be refused with an HTTP status ({@link #refuseNext}), or held unanswered until the client gives
 * it up ({@link #holdUpgrades}). Client {@code ping} frames
 * of the terminal protocol are answered with a {@code pong} and kept out of {@link Connection#readFrame()}
 * unless {@link Connection#keepPings()} is called. Every wait gives up after ten seconds with an
 * {@link AssertionError}, so a failing test never hangs.
 */
public final class FakeWebSocketServer implements AutoCloseable {
    /** Long enough for a loaded build machine; only reached when a test is already failing. */
    private static final long WAIT_SECONDS = 10;
    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final ServerSocket listener;
    private final BlockingQueue<Connection> accepted = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Refusal> refusals = new ConcurrentLinkedQueue<>();
    private final CopyOnWriteArrayList<Connection> connections = new CopyOnWriteArrayList<>();
    private final AtomicInteger upgradeRequests = new AtomicInteger();
    /** How many of the next upgrade requests to hold unanswered (see {@link #holdUpgrades}). */
    private final AtomicInteger toHold = new AtomicInteger();
    private final BlockingQueue<Connection> held = new LinkedBlockingQueue<>();

    private record Refusal(int status, String body, Runnable beforeAnswering) {
    }

    private FakeWebSocketServer(ServerSocket listener) {
        this.listener = listener;
        Thread.ofVirtual().name("fake-ws-accept").start(this::acceptLoop);
    }

    /** Starts listening on a free loopback port. */
    public static FakeWebSocketServer start() throws IOException {
        return new FakeWebSocketServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
    }

    /** The server's base URL, {@code http://127.0.0.1:PORT}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Answers the next upgrade request with {@code status} and {@code body} instead of upgrading. */
    public void refuseNext(int status, String body) {
        refuseNext(status, body, () -> { });
    }

    /**
     * As {@link #refuseNext(int, String)}, running {@code beforeAnswering} once the request has arrived: something
     * that happens while the client waits for the answer.
     */
    public void refuseNext(int status, String body, Runnable beforeAnswering) {
        refusals.add(new Refusal(status, body, beforeAnswering));
    }

    /**
     * Holds the next {@code count} upgrade requests unanswered, as a server or proxy that never answers the upgrade:
     * each is kept until the client gives it up. {@link #awaitHeld()} gives them in turn, with their request's query;
     * {@link Connection#awaitEnd()} waits until the client closed one.
     */
    public void holdUpgrades(int count) {
        toHold.set(count);
    }

    /** The next upgrade request held unanswered ({@link #holdUpgrades}). */
    public Connection awaitHeld() throws InterruptedException {
        Connection connection = held.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (connection == null) {
            throw new AssertionError("no upgrade request held within " + WAIT_SECONDS + " s");
        }
        return connection;
    }

    /** How many upgrade requests arrived, refused ones included. */
    public int upgradeRequests() {
        return upgradeRequests.get();
    }

    /** The next upgraded connection. */
    public Connection accept() throws InterruptedException {
        Connection connection = accepted.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (connection == null) {
            throw new AssertionError("no WebSocket connection within " + WAIT_SECONDS + " s");
        }
        return connection;
    }

    /** Fails when a connection was accepted that the test did not take. */
    public void assertNoMoreConnections() {
        if (!accepted.isEmpty()) {
            throw new AssertionError("unexpected connection: " + accepted.peek().requestLine);
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Connection connection : connections) {
            connection.drop();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                socket.setTcpNoDelay(true);
                Thread.ofVirtual().name("fake-ws-upgrade").start(() -> upgrade(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void upgrade(Socket socket) {
        try {
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            upgradeRequests.incrementAndGet();
            String[] lines = head.split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
                }
            }
            OutputStream out = socket.getOutputStream();
            Refusal refusal = refusals.poll();
            if (refusal != null) {
                refusal.beforeAnswering().run();
                byte[] body = refusal.body().getBytes(StandardCharsets.UTF_8);
                out.write(("HTTP/1.1 " + refusal.status() + " Refused\r\nContent-Type: text/plain\r\nContent-Length: "
                        + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                socket.close();
                return;
            }
            if (toHold.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                Connection waiting = new Connection(socket, lines[0], headers);
                connections.add(waiting);
                held.add(waiting);
                waiting.awaitClientGone(in);
                return;
            }
            String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
                    .digest((headers.get("sec-websocket-key") + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII)));
            out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Connection connection = new Connection(socket, lines[0], headers);
            connections.add(connection);
            accepted.add(connection);
            connection.readLoop();
        } catch (IOException | NoSuchAlgorithmException e) {
            closeQuietly(socket);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed during the upgrade request");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    /** One upgraded connection, played by the test. */
    public static final class Connection {
        private static final int TEXT = 1;
        private static final int BINARY = 2;
        private static final int CLOSE = 8;
        private static final int PING = 9;
        private static final int PONG = 10;

        private final Socket socket;
        private final String requestLine;
        private final Map<String, String> headers;
        private final BlockingQueue<String> texts = new LinkedBlockingQueue<>();
        private final BlockingQueue<JsonObject> pings = new LinkedBlockingQueue<>();
        private volatile boolean keepPings;
        private volatile int closeCode = -1;
        private final java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        /** Completed by the client's first message or by the connection's end, whichever comes first. */
        private final CompletableFuture<Void> sentOrEnded = new CompletableFuture<>();

        private Connection(Socket socket, String requestLine, Map<String, String> headers) {
            this.socket = socket;
            this.requestLine = requestLine;
            this.headers = headers;
        }

        /** The request path, without the query. */
        public String path() {
            String target = requestLine.split(" ")[1];
            int q = target.indexOf('?');
            return q < 0 ? target : target.substring(0, q);
        }

        /** The decoded query parameters. */
        public Map<String, String> query() {
            String target = requestLine.split(" ")[1];
            int q = target.indexOf('?');
            Map<String, String> query = new LinkedHashMap<>();
            if (q >= 0) {
                for (String pair : target.substring(q + 1).split("&")) {
                    int eq = pair.indexOf('=');
                    query.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            return query;
        }

        /** A request header (name in any case), or {@code null}. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** Hands the client's terminal-protocol pings to the test ({@link #readPing()}) instead of answering them. */
        public Connection keepPings() {
            keepPings = true;
            return this;
        }

        /** Sends a text message. */
        public void sendText(String text) {
            write(TEXT, text.getBytes(StandardCharsets.UTF_8));
        }

        /** Sends a binary message. */
        public void sendBinary(byte[] data) {
            write(BINARY, data);
        }

        /** The next text message the client sent, exactly as sent. */
        public String readText() throws InterruptedException {
            String text = texts.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            if (text == null) {
                throw new AssertionError("the client sent nothing within " + WAIT_SECONDS + " s");
            }
            return text;
        }

        /** The next text message, parsed. */
        public JsonObject readFrame() throws InterruptedException {
            return parse(readText());
        }

        /** The next terminal-protocol ping (after {@link #keepPings()}). */
        public JsonObject readPing() throws InterruptedException {
            JsonObject ping = pings.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            if (ping == null) {
                throw new AssertionError("no ping within " + WAIT_SECONDS + " s");
            }
            return ping;
        }

        /** Whether the client sent nothing that the test has not read. */
        public boolean nothingUnread() {
            return texts.isEmpty();
        }

        /**
         * Cuts the TCP connection without a close handshake, as a crashed server or a dropped network
         * does. It is cut with a reset (RST) rather than a FIN: the JDK's WebSocket client sometimes
         * misses a FIN that arrives right behind a message (it then never reports the end), while a
         * reset always fails its next read.
         */
        public void drop() {
            try {
                socket.setSoLinger(true, 0);
            } catch (IOException e) {
                // already closed
            }
            closeQuietly(socket);
        }

        /** Ends the TCP connection with a FIN, without a close handshake. */
        public void finish() {
            closeQuietly(socket);
        }

        /** Sends a close frame with {@code code} and ends the connection. */
        public void close(int code) {
            close(code, "");
        }

        /** Sends a close frame with {@code code} and {@code reason} and ends the connection. */
        public void close(int code, String reason) {
            byte[] text = reason.getBytes(StandardCharsets.UTF_8);
            byte[] payload = new byte[2 + text.length];
            payload[0] = (byte) (code >> 8);
            payload[1] = (byte) code;
            System.arraycopy(text, 0, payload, 2, text.length);
            write(CLOSE, payload);
            closeQuietly(socket);
        }

        /**
         * Waits until the client sends a message or ends the connection: true when it ended it without sending any (an
         * attempt it gave up), false when it sent one, which {@link #readFrame()} then gives.
         */
        public boolean endsWithoutSending() throws InterruptedException {
            try {
                sentOrEnded.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the client neither sent anything nor ended the connection within "
                        + WAIT_SECONDS + " s");
            } catch (ExecutionException e) {
                throw new IllegalStateException(e); // never completed exceptionally
            }
            return texts.isEmpty() && ended.getCount() == 0;
        }

        /** Waits for the client to end the connection; returns its close code, or -1 when it just cut it. */
        public int awaitEnd() throws InterruptedException {
            if (!ended.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the client did not end the connection within " + WAIT_SECONDS + " s");
            }
            return closeCode;
        }

        private synchronized void write(int opcode, byte[] payload) {
            try {
                OutputStream out = socket.getOutputStream();
                out.write(0x80 | opcode);
                if (payload.length < 126) {
                    out.write(payload.length);
                } else if (payload.length < 65_536) {
                    out.write(126);
                    out.write(payload.length >> 8);
                    out.write(payload.length);
                } else {
                    out.write(127);
                    for (int shift = 56; shift >= 0; shift -= 8) {
                        out.write((int) ((long) payload.length >> shift));
                    }
                }
                out.write(payload);
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write to the client", e);
            }
        }

        /** A held request: nothing is answered, until the client closes the connection. */
        private void awaitClientGone(InputStream in) {
            try {
                while (in.read() >= 0) {
                    // the client sends nothing more before an answer; anything is ignored
                }
            } catch (IOException e) {
                // gone
            } finally {
                closeQuietly(socket);
                ended.countDown();
                sentOrEnded.complete(null);
            }
        }

        private void readLoop() {
            try (DataInputStream in = new DataInputStream(socket.getInputStream())) {
                ByteArrayOutputStream message = new ByteArrayOutputStream();
                while (true) {
                    int b0 = in.readUnsignedByte();
                    int b1 = in.readUnsignedByte();
                    long length = b1 & 0x7f;
                    if (length == 126) {
                        length = in.readUnsignedShort();
                    } else if (length == 127) {
                        length = in.readLong();
                    }
                    byte[] mask = new byte[4];
                    if ((b1 & 0x80) != 0) {
                        in.readFully(mask);
                    }
                    byte[] payload = new byte[(int) length];
                    in.readFully(payload);
                    for (int i = 0; i < payload.length; i++) {
                        payload[i] ^= mask[i % 4];
                    }
                    int opcode = b0 & 0x0f;
                    if (opcode == CLOSE) {
                        closeCode = payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005;
                        write(CLOSE, new byte[] {payload.length >= 2 ? payload[0] : 0x03, payload.length >= 2 ? payload[1] : (byte) 0xe8});
                        return;
                    }
                    if (opcode == PING) {
                        write(PONG, payload);
                        continue;
                    }
                    if (opcode == PONG) {
                        continue;
                    }
                    message.writeBytes(payload);
                    if ((b0 & 0x80) != 0) {
                        received(message.toString(StandardCharsets.UTF_8));
                        message.reset();
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the connection ended
            } finally {
                closeQuietly(socket);
                ended.countDown();
                sentOrEnded.complete(null);
            }
        }

        private void received(String text) {
            if (text.contains("\"type\":\"ping\"")) {
                JsonObject ping = parse(text);
                if (keepPings) {
                    pings.add(ping);
                } else {
                    sendText(JsonSupport.objectBuilder().add("type", "pong").add("seq", 0).add("t", ping.get("t"))
                            .build().toString());
                }
                return;
            }
            texts.add(text);
            sentOrEnded.complete(null);
        }

        private static JsonObject parse(String text) {
            return JsonSupport.parseObject(text);
        }
    }
}
