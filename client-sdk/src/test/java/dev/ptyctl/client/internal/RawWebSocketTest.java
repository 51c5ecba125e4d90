package dev.ptyctl.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The WebSocket client against a scripted server that writes exactly the bytes each test needs. */
class RawWebSocketTest {
    private final ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    RawWebSocketTest() throws IOException {
    }

    @AfterEach
    void close() throws IOException {
        listener.close();
    }

    private URI uri() {
        return URI.create("ws://127.0.0.1:" + listener.getLocalPort() + "/v1/terminals/t/socket?protocol=2");
    }

    private final RawWebSocket.Handler recorder = new RawWebSocket.Handler() {
        @Override
        public void onText(RawWebSocket socket, String text) {
            events.add("text " + text);
        }

        @Override
        public void onBinary(RawWebSocket socket, byte[] data) {
            events.add("binary " + data.length + " " + Base64.getEncoder().encodeToString(sha(data)));
        }

        @Override
        public void onClose(RawWebSocket socket, int code, String reason) {
            events.add("close " + code + " " + reason);
        }

        @Override
        public void onError(RawWebSocket socket, Throwable error) {
            events.add("error " + error.getMessage());
        }
    };

    private String next() throws InterruptedException {
        String event = events.poll(10, TimeUnit.SECONDS);
        assertThat(event).as("an event within 10 s").isNotNull();
        return event;
    }

    private static byte[] sha(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Accepts one connection, reads the request head, returns it with the socket. */
    private record Accepted(Socket socket, String head) implements AutoCloseable {
        OutputStream out() throws IOException {
            return socket.getOutputStream();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private Accepted accept() throws IOException {
        Socket socket = listener.accept();
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            head.write(in.read());
        }
        return new Accepted(socket, head.toString(StandardCharsets.ISO_8859_1));
    }

    private static byte[] switching(String requestHead) throws Exception {
        String key = requestHead.lines().filter(l -> l.startsWith("Sec-WebSocket-Key:")).findFirst().orElseThrow()
                .substring("Sec-WebSocket-Key:".length()).strip();
        String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
                .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.US_ASCII)));
        return ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** An unmasked server frame. */
    private static byte[] frame(int firstByte, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        if (payload.length > 0xffff) {
            out.write(127);
            for (int i = 7; i >= 0; i--) {
                out.write((int) ((long) payload.length >>> (8 * i)));
            }
        } else if (payload.length > 125) {
            out.write(126);
            out.write(payload.length >>> 8);
            out.write(payload.length);
        } else {
            out.write(payload.length);
        }
        out.writeBytes(payload);
        return out.toByteArray();
    }

    @Test
    void theHandlerHearsTheSocketOpenBeforeTheFramesThatCameWithTheUpgradesAnswer() throws Exception {
        // An ended program's terminal answers an attachment with its replay and exit right behind the 101: a handler
        // told of its socket only after connect returned saw those frames first (and took the exit for the end of a
        // connection it never had).
        List<RawWebSocket> opened = new ArrayList<>();
        RawWebSocket.Handler opening = new RawWebSocket.Handler() {
            @Override
            public void onOpen(RawWebSocket socket) {
                opened.add(socket);
                events.add("open");
            }

            @Override
            public void onText(RawWebSocket socket, String text) {
                recorder.onText(socket, text);
            }

            @Override
            public void onBinary(RawWebSocket socket, byte[] data) {
                recorder.onBinary(socket, data);
            }

            @Override
            public void onClose(RawWebSocket socket, int code, String reason) {
                recorder.onClose(socket, code, reason);
            }

            @Override
            public void onError(RawWebSocket socket, Throwable error) {
                recorder.onError(socket, error);
            }
        };
        Thread.ofPlatform().start(() -> {
            try (Accepted accepted = accept()) {
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                all.writeBytes(switching(accepted.head()));
                all.writeBytes(frame(0x81, "{\"type\":\"exit\",\"seq\":3,\"exitCode\":3}"
                        .getBytes(StandardCharsets.UTF_8)));
                all.writeBytes(frame(0x88, new byte[] {0x03, (byte) 0xe8}));
                accepted.out().write(all.toByteArray()); // one write: the frames are read with the 101
                accepted.out().flush();
                accepted.socket().getInputStream().readAllBytes();
            } catch (Exception e) {
                events.add("server failed " + e);
            }
        });
        try (RawWebSocket socket = RawWebSocket.connect(uri(), Map.of(), Duration.ofSeconds(10), opening)) {
            assertThat(next()).isEqualTo("open");
            assertThat(next()).isEqualTo("text {\"type\":\"exit\",\"seq\":3,\"exitCode\":3}");
            assertThat(next()).startsWith("close 1000");
            assertThat(opened).containsExactly(socket);
        }
    }

