package dev.ptyctl.client.internal;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * A WebSocket client connection (RFC 6455) over a plain or TLS socket: the handshake, masked frames out, frames in
 * (fragmented messages reassembled, pings answered, the close handshake), one reader thread per connection.
 *
 * <p>Why not the JDK's {@code java.net.http.WebSocket}: in JDK 25 it sometimes corrupts or misframes the first frames
 * of a fresh connection when they arrive in the same read as the handshake response and a frame straddles the end
 * of that read ("Unexpected rsv1 bit", or a message with wrong bytes and the right length). A ptyctl server replays
 * output right after the upgrade, so a reconnecting client meets that case routinely; a recording TCP proxy showed
 * the server's stream well-formed every time. This class reads the handshake response byte by byte, so nothing past
 * it is ever read before the frame parser owns the stream.
 *
 * <p>Thread-safe: sends are serialized; the handler is called on the reader thread, one event at a time.
 */
public final class RawWebSocket implements AutoCloseable {
    /** What the reader thread reports. Calls never overlap. */
    public interface Handler {
        /**
         * The attempt is about to connect, on the connecting thread: closing {@code attempt} gives it up, from any
         * thread, at once (the TCP connect, the TLS handshake or the wait for the upgrade's answer then fails), where
         * otherwise the attempt would block until its timeout.
         */
        default void onConnecting(Closeable attempt) {
        }

        /**
         * The upgrade succeeded; called on the reader thread before any message, so a handler sees its socket open
         * before the first frame the server sent with its answer (an ended program's replay and exit come at once).
         */
        default void onOpen(RawWebSocket socket) {
        }

        /** A complete text message. */
        void onText(RawWebSocket socket, String text);

        /** A complete binary message. */
        void onBinary(RawWebSocket socket, byte[] data);

        /** The server closed the connection (its close frame, or the stream ended: code 1006). */
        void onClose(RawWebSocket socket, int code, String reason);

        /** The connection failed (I/O error, protocol violation); it is closed. */
        void onError(RawWebSocket socket, Throwable error);
    }

    /** The server answered the upgrade request with something other than 101. */
    public static final class HandshakeException extends IOException {
        private final int status;
        private final String body;

        HandshakeException(int status, String message, String body) {
            super(message);
            this.status = status;
            this.body = body;
        }

        /** The HTTP status the server answered with (0 when the answer was not HTTP). */
        public int status() {
            return status;
        }

        /** The body of the refusal (the server's explanation, often JSON), or empty. */
        public String body() {
            return body;
        }

        /**
         * The body read as the server's {@code {"error": ..., "message": ...}} object: {@code error} "" and
         * {@code message} this exception's own (the status line) when absent; empty when the body is not such an
         * object (not JSON, or a member that is not a string).
         */
        public Optional<ErrorBody> errorBody() {
            if (!body.startsWith("{")) {
                return Optional.empty();
            }
            try {
                JsonObject json = JsonSupport.parseObject(body);
                return Optional.of(new ErrorBody(json.getString("error", ""), json.getString("message", getMessage())));
            } catch (JsonException | IllegalStateException | ClassCastException notTheApisJson) {
                return Optional.empty();
            }
        }
    }

    /** A refusal's explanation as the server's REST errors give it: its code word and its sentence. */
    public record ErrorBody(String error, String message) {
    }

    /** A refusal's body longer than this is not read: explanations are a sentence, not a page. */
    private static final int MAX_REFUSAL_BODY_BYTES = 4096;

    /** Messages larger than this end the connection (a server bug or an attack, never real output frames). */
    public static final int MAX_MESSAGE_BYTES = 64 << 20;

