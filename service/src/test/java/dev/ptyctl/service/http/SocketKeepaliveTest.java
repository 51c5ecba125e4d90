package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.service.ws.SocketSettings;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.restassured.RestAssured;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No WebSocket of the server is closed as idle while its client is there: a JSON-RPC client waiting longer than the
 * server's idle connection timeout for one answer (a long {@code pty/wait}, {@code ptyctl run} of a slow command from
 * another machine), a viewer of a quiet terminal, a client of the event socket on a quiet server. The server pings
 * each often enough for its idle timeout. That timeout is shortened to 2 s here, from Helidon's 5 minutes, so the
 * test takes seconds.
 */
class SocketKeepaliveTest {
    private static final Duration BOUND = Duration.ofSeconds(30);
    /** Three idle timeouts: a socket left unpinged is closed within the first. */
    private static final Duration QUIET = Duration.ofSeconds(6);

    private static PtyctlServer startWithShortIdleTimeout() throws Exception {
        Config serverConfig = Config.just(ConfigSources.create(Map.of(
                "idle-connection-timeout", "PT2S", "idle-connection-period", "PT0.5S")));
        return PtyctlServer.start(TestServers.settings(), ServerToken.none(), serverConfig);
    }

    private static String createQuietTerminal(PtyctlServer server) {
        return RestAssured.given(TestServers.api(server)).body(TestServers.createBody("keepalive"))
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/terminals/%s/socket?protocol=2&mode=view", "/v1/terminals/%s/socket",
            "/v1/events"})
    void aQuietSocketStaysOpenPastTheIdleTimeout(String path) throws Exception {
        try (PtyctlServer server = startWithShortIdleTimeout()) {
            String id = createQuietTerminal(server);
            BlockingQueue<String> events = new LinkedBlockingQueue<>();
            try (RawWebSocket ws = RawWebSocket.connect(URI.create("ws://127.0.0.1:" + server.port()
                    + path.formatted(id)), Map.of(), BOUND, collecting(events))) {
                long end = System.nanoTime() + QUIET.toNanos();
                for (long left = QUIET.toNanos(); left > 0; left = end - System.nanoTime()) {
                    String event = events.poll(left, TimeUnit.NANOSECONDS);
                    if (event != null) {
                        assertThat(event).as("what " + path + " got while quiet").doesNotStartWith("closed")
                                .doesNotStartWith("error");
                    }
                }
            }
        }
    }

    @Test
    void aWaitLongerThanTheIdleTimeoutGetsItsAnswer() throws Exception {
        try (PtyctlServer server = startWithShortIdleTimeout()) {
            String id = createQuietTerminal(server);
            BlockingQueue<String> events = new LinkedBlockingQueue<>();
            try (RawWebSocket ws = RawWebSocket.connect(URI.create("ws://127.0.0.1:" + server.port()
                    + "/v1/terminals/" + id + "/rpc"), Map.of(), BOUND, collecting(events))) {
                ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/wait\","
                        + "\"params\":{\"match\":\"never shown\",\"timeout\":6000}}");

                String first = events.poll(BOUND.toSeconds(), TimeUnit.SECONDS);
                assertThat(first).as("the answer to the 6 s wait, not the connection's end").startsWith("{");
                JsonObject answer = JsonSupport.parseObject(first);
                assertThat(answer.getJsonObject("result").getBoolean("matched")).isFalse();
            }
        }
    }

    private static RawWebSocket.Handler collecting(BlockingQueue<String> events) {
        return new RawWebSocket.Handler() {
            @Override
            public void onText(RawWebSocket socket, String text) {
                events.add(text);
            }

            @Override
            public void onBinary(RawWebSocket socket, byte[] data) {
                events.add("binary");
            }

            @Override
            public void onClose(RawWebSocket socket, int code, String reason) {
                events.add("closed " + code + " " + reason);
            }

            @Override
            public void onError(RawWebSocket socket, Throwable error) {
                events.add("error " + error);
            }
        };
    }

    @Test
    void thePingIntervalIs45SecondsOrAThirdOfAShorterIdleTimeout() {
        assertThat(SocketSettings.keepaliveFor(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(45));
        assertThat(SocketSettings.keepaliveFor(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(1));
        assertThat(SocketSettings.keepaliveFor(Duration.ZERO)).isEqualTo(Duration.ofSeconds(45));
    }
}
