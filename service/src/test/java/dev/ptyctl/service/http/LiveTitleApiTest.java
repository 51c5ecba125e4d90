package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** SPEC §5.8 end to end: a program's title reaches the terminal resource and the event stream, once it holds. */
class LiveTitleApiTest {
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

    /** The next {@code terminal.title} event's data, skipping other events and comments. */
    private static JsonObject nextTitleEvent(Iterator<String> lines) {
        String name = null;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("event:")) {
                name = line.substring(6).strip();
            } else if (line.startsWith("data:") && "terminal.title".equals(name)) {
                return JsonSupport.parseObject(line.substring(5).strip());
            }
        }
        throw new AssertionError("the event stream ended");
    }

    @Test
    void aSpinnerTitleBecomesOneWorkingTitleAndGoesWhenCleared() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            Iterator<String> events = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/events"))
                    .build(), HttpResponse.BodyHandlers.ofLines()).body().iterator();
            assertThat(events.next()).isEqualTo(":ptyctl events");
            JsonPath created = given(api).body(TestServers.createBody("titles")).post("/v1/terminals").then()
                    .statusCode(201).extract().jsonPath();
            String id = created.getString("terminalId");
            try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
                // Ten spinner frames 50 ms apart: the reported title is the same throughout, so it is recorded once.
                rpc.type("for f in ⠋ ⠙ ⠹ ⠸ ⠼ ⠴ ⠦ ⠧ ⠇ ⠏; do printf '\\e]2;%s Building\\a' $f; sleep 0.05; done\r");
                JsonObject working = nextTitleEvent(events);
                assertThat(working.getString("terminalId")).isEqualTo(id);
                assertThat(working.getString("liveTitle")).isEqualTo("Building");
                assertThat(working.getString("terminalActivity")).isEqualTo("working");
                JsonPath described = given(api).get("/v1/terminals/" + id).then().statusCode(200).extract().jsonPath();
                assertThat(described.getString("liveTitle")).isEqualTo("Building");
                assertThat(described.getString("terminalActivity")).isEqualTo("working");

                rpc.type("printf '\\e]2;\\a'");
                JsonObject removed = nextTitleEvent(events);
                assertThat(removed.containsKey("liveTitle")).as("%s", removed).isFalse();
                assertThat(removed.containsKey("terminalActivity")).isFalse();
                assertThat(given(api).get("/v1/terminals/" + id).then().extract().jsonPath().getString("liveTitle"))
                        .isNull();
            }
            given(api).delete("/v1/terminals/" + id).then().statusCode(200);
        } finally {
            http.shutdownNow();
        }
    }

    /**
     * A program whose first output sets its title and which then prints nothing (an agent starting, {@code printf
     * ...; sleep}) gets its title recorded. The title was lost when that output was applied before the server had
     * the session to read it from, and nothing came after to look again: under load, now and then. Twenty such
     * programs at once, each title awaited from the event stream (bounded: a lost title never comes).
     */
    @Test
    void aTitleThatIsTheProgramsFirstAndOnlyOutputIsRecorded() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        java.util.concurrent.BlockingQueue<JsonObject> titles = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        try {
            Iterator<String> events = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/events"))
                    .build(), HttpResponse.BodyHandlers.ofLines()).body().iterator();
            assertThat(events.next()).isEqualTo(":ptyctl events");
            Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        titles.add(nextTitleEvent(events));
                    }
                } catch (RuntimeException e) {
                    // the stream ended with the test
                }
            });
            for (int i = 0; i < 20; i++) {
                ids.add(given(api).body("{\"sessionId\":\"first-title-" + i + "\",\"shell\":\"/bin/sh\","
                        + "\"args\":[\"-c\",\"printf '\\\\033]0;first " + i + "\\\\007'; exec sleep 60\"]}")
                        .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId"));
            }
            java.util.Set<String> titled = new java.util.HashSet<>();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (!titled.containsAll(ids)) {
                JsonObject event = titles.poll(Math.max(0, deadline - System.nanoTime()),
                        java.util.concurrent.TimeUnit.NANOSECONDS);
                if (event == null) {
                    break;
                }
                if (event.getString("liveTitle", "").startsWith("first ")) {
                    titled.add(event.getString("terminalId"));
                }
            }
            java.util.Set<String> untitled = new java.util.HashSet<>(ids);
            untitled.removeAll(titled);
            assertThat(untitled).as("terminals whose first output set a title that was never recorded").isEmpty();
        } finally {
            ids.forEach(id -> given(api).delete("/v1/terminals/" + id));
            http.shutdownNow();
        }
    }

    private static SocketFrames attach(HttpClient http, String id) {
        return SocketFrames.attach(http, server, id, "protocol=2");
    }

    @Test
    void webSocketClientsGetTheTitleAsFramesOnAttachAndOnEveryChangeAndSizeChangesFromJsonRpc() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        JsonPath created = given(api).body(TestServers.createBody("title-frames")).post("/v1/terminals").then()
                .statusCode(201).extract().jsonPath();
        String id = created.getString("terminalId");
        try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
            SocketFrames early = attach(http, id);
            rpc.type("printf '\\e]2;✳ Claude Code\\a'");
            JsonObject title = early.next("title");
            assertThat(title.getString("liveTitle")).isEqualTo("Claude Code");
            assertThat(title.getString("terminalActivity")).isEqualTo("idle");

            SocketFrames late = attach(http, id);
            assertThat(late.next("title")).isEqualTo(title);

            rpc.call("pty/resize", "{\"cols\":91,\"rows\":17}");
            for (SocketFrames client : List.of(early, late)) {
                JsonObject size = client.next("size");
                while (size.getInt("cols") != 91) {
                    size = client.next("size"); // the size on attach comes first
                }
                assertThat(size.getInt("rows")).isEqualTo(17);
            }

            rpc.type("printf '\\e]2;\\a'");
            for (SocketFrames client : List.of(early, late)) {
                JsonObject removed = client.next("title");
                assertThat(removed.isNull("liveTitle")).as("%s", removed).isTrue();
                assertThat(removed.isNull("terminalActivity")).isTrue();
            }
        } finally {
            given(api).delete("/v1/terminals/" + id).then().statusCode(200);
            http.shutdownNow();
        }
    }
}
