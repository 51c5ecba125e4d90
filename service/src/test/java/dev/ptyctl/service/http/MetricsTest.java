package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.server.PtyctlServer;
import io.restassured.RestAssured;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /observe/metrics} after a scripted scenario: every ptyctl meter is there in Prometheus text that a strict
 * parser accepts, and each moved by what the scenario did (the meters are per process, so the test compares a scrape
 * before with one after).
 */
class MetricsTest {
    private static PtyctlServer server;
    private static HttpClient http;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stopServer() {
        http.shutdownNow();
        server.close();
    }

    @Test
    void theMetersCountWhatAScriptedSessionDid() throws Exception {
        PrometheusText before = scrape();
        String id = RestAssured.given(TestServers.api(server)).body(TestServers.createBody("metrics"))
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
        String typed = "echo metrics-$((40+2))";
        rpc(id, "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/write\",\"params\":{\"action\":{\"text\":\""
                + typed + "\\r\"}}},{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"pty/wait\",\"params\":"
                + "{\"match\":\"metrics-42\",\"timeout\":20000}},{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"x/y\"}]");
        SocketFrames fresh = SocketFrames.attach(http, server, id, "clientId=m1");     // no lastOutputSeq: a reset
        fresh.next("output");
        SocketFrames resumed = SocketFrames.attach(http, server, id, "clientId=m2&lastOutputSeq=0"); // a replay
        resumed.next("output");
        String input = "{\"type\":\"input\",\"clientId\":\"m2\",\"clientSeq\":1,\"data\":\"\"}";
        resumed.socket().sendText(input, true).join();
        resumed.next("ack");
        resumed.socket().sendText(input, true).join();                                 // the same frame again
        resumed.next("ack");
        ServerMetrics.get().mcpToolCall("terminal_read", "ok");                         // what the MCP adapter calls
        String ended = RestAssured.given(TestServers.api(server)).body("{\"sessionId\":\"metrics-ended\","
                + "\"shell\":\"/bin/true\"}").post("/v1/terminals").then().statusCode(201).extract().jsonPath()
                .getString("terminalId");
        http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals/" + ended + "/rpc"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/wait\","
                        + "\"params\":{\"match\":\"never\",\"timeout\":20000}}")).build(),
                HttpResponse.BodyHandlers.ofString()); // answers once /bin/true has exited
        PrometheusText during = scrape();
        RestAssured.given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(200);
        RestAssured.given(TestServers.api(server)).delete("/v1/terminals/" + ended);
        PrometheusText after = scrape();
        // Each thread of the output path adds its CPU time as it ends: the readers and screen threads of both
        // terminals, the senders of the two clients of the deleted one.
        PrometheusText threadsEnded = awaitScrape(text -> threadCpu(before, text, "reader") > 0
                && threadCpu(before, text, "screen") > 0 && threadCpu(before, text, "sender") > 0);

        assertThat(delta(before, during, "ptyctl_output_bytes_total", Map.of())).isPositive();
        assertThat(delta(before, during, "ptyctl_input_bytes_total", Map.of())).isEqualTo(typed.length() + 1);
        assertThat(delta(before, during, "ptyctl_rpc_calls_total", Map.of("method", "pty/write", "outcome", "ok")))
                .isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_rpc_calls_total", Map.of("method", "pty/wait", "outcome", "ok")))
                .as("the scripted one and the one that waits for /bin/true to end").isEqualTo(2);
        assertThat(delta(before, during, "ptyctl_rpc_calls_total",
                Map.of("method", "other", "outcome", "method_not_found"))).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_resets_total", Map.of())).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_replays_total", Map.of())).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_inputs_deduplicated_total", Map.of())).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_ws_frames_total", Map.of("direction", "in"))).isEqualTo(2);
        assertThat(delta(before, during, "ptyctl_ws_frames_total", Map.of("direction", "out"))).isGreaterThanOrEqualTo(6);
        assertThat(delta(before, during, "ptyctl_mcp_tool_calls_total",
                Map.of("tool", "terminal_read", "outcome", "ok"))).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_spawn_seconds_count", Map.of())).isEqualTo(2);
        assertThat(during.sum("ptyctl_spawn_seconds_bucket", Map.of("le", "+Inf"))).isGreaterThanOrEqualTo(1);
        assertThat(during.sum("ptyctl_terminals", Map.of("state", "running"))).isEqualTo(1);
        assertThat(delta(before, during, "ptyctl_terminals", Map.of("state", "exited"))).isEqualTo(1);
        assertThat(during.sum("ptyctl_clients", Map.of())).isEqualTo(2);
        assertThat(after.sum("ptyctl_terminals", Map.of("state", "running"))).isZero();
        assertThat(delta(before, after, "ptyctl_backlog_pauses_total", Map.of()))
                .as("no client fell behind (ClientBacklogTest counts one that does)").isZero();
        assertThat(threadCpu(before, threadsEnded, "reader")).as("readers' CPU").isPositive();
        assertThat(threadCpu(before, threadsEnded, "screen")).as("screen threads' CPU").isPositive();
        assertThat(threadCpu(before, threadsEnded, "sender")).as("senders' CPU").isPositive();
        assertThat(during.type("ptyctl_terminals")).isEqualTo("gauge");
        assertThat(during.type("ptyctl_spawn_seconds")).isEqualTo("histogram");
    }

    private static double delta(PrometheusText before, PrometheusText after, String name, Map<String, String> labels) {
        return after.sum(name, labels) - before.sum(name, labels);
    }

    private static double threadCpu(PrometheusText before, PrometheusText after, String role) {
        return delta(before, after, "ptyctl_thread_cpu_nanoseconds_total", Map.of("role", role));
    }

    /** Scrapes until {@code done} holds, at most 20 s; returns the last scrape. */
    private static PrometheusText awaitScrape(Predicate<PrometheusText> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        PrometheusText text = scrape();
        while (!done.test(text) && System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
            text = scrape();
        }
        return text;
    }

    private static PrometheusText scrape() throws Exception {
        return PrometheusText.scrape(http, server);
    }

    private static void rpc(String id, String body) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals/"
                + id + "/rpc")).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(JsonSupport.parseValue(response.body()).asJsonArray().getJsonObject(1).getJsonObject("result")
                .getBoolean("matched")).isTrue();
    }
}
