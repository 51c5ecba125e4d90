package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.ptyctl.service.server.PtyctlServer;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /v1/terminals} against an in-process server (SPEC §5.1): the happy paths and the session rule. */
class TerminalsApiTest {
    private static final AtomicInteger SESSIONS = new AtomicInteger();
    private static PtyctlServer server;
    private static RequestSpecification api;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
        api = TestServers.api(server);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static String newSession() {
        return "api-" + SESSIONS.incrementAndGet();
    }

    private static JsonPath create(String sessionId) {
        return given(api).body(TestServers.createBody(sessionId)).post("/v1/terminals")
                .then().statusCode(201).extract().jsonPath();
    }

    @Test
    void createSpawnsATerminalAndDescribesIt(@TempDir Path dir) {
        String session = newSession();
        JsonPath created = given(api)
                .body("{\"sessionId\":\"" + session + "\",\"cwd\":\"" + dir + "\",\"cols\":120,\"rows\":36,"
                        + "\"shell\":\"/bin/bash\",\"args\":[\"--norc\"]}")
                .post("/v1/terminals").then().statusCode(201)
                .body("sessionId", equalTo(session))
                .body("cols", equalTo(120)).body("rows", equalTo(36))
                .body("cwd", equalTo(dir.toString()))
                .body("shell", equalTo("/bin/bash"))
                .body("running", equalTo(true)).body("exitCode", nullValue())
                .body("rpc.host", equalTo("127.0.0.1"))
                .body("background", equalTo(false))
                .extract().jsonPath();
        String id = created.getString("terminalId");
        assertThat(created.getString("websocketPath")).isEqualTo("/v1/terminals/" + id + "/socket");
        assertThat(created.getInt("rpc.port")).isPositive();
        assertThat(created.getLong("nextOutputSeq")).isNotNegative();
        assertThat(TestServers.inProcessTable(created.getLong("pid"))).isTrue();
    }

    @Test
    void createWithoutOptionalFieldsUsesTheConfiguredDefaults() {
        given(api).body("{\"sessionId\":\"" + newSession() + "\"}").post("/v1/terminals").then().statusCode(201)
                .body("cols", equalTo(100)).body("rows", equalTo(30))
                .body("shell", equalTo(TestServers.SHELL))
                .body("cwd", equalTo(Path.of("").toAbsolutePath().toString()));
    }

    @Test
    void aLiveTerminalIsReturnedForItsSessionWith200() {
        String session = newSession();
        String id = create(session).getString("terminalId");

        given(api).body(TestServers.createBody(session)).post("/v1/terminals").then().statusCode(200)
                .body("terminalId", equalTo(id));
    }

    @Test
    void aSessionWhoseTerminalExitedGetsANewOne() throws Exception {
        String session = newSession();
        JsonPath first = create(session);
        try (RpcLines rpc = RpcLines.connect(first.getInt("rpc.port"))) {
            rpc.type("exit 7");
            rpc.awaitExit();
        }

        given(api).body(TestServers.createBody(session)).post("/v1/terminals").then().statusCode(201)
                .body("terminalId", org.hamcrest.Matchers.not(equalTo(first.getString("terminalId"))));
        given(api).get("/v1/terminals/" + first.getString("terminalId")).then().statusCode(200)
                .body("running", equalTo(false)).body("exitCode", equalTo(7));
    }

    @Test
    void attachOnlyIsNotRegisteredUntilABackgroundTerminalExists() {
        String session = newSession();
        given(api).body("{\"sessionId\":\"" + session + "\",\"attachOnly\":true}").post("/v1/terminals")
                .then().statusCode(404).body("error", equalTo("not_registered"))
                .body("message", containsString(session));
        given(api).get("/v1/terminals").then().body("terminals.sessionId",
                org.hamcrest.Matchers.not(hasItem(session)));

        String id = given(api).body("{\"sessionId\":\"" + session + "\",\"background\":true,"
                        + "\"args\":[\"--norc\"]}").post("/v1/terminals")
                .then().statusCode(201).body("background", equalTo(true)).extract().path("terminalId");

        given(api).body("{\"sessionId\":\"" + session + "\",\"attachOnly\":true}").post("/v1/terminals")
                .then().statusCode(200).body("terminalId", equalTo(id));
    }

