package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once input: numbered lines sent as input frames, each sent one to three times, the connection dropped
 * between sends now and then (by the client, with a TCP reset or a close, or by the server, which closes with 1002
 * after a frame that breaks the protocol), every unacknowledged frame resent after each reconnect as a client
 * must. The program writes what it reads to a file: every line must be there once, in order.
 */
class ExactlyOnceInputFaultTest {
    @TempDir
    Path dir;

    @Test
    void everyInputFrameIsAppliedExactlyOnceInOrderWhateverIsResent() throws Exception {
        int frames = Fault.size(500, 10_000);
        Random random = Fault.random("exactly-once");
        Path file = dir.resolve("typed.txt");
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("exactly-once", "cat > " + file);
            Client client = new Client(server, id);
            client.awaitOutput(1); // the "R": the shell is past stty
            client.socket.sendText(FaultServer.GO);
            client.awaitAck(1); // GO's, from client "go" (acks do not name the client)
            client.highestAck = 0;
            int sends = 0;
            int[] drops = new int[3];
            List<Long> unacked = new ArrayList<>();
            for (int i = 1; i <= frames; i++) {
                long seq = i;
                unacked.add(seq);
                int times = 1 + random.nextInt(3);
                for (int t = 0; t < times; t++) {
                    client.send(seq, "line-" + i + "\n");
                    sends++;
                    if (random.nextInt(20) == 0) { // about one send in twenty loses its connection
                        int how = random.nextInt(3);
                        drops[how]++;
                        client.drop(how);
                        client.reconnect();
                        for (long pending : unacked) { // a client resends what was not acknowledged, in order
                            client.send(pending, "line-" + pending + "\n");
                            sends++;
                        }
                    }
                }
                client.awaitAck(seq);
                unacked.clear();
            }
            client.send(frames + 1L, "\u0004"); // Ctrl-D: cat ends, so does the shell
            client.awaitExit();
            List<String> lines = Files.readAllLines(file);
            assertThat(lines).as("the lines the program read").isEqualTo(
                    IntStream.rangeClosed(1, frames).mapToObj(i -> "line-" + i).toList());
            Fault.report("exactly-once input", frames + " input frames sent " + sends + " times in all, across "
                    + (drops[0] + drops[1] + drops[2]) + " lost connections (TCP reset " + drops[0] + ", close "
                    + drops[1] + ", server close 1002 " + drops[2] + ")",
                    "each applied exactly once, in order (" + lines.size() + " lines)", "ExactlyOnceInputFaultTest");
        }
    }

    /** One WebSocket client of protocol 1 with {@code clientId} {@code eo}. */
    private static final class Client {
        private final FaultServer server;
        private final String id;
        private RawWebSocket socket;
        private long highestAck;

        Client(FaultServer server, String id) throws Exception {
            this.server = server;
            this.id = id;
            reconnect();
        }

        void reconnect() throws Exception {
            socket = server.attach(id, "lastOutputSeq=0", 0);
        }

        void send(long clientSeq, String data) throws Exception {
            socket.sendText(JsonSupport.objectBuilder().add("type", "input").add("clientId", "eo")
                    .add("clientSeq", clientSeq).add("data", data).build().toString());
        }

        void drop(int how) throws Exception {
            switch (how) {
                case 0 -> socket.reset();
                case 1 -> {
                    socket.send(true, 0, RawWebSocket.CLOSE, new byte[] {0x03, (byte) 0xE8});
                    socket.close();
                }
                default -> {
                    socket.send(true, 0, 0x3, new byte[0]); // a reserved opcode: the server closes with 1002
                    int code = socket.next(RawWebSocket.CLOSE).closeCode();
                    assertThat(code).isEqualTo(1002);
                    socket.close();
                }
            }
        }

        void awaitAck(long clientSeq) throws Exception {
            while (highestAck < clientSeq) {
                JsonObject frame = JsonSupport.parseObject(socket.next(RawWebSocket.TEXT).text());
                if (frame.getString("type").equals("error")) {
                    throw new AssertionError("error frame: " + frame);
                }
                if (frame.getString("type").equals("ack")) {
                    highestAck = Math.max(highestAck, frame.getJsonNumber("clientSeq").longValue());
                }
            }
        }

        void awaitOutput(long seq) throws Exception {
            while (true) {
                JsonObject frame = JsonSupport.parseObject(socket.next(RawWebSocket.TEXT).text());
                if (frame.getString("type").equals("output") && frame.getJsonNumber("seq").longValue() >= seq) {
                    return;
                }
            }
        }

        void awaitExit() throws Exception {
            while (true) {
                JsonObject frame = JsonSupport.parseObject(socket.next(RawWebSocket.TEXT).text());
                if (frame.getString("type").equals("exit")) {
                    assertThat(frame.getInt("exitCode")).isZero();
                    return;
                }
            }
        }
    }
}
