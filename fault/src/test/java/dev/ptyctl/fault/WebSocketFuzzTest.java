package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * WebSocket fuzz: malformed frames of every kind (bad JSON, wrong field types, two objects in one message, binary
 * garbage, reserved opcodes, extension bits, continuations of nothing, fragmented messages, unmasked frames,
 * messages over the size limit) on terminal sockets. Everything the server sends back must be a WebSocket frame
 * that the protocol allows (JSON frames of known types, protocol errors closed with 1002 or 1009, never 1011 and
 * never HTTP text); afterwards the terminal still runs, accepts a normal client, and the heap is back near its start.
 */
class WebSocketFuzzTest {
    private static final Set<String> TYPES = Set.of("output", "exit", "error", "size", "ack", "title", "pong",
            "ready");
    /** Field names and types of real frames, mixed at random; never {@code close}, which would end the terminal. */
    private static final List<String> FRAME_TYPES = List.of("input", "resize", "ping", "focus", "hide", "clear",
            "nosuch", "");

    @Test
    void everyMalformedFrameGetsAnAnswerTheProtocolAllowsAndTheServerCarriesOn() throws Exception {
        int frames = Fault.size(5_000, 100_000);
        Random random = Fault.random("ws-fuzz");
        Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("ws-fuzz", "cat > /dev/null");
            long heapBefore = ProcessCensus.heapAfterGc();
            int connections = 0;
            int sent = 0;
            while (sent < frames) {
                connections++;
                RawWebSocket socket = server.attach(id, random.nextBoolean() ? "protocol=2" : "", 0);
                CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> readAll(socket, answers));
                boolean closed = false;
                while (sent < frames && !closed) {
                    sent++;
                    try {
                        closed = sendOne(socket, random);
                    } catch (IOException e) {
                        closed = true; // the server closed while we wrote: its close frame says why
                    }
                }
                if (!closed) {
                    socket.send(true, 0, RawWebSocket.CLOSE, new byte[] {0x03, (byte) 0xE8});
                }
                reader.get();
                socket.close();
            }
            // Still there, and a normal client is served as ever.
            JsonObject status = server.get("/v1/terminals/" + id).json();
            assertThat(status.getBoolean("running")).isTrue();
            try (RawWebSocket normal = server.attach(id, "", 0)) {
                normal.sendText("{\"type\":\"input\",\"clientId\":\"normal\",\"clientSeq\":1,\"data\":\"x\"}");
                assertThat(normal.nextText(t -> t.startsWith("{\"type\":\"ack\""))).contains("\"clientSeq\":1");
            }
            long heapAfter = ProcessCensus.heapAfterGc();
            assertThat(answers.getOrDefault("close 1011", new AtomicLong()).get()).as("internal errors").isZero();
            assertThat(heapAfter - heapBefore).as("heap growth after the fuzz, bytes").isLessThan(64L << 20);
            Fault.report("fuzz: WebSocket", frames + " malformed frames over " + connections + " connections",
                    "every answer a frame the protocol allows: " + new java.util.TreeMap<>(answers)
                            + "; 0 crashes, no HTTP text; heap after GC " + (heapBefore >> 20) + " → "
                            + (heapAfter >> 20) + " MiB", "WebSocketFuzzTest");
        }
    }

    /** Reads and checks every frame until the connection ends, counting them by kind. */
    private static void readAll(RawWebSocket socket, Map<String, AtomicLong> answers) {
        try {
            while (true) {
                RawWebSocket.Frame frame;
                try {
                    frame = socket.next();
                } catch (java.io.EOFException | java.net.SocketException end) {
                    return;
                }
                String kind = switch (frame.opcode()) {
                    case RawWebSocket.TEXT -> {
                        JsonObject json = JsonSupport.parseObject(frame.text());
                        assertThat(TYPES).as(frame.text()).contains(json.getString("type"));
                        yield json.getString("type");
                    }
                    case RawWebSocket.BINARY -> {
                        assertThat(frame.payload()[0]).isIn((byte) 1, (byte) 2);
                        yield "binary output";
                    }
                    case RawWebSocket.CLOSE -> "close " + frame.closeCode();
                    default -> "control " + frame.opcode();
                };
                answers.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
                if (frame.opcode() == RawWebSocket.CLOSE) {
                    assertThat(frame.closeCode()).as("close code").isIn(1000, 1002, 1009);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Sends one malformed frame; returns whether it makes the server close the connection. */
    private static boolean sendOne(RawWebSocket socket, Random random) throws IOException {
        switch (random.nextInt(100)) {
            case 0 -> {
                socket.send(true, 0, 3 + random.nextInt(5), new byte[random.nextInt(10)]); // reserved data opcode
                return true;
            }
            case 1 -> {
                socket.send(true, 0, 11 + random.nextInt(5), new byte[0]); // reserved control opcode
                return true;
            }
            case 2 -> {
                socket.send(true, 1 + random.nextInt(7), RawWebSocket.TEXT, "{}".getBytes(StandardCharsets.UTF_8));
                return true;
            }
            case 3 -> {
                socket.send(true, 0, RawWebSocket.PING, new byte[126 + random.nextInt(100)]); // control over 125
                return true;
            }
            case 4 -> {
                byte[] unmasked = {(byte) 0x81, 2, '{', '}'};
                socket.write(unmasked);
                return true;
            }
            case 5 -> {
                if (random.nextInt(20) == 0) { // one message past the 1 MiB limit now and then: an error frame
                    socket.sendText("\"" + "x".repeat((1 << 20) + 10) + "\"");
                    return false;
                }
                socket.send(true, 0, RawWebSocket.PING, "p".getBytes(StandardCharsets.UTF_8));
                return false;
            }
            default -> {
                // The bulk: text and binary messages with bad content, some fragmented.
                byte[] payload = content(random);
                if (random.nextInt(10) == 0) {
                    socket.send(true, 0, RawWebSocket.BINARY, payload);
                } else if (random.nextInt(8) == 0 && payload.length > 2) {
                    int cut = 1 + random.nextInt(payload.length - 1);
                    socket.send(false, 0, RawWebSocket.TEXT, java.util.Arrays.copyOfRange(payload, 0, cut));
                    socket.send(true, 0, RawWebSocket.CONTINUATION,
                            java.util.Arrays.copyOfRange(payload, cut, payload.length));
                } else {
                    socket.send(true, 0, RawWebSocket.TEXT, payload);
                }
                return false;
            }
        }
    }

    private static byte[] content(Random random) {
        String type = FRAME_TYPES.get(random.nextInt(FRAME_TYPES.size()));
        String frame = "{\"type\":\"" + type + "\",\"clientId\":" + (random.nextBoolean() ? "\"f\"" : "7")
                + ",\"clientSeq\":" + (random.nextBoolean() ? random.nextInt(1000) : -1) + ",\"data\":"
                + (random.nextBoolean() ? "\"x\"" : "[1]") + ",\"cols\":" + (random.nextInt(3000) - 100)
                + ",\"rows\":\"ten\",\"t\":" + (random.nextBoolean() ? "1e400" : "\"t\"") + "}";
        return switch (random.nextInt(9)) {
            case 0 -> frame.substring(0, random.nextInt(frame.length())).getBytes(StandardCharsets.UTF_8);
            case 1 -> (frame + frame).getBytes(StandardCharsets.UTF_8);
            case 2 -> (frame + " trailing").getBytes(StandardCharsets.UTF_8);
            case 3 -> ("[".repeat(random.nextInt(5000))).getBytes(StandardCharsets.UTF_8);
            case 4 -> {
                byte[] garbage = new byte[random.nextInt(300)];
                random.nextBytes(garbage);
                yield garbage;
            }
            case 5 -> "null".getBytes(StandardCharsets.UTF_8);
            default -> frame.getBytes(StandardCharsets.UTF_8);
        };
    }
}
