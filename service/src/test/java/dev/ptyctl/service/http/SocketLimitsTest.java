package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.server.PtyctlServer;
import io.restassured.path.json.JsonPath;
import java.net.http.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** SPEC §8 limits on the real server's WebSocket: an over-long message is answered, not a reason to hang up. */
class SocketLimitsTest {
    private static PtyctlServer server;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void aSingleTwoMebibyteFrameGetsAnErrorFrameAndTheConnectionStaysUsable() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        JsonPath created = given(TestServers.api(server)).body(TestServers.createBody("limits")).post("/v1/terminals")
                .then().statusCode(201).extract().jsonPath();
        String id = created.getString("terminalId");
        try {
            SocketFrames client = SocketFrames.attach(http, server, id, "protocol=2");
            String huge = "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1,\"data\":\"" + "x".repeat(2 << 20)
                    + "\"}";
            client.socket().sendText(huge, true).join();
            assertThat(client.next("error").getString("message")).isEqualTo("frame larger than 1048576 bytes: dropped");

            client.socket().sendText("{\"type\":\"ping\",\"t\":7}", true).join();
            assertThat(client.next("pong").getInt("t")).isEqualTo(7);
        } finally {
            given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
            http.shutdownNow();
        }
    }
}
