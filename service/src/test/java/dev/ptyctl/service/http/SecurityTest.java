package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** SPEC §8 on a server with a token, allowed origins and allowed hosts: REST, events, WebSocket and JSON-RPC. */
class SecurityTest {
    private static final String TOKEN = "s3cret-t0ken";
    private static final String VIEW_TOKEN = "v1ew-0nly";
    private static final String ALLOWED_ORIGIN = "http://ide.example:3000";
    private static final String ALLOWED_HOST = "devbox.internal";
    private static PtyctlServer server;
    private static RequestSpecification api;
    private static String terminalId;
    private static int rpcPort;

    @BeforeAll
    static void startServer() {
        server = TestServers.withSecurity(new SecurityConfig("", "", VIEW_TOKEN, List.of(ALLOWED_ORIGIN),
                List.of(ALLOWED_HOST)), TOKEN);
        api = TestServers.api(server);
        JsonPath created = given(api).auth().oauth2(TOKEN).body(TestServers.createBody("secure"))
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath();
        terminalId = created.getString("terminalId");
        rpcPort = created.getInt("rpc.port");
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void restWithoutTheTokenIs401() {
        given(api).get("/v1/terminals").then().statusCode(401).header("WWW-Authenticate", "Bearer")
                .body("error", equalTo("unauthorized")).body("message", containsString("a token is required"));
        given(api).body(TestServers.createBody("x")).post("/v1/terminals").then().statusCode(401);
        given(api).delete("/v1/terminals/" + terminalId).then().statusCode(401);
        given(api).get("/v1/terminals/" + terminalId + "/screen").then().statusCode(401);
    }

    @Test
    void restWithAWrongTokenIs401() {
        given(api).auth().oauth2("wrong").get("/v1/terminals").then().statusCode(401)
                .body("message", equalTo("the token is wrong"));
        given(api).header("Authorization", "Basic " + TOKEN).get("/v1/terminals").then().statusCode(401);
    }

    @Test
    void restWithTheTokenWorksButNotAsAQueryParameter() {
        given(api).auth().oauth2(TOKEN).get("/v1/terminals").then().statusCode(200);
        given(api).get("/v1/terminals?token=" + TOKEN).then().statusCode(401);
    }

    @Test
    void healthNeedsNoToken() {
        given(api).get("/observe/health").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void aForeignHostHeaderIs403EvenWithTheToken() {
        given(api).auth().oauth2(TOKEN).header("Host", "attacker.example:" + server.port()).get("/v1/terminals")
                .then().statusCode(403).body("error", equalTo("host_not_allowed"))
                .body("message", containsString("attacker.example"));
        given(api).header("Host", "attacker.example").get("/observe/health").then().statusCode(403);
    }

    @Test
    void loopbackAndConfiguredHostHeadersPass() {
        for (String host : new String[] {"localhost:" + server.port(), "127.0.0.1", "127.1.2.3:9",
                "[::1]:" + server.port(), ALLOWED_HOST + ":" + server.port(), "DevBox.Internal"}) {
            assertThat(given(api).auth().oauth2(TOKEN).header("Host", host).get("/v1/terminals").statusCode())
                    .as(host).isEqualTo(200);
        }
    }

    @Test
    void aCrossSiteOriginIs403OnRest() {
        given(api).auth().oauth2(TOKEN).header("Origin", "http://evil.example").body(TestServers.createBody("e"))
                .post("/v1/terminals").then().statusCode(403).body("error", equalTo("origin_not_allowed"));
        given(api).auth().oauth2(TOKEN).header("Origin", "null").get("/v1/terminals").then().statusCode(403);
    }

    @Test
    void sameOriginAndAllowedOriginsPassOnRest() {
        given(api).auth().oauth2(TOKEN).header("Origin", "http://127.0.0.1:" + server.port()).get("/v1/terminals")
                .then().statusCode(200);
        given(api).auth().oauth2(TOKEN).header("Origin", ALLOWED_ORIGIN).get("/v1/terminals").then()
                .statusCode(200);
        // Another port is another origin.
        given(api).auth().oauth2(TOKEN).header("Origin", "http://127.0.0.1:1").get("/v1/terminals").then()
                .statusCode(403);
    }

    @Test
    void anAllowedOriginGetsCorsAnswersAndOthersDoNot() {
        given(api).header("Origin", ALLOWED_ORIGIN).header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type")
                .options("/v1/terminals").then().statusCode(204)
                .header("Access-Control-Allow-Origin", ALLOWED_ORIGIN)
                .header("Access-Control-Allow-Headers", containsString("Authorization"));
        given(api).auth().oauth2(TOKEN).header("Origin", ALLOWED_ORIGIN).get("/v1/terminals").then()
                .statusCode(200).header("Access-Control-Allow-Origin", ALLOWED_ORIGIN);
        given(api).header("Origin", "http://evil.example").header("Access-Control-Request-Method", "POST")
                .options("/v1/terminals").then().statusCode(403).header("Access-Control-Allow-Origin",
                        org.hamcrest.Matchers.nullValue());
    }

    @Test
    void theWebSocketNeedsTheTokenAsHeaderOrQuery() throws Exception {
        assertThat(upgradeStatus(socketUri(""), null)).isEqualTo(401);
        assertThat(upgradeStatus(socketUri("?token=wrong"), null)).isEqualTo(401);
        assertThat(upgradeStatus(socketUri("?token=" + TOKEN), null)).isEqualTo(101);
        assertThat(upgradeStatus(socketUri(""), null, "Authorization", "Bearer " + TOKEN)).isEqualTo(101);
    }

    @Test
    void theWebSocketRefusesForeignOriginsAndAcceptsSameAndAllowedOnes() throws Exception {
        URI uri = socketUri("?token=" + TOKEN);
        assertThat(upgradeStatus(uri, "http://evil.example")).isEqualTo(403);
        assertThat(upgradeStatus(uri, "http://127.0.0.1:" + server.port())).isEqualTo(101);
        assertThat(upgradeStatus(uri, "http://localhost:" + server.port())).as("another name, another origin")
                .isEqualTo(403);
        assertThat(upgradeStatus(uri, ALLOWED_ORIGIN)).isEqualTo(101);
    }

    @Test
    void theEventSocketHasTheRulesOfTheEventStreamTokenOriginAndHost() throws Exception {
        URI events = URI.create("ws://127.0.0.1:" + server.port() + "/v1/events");
        assertThat(upgradeStatus(events, null)).isEqualTo(401);
        assertThat(upgradeStatus(URI.create(events + "?token=wrong"), null)).isEqualTo(401);
        URI withToken = URI.create(events + "?token=" + TOKEN);
        assertThat(upgradeStatus(withToken, "http://127.0.0.1:" + server.port())).isEqualTo(101);
        assertThat(upgradeStatus(URI.create(events + "?token=" + VIEW_TOKEN), null)).as("the view token reads")
                .isEqualTo(101);
        // Another site's page must not learn what runs here: WebSockets are not bound by CORS.
        assertThat(upgradeStatus(withToken, "http://evil.example")).isEqualTo(403);
        String rebound = "rebound.example:" + server.port();
        assertThat(TestServers.upgradeStatusLine(server, "/v1/events?token=" + TOKEN, rebound, "http://" + rebound))
                .startsWith("HTTP/1.1 403");
    }

    @Test
    void theWebSocketRefusesAForeignHostEvenWhenOriginAndHostAgree() throws Exception {
        // A DNS-rebinding page: its own name in Host and Origin, same-origin as far as the browser can tell.
        String rebound = "rebound.example:" + server.port();
        String statusLine = TestServers.upgradeStatusLine(server, "/v1/terminals/" + terminalId + "/socket?token="
                + TOKEN, rebound, "http://" + rebound);
        assertThat(statusLine).startsWith("HTTP/1.1 403");
    }

    @Test
    void theJsonRpcEndpointNeedsPtyAuth() throws Exception {
        try (RpcLines rpc = RpcLines.connect(rpcPort)) {
            assertThat(rpc.call("pty/read", "{}").getJsonObject("error").getInt("code")).isEqualTo(-32001);
            assertThat(rpc.call("pty/auth", "{\"token\":\"wrong\"}").getJsonObject("error").getInt("code"))
                    .isEqualTo(-32001);
            rpc.result("pty/auth", "{\"token\":\"" + TOKEN + "\"}");
            assertThat(rpc.result("pty/read", "{}").getJsonObject("size").getInt("cols")).isEqualTo(100);
        }
    }

    @Test
    void eventsTakeTheTokenAsQueryForBrowsers() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            java.net.http.HttpResponse<java.util.stream.Stream<String>> refused = http.send(
                    java.net.http.HttpRequest.newBuilder(URI.create(server.url() + "/v1/events")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofLines());
            assertThat(refused.statusCode()).isEqualTo(401);
            java.net.http.HttpResponse<java.util.stream.Stream<String>> accepted = http.send(
                    java.net.http.HttpRequest.newBuilder(URI.create(server.url() + "/v1/events?token=" + TOKEN))
                            .build(), java.net.http.HttpResponse.BodyHandlers.ofLines());
            assertThat(accepted.statusCode()).isEqualTo(200);
            assertThat(accepted.body().findFirst()).contains(":ptyctl events");
            accepted.body().close();
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void theViewTokenReadsButCannotCreateOrClose() {
        given(api).auth().oauth2(VIEW_TOKEN).get("/v1/terminals").then().statusCode(200);
        given(api).auth().oauth2(VIEW_TOKEN).get("/v1/terminals/" + terminalId + "/screen").then().statusCode(200);
        given(api).auth().oauth2(VIEW_TOKEN).body(TestServers.createBody("viewer")).post("/v1/terminals").then()
                .statusCode(403).body("error", equalTo("view_only"))
                .body("message", equalTo("the view token may only read (GET); POST needs the full token"));
        given(api).auth().oauth2(VIEW_TOKEN).delete("/v1/terminals/" + terminalId).then().statusCode(403)
                .body("error", equalTo("view_only"));
        given(api).auth().oauth2(TOKEN).get("/v1/terminals/" + terminalId).then().statusCode(200)
                .body("running", equalTo(true));
    }

    @Test
    void theViewTokenAttachesTheWebSocketAsAViewerWhateverTheUrlSays() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            SocketFrames viewer = SocketFrames.attach(http, server, terminalId, "token=" + VIEW_TOKEN);
            viewer.socket().sendText("{\"type\":\"input\",\"clientId\":\"v\",\"clientSeq\":1,\"data\":\"echo hi\\r\"}",
                    true);
            assertThat(viewer.next("error").getString("message")).isEqualTo("\"input\" is not allowed in view mode");
            viewer.socket().abort();
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void theJsonRpcEndpointTakesOnlyTheFullToken() throws Exception {
        try (RpcLines rpc = RpcLines.connect(rpcPort)) {
            assertThat(rpc.call("pty/auth", "{\"token\":\"" + VIEW_TOKEN + "\"}").getJsonObject("error")
                    .getInt("code")).isEqualTo(-32001);
        }
    }

    @Test
    void aViewTokenWithoutAFullTokenOrEqualToItIsRefusedAtStart() {
        SecurityConfig viewOnly = new SecurityConfig("", "", "watch", List.of(), List.of());
        assertThatThrownBy(() -> TestServers.withSecurity(viewOnly, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ptyctl.security.viewToken needs a different ptyctl.security.token");
        assertThatThrownBy(() -> TestServers.withSecurity(viewOnly, "watch"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNonLoopbackAddressWithoutATokenIsRefusedAtStart() {
        assertThatThrownBy(() -> PtyctlServer.start(TestServers.settings().withAddress("0.0.0.0", 0),
                ServerToken.none(), Config.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to listen on 0.0.0.0")
                .hasMessageContaining("a token is required");
    }

    private static URI socketUri(String query) {
        return URI.create("ws://127.0.0.1:" + server.port() + "/v1/terminals/" + terminalId + "/socket" + query);
    }

    /** 101 when the upgrade succeeded (the socket is then aborted), else the refusal's status. */
    private static int upgradeStatus(URI uri, String origin, String... headers) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            WebSocket.Builder builder = http.newWebSocketBuilder();
            if (origin != null) {
                builder.header("Origin", origin);
            }
            for (int i = 0; i + 1 < headers.length; i += 2) {
                builder.header(headers[i], headers[i + 1]);
            }
            try {
                WebSocket socket = builder.buildAsync(uri, new WebSocket.Listener() { })
                        .orTimeout(20, TimeUnit.SECONDS).join();
                socket.abort();
                return 101;
            } catch (CompletionException e) {
                if (e.getCause() instanceof WebSocketHandshakeException refused) {
                    return refused.getResponse().statusCode();
                }
                throw e;
            }
        } finally {
            http.shutdownNow();
        }
    }
}
