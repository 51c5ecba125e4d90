package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.testsupport.RawWebSocket;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import jakarta.json.JsonObject;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A terminal whose program has ended, while the server keeps it, still takes WebSocket clients (docs/protocol-websocket.md,
 * "A terminal whose program has ended"): a link opened or a page reloaded after the end shows what the program
 * printed last. The server used to refuse the upgrade with 404, and the page had nothing to show but "exited 3".
 */
class EndedTerminalSocketTest {
    /** What the program prints before it exits 3: more lines than the screen has, then its last words. */
    private static final String PROGRAM = "seq 1 40; printf 'the last words'; exit 3";
    private static PtyctlServer server;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        server = TestServers.start();
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        http.shutdownNow();
        server.close();
    }

    /** Starts the program and returns its terminal's id and the seq of its exit, once it has exited. */
    private static Ended endedTerminal(String sessionId) throws InterruptedException {
        String id = TestServers.createGated(server, sessionId, PROGRAM);
        SocketFrames watcher = SocketFrames.attach(http, server, id, "lastOutputSeq=0");
        watcher.go();
        JsonObject exit = watcher.next("exit");
        assertThat(exit.getInt("exitCode")).isEqualTo(3);
        assertKeptEnded(id);
        return new Ended(id, exit.getJsonNumber("seq").longValue());
    }

    private record Ended(String id, long exitSeq) {
    }

    /** The REST API has the terminal, its program no longer running. */
    private static void assertKeptEnded(String id) {
        given(TestServers.api(server)).get("/v1/terminals/" + id).then().statusCode(200)
                .body("running", equalTo(false));
    }

    /** {@code exit} is the program's exit frame (exit code 3, at the end of its output), and the close follows it. */
    private static void assertTheExitThenTheClose(JsonObject exit, Ended ended, SocketFrames frames)
            throws InterruptedException {
        assertThat(exit.getInt("exitCode")).isEqualTo(3);
        assertThat(exit.getJsonNumber("seq").longValue()).isEqualTo(ended.exitSeq());
        assertThat(frames.next("closed").getInt("code")).isEqualTo(1000);
    }

    @Test
    void aClientOfAnEndedTerminalGetsItsLastScreenAndScrollbackThenTheExitThenTheClose() throws Exception {
        Ended ended = endedTerminal("ended-reset");

        SocketFrames late = SocketFrames.attach(http, server, ended.id(), "");
        JsonObject size = late.next("size");
        JsonObject reset = late.next("output");
        assertThat(reset.getBoolean("reset", false)).as("the first output of a client without a seq").isTrue();
        assertThat(reset.getJsonNumber("seq").longValue()).isEqualTo(ended.exitSeq());
        // The reset, fed to a terminal of the size the server sent, shows the last screen and the lines above it.
        Terminal shown = new Terminal(size.getInt("cols"), size.getInt("rows"), 1000);
        byte[] data = reset.getString("data").getBytes(StandardCharsets.UTF_8);
        shown.feed(data);
        String text = TextSerializer.withScrollback(shown);
        assertThat(text).startsWith("1\n2\n3\n").contains("\n40\nthe last words");

        JsonObject exit = late.nextOf(Set.of("exit", "output"));
        assertThat(exit.getString("type")).as("after the reset, the exit and no more output").isEqualTo("exit");
        assertTheExitThenTheClose(exit, ended, late);
    }

    @Test
    void aClientThatMissedTheEndGetsTheBytesAfterItsSeqThenTheExit() throws Exception {
        Ended ended = endedTerminal("ended-replay");
        long missedFrom = ended.exitSeq() - "the last words".length();

        SocketFrames back = SocketFrames.attach(http, server, ended.id(), "lastOutputSeq=" + missedFrom);
        StringBuilder replayed = new StringBuilder();
        JsonObject frame;
        while ((frame = back.nextOf(Set.of("output", "exit"))).getString("type").equals("output")) {
            assertThat(frame.getBoolean("reset", false)).as("a replay, not a reset").isFalse();
            replayed.append(frame.getString("data"));
        }
        assertThat(replayed).hasToString("the last words");
        assertTheExitThenTheClose(frame, ended, back);
    }

    @Test
    void inputAndCloseFromAFullClientOfAnEndedTerminalAreNotAppliedAndTheTerminalStays() throws Exception {
        Ended ended = endedTerminal("ended-refusals");

        // A full client (not a viewer) sends input and a close after the exit frame, before it answers the server's
        // close: the server still reads them (it reads until the client's close, then ends the connection), and
        // neither is applied. They get no answer either: the server's close was its last frame.
        try (RawWebSocket raw = RawWebSocket.connect("127.0.0.1", server.port(),
                "/v1/terminals/" + ended.id() + "/socket", 0)) {
            raw.nextText(text -> text.contains("\"type\":\"exit\""));
            raw.sendText("{\"type\":\"input\",\"clientId\":\"late\",\"clientSeq\":1,\"data\":\"x\\n\"}");
            raw.sendText("{\"type\":\"close\",\"clientId\":\"late\",\"clientSeq\":2}");
            raw.send(true, 0, RawWebSocket.CLOSE, new byte[] {0x03, (byte) 0xE8}); // 1000
            assertThat(raw.next().closeCode()).as("the frame after the exit").isEqualTo(1000);
            // The connection ends once the server has read the client's close, so after both frames.
            assertThat(raw.framesUntilEnd()).as("frames after the server's close").isZero();
        }

        // The close would have forgotten the terminal, as DELETE does: it is still there, and so is its last screen.
        assertKeptEnded(ended.id());
        SocketFrames later = SocketFrames.attach(http, server, ended.id(), "");
        assertThat(later.next("output").getString("data")).contains("the last words");
        assertThat(later.next("exit").getInt("exitCode")).isEqualTo(3);
    }
}
