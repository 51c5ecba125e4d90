package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.oneOf;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What RFC 6455 and the frame protocol ask of the server, seen by a client written on a plain socket: a ping gets a
 * pong with its payload (mid-stream and while the client's backlog has paused its output), a message that is not
 * exactly one JSON object is refused whole with an error naming the problem, and a frame that breaks the RFC gets a
 * close frame with status 1002, never HTTP text on the open socket.
 */
class SocketProtocolRulesTest {
    private static PtyctlServer server;

    @BeforeAll
    static void start() {
        server = TestServers.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawWebSocket attach(PtyctlServer on, String id, String query, int receiveBuffer)
            throws java.io.IOException {
        return RawWebSocket.connect("127.0.0.1", on.port(), "/v1/terminals/" + id + "/socket?" + query, receiveBuffer);
    }

    /** The next JSON text frame of {@code type}, skipping others. */
    private static JsonObject next(RawWebSocket socket, String type) throws java.io.IOException {
        return JsonSupport.parseObject(socket.nextText(text -> text.startsWith("{\"type\":\"" + type + "\"")));
    }

    private static JsonObject json(RawWebSocket.Frame frame) {
        return JsonSupport.parseObject(frame.text());
    }

    private static String input(long clientSeq, String data) {
        return "{\"type\":\"input\",\"clientId\":\"raw\",\"clientSeq\":" + clientSeq + ",\"data\":\"" + data + "\"}";
    }

    @Test
    void aPingMidStreamGetsAPongWithTheSamePayloadAndTheStreamGoesOn() throws Exception {
        String id = TestServers.createGated(server, "ping-mid-stream", "seq 1 300000");
        try (RawWebSocket socket = attach(server, id, "lastOutputSeq=0", 0)) {
            socket.sendText(input(1, "go\\n"));
            StringBuilder output = new StringBuilder(next(socket, "output").getString("data"));
            byte[] payload = "keepalive-1234567890".getBytes(StandardCharsets.UTF_8);
            socket.send(true, 0, RawWebSocket.PING, payload);
            boolean ponged = false;
            int outputAfterPong = 0;
            // What came, for the message of a failure: CI once saw the exit at 2,288,895 after 494,463 bytes.
            List<String> resets = new ArrayList<>();
            int frames = 0;
            while (true) {
                RawWebSocket.Frame frame = socket.next();
                if (frame.opcode() == RawWebSocket.PONG) {
                    assertThat(frame.payload()).isEqualTo(payload);
                    ponged = true;
                } else if (frame.opcode() == RawWebSocket.TEXT) {
                    JsonObject json = json(frame);
                    if (json.getString("type").equals("exit")) {
                        // Every byte arrived (the output is ASCII: characters are bytes), the last line last.
                        assertThat((long) output.length()).as("bytes received in %d output frames; resets (seq after "
                                + "bytes received): %s", frames, resets).isEqualTo(json.getJsonNumber("seq").longValue());
                        break;
                    }
                    if (json.getString("type").equals("output")) {
                        frames++;
                        if (json.getBoolean("reset", false)) {
                            resets.add(json.getJsonNumber("seq") + " after " + output.length());
                        }
                        output.append(json.getString("data"));
                        outputAfterPong += ponged ? 1 : 0;
                    }
                }
            }
            assertThat(ponged).isTrue();
            assertThat(outputAfterPong).as("output frames after the pong: it came mid-stream").isPositive();
            assertThat(output.toString()).endsWith("\r\n299999\r\n300000\r\n");
        }
    }

    @Test
    void aPingWhileTheClientsBacklogHasPausedItsOutputIsAnsweredOnceItReads() throws Exception {
        int output = 8 << 20;
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer paused = PtyctlServer.start(TestServers.withClientBacklogBytes(64 * 1024), ServerToken.none(),
                io.helidon.config.Config.empty())) {
            // The program writes its output, then waits for one more line, so the terminal lives on meanwhile.
            String id = TestServers.createGated(paused, "ping-paused",
                    "head -c " + output + " /dev/zero | tr '\\\\000' x; read done");
            try (RawWebSocket stalled = attach(paused, id, "protocol=2&lastOutputSeq=0", 16 * 1024)) {
                SocketFrames reader = SocketFrames.attach(http, paused, id, "lastOutputSeq=0");
                reader.go();
                // Every byte reached the reading client while the stalled one read nothing: its output is paused.
                while (reader.next("output").getJsonNumber("seq").longValue() < output) {
                    continue;
                }
                byte[] payload = {0, 1, 2, (byte) 0xFF, 'p', 'a', 'u', 's', 'e', 'd'};
                stalled.send(true, 0, RawWebSocket.PING, payload);
                assertThat(stalled.next(RawWebSocket.PONG).payload()).isEqualTo(payload);
                reader.socket().sendText(input(2, "done\\n").replace("\"raw\"", "\"go\""), true).join();
                assertThat(reader.next("exit").getInt("exitCode")).isZero();
            } finally {
                given(TestServers.api(paused)).delete("/v1/terminals/" + id).then().statusCode(oneOf(200, 404));
            }
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void aMessageThatIsNotExactlyOneJsonObjectIsRefusedWholeWithAnErrorNamingWhy() throws Exception {
        // sh with echo off: what it prints is what the commands print, so "mark-11" appears only if a command ran.
        String id = TestServers.createGated(server, "two-objects", "exec sh");
        try (RawWebSocket socket = attach(server, id, "lastOutputSeq=0", 0)) {
            socket.sendText(input(1, "go\\n"));
            assertThat(next(socket, "ack").getInt("clientSeq")).isEqualTo(1);

            socket.sendText(input(2, "echo mark-$((10+1))\\n") + " trailing");
            JsonObject trailing = next(socket, "error");
            assertThat(trailing.getString("message")).contains("text after the JSON object");

            socket.sendText(input(3, "echo mark-$((10+1))\\n")
                    + "{\"type\":\"close\",\"clientId\":\"raw\",\"clientSeq\":4}");
            JsonObject twoObjects = next(socket, "error");
            assertThat(twoObjects.getString("message")).contains("more than one JSON value");

            socket.sendText(input(5, "echo mark-$((40+2))\\n"));
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("mark-42")) {
                JsonObject frame = next(socket, "output");
                seen.append(frame.getString("data"));
            }
            assertThat(seen.toString()).doesNotContain("mark-11");
        }
        // The close in the second message was not applied either.
        assertThat(given(TestServers.api(server)).get("/v1/terminals/" + id).then().statusCode(200).extract()
                .jsonPath().getBoolean("running")).isTrue();
        given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
    }

    @Test
    void theCloseFrameOfAProtocolErrorIsTheLastFrameEvenWhileOutputStreams() throws Exception {
        // The client's sender writes output on its own thread while the connection's thread closes with 1002: the
        // close must wait for the frame being written and stop the sender, or an output frame can follow it.
        for (int round = 0; round < 10; round++) {
            String id = TestServers.createGated(server, "close-is-last-" + round, "yes streaming-output-line");
            try (RawWebSocket socket = attach(server, id, "lastOutputSeq=0", 0)) {
                socket.sendText(input(1, "go\\n"));
                next(socket, "output"); // the stream is flowing
                socket.send(true, 0, 3, new byte[0]); // reserved opcode
                RawWebSocket.Frame frame = socket.next();
                while (frame.opcode() != RawWebSocket.CLOSE) {
                    frame = socket.next();
                }
                assertThat(frame.closeCode()).isEqualTo(1002);
                assertThat(socket.framesUntilEnd()).as("frames after the close frame, round %d", round).isZero();
            }
            given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "reserved data opcode 0x3, true, 0, 3, 0",
        "reserved control opcode 0xB, true, 0, 11, 0",
        "extension bit without an extension, true, 4, 1, 0",
        "continuation as the first frame, true, 0, 0, 0",
        "ping longer than 125 bytes, true, 0, 9, 126",
    })
    void aFrameThatBreaksRfc6455GetsClose1002AndNoHttpText(String what, boolean fin, int rsv, int opcode,
                                                          int length) throws Exception {
        String id = TestServers.createGated(server, "rfc-" + opcode + "-" + rsv, "cat");
        // Several rounds: the client's sender writes its first frames on its own thread while the connection's
        // thread refuses the frame, and a frame written after the close went out about once in 150 rounds.
        for (int round = 0; round < 40; round++) {
            try (RawWebSocket socket = attach(server, id, "lastOutputSeq=0", 0)) {
                socket.send(fin, rsv, opcode, new byte[length]);
                assertThat(socket.next(RawWebSocket.CLOSE).closeCode()).as(what).isEqualTo(1002);
                // Then the connection ends, with nothing after the close frame.
                assertThat(socket.framesUntilEnd()).as("frames after the close frame, round %d", round).isZero();
            }
        }
        // Nothing else was affected: the terminal lives and takes a new client.
        try (RawWebSocket again = attach(server, id, "lastOutputSeq=0", 0)) {
            again.sendText(input(2, "still here\\n"));
            assertThat(next(again, "ack").getInt("clientSeq")).isEqualTo(2);
        }
        given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
    }
}