    @Test
    void framesThatArriveWithTheHandshakeResponseAndStraddleReadsComeOutExact() throws Exception {
        Random random = new Random(6455);
        List<byte[]> sent = new ArrayList<>();
        Thread server = Thread.ofPlatform().start(() -> {
            try (Accepted accepted = acceptQuietly()) {
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                all.writeBytes(switching(accepted.head()));
                all.writeBytes(frame(0x81, "{\"type\":\"ready\"}".getBytes(StandardCharsets.UTF_8)));
                for (int i = 0; i < 40; i++) {
                    byte[] data = new byte[random.nextInt(i % 3 == 0 ? 70_000 : 20_000)];
                    random.nextBytes(data);
                    sent.add(data);
                    all.writeBytes(frame(0x82, data));
                }
                byte[] bytes = all.toByteArray();
                // One write with the 101 and the first frames, then odd-sized pieces: every boundary is crossed.
                for (int at = 0; at < bytes.length; ) {
                    int n = Math.min(bytes.length - at, at == 0 ? 16_384 : 1 + random.nextInt(9_000));
                    accepted.out().write(bytes, at, n);
                    accepted.out().flush();
                    at += n;
                }
            } catch (Exception e) {
                events.add("server failed " + e);
            }
        });
        try (RawWebSocket socket = RawWebSocket.connect(uri(), Map.of(), Duration.ofSeconds(10), recorder)) {
            assertThat(next()).isEqualTo("text {\"type\":\"ready\"}");
            server.join();
            for (byte[] data : sent) {
                assertThat(next()).isEqualTo("binary " + data.length + " "
                        + Base64.getEncoder().encodeToString(sha(data)));
            }
        }
    }

    private Accepted acceptQuietly() throws IOException {
        return accept();
    }

    @Test
    void fragmentedMessagesAreReassembledPingsAnsweredAndTextSentMasked() throws Exception {
        BlockingQueue<String> fromClient = new LinkedBlockingQueue<>();
        Thread.ofPlatform().start(() -> {
            try (Accepted accepted = accept()) {
                OutputStream out = accepted.out();
                out.write(switching(accepted.head()));
                out.write(frame(0x01, "hel".getBytes(StandardCharsets.UTF_8)));
                out.write(frame(0x89, "p1".getBytes(StandardCharsets.UTF_8))); // a ping between fragments
                out.write(frame(0x80, "lo ü".getBytes(StandardCharsets.UTF_8)));
                out.flush();
                DataInputStream in = new DataInputStream(accepted.socket().getInputStream());
                for (int i = 0; i < 2; i++) {
                    fromClient.add(readClientFrame(in));
                }
                out.write(frame(0x88, new byte[] {0x03, (byte) 0xe8, 'b', 'y', 'e'}));
                out.flush();
                fromClient.add(readClientFrame(in));
            } catch (Exception e) {
                fromClient.add("server failed " + e);
            }
        });
        try (RawWebSocket socket = RawWebSocket.connect(uri(), Map.of("Authorization", "Bearer t"),
                Duration.ofSeconds(10), recorder)) {
            assertThat(next()).isEqualTo("text hello ü");
            socket.sendText("{\"type\":\"ping\",\"t\":1}");
            assertThat(fromClient.poll(10, TimeUnit.SECONDS)).isEqualTo("pong(10) p1");
            assertThat(fromClient.poll(10, TimeUnit.SECONDS)).isEqualTo("text(1) {\"type\":\"ping\",\"t\":1}");
            assertThat(next()).isEqualTo("close 1000 bye");
            assertThat(fromClient.poll(10, TimeUnit.SECONDS)).isEqualTo("close(8) \u0003\u00e8");
        }
    }

    /** Reads one masked client frame: "kind(opcode) payload". */
    private static String readClientFrame(DataInputStream in) throws IOException {
        int b0 = in.readUnsignedByte();
        int b1 = in.readUnsignedByte();
        assertThat(b1 & 0x80).as("client frames are masked").isEqualTo(0x80);
        int length = b1 & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        }
        byte[] mask = in.readNBytes(4);
        byte[] payload = in.readNBytes(length);
        for (int i = 0; i < payload.length; i++) {
            payload[i] ^= mask[i & 3];
        }
        int opcode = b0 & 0x0f;
        String kind = switch (opcode) {
            case 1 -> "text";
            case 8 -> "close";
            case 10 -> "pong";
            default -> "op";
        };
        return kind + "(" + opcode + ") " + new String(payload, opcode == 8 ? StandardCharsets.ISO_8859_1
                : StandardCharsets.UTF_8);
    }

    @Test
    void aRefusedUpgradeReportsItsStatus() {
        Thread.ofPlatform().start(() -> {
            try (Accepted accepted = accept()) {
                accepted.out().write(("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                events.add("server failed " + e);
            }
        });
        assertThatThrownBy(() -> RawWebSocket.connect(uri(), Map.of(), Duration.ofSeconds(10), recorder))
                .isInstanceOfSatisfying(RawWebSocket.HandshakeException.class,
                        e -> assertThat(e.status()).isEqualTo(401))
                .hasMessageContaining("401 Unauthorized");
    }

    @Test
    void aServerThatSetsReservedBitsIsAProtocolErrorAndAnEndedStreamIsClose1006() throws Exception {
        Thread.ofPlatform().start(() -> {
            try (Accepted accepted = accept()) {
                accepted.out().write(switching(accepted.head()));
                accepted.out().write(frame(0xc1, "x".getBytes(StandardCharsets.UTF_8)));
            } catch (Exception e) {
                events.add("server failed " + e);
            }
        });
        try (RawWebSocket socket = RawWebSocket.connect(uri(), Map.of(), Duration.ofSeconds(10), recorder)) {
            assertThat(next()).isEqualTo("error protocol error: reserved bits set in a frame header");
        }
        Thread.ofPlatform().start(() -> {
            try (Accepted accepted = accept()) {
                accepted.out().write(switching(accepted.head()));
            } catch (Exception e) {
                events.add("server failed " + e);
            }
        });
        try (RawWebSocket socket = RawWebSocket.connect(uri(), Map.of(), Duration.ofSeconds(10), recorder)) {
            assertThat(next()).startsWith("close 1006");
        }
    }
}
