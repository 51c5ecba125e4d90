package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import jakarta.json.JsonObject;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
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
        given(TestServers.api(server)).get("/v1/terminals/" + id).then().statusCode(200)
                .body("running", org.hamcrest.Matchers.equalTo(false));
        return new Ended(id, exit.getJsonNumber("seq").longValue());
    }

    private record Ended(String id, long exitSeq) {
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

        JsonObject exit = late.nextOf(java.util.Set.of("exit", "output"));
        assertThat(exit.getString("type")).as("after the reset, the exit and no more output").isEqualTo("exit");
        assertThat(exit.getInt("exitCode")).isEqualTo(3);
        assertThat(exit.getJsonNumber("seq").longValue()).isEqualTo(ended.exitSeq());
        assertThat(late.next("closed").getInt("code")).isEqualTo(1000);
    }

    @Test
    void aClientThatMissedTheEndGetsTheBytesAfterItsSeqThenTheExit() throws Exception {
        Ended ended = endedTerminal("ended-replay");
        long missedFrom = ended.exitSeq() - "the last words".length();

        SocketFrames back = SocketFrames.attach(http, server, ended.id(), "lastOutputSeq=" + missedFrom);
        StringBuilder replayed = new StringBuilder();
        JsonObject frame;
        while ((frame = back.nextOf(java.util.Set.of("output", "exit"))).getString("type").equals("output")) {
            assertThat(frame.getBoolean("reset", false)).as("a replay, not a reset").isFalse();
            replayed.append(frame.getString("data"));
        }
        assertThat(replayed).hasToString("the last words");
        assertThat(frame.getInt("exitCode")).isEqualTo(3);
        assertThat(frame.getJsonNumber("seq").longValue()).isEqualTo(ended.exitSeq());
        assertThat(back.next("closed").getInt("code")).isEqualTo(1000);
    }
}
