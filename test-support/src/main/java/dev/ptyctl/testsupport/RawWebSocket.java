package dev.ptyctl.testsupport;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.Predicate;
import org.opentest4j.AssertionFailedError;

/**
 * A WebSocket client written on a plain socket, byte by byte, so that a test can send what no WebSocket library
 * sends (reserved opcodes, control frames of any shape, several JSON objects in one message), stop reading when it
 * likes, drop the connection any way it likes, and see exactly what the server writes back, including anything that
 * is not a WebSocket frame at all. Not thread-safe: one test thread drives it.
 */
public final class RawWebSocket implements AutoCloseable {
    public static final int CONTINUATION = 0x0;
    public static final int TEXT = 0x1;
    public static final int BINARY = 0x2;
    public static final int CLOSE = 0x8;
    public static final int PING = 0x9;
    public static final int PONG = 0xA;

    /** One frame from the server (never masked). */
    public record Frame(boolean fin, int opcode, byte[] payload) {
        /** The payload as UTF-8 text. */
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /** The status code of a close frame, or -1 when it has none. */
        public int closeCode() {
            if (opcode != CLOSE) {
                throw new AssertionFailedError("not a close frame: opcode " + opcode + " " + text());
            }
            return payload.length < 2 ? -1 : ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    /** Masks are meant to be unpredictable; a seeded source keeps the tests repeatable. */
    private final Random masks = new Random(22);

    private RawWebSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /**
     * Upgrades a fresh connection to {@code target} (path and query) on {@code host}:{@code port}. A {@code
     * receiveBuffer} above 0 is set before connecting, so that the window the client offers stays that small.
     *
     * @throws AssertionFailedError when the server does not answer 101
     */
    public static RawWebSocket connect(String host, int port, String target, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress(host, port), 10_000);
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n"
                + "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                socket.close();
                throw new AssertionFailedError("the upgrade response ended early: " + head);
            }
            head.append((char) b);
        }
        if (!head.toString().startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new AssertionFailedError("the upgrade was refused: " + head);
        }
        return new RawWebSocket(socket);
    }

    /** The socket, for what a test does to the connection itself (a TCP reset: {@code setSoLinger(true, 0)}). */
    public Socket socket() {
        return socket;
    }

    /** Sends one masked frame as it is given: any fin bit, extension bits and opcode. */
    public void send(boolean fin, int rsv, int opcode, byte[] payload) throws IOException {
        out.write(encode(fin, rsv, opcode, payload));
        out.flush();
    }

    /** One masked client frame's bytes, for a test that writes only part of one. */
    public byte[] encode(boolean fin, int rsv, int opcode, byte[] payload) {
        byte[] mask = new byte[4];
        masks.nextBytes(mask);
        int length = payload.length;
        int header = length < 126 ? 2 : length < 65536 ? 4 : 10;
        byte[] frame = new byte[header + 4 + length];
        frame[0] = (byte) ((fin ? 0x80 : 0) | (rsv & 0x7) << 4 | opcode & 0xF);
        if (length < 126) {
            frame[1] = (byte) (0x80 | length);
        } else if (length < 65536) {
            frame[1] = (byte) (0x80 | 126);
            frame[2] = (byte) (length >>> 8);
            frame[3] = (byte) length;
        } else {
            frame[1] = (byte) (0x80 | 127);
            for (int i = 0; i < 8; i++) {
                frame[2 + i] = (byte) ((long) length >>> (56 - 8 * i));
            }
        }
        System.arraycopy(mask, 0, frame, header, 4);
        for (int i = 0; i < length; i++) {
            frame[header + 4 + i] = (byte) (payload[i] ^ mask[i & 3]);
        }
        return frame;
    }

    /** Writes raw bytes (part of a frame, garbage). */
    public void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends one complete text message. */
    public void sendText(String text) throws IOException {
        send(true, 0, TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The next frame. Fails, showing what came, when the bytes are not a frame a server may send: extension bits
     * set (no extension is ever negotiated), a reserved opcode (which is how HTTP text written onto the socket reads:
     * {@code 'H'} is 0x48) or a mask.
     */
    public Frame next() throws IOException {
        int b0 = in.readUnsignedByte();
        int b1 = in.readUnsignedByte();
        int opcode = b0 & 0x0F;
        boolean known = opcode <= BINARY || opcode >= CLOSE && opcode <= PONG;
        if ((b0 & 0x70) != 0 || !known || (b1 & 0x80) != 0) {
            byte[] rest = in.readNBytes(Math.min(200, in.available()));
            byte[] shown = new byte[rest.length + 2];
            shown[0] = (byte) b0;
            shown[1] = (byte) b1;
            System.arraycopy(rest, 0, shown, 2, rest.length);
            throw new AssertionFailedError("not a WebSocket frame from a server: "
                    + new String(shown, StandardCharsets.ISO_8859_1));
        }
        long length = b1 & 0x7F;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        byte[] payload = new byte[Math.toIntExact(length)];
        in.readFully(payload);
        return new Frame((b0 & 0x80) != 0, opcode, payload);
    }

    /** The next frame with {@code opcode}, skipping others; fails when the server closes first. */
    public Frame next(int opcode) throws IOException {
        while (true) {
            Frame frame = next();
            if (frame.opcode() == opcode) {
                return frame;
            }
            if (frame.opcode() == CLOSE) {
                throw new AssertionFailedError("the server closed (" + frame.closeCode() + " " + frame.text()
                        + ") before a frame of opcode " + opcode + " came");
            }
        }
    }

    /** The text of the next text frame that {@code wanted} accepts, skipping other frames. */
    public String nextText(Predicate<String> wanted) throws IOException {
        while (true) {
            String text = next(TEXT).text();
            if (wanted.test(text)) {
                return text;
            }
        }
    }

    /** Reads exactly {@code n} raw bytes (for a test that stops in the middle of a frame). */
    public byte[] readRaw(int n) throws IOException {
        return in.readNBytes(n);
    }

    /**
     * Reads frames until the server closes the connection; returns how many came. Each must be a WebSocket frame
     * ({@link #next()} fails on anything else, such as HTTP text).
     */
    public int framesUntilEnd() throws IOException {
        int frames = 0;
        while (true) {
            try {
                next();
                frames++;
            } catch (java.io.EOFException | java.net.SocketException end) {
                return frames;
            }
        }
    }

    /** Ends the connection with a TCP reset rather than a close handshake or a FIN. */
    public void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
