package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
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

/**
 * A JSON-RPC WebSocket whose client waits longer than the server's idle connection timeout for one answer (a long
 * {@code pty/wait}, {@code ptyctl run} of a slow command from another machine) is not closed as idle: the server
 * pings it. The idle timeout is shortened to 2 s here, from Helidon's 5 minutes, so the test takes seconds.
 */
class RpcSocketKeepaliveTest {
    private static final Duration BOUND = Duration.ofSeconds(30);

    @Test
    void aWaitLongerThanTheIdleTimeoutGetsItsAnswer() throws Exception {
        Config serverConfig = Config.just(ConfigSources.create(Map.of(
                "idle-connection-timeout", "PT2S", "idle-connection-period", "PT0.5S")));
        try (PtyctlServer server = PtyctlServer.start(TestServers.settings(), ServerToken.none(), serverConfig)) {
            String id = RestAssured.given(TestServers.api(server)).body(TestServers.createBody("keepalive"))
                    .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
            BlockingQueue<String> events = new LinkedBlockingQueue<>();
            RawWebSocket.Handler handler = new RawWebSocket.Handler() {
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
            try (RawWebSocket ws = RawWebSocket.connect(URI.create("ws://127.0.0.1:" + server.port()
                    + "/v1/terminals/" + id + "/rpc"), Map.of(), BOUND, handler)) {
                ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/wait\","
                        + "\"params\":{\"match\":\"never shown\",\"timeout\":6000}}");

                String first = events.poll(BOUND.toSeconds(), TimeUnit.SECONDS);
                assertThat(first).as("the answer to the 6 s wait, not the connection's end").startsWith("{");
                JsonObject answer = JsonSupport.parseObject(first);
                assertThat(answer.getJsonObject("result").getBoolean("matched")).isFalse();
            }
        }
    }

    @Test
    void thePingIntervalIs45SecondsOrAThirdOfAShorterIdleTimeout() {
        assertThat(dev.ptyctl.service.remote.RpcSocketEndpoint.keepaliveFor(Duration.ofMinutes(5)))
                .isEqualTo(Duration.ofSeconds(45));
        assertThat(dev.ptyctl.service.remote.RpcSocketEndpoint.keepaliveFor(Duration.ofSeconds(3)))
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(dev.ptyctl.service.remote.RpcSocketEndpoint.keepaliveFor(Duration.ZERO))
                .isEqualTo(Duration.ofSeconds(45));
    }
}
