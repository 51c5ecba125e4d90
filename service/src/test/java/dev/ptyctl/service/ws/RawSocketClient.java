package dev.ptyctl.service.ws;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A minimal WebSocket client over a plain socket, for tests that must see exactly the bytes the server sent.
 *
 * <p>Why not the JDK's client: its WebSocket (JDK 25) sometimes corrupts or misframes the first frames of a fresh
 * connection when they arrive in the same read as the handshake response and a frame straddles the end of that
 * read; a recording TCP proxy showed the server's stream well-formed in every such case. A test of the server's
 * exactness cannot stand on that. This client reads the handshake byte by byte, so nothing is ever read past it,
 * and then parses server frames (never masked) itself. It sends nothing but the upgrade request.
 */
final class RawSocketClient implements AutoCloseable {
    /** What the reader thread hands over: complete messages. */
    interface Listener {
        void onText(String text);

        void onBinary(byte[] data);
    }

    private final Socket socket;
    private volatile boolean closed;

    private RawSocketClient(Socket socket) {
        this.socket = socket;
    }

    /** Connects to {@code uri} (ws://host:port/path?query), completes the upgrade, starts delivering messages. */
    static RawSocketClient connect(URI uri, Listener listener) throws IOException {
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        socket.setTcpNoDelay(true);
        String key = Base64.getEncoder().encodeToString(("raw-client-" + System.nanoTime()).substring(0, 16)
                .getBytes(StandardCharsets.US_ASCII));
        String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + target + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Key: " + key + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = new PushbackInputStream(socket.getInputStream());
        String status = readHeaders(in);
        if (!status.startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new IOException("upgrade refused: " + status);
        }
        RawSocketClient client = new RawSocketClient(socket);
        Thread.ofPlatform().daemon().name("raw-ws-reader").start(() -> client.read(new DataInputStream(in), listener));
        return client;
    }

    /** Reads up to the blank line, one byte at a time; returns the status line. */
    private static String readHeaders(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed during the handshake");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        return text.substring(0, text.indexOf("\r\n"));
    }

    private void read(DataInputStream in, Listener listener) {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        int messageOpcode = 0;
        try {
            while (!closed) {
                int b0 = in.readUnsignedByte();
                int b1 = in.readUnsignedByte();
                if ((b0 & 0x70) != 0 || (b1 & 0x80) != 0) {
                    throw new IOException("bad frame header " + Integer.toHexString(b0) + " "
                            + Integer.toHexString(b1));
                }
                long length = b1 & 0x7f;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = in.readLong();
                }
                byte[] payload = new byte[Math.toIntExact(length)];
                in.readFully(payload);
                int opcode = b0 & 0x0f;
                if (opcode >= 8) {
                    if (opcode == 8) {
                        return; // close
                    }
                    continue; // ping/pong: a test run is far shorter than the server's keepalive interval
                }
                if (opcode != 0) {
                    messageOpcode = opcode;
                }
                message.write(payload);
                if ((b0 & 0x80) != 0) {
                    byte[] data = message.toByteArray();
                    message.reset();
                    if (messageOpcode == 1) {
                        listener.onText(new String(data, StandardCharsets.UTF_8));
                    } else {
                        listener.onBinary(data);
                    }
                }
            }
        } catch (IOException e) {
            // aborted by the test, or the server went away
        }
    }

    /** Drops the connection without a close handshake, as a network failure would. */
    void abort() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        abort();
    }
}
