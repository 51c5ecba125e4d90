package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.server.PtyctlServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SPEC §8 with the built-in defaults (loopback, no token, no {@code allowedOrigins}), the way most people run it: the
 * Origin and Host checks on the WebSocket upgrade still apply. {@link SecurityTest} covers a server with a token and
 * an allow-list, which configures the upgrade's origin check another way.
 */
class DefaultSecurityTest {
    private static PtyctlServer server;
    private static String terminalId;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
        terminalId = given(TestServers.api(server)).body(TestServers.createBody("defaults")).post("/v1/terminals")
                .then().statusCode(201).extract().jsonPath().getString("terminalId");
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void aCrossSiteOriginIsRefusedOnTheWebSocketAndNoOriginOrTheSameOneIsAccepted() throws IOException {
        String self = "127.0.0.1:" + server.port();
        assertThat(upgrade(self, "http://evil.example")).startsWith("HTTP/1.1 403");
        assertThat(upgrade(self, "null")).startsWith("HTTP/1.1 403");
        assertThat(upgrade(self, null)).as("a non-browser client sends no Origin").startsWith("HTTP/1.1 101");
        assertThat(upgrade(self, "http://" + self)).startsWith("HTTP/1.1 101");
    }

    @Test
    void aForeignHostIsRefusedOnTheWebSocketWhileOnLoopback() throws IOException {
        // A DNS-rebinding page: its own name in Host and Origin, same-origin as far as the browser can tell.
        String rebound = "rebound.example:" + server.port();
        assertThat(upgrade(rebound, "http://" + rebound)).startsWith("HTTP/1.1 403");
        assertThat(upgrade("localhost:" + server.port(), null)).startsWith("HTTP/1.1 101");
    }

    /** The status line of a WebSocket upgrade sent with these Host and Origin headers (no Origin when null). */
    private static String upgrade(String host, String origin) throws IOException {
        return TestServers.upgradeStatusLine(server, "/v1/terminals/" + terminalId + "/socket", host, origin);
    }
}
