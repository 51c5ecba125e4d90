package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import jakarta.json.JsonObject;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * A WebSocket client written on a plain socket, byte by byte, so that a test can send what no WebSocket library
 * sends (reserved opcodes, control frames of any shape, several JSON objects in one message), stop reading when it
 * likes, and see exactly what the server writes back, including anything that is not a WebSocket frame at all.
 */
final class RawWebSocket implements AutoCloseable {
    static final int TEXT = 0x1;
    static final int BINARY = 0x2;
    static final int CLOSE = 0x8;
    static final int PING = 0x9;
    static final int PONG = 0xA;

    /** One frame from the server (never masked). */
    record Frame(boolean fin, int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        JsonObject json() {
            assertThat(opcode).as("a text frame").isEqualTo(TEXT);
            return JsonSupport.parseObject(text());
        }

        /** The status code of a close frame. */
        int closeCode() {
            assertThat(opcode).as("a close frame").isEqualTo(CLOSE);
            assertThat(payload.length).as("a close frame with a status code").isGreaterThanOrEqualTo(2);
            return ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
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
     * Upgrades a fresh connection to terminal {@code id}'s socket with {@code query}. A {@code receiveBuffer} above
     * 0 is set before connecting, so that the window the client offers stays that small.
     */
    static RawWebSocket attach(PtyctlServer server, String id, String query, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(TestServers.upgradeRequest("/v1/terminals/" + id + "/socket?" + query,
                "127.0.0.1:" + server.port(), null));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            assertThat(b).as("the upgrade response ended early: %s", head).isNotNegative();
            head.append((char) b);
        }
        assertThat(head.toString()).startsWith("HTTP/1.1 101");
        return new RawWebSocket(socket);
    }

    /** Sends one masked frame as it is given: any fin bit, extension bits and opcode. */
    void send(boolean fin, int rsv, int opcode, byte[] payload) throws IOException {
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
        out.write(frame);
        out.flush();
    }

    /** Sends one complete text message. */
    void sendText(String text) throws IOException {
        send(true, 0, TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The next frame. Fails, showing what came, when the bytes are not a frame the server may send: extension bits
     * set (no extension is ever negotiated) or a reserved opcode, which is how HTTP text written onto the socket
     * reads ({@code 'H'} is 0x48).
     */
    Frame next() throws IOException {
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
            throw new AssertionError("not a WebSocket frame from a server: "
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

    /** The next frame with {@code opcode}, skipping others (output, acks) on the way. */
    Frame next(int opcode) throws IOException {
        while (true) {
            Frame frame = next();
            if (frame.opcode() == opcode) {
                return frame;
            }
            assertThat(frame.opcode()).as("the socket closed (%s) before a frame of opcode %d came",
                    Arrays.toString(frame.payload()), opcode).isNotEqualTo(CLOSE);
        }
    }

    /** The next JSON text frame whose {@code type} is {@code type}, skipping others. */
    JsonObject next(String type) throws IOException {
        while (true) {
            Frame frame = next(TEXT);
            JsonObject json = frame.json();
            if (json.getString("type").equals(type)) {
                return json;
            }
        }
    }

    /** Whether the server has closed the connection: the next read finds its end. */
    boolean endOfStream() throws IOException {
        return in.read() < 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