    @Test
    void concurrentCreatesForOneSessionMakeOneTerminal() throws Exception {
        String session = newSession();
        int requests = 4;
        Thread[] threads = new Thread[requests];
        Response[] responses = new Response[requests];
        for (int i = 0; i < requests; i++) {
            int n = i;
            threads[i] = Thread.ofVirtual().start(() ->
                    responses[n] = given(api).body(TestServers.createBody(session)).post("/v1/terminals"));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(java.util.Arrays.stream(responses).map(r -> r.jsonPath().getString("terminalId")).distinct())
                .hasSize(1);
        assertThat(java.util.Arrays.stream(responses).filter(r -> r.statusCode() == 201)).hasSize(1);
        assertThat(java.util.Arrays.stream(responses).filter(r -> r.statusCode() == 200)).hasSize(requests - 1);
    }

    @Test
    void listAndGetDescribeTheSameTerminal() {
        String session = newSession();
        String id = create(session).getString("terminalId");

        given(api).get("/v1/terminals").then().statusCode(200)
                .body("terminals.find { it.terminalId == '" + id + "' }.sessionId", equalTo(session));
        given(api).get("/v1/terminals/" + id).then().statusCode(200)
                .body("terminalId", equalTo(id)).body("sessionId", equalTo(session))
                .body("pid", notNullValue()).body("createdAt", notNullValue())
                .body("clients", equalTo(0)).body("nextOutputSeq", notNullValue());
    }

    @Test
    void deleteBySessionClosesTheLiveTerminalOnceAndLeavesNoProcess() throws Exception {
        String session = newSession();
        JsonPath created = create(session);
        long pid = created.getLong("pid");
        long backgroundJob;
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            backgroundJob = rpc.startBackgroundJob("");
        }
        assertThat(TestServers.inProcessTable(backgroundJob)).isTrue();

        given(api).delete("/v1/terminals/session/" + session).then().statusCode(200).body("closed", equalTo(true));
        given(api).delete("/v1/terminals/session/" + session).then().statusCode(404).body("closed", equalTo(false));

        assertThat(TestServers.inProcessTable(pid)).as("shell %d, or its zombie", pid).isFalse();
        assertThat(TestServers.goneSoon(backgroundJob)).as("background job %d", backgroundJob).isTrue();
        given(api).get("/v1/terminals/" + created.getString("terminalId")).then().statusCode(404);
    }

    @Test
    void deleteByIdClosesTheTerminalOnce() {
        JsonPath created = create(newSession());
        String id = created.getString("terminalId");

        given(api).delete("/v1/terminals/" + id).then().statusCode(200).body("closed", equalTo(true));
        given(api).delete("/v1/terminals/" + id).then().statusCode(404).body("closed", equalTo(false))
                .body("error", equalTo("not_found")).body("message", equalTo("no terminal with id " + id));
        assertThat(TestServers.inProcessTable(created.getLong("pid"))).isFalse();
    }

    @Test
    void deleteOfATerminalWhoseProgramHasEndedIs404ClosedFalseWithoutTheUnknownTerminalsError() throws Exception {
        // SPEC 5.1: "no live terminal" includes one that has exited and is still listed with its exit code; only an
        // unknown one has the error members, so that ptyctl rm tells the two apart without looking the id up first
        String session = newSession();
        String id = given(api).body("{\"sessionId\":\"" + session + "\",\"shell\":\"/bin/sh\","
                + "\"args\":[\"-c\",\"read go; exit 3\"]}").post("/v1/terminals").then().statusCode(201)
                .extract().jsonPath().getString("terminalId");
        HttpClient http = HttpClient.newHttpClient();
        try {
            SocketFrames client = SocketFrames.attach(http, server, id, "lastOutputSeq=0");
            client.socket().sendText("{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1,\"data\":\"go\\n\"}",
                    true).join();
            assertThat(client.next("exit").getInt("exitCode")).isEqualTo(3);
        } finally {
            http.shutdownNow();
        }
        given(api).get("/v1/terminals/" + id).then().statusCode(200).body("exitCode", equalTo(3));

        given(api).delete("/v1/terminals/session/" + session).then().statusCode(404).body("closed", equalTo(false))
                .body("$", not(hasKey("error")));
        given(api).get("/v1/terminals/" + id).then().statusCode(404);
        given(api).delete("/v1/terminals/" + id).then().statusCode(404).body("closed", equalTo(false))
                .body("error", equalTo("not_found"));
    }

