package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5.2 and §8 {@code replayBytes} on the real server: the configured size, not the 2 MiB default, is what a
 * terminal keeps for replay and for its recording.
 */
class ReplayBytesTest {
    private static final int REPLAY = 64 * 1024;
    private static final int OUTPUT = 256 * 1024;

    @Test
    void aTerminalKeepsTheConfiguredReplayBytesForReplayAndRecording() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = PtyctlServer.start(TestServers.withReplayBytes(REPLAY), ServerToken.none(),
                Config.empty())) {
            String id = TestServers.createGated(server, "replay",
                    "head -c " + OUTPUT + " /dev/zero | tr '\\\\000' y; printf DONE; read x");
            try {
                SocketFrames follower = SocketFrames.attach(http, server, id, "lastOutputSeq=0");
                follower.go();
                long end = 0;
                JsonObject frame;
                do {
                    frame = follower.next("output");
                    end = frame.getJsonNumber("seq").longValue();
                } while (!frame.getString("data").contains("DONE"));
                // The output and DONE (the gate's line comes once its stty -echo has run: never echoed).
                assertThat(end).isEqualTo(OUTPUT + 4L);

                // A 2 MiB log would still replay from seq 0; a 64 KiB one has moved on and resets the client.
                JsonObject first = SocketFrames.attach(http, server, id, "lastOutputSeq=0").next("output");
                assertThat(first.getBoolean("reset", false)).as("the first frame of a client from seq 0").isTrue();
                assertThat(first.getJsonNumber("seq").longValue()).isEqualTo(end);

                String recording = given(TestServers.api(server)).get("/v1/terminals/" + id
                        + "/recording?format=asciicast").then().statusCode(200).extract().asString();
                long recorded = recording.lines().skip(1)
                        .map(line -> jakarta.json.Json.createReader(new StringReader(line)).readArray())
                        .filter(event -> event.getString(1).equals("o"))
                        .mapToLong(event -> event.getString(2).length()).sum();
                assertThat(recorded).as("output in the recording").isGreaterThan(0).isLessThanOrEqualTo(REPLAY);
            } finally {
                given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
            }
        } finally {
            http.shutdownNow();
        }
    }
}