    /** A close frame's code and reason as failures quote them: {@code 1001 the server is stopping}. */
    public static String describeClose(int statusCode, String reason) {
        return statusCode + (reason == null || reason.isEmpty() ? "" : " " + reason);
    }
    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    private static final int OP_CONTINUATION = 0;
    private static final int OP_TEXT = 1;
    private static final int OP_BINARY = 2;
    private static final int OP_CLOSE = 8;
    private static final int OP_PING = 9;
    private static final int OP_PONG = 10;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Socket socket;
    private final OutputStream out;
    private final Object sendLock = new Object();
    private volatile boolean closeSent;
    private volatile boolean ended;

    private RawWebSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
    }

    /**
     * Connects, performs the upgrade and starts the reader thread.
     *
     * @param uri     {@code ws://} or {@code wss://} URI
     * @param headers extra request headers (e.g. {@code Authorization})
     * @throws HandshakeException when the server refuses the upgrade
     * @throws IOException        when the server cannot be reached
     */
    public static RawWebSocket connect(URI uri, Map<String, String> headers, Duration timeout, Handler handler)
            throws IOException {
        return connect(uri, headers, timeout, timeout, null, handler);
    }

    /**
     * Connects as {@link #connect(URI, Map, Duration, Handler)} does, with the TLS socket factory for {@code wss://}
     * (one trusting a private CA, say; {@code null} for the JDK's default) and a bound of its own for
     * what follows the TCP connect: the TLS handshake (a cold JVM's, on a loaded machine, takes seconds of its own) and
     * the server's answer to the upgrade, each given {@code handshakeTimeout} without progress.
     *
     * @param connectTimeout   how long the TCP connect may take
     * @param handshakeTimeout how long the TLS handshake, then the upgrade's answer, may wait for the server
     * @throws SocketTimeoutException naming which of the three ran out
     */
    public static RawWebSocket connect(URI uri, Map<String, String> headers, Duration connectTimeout,
                                       Duration handshakeTimeout, SSLSocketFactory tlsFactory, Handler handler)
            throws IOException {
        boolean tls = "wss".equalsIgnoreCase(uri.getScheme());
        if (!tls && !"ws".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("not a WebSocket URI (ws:// or wss://): " + uri);
        }
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        Socket socket = !tls ? new Socket()
                : (tlsFactory != null ? tlsFactory : SSLSocketFactory.getDefault()).createSocket();
        try {
            handler.onConnecting(socket);
            try {
                socket.connect(new InetSocketAddress(uri.getHost(), port), millis(connectTimeout));
            } catch (SocketTimeoutException e) {
                throw timedOut("no TCP connection within " + Durations.describe(connectTimeout), e);
            }
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(millis(handshakeTimeout)); // for the handshakes only
            if (socket instanceof SSLSocket ssl) {
                SSLParameters parameters = ssl.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                ssl.setSSLParameters(parameters);
                try {
                    ssl.startHandshake();
                } catch (SocketTimeoutException e) {
                    throw timedOut("connected, but no TLS handshake within " + Durations.describe(handshakeTimeout),
                            e);
                }
            }
            RawWebSocket connection = new RawWebSocket(socket);
            InputStream in;
            try {
                in = connection.handshake(uri, port, headers);
            } catch (SocketTimeoutException e) {
                throw timedOut("connected, but no answer to the WebSocket upgrade within "
                        + Durations.describe(handshakeTimeout), e);
            }
            socket.setSoTimeout(0);
            // A platform thread: a virtual reader would stall in an application whose carriers are pinned.
            Thread.ofPlatform().daemon().name("ptyctl-websocket-reader").start(() -> connection.read(in, handler));
            return connection;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private static int millis(Duration timeout) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
    }

    private static SocketTimeoutException timedOut(String what, SocketTimeoutException cause) {
        SocketTimeoutException named = new SocketTimeoutException(what);
        named.initCause(cause);
        return named;
    }

    private InputStream handshake(URI uri, int port, Map<String, String> headers) throws IOException {
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        String key = Base64.getEncoder().encodeToString(nonce);
        String target = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        StringBuilder request = new StringBuilder("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(uri.getHost()).append(uri.getPort() > 0 ? ":" + port : "").append("\r\n")
                .append("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n")
                .append("Sec-WebSocket-Key: ").append(key).append("\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("\r\n");
        out.write(request.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();

        InputStream raw = socket.getInputStream();
        String head = readHead(raw);
        String[] lines = head.split("\r\n");
        String[] status = lines[0].split(" ", 3);
        int code = status.length >= 2 && status[0].startsWith("HTTP/") ? parseStatus(status[1]) : 0;
        Map<String, String> response = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                response.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).strip());
            }
        }
        if (code != 101) {
            throw new HandshakeException(code, "the server refused the WebSocket upgrade: " + lines[0],
                    refusalBody(raw, response.get("content-length")));
        }
        if (!expectedAccept(key).equals(response.get("sec-websocket-accept"))) {
            throw new HandshakeException(code, "the server's Sec-WebSocket-Accept does not match the key", "");
        }
        // Only now may bytes be buffered: everything after the head is the server's frames.
        return new BufferedInputStream(raw, 64 * 1024);
    }

    /** The body of a refusal when its length is declared and small, else empty. */
    private static String refusalBody(InputStream in, String contentLength) {
        int length;
        try {
            length = contentLength == null ? 0 : Integer.parseInt(contentLength.strip());
        } catch (NumberFormatException e) {
            return "";
        }
        if (length <= 0 || length > MAX_REFUSAL_BODY_BYTES) {
            return "";
        }
        try {
            return new String(in.readNBytes(length), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static int parseStatus(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The response head up to its blank line, read one byte at a time so nothing after it is consumed. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(256);
        int state = 0; // how much of CR LF CR LF has been seen
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the connection closed during the WebSocket handshake");
            }
            if (head.size() > 64 * 1024) {
                throw new IOException("the WebSocket handshake response is too long");
            }
            head.write(b);
            state = b == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static String expectedAccept(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1")
                    .digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by every JDK", e);
        }
    }

    private void read(InputStream stream, Handler handler) {
        handler.onOpen(this);
        DataInputStream in = new DataInputStream(stream);
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        int messageOpcode = -1;
        try {
            while (true) {
                int b0 = in.readUnsignedByte();
                int b1 = in.readUnsignedByte();
                if ((b0 & 0x70) != 0) {
                    throw new IOException("protocol error: reserved bits set in a frame header");
                }
                if ((b1 & 0x80) != 0) {
                    throw new IOException("protocol error: the server masked a frame");
                }
                long length = b1 & 0x7f;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = in.readLong();
                }
                int opcode = b0 & 0x0f;
                boolean fin = (b0 & 0x80) != 0;
                if (length < 0 || length + message.size() > MAX_MESSAGE_BYTES) {
                    throw new IOException("protocol error: a message longer than " + MAX_MESSAGE_BYTES + " bytes");
                }
                byte[] payload = new byte[(int) length];
                in.readFully(payload);
                if (opcode >= OP_CLOSE) {
                    if (!fin || length > 125) {
                        throw new IOException("protocol error: a fragmented or long control frame");
                    }
                    if (control(opcode, payload, handler)) {
                        return;
                    }
                    continue;
                }
                if (opcode == OP_CONTINUATION ? messageOpcode < 0 : messageOpcode >= 0) {
                    throw new IOException("protocol error: a frame out of message order");
                }
                if (opcode != OP_CONTINUATION) {
                    if (opcode != OP_TEXT && opcode != OP_BINARY) {
                        throw new IOException("protocol error: unknown opcode " + opcode);
                    }
                    messageOpcode = opcode;
                }
                if (fin) {
                    // A message in one frame (every output frame the server sends) is its payload: no copies.
                    byte[] data = payload;
                    if (message.size() > 0) {
                        message.write(payload);
                        data = message.toByteArray();
                        message.reset();
                    }
                    int kind = messageOpcode;
                    messageOpcode = -1;
                    if (kind == OP_TEXT) {
                        handler.onText(this, new String(data, StandardCharsets.UTF_8));
                    } else {
                        handler.onBinary(this, data);
                    }
                } else {
                    message.write(payload);
                }
            }
        } catch (IOException | RuntimeException e) {
            if (!ended) {
                ended = true;
                closeQuietly();
                if (e instanceof EOFException) {
                    handler.onClose(this, 1006, "the connection ended without a close frame");
                } else {
                    handler.onError(this, e);
                }
            }
        }
    }

    /** Handles a control frame; returns true when the connection is over. */
    private boolean control(int opcode, byte[] payload, Handler handler) throws IOException {
        switch (opcode) {
            case OP_PING -> send(OP_PONG, payload);
            case OP_PONG -> {
                // we send no pings of our own at this level; an unsolicited pong is allowed and ignored
            }
            case OP_CLOSE -> {
                int code = payload.length >= 2 ? (payload[0] & 0xff) << 8 | (payload[1] & 0xff) : 1005;
                String reason = payload.length > 2
                        ? new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8) : "";
                if (!closeSent) {
                    try {
                        send(OP_CLOSE, payload.length >= 2 ? new byte[] {payload[0], payload[1]} : new byte[0]);
                    } catch (IOException e) {
                        // the server may already have gone
                    }
                }
                ended = true;
                closeQuietly();
                handler.onClose(this, code, reason);
                return true;
            }
            default -> throw new IOException("protocol error: unknown control opcode " + opcode);
        }
        return false;
    }

    /** Sends a text message as one frame. */
    public void sendText(String text) throws IOException {
        send(OP_TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Starts the close handshake: sends a close frame; the reader ends when the server answers (or the socket
     * closes). Safe to call more than once.
     */
    public void close(int code, String reason) {
        if (closeSent || ended) {
            return;
        }
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        byte[] payload = new byte[2 + Math.min(text.length, 123)];
        payload[0] = (byte) (code >> 8);
        payload[1] = (byte) code;
        System.arraycopy(text, 0, payload, 2, payload.length - 2);
        try {
            send(OP_CLOSE, payload);
        } catch (IOException e) {
            abort();
        }
    }

    /** Closes the socket at once, without a close handshake; the reader reports nothing more. */
    public void abort() {
        ended = true;
        closeQuietly();
    }

    @Override
    public void close() {
        close(1000, "");
    }

    private void send(int opcode, byte[] payload) throws IOException {
        byte[] mask = new byte[4];
        RANDOM.nextBytes(mask);
        int headerLength = 2 + (payload.length > 0xffff ? 8 : payload.length > 125 ? 2 : 0) + 4;
        byte[] frame = new byte[headerLength + payload.length];
        frame[0] = (byte) (0x80 | opcode);
        int at = 2;
        if (payload.length > 0xffff) {
            frame[1] = (byte) (0x80 | 127);
            for (int i = 7; i >= 0; i--) {
                frame[at++] = (byte) ((long) payload.length >>> (8 * i));
            }
        } else if (payload.length > 125) {
            frame[1] = (byte) (0x80 | 126);
            frame[at++] = (byte) (payload.length >>> 8);
            frame[at++] = (byte) payload.length;
        } else {
            frame[1] = (byte) (0x80 | payload.length);
        }
        System.arraycopy(mask, 0, frame, at, 4);
        at += 4;
        for (int i = 0; i < payload.length; i++) {
            frame[at + i] = (byte) (payload[i] ^ mask[i & 3]);
        }
        synchronized (sendLock) {
            if (opcode == OP_CLOSE) {
                if (closeSent) {
                    return;
                }
                closeSent = true;
            } else if (closeSent) {
                throw new IOException("the WebSocket is closing");
            }
            out.write(frame);
            out.flush();
        }
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