    @Test
    void deleteOfAnUnknownSessionIs404ClosedFalseSayingSo() {
        given(api).delete("/v1/terminals/session/never-created").then().statusCode(404)
                .body("closed", equalTo(false)).body("error", equalTo("not_found"))
                .body("message", equalTo("no terminal in session never-created"));
    }

    /**
     * A session id is any string create takes, a path with slashes too (an editor's workspace folder): delete
     * addresses it percent-encoded, as the SDK sends it, or with its slashes as they are. Before, a %2F was taken for
     * a path separator: 404 "no such endpoint", and the terminal could be closed only by its id.
     */
    @Test
    void deleteBySessionAddressesAnIdWithSlashesSpacesAndPercentSigns() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            for (String session : new String[] {"/home/me/proj", "feature/x y+z", "100%/a%2Fb", "é/日本"}) {
                String terminal = create(session).getString("terminalId");
                String encoded = URLEncoder.encode(session, StandardCharsets.UTF_8).replace("+", "%20");
                HttpResponse<String> closed = delete(http, "/v1/terminals/session/" + encoded);
                assertThat(closed.statusCode()).as("%s: %s", session, closed.body()).isEqualTo(200);
                assertThat(closed.body()).isEqualTo("{\"closed\":true}");
                given(api).get("/v1/terminals/" + terminal).then().statusCode(404);
            }
            // ".." as is is a step up the path (clients and the server resolve it): encoded, it is an id like any other
            create("..");
            assertThat(delete(http, "/v1/terminals/session/%2E%2E").statusCode()).isEqualTo(200);
            create("a/b/c");
            HttpResponse<String> asIs = delete(http, "/v1/terminals/session/a/b/c");
            assertThat(asIs.statusCode()).as(asIs.body()).isEqualTo(200);
            HttpResponse<String> again = delete(http, "/v1/terminals/session/a%2Fb%2Fc");
            assertThat(again.statusCode()).isEqualTo(404);
            assertThat(again.body()).contains("no terminal in session a/b/c");
            HttpResponse<String> missing = delete(http, "/v1/terminals/session/");
            assertThat(missing.statusCode()).isEqualTo(400);
            assertThat(missing.body()).contains("the session id is missing");
        } finally {
            http.shutdownNow();
        }
    }

    private static HttpResponse<String> delete(HttpClient http, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).DELETE()
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theShellKnowsItsTerminalIdAndRpcAddressAndItsEndpointWorks() throws Exception {
        JsonPath created = create(newSession());
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            rpc.type("echo \"id=$PTYCTL_TERMINAL_ID rpc=$PTYCTL_RPC term=$TERM\"");
            rpc.waitFor("term=xterm");
            String screen = rpc.result("pty/read", "{}").getString("screen");
            assertThat(screen).contains("id=" + created.getString("terminalId") + " rpc=127.0.0.1:"
                    + created.getInt("rpc.port") + " term=xterm-256color");
        }
    }

    @Test
    void screenAsTextHasScrollbackThenScreen() throws Exception {
        JsonPath created = create(newSession());
        String id = created.getString("terminalId");
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            rpc.type("for i in $(seq 1 60); do echo line-$i; done; echo done-marker");
            // Not "done-marker" alone: the echoed command line holds it too, before any of the output.
            rpc.waitFor("line-60\ndone-marker\n");
        }
        String screen = given(api).get("/v1/terminals/" + id + "/screen?format=text").then().statusCode(200)
                .body("format", equalTo("text")).extract().path("screen");
        assertThat(screen).contains("line-1\n").contains("line-60\n").contains("done-marker\n");
        assertThat(screen.indexOf("line-1\n")).isLessThan(screen.indexOf("line-60\n"));
        given(api).get("/v1/terminals/" + id + "/screen").then().statusCode(200).body("format", equalTo("text"));
    }

    @Test
    void screenAsJoinedTextReadsALongLineAsTheProgramWroteIt() throws Exception {
        String line = "0123456789abcdefghij".repeat(3) + "END";
        JsonPath created = given(api).body("{\"sessionId\":\"" + newSession() + "\",\"cols\":20,"
                + "\"shell\":\"/bin/sh\",\"args\":[\"-c\",\"echo " + line + "; read x\"]}").post("/v1/terminals").then()
                .statusCode(201).extract().jsonPath();
        String id = created.getString("terminalId");
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor("END");
        }

        given(api).get("/v1/terminals/" + id + "/screen?format=text&joined=true").then().statusCode(200)
                .body("format", equalTo("text")).body("joined", equalTo(true)).body("screen", equalTo(line + "\n"));
        given(api).get("/v1/terminals/" + id + "/screen?format=text").then().statusCode(200)
                .body("screen", equalTo("0123456789abcdefghij\n".repeat(3) + "END\n")).body("joined", nullValue());
    }

    @Test
    void screenAsVtReproducesTheScreenInAFreshEmulator() throws Exception {
        JsonPath created = create(newSession());
        String id = created.getString("terminalId");
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            rpc.type("printf '\\033[1;31mred\\033[0m plain\\n'");
            rpc.waitFor("red plain\n");
        }
        String vt = given(api).get("/v1/terminals/" + id + "/screen?format=vt").then().statusCode(200)
                .body("format", equalTo("vt")).extract().path("screen");
        assertThat(vt).startsWith("\u001bc").contains("\u001b[");
        dev.ptyctl.vt.Terminal replay = new dev.ptyctl.vt.Terminal(100, 30);
        replay.feed(vt.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String text = given(api).get("/v1/terminals/" + id + "/screen?format=text").path("screen");
        assertThat(dev.ptyctl.vt.serialize.TextSerializer.withScrollback(replay)).isEqualTo(text);
    }

    @Test
    void recordingIsAnAsciicastOfTheOutputWithResizes() throws Exception {
        JsonPath created = create(newSession());
        String id = created.getString("terminalId");
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            rpc.type("echo before-ümlaut");
            rpc.waitFor("before-ümlaut\n");
            rpc.result("pty/resize", "{\"cols\":90,\"rows\":20}");
            rpc.type("echo after-resize");
            rpc.waitFor("after-resize\n");
        }
        Response response = given(api).get("/v1/terminals/" + id + "/recording?format=asciicast");
        response.then().statusCode(200).contentType("application/x-asciicast");
        String[] lines = response.asString().split("\n");
        JsonPath header = JsonPath.from(lines[0]);
        assertThat(header.getInt("version")).isEqualTo(2);
        assertThat(header.getInt("width")).isEqualTo(100);
        assertThat(header.getInt("height")).isEqualTo(30);
        StringBuilder output = new StringBuilder();
        int resizeLine = -1;
        int afterLine = -1;
        for (int i = 1; i < lines.length; i++) {
            jakarta.json.JsonArray event = jakarta.json.Json.createReader(new java.io.StringReader(lines[i]))
                    .readArray();
            if (event.getString(1).equals("o")) {
                output.append(event.getString(2));
                if (afterLine < 0 && output.toString().contains("after-resize\r\n")) {
                    afterLine = i;
                }
            } else if (event.getString(1).equals("r")) {
                assertThat(event.getString(2)).isEqualTo("90x20");
                resizeLine = i;
            }
        }
        assertThat(output.toString()).contains("before-ümlaut\r\n").contains("after-resize\r\n");
        assertThat(resizeLine).as("the resize event comes before the output that followed it")
                .isPositive().isLessThan(afterLine);
    }

    @Test
    void theTerminalSocketIsServedAtItsWebsocketPathAndCountsAsAClient() throws Exception {
        JsonPath created = create(newSession());
        String id = created.getString("terminalId");
        java.util.concurrent.CompletableFuture<String> firstFrame = new java.util.concurrent.CompletableFuture<>();
        HttpClient http = HttpClient.newHttpClient();
        try {
            java.net.http.WebSocket socket = http.newWebSocketBuilder().buildAsync(
                    java.net.URI.create("ws://127.0.0.1:" + server.port() + created.getString("websocketPath")
                            + "?lastOutputSeq=0"),
                    new java.net.http.WebSocket.Listener() {
                        @Override
                        public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket ws,
                                                                            CharSequence data, boolean last) {
                            firstFrame.complete(data.toString());
                            return null;
                        }
                    }).get(20, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(firstFrame.get(20, java.util.concurrent.TimeUnit.SECONDS)).contains("\"type\"");
            given(api).get("/v1/terminals/" + id).then().body("clients", equalTo(1));
            socket.abort();
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void unknownTerminalsAre404ForEveryTerminalRoute() {
        for (String path : new String[] {"", "/screen", "/recording"}) {
            given(api).get("/v1/terminals/0123456789abcdef" + path).then().statusCode(404)
                    .body("error", equalTo("not_found"));
        }
    }
}
