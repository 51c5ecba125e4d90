package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import io.restassured.RestAssured;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The event log of a scripted session, as JSON lines: one line per terminal created, exited and deleted, per client
 * attached and detached (with its id and address) and per refused request (status, reason, address), and the token,
 * used in headers and in a query all along, in none of them.
 */
class EventLogTest {
    private static final String TOKEN = "log-t0ken-never-printed";
    private static final List<String> lines = new CopyOnWriteArrayList<>();
    /** Notified with every new line, so a test waits for the one it needs rather than polling. */
    private static final Object arrived = new Object();
    private static PtyctlServer server;
    private static HttpClient http;

    @BeforeAll
    static void startServer() {
        EventLog.configure(EventLog.Format.JSON, EventLogTest::collect);
        server = TestServers.withSecurity(new SecurityConfig("", "", List.of(), List.of()), TOKEN);
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stopServer() {
        http.shutdownNow();
        server.close();
        EventLog.configure(EventLog.Format.TEXT, System.err);
    }

    @Test
    void aSessionLeavesOneLinePerEventAndNoToken() throws Exception {
        String id = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN)
                .body("{\"sessionId\":\"logged\",\"shell\":\"/bin/cat\"}").post("/v1/terminals").then()
                .statusCode(201).extract().jsonPath().getString("terminalId");
        WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(server.url().replace("http:", "ws:")
                + "/v1/terminals/" + id + "/socket?clientId=tab-7&token=" + TOKEN), new WebSocket.Listener() { })
                .orTimeout(20, TimeUnit.SECONDS).join();
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(server.url()
                + "/v1/terminals?token=" + TOKEN)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        awaitLine("client.detached", id);
        RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN).delete("/v1/terminals/" + id).then()
                .statusCode(200);
        awaitLine("terminal.exited", id);

        JsonObject created = awaitLine("terminal.created", id);
        assertThat(created.getString("sessionId")).isEqualTo("logged");
        assertThat(created.getString("program")).isEqualTo("/bin/cat");
        assertThat(created.getJsonNumber("pid").longValue()).isPositive();
        JsonObject attached = awaitLine("client.attached", id);
        assertThat(attached.getString("clientId")).isEqualTo("tab-7");
        assertThat(attached.getString("remote")).startsWith("127.0.0.1:");
        assertThat(awaitLine("client.detached", id).getString("clientId")).isEqualTo("tab-7");
        assertThat(awaitLine("terminal.deleted", id).getBoolean("wasRunning")).isTrue();
        JsonObject refusal = awaitRefusal("/v1/terminals");
        assertThat(refusal.getInt("status")).isEqualTo(401);
        assertThat(refusal.getString("reason")).isEqualTo("unauthorized");
        assertThat(refusal.getString("path")).isEqualTo("/v1/terminals");
        assertThat(refusal.getString("remote")).startsWith("127.0.0.1:");
        assertThat(lines).allSatisfy(line -> assertThat(line).doesNotContain(TOKEN));
    }

    @Test
    void upgradesRefusedByTheSocketEndpointsAreLoggedWithStatusReasonAndAddress() throws Exception {
        String id = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN)
                .body("{\"sessionId\":\"badmode\",\"shell\":\"/bin/cat\"}").post("/v1/terminals").then()
                .statusCode(201).extract().jsonPath().getString("terminalId");
        try {
            assertThat(upgradeStatus("/v1/terminals/nosuchterminal/socket")).isEqualTo(404);
            assertThat(upgradeStatus("/v1/terminals/nosuchterminal/rpc")).isEqualTo(404);
            assertThat(upgradeStatus("/v1/terminals/" + id + "/socket?mode=sideways")).isEqualTo(400);

            JsonObject socket = awaitRefusal("/v1/terminals/nosuchterminal/socket");
            assertThat(socket.getInt("status")).isEqualTo(404);
            assertThat(socket.getString("reason")).isEqualTo("not_found");
            assertThat(socket.getString("method")).isEqualTo("GET");
            assertThat(socket.getString("remote")).startsWith("127.0.0.1:");
            JsonObject rpc = awaitRefusal("/v1/terminals/nosuchterminal/rpc");
            assertThat(rpc.getInt("status")).isEqualTo(404);
            assertThat(rpc.getString("remote")).startsWith("127.0.0.1:");
            JsonObject mode = awaitRefusal("/v1/terminals/" + id + "/socket");
            assertThat(mode.getInt("status")).isEqualTo(400);
            assertThat(mode.getString("reason")).isEqualTo("bad_request");
            assertThat(mode.getString("remote")).startsWith("127.0.0.1:");
            assertThat(lines).allSatisfy(line -> assertThat(line).doesNotContain(TOKEN).doesNotContain("sideways"));
        } finally {
            RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN).delete("/v1/terminals/" + id);
        }
    }

    @Test
    void aCreateThatCannotStartItsProgramIsLoggedWithWhy() throws Exception {
        // Answered 500 spawn_failed, and logged nowhere: an operator saw creates fail (a full disk, no descriptors
        // left) only from the clients' side. An executable file that is no program: exec refuses it.
        java.nio.file.Path notAProgram = java.nio.file.Files.createTempFile("not-a-program", "");
        try {
            java.nio.file.Files.write(notAProgram, new byte[] {0, 1, 2, 3});
            notAProgram.toFile().setExecutable(true);
            String message = RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN)
                    .body("{\"sessionId\":\"cannot-start\",\"shell\":\"" + notAProgram + "\"}")
                    .post("/v1/terminals").then().statusCode(500).extract().jsonPath().getString("message");

            JsonObject failed = await(line -> line.getString("event").equals("terminal.failed")
                    && "cannot-start".equals(line.getString("sessionId")), "terminal.failed line");
            assertThat(failed.getString("program")).isEqualTo(notAProgram.toString());
            assertThat(failed.getString("reason")).isEqualTo(message).contains("Exec format error");
        } finally {
            java.nio.file.Files.delete(notAProgram);
        }
    }

    @Test
    void aDeleteOfATerminalTheServerDoesNotHaveIsLoggedAsARefusal() throws Exception {
        // Its 404 has a body of its own ({"closed": false}), and went unlogged while every other 404 was.
        RestAssured.given(TestServers.api(server)).auth().oauth2(TOKEN).delete("/v1/terminals/gone-already").then()
                .statusCode(404);

        JsonObject refusal = awaitRefusal("/v1/terminals/gone-already");
        assertThat(refusal.getInt("status")).isEqualTo(404);
        assertThat(refusal.getString("reason")).isEqualTo("not_found");
        assertThat(refusal.getString("method")).isEqualTo("DELETE");
        assertThat(refusal.getString("remote")).startsWith("127.0.0.1:");
    }

    @Test
    void theServerLogsThatItListensAndThatItStopsWithItsUrl() throws Exception {
        PtyctlServer other = TestServers.withSecurity(new SecurityConfig("", "", List.of(), List.of()), TOKEN);
        String url = other.url();
        JsonObject started = await(line -> line.getString("event").equals("server.started")
                && url.equals(line.getString("url")), "server.started line for " + url);
        assertThat(started.getString("token")).isEqualTo("required");
        assertThat(started.getJsonNumber("pid").longValue()).isEqualTo(ProcessHandle.current().pid());
        String atStop = RestAssured.given(TestServers.api(other)).auth().oauth2(TOKEN)
                .body("{\"sessionId\":\"at-stop\",\"shell\":\"/bin/cat\"}").post("/v1/terminals").then()
                .statusCode(201).extract().jsonPath().getString("terminalId");

        int before = lines.size();
        other.close();
        other.close(); // idempotent, as the shutdown hook running alongside a close() needs

        JsonObject stopping = await(line -> line.getString("event").equals("server.stopping")
                && url.equals(line.getString("url")), "server.stopping line for " + url);
        assertThat(stopping.getInt("runningTerminals")).isEqualTo(1);
        JsonObject stopped = await(line -> line.getString("event").equals("server.stopped")
                && url.equals(line.getString("url")), "server.stopped line for " + url);
        assertThat(stopped.getJsonNumber("millis").longValue()).isNotNegative();
        awaitLine("terminal.exited", atStop);
        List<String> events = lines.stream().filter(line -> line.contains(atStop) || line.contains(url)).toList();
        assertThat(events.getLast()).as("the last line of the stop, in %s", events).contains("\"server.stopped\"");
        // Counted by event alone: a second stop's line would not carry this URL (the stopped server's port is gone).
        assertThat(lines.stream().skip(before).filter(line -> line.contains("\"server.stopping\"")))
                .as("one stopping line, though close() ran twice").hasSize(1);
    }

    /** The status a WebSocket upgrade to {@code pathAndQuery} (with the token in the header) is refused with. */
    private static int upgradeStatus(String pathAndQuery) {
        try {
            http.newWebSocketBuilder().header("Authorization", "Bearer " + TOKEN)
                    .buildAsync(URI.create(server.url().replace("http:", "ws:") + pathAndQuery),
                            new WebSocket.Listener() { })
                    .orTimeout(20, TimeUnit.SECONDS).join().abort();
            return 101;
        } catch (CompletionException e) {
            if (e.getCause() instanceof WebSocketHandshakeException handshake) {
                return handshake.getResponse().statusCode();
            }
            throw e;
        }
    }

    /** A HEAD is routed as a GET (HeadRequests), but logged as what the client asked. */
    @Test
    void aRefusedHeadIsLoggedAsAHead() throws Exception {
        HttpResponse<Void> refused = http.send(HttpRequest.newBuilder(URI.create(server.url()
                + "/v1/terminals/head-probe")).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(awaitRefusal("/v1/terminals/head-probe").getString("method")).isEqualTo("HEAD");
    }

    /** The request.refused line for {@code path}, waiting for it (bounded). */
    private static JsonObject awaitRefusal(String path) throws InterruptedException {
        return await(line -> line.getString("event").equals("request.refused")
                && path.equals(line.getString("path")), "request.refused line for " + path);
    }

    @Test
    void textLinesAreTimeEventAndFields() {
        List<String> text = new CopyOnWriteArrayList<>();
        EventLog.configure(EventLog.Format.TEXT, text::add);
        try {
            EventLog.get().terminalExited("abc", ProcessExit.exited(3));
            EventLog.get().terminalCreated("abc", "my session", 42, "/bin/sh");
            EventLog.get().terminalExited("abc", ProcessExit.killedBy(9));
        } finally {
            EventLog.configure(EventLog.Format.JSON, EventLogTest::collect);
        }
        assertThat(text.get(0)).matches("\\d{4}-\\d\\d-\\d\\dT\\S+Z terminal\\.exited terminalId=abc exitCode=3");
        assertThat(text.get(1)).endsWith(" terminal.created terminalId=abc sessionId=\"my session\" pid=42 "
                + "program=/bin/sh");
        assertThat(text.get(2)).endsWith(" terminal.exited terminalId=abc exitCode=137 signal=SIGKILL");
    }

    /**
     * What a client sent (a session id, a path) is written with its control characters escaped: an ESC or CR written
     * as it is would act on the terminal of an operator reading the log (a title set, the screen erased, a line's
     * start drawn over).
     */
    @Test
    void controlCharactersAClientSentAreEscapedInTextLines() {
        List<String> text = new CopyOnWriteArrayList<>();
        EventLog.configure(EventLog.Format.TEXT, text::add);
        try {
            EventLog.get().terminalCreated("abc", "s\u001b]0;owned\u0007\u001b[2J\rforged\tline\u009b", 42, "/bin/sh");
        } finally {
            EventLog.configure(EventLog.Format.JSON, EventLogTest::collect);
        }
        assertThat(text.getFirst()).endsWith(" terminal.created terminalId=abc "
                + "sessionId=\"s\\u001b]0;owned\\u0007\\u001b[2J\\rforged\\tline\\u009b\" pid=42 program=/bin/sh");
        assertThat(text.getFirst().chars().filter(Character::isISOControl)).as("control characters in the line")
                .isEmpty();
    }

    private static void collect(String line) {
        synchronized (arrived) {
            lines.add(line);
            arrived.notifyAll();
        }
    }

    /** The line of {@code event} about terminal {@code id}, waiting for it (bounded). */
    private static JsonObject awaitLine(String event, String id) throws InterruptedException {
        return await(line -> line.getString("event").equals(event) && id.equals(line.getString("terminalId", null)),
                event + " line for " + id);
    }

    private static JsonObject await(Predicate<JsonObject> wanted, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        synchronized (arrived) {
            while (true) {
                for (String line : lines) {
                    JsonObject parsed = JsonSupport.parseObject(line);
                    if (wanted.test(parsed)) {
                        return parsed;
                    }
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new AssertionError("no " + what + " in " + lines);
                }
                arrived.wait(left);
            }
        }
    }
}
