package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import io.restassured.RestAssured;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every JSON-RPC method through the server's HTTP port: {@code POST /v1/terminals/{id}/rpc} (one request or a batch)
 * and the WebSocket at the same path (one request per message; a batch refused as on the socket), answered by the
 * terminal's own dispatcher (same results and errors as its TCP endpoint), behind the REST token, Origin and
 * view-token rules.
 */
class RpcOverHttpTest {
    private static final String TOKEN = "rpc-http-t0ken";
    private static final String VIEW_TOKEN = "rpc-view-0nly";
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static PtyctlServer server;
    private static HttpClient http;
    private static String terminalId;
    private static int tcpPort;

    @BeforeAll
    static void startServer() {
        server = TestServers.withSecurity(new SecurityConfig("", "", VIEW_TOKEN, List.of(), List.of()), TOKEN);
        http = HttpClient.newHttpClient();
        var created = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN)
                .body(TestServers.createBody("rpc-http")).post("/v1/terminals").then().statusCode(201).extract()
                .jsonPath();
        terminalId = created.getString("terminalId");
        tcpPort = created.getInt("rpc.port");
    }

    @AfterAll
    static void stopServer() {
        http.shutdownNow();
        server.close();
    }

    @Test
    void aPostedRequestGetsTheSameResultAsTheTerminalsSocket() throws Exception {
        JsonObject overHttp = JsonSupport.parseObject(post(terminalId, request(7, "pty/status", "{}"), TOKEN).body());
        try (RpcLines socket = RpcLines.connect(tcpPort)) {
            socket.result("pty/auth", "{\"token\":\"" + TOKEN + "\"}");
            assertThat(overHttp.getJsonObject("result")).isEqualTo(socket.result("pty/status", "{}"));
        }
        assertThat(overHttp.getInt("id")).isEqualTo(7);
    }

    @Test
    void aBatchRunsInOrderAndAnswersEachRequestInOrder() throws Exception {
        String batch = "[" + request(1, "pty/write", "{\"action\":[{\"text\":\"echo batched-$((6*7))\"},"
                + "{\"key\":\"Enter\"}]}") + "," + request("two", "pty/wait", "{\"match\":\"batched-42\",\"timeout\":20000}")
                + "," + request(3, "no/such", "{}") + "]";
        HttpResponse<String> response = post(terminalId, batch, TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonArray answers = JsonSupport.parseValue(response.body()).asJsonArray();
        assertThat(answers).hasSize(3);
        assertThat(answers.getJsonObject(0).getJsonObject("result").getInt("written")).isPositive();
        assertThat(answers.getJsonObject(1).getString("id")).isEqualTo("two");
        assertThat(answers.getJsonObject(1).getJsonObject("result").getBoolean("matched")).isTrue();
        assertThat(answers.getJsonObject(2).getJsonObject("error").getString("message"))
                .isEqualTo("Method not found: no/such");
    }

    @Test
    void malformedBodiesGetTheSocketsErrors() throws Exception {
        assertThat(errorCode(post(terminalId, "{not json", TOKEN))).isEqualTo(-32700);
        assertThat(errorCode(post(terminalId, "[]", TOKEN))).isEqualTo(-32600);
        assertThat(errorCode(post(terminalId, "{\"op\":\"read\"}", TOKEN))).isEqualTo(-32600);
        assertThat(errorCode(post(terminalId, request(1, "pty/resize", "{\"cols\":0,\"rows\":5}"), TOKEN)))
                .isEqualTo(-32602);
        HttpResponse<String> tooLarge = post(terminalId, "{\"pad\":\"" + "x".repeat(2 << 20) + "\"}", TOKEN);
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        assertThat(errorCode(tooLarge)).isEqualTo(-32600);
    }

    @Test
    void theRestRulesApply() throws Exception {
        assertThat(post(terminalId, request(1, "pty/read", "{}"), null).statusCode()).isEqualTo(401);
        assertThat(post(terminalId, request(1, "pty/read", "{}"), "wrong").statusCode()).isEqualTo(401);
        assertThat(post(terminalId, request(1, "pty/read", "{}"), VIEW_TOKEN).statusCode()).isEqualTo(403);
        assertThat(post("nosuchterminal", request(1, "pty/read", "{}"), TOKEN).statusCode()).isEqualTo(404);
        HttpResponse<String> crossSite = http.send(HttpRequest.newBuilder(rpcUri("http"))
                .header("Authorization", "Bearer " + TOKEN).header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString(request(1, "pty/read", "{}"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(crossSite.statusCode()).isEqualTo(403);
    }

    @Test
    void aBatchIsRefusedOnTheWebSocketAsOnTheTerminalsSocketAndBothStayUsable() throws Exception {
        String batch = "[" + request(1, "pty/status", "{}") + "]";
        JsonObject overSocket;
        try (RpcLines socket = RpcLines.connect(tcpPort)) {
            socket.result("pty/auth", "{\"token\":\"" + TOKEN + "\"}");
            overSocket = socket.send(batch);
            assertThat(socket.result("pty/status", "{}").getBoolean("running")).isTrue();
        }
        try (Socket socket = Socket.open(TOKEN)) {
            socket.ws.sendText(batch);
            JsonObject overWebSocket = socket.next();
            assertThat(overWebSocket).isEqualTo(overSocket);
            assertThat(overWebSocket.getJsonObject("error").getInt("code")).isEqualTo(-32600);
            assertThat(overWebSocket.get("id")).isEqualTo(JsonValue.NULL);
            socket.ws.sendText(request(2, "pty/status", "{}"));
            assertThat(socket.next().getJsonObject("result").getBoolean("running")).isTrue();
        }
    }

    @Test
    void theWebSocketPipelinesRequestsAndAnswersEachById() throws Exception {
        try (Socket socket = Socket.open(TOKEN)) {
            socket.ws.sendText(request(1, "pty/write", "{\"action\":[{\"text\":\"echo piped-$((3*5))\"},{\"key\":\"Enter\"}]}"));
            socket.ws.sendText(request(2, "pty/wait", "{\"match\":\"piped-15\",\"timeout\":20000}"));
            socket.ws.sendText(request(3, "pty/read", "{}"));

            assertThat(socket.next().getInt("id")).isEqualTo(1);
            assertThat(socket.next().getJsonObject("result").getBoolean("matched")).isTrue();
            JsonObject read = socket.next();
            assertThat(read.getInt("id")).isEqualTo(3);
            assertThat(read.getJsonObject("result").getString("screen")).contains("piped-15");
        }
    }

    @Test
    void theWebSocketRefusesWrongTokensViewTokensAndForeignOrigins() {
        assertThat(upgradeStatus(null, Map.of())).isEqualTo(401);
        assertThat(upgradeStatus(VIEW_TOKEN, Map.of())).isEqualTo(403);
        assertThat(upgradeStatus(TOKEN, Map.of("Origin", "http://evil.example"))).isEqualTo(403);
    }

    @Test
    void killOverTheWebSocketAnswersThenClosesItEveryOtherConnectionAndTheTcpEndpoint() throws Exception {
        String id = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN)
                .body(TestServers.createBody("rpc-http-kill")).post("/v1/terminals").then().statusCode(201)
                .extract().jsonPath().getString("terminalId");
        int port = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN).get("/v1/terminals/" + id)
                .then().extract().jsonPath().getInt("rpc.port");
        try (Socket socket = Socket.open(TOKEN, id); Socket bystander = Socket.open(TOKEN, id)) {
            bystander.ws.sendText(request(7, "pty/wait", "{\"match\":\"never shown\",\"timeout\":60000}"));
            socket.ws.sendText(request(1, "pty/kill", "{}"));
            assertThat(socket.next().getJsonObject("result")).isEmpty();
            assertThat(socket.closed.poll(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo(1000);
            assertThat(bystander.closed.poll(BOUND.toSeconds(), TimeUnit.SECONDS))
                    .as("another client's connection to the killed terminal closes too").isEqualTo(1000);
        }
        assertThat(canConnect(port)).as("the TCP endpoint closed after pty/kill").isFalse();
        JsonObject status = JsonSupport.parseObject(post(id, request(1, "pty/status", "{}"), TOKEN).body());
        assertThat(status.getJsonObject("result").getBoolean("running")).isFalse();
    }

    private static boolean canConnect(int port) {
        try (java.net.Socket probe = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String request(Object id, String method, String params) {
        String idText = id instanceof String s ? "\"" + s + "\"" : id.toString();
        return "{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static int errorCode(HttpResponse<String> response) {
        return JsonSupport.parseObject(response.body()).getJsonObject("error").getInt("code");
    }

    private static URI rpcUri(String scheme) {
        return URI.create(scheme + "://127.0.0.1:" + server.port() + "/v1/terminals/" + terminalId + "/rpc");
    }

    private static HttpResponse<String> post(String id, String body, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/v1/terminals/" + id + "/rpc"))
                .timeout(BOUND).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int upgradeStatus(String token, Map<String, String> headers) {
        Map<String, String> all = new java.util.HashMap<>(headers);
        if (token != null) {
            all.put("Authorization", "Bearer " + token);
        }
        try (RawWebSocket ws = RawWebSocket.connect(rpcUri("ws"), all, BOUND, new Socket())) {
            return 101;
        } catch (RawWebSocket.HandshakeException e) {
            return e.status();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A WebSocket on the rpc path whose messages and close code land in queues. */
    private static final class Socket implements RawWebSocket.Handler, AutoCloseable {
        final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<Integer> closed = new LinkedBlockingQueue<>();
        RawWebSocket ws;

        static Socket open(String token) throws IOException {
            return open(token, terminalId);
        }

        static Socket open(String token, String id) throws IOException {
            Socket socket = new Socket();
            socket.ws = RawWebSocket.connect(URI.create("ws://127.0.0.1:" + server.port() + "/v1/terminals/" + id
                    + "/rpc"), Map.of("Authorization", "Bearer " + token), BOUND, socket);
            return socket;
        }

        JsonObject next() throws InterruptedException {
            String message = messages.poll(BOUND.toSeconds(), TimeUnit.SECONDS);
            assertThat(message).as("a response within the bound").isNotNull();
            return JsonSupport.parseObject(message);
        }

        @Override
        public void onText(RawWebSocket socket, String text) {
            messages.add(text);
        }

        @Override
        public void onBinary(RawWebSocket socket, byte[] data) {
            messages.add("binary");
        }

        @Override
        public void onClose(RawWebSocket socket, int code, String reason) {
            closed.add(code);
        }

        @Override
        public void onError(RawWebSocket socket, Throwable error) {
            closed.add(-1);
        }

        @Override
        public void close() {
            ws.close();
        }
    }
}
