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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/events}: Server-Sent Events for created, resized and exited terminals, and the same events over a
 * WebSocket on the same path (for browsers: a WebSocket does not hold one of the six HTTP/1.1 connections a browser
 * opens to a server).
 */
class EventsTest {
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

    /** One SSE event: its name and JSON data. */
    private record Event(String name, JsonObject data) {
    }

    /** Reads events from a line stream, skipping comments. */
    private static Event next(Iterator<String> lines) {
        String name = null;
        String data = null;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.isEmpty() && name != null) {
                return new Event(name, JsonSupport.parseObject(data));
            } else if (line.startsWith("event:")) {
                name = line.substring(6).strip();
            } else if (line.startsWith("data:")) {
                data = line.substring(5).strip();
            }
        }
        throw new AssertionError("the event stream ended");
    }

    @Test
    void createdSizeAndExitedArriveInOrder() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            HttpResponse<Stream<String>> response = http.send(
                    HttpRequest.newBuilder(URI.create(server.url() + "/v1/events")).build(),
                    HttpResponse.BodyHandlers.ofLines());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("text/event-stream"));
            Iterator<String> lines = response.body().iterator();
            assertThat(lines.next()).as("the opening comment: subscribed from here on").isEqualTo(":ptyctl events");

            JsonPath created = given(api).body(TestServers.createBody("events")).post("/v1/terminals").then()
                    .statusCode(201).extract().jsonPath();
            String id = created.getString("terminalId");
            Event first = next(lines);
            assertThat(first.name()).isEqualTo("terminal.created");
            assertThat(first.data().getString("terminalId")).isEqualTo(id);
            assertThat(first.data().getString("sessionId")).isEqualTo("events");
            assertThat(first.data().getInt("cols")).isEqualTo(100);

            try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
                rpc.result("pty/resize", "{\"cols\":77,\"rows\":22}");
            }
            Event size = next(lines);
            assertThat(size.name()).isEqualTo("terminal.size");
            assertThat(size.data().getString("terminalId")).isEqualTo(id);
            assertThat(size.data().getInt("cols")).isEqualTo(77);
            assertThat(size.data().getInt("rows")).isEqualTo(22);

            given(api).delete("/v1/terminals/" + id).then().statusCode(200);
            Event exited = next(lines);
            assertThat(exited.name()).isEqualTo("terminal.exited");
            assertThat(exited.data().getString("terminalId")).isEqualTo(id);
            assertThat(exited.data().getInt("exitCode")).isEqualTo(129); // SIGHUP: 128 + 1
            response.body().close();
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void overAWebSocketSubscribedThenCreatedSizeAndExitedInOrder() throws Exception {
        try (WebSocketTestClient events = WebSocketTestClient.connect(server.url())) {
            events.next("subscribed");

            JsonPath created = given(api).body(TestServers.createBody("event-socket")).post("/v1/terminals").then()
                    .statusCode(201).extract().jsonPath();
            String id = created.getString("terminalId");
            JsonObject terminal = events.nextEvent("terminal.created");
            assertThat(terminal.getString("terminalId")).isEqualTo(id);
            assertThat(terminal.getString("sessionId")).isEqualTo("event-socket");
            assertThat(terminal.getInt("cols")).isEqualTo(100);

            try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
                rpc.result("pty/resize", "{\"cols\":77,\"rows\":22}");
            }
            JsonObject size = events.nextEvent("terminal.size");
            assertThat(size.getString("terminalId")).isEqualTo(id);
            assertThat(size.getInt("cols")).isEqualTo(77);
            assertThat(size.getInt("rows")).isEqualTo(22);

            given(api).delete("/v1/terminals/" + id).then().statusCode(200);
            JsonObject exited = events.nextEvent("terminal.exited");
            assertThat(exited.getString("terminalId")).isEqualTo(id);
            assertThat(exited.getInt("exitCode")).isEqualTo(129); // SIGHUP: 128 + 1
        }
    }

    @Test
    void aPingIsAnsweredWithItsTAndAnythingElseWithAnErrorTheSocketStays() throws Exception {
        try (WebSocketTestClient events = WebSocketTestClient.connect(server.url())) {
            events.next("subscribed");
            events.send("{\"type\":\"ping\",\"t\":1234.5}");
            assertThat(events.next("pong").get("t").toString()).isEqualTo("1234.5");
            events.send("{\"type\":\"subscribe\"}");
            assertThat(events.next("error").getString("message")).contains("reads only \"ping\"");
            events.send("ping");
            assertThat(events.next("error").getString("message")).startsWith("not a JSON object");
            events.send("{\"type\":\"ping\",\"t\":7}");
            assertThat(events.next("pong").getInt("t")).isEqualTo(7);
        }
    }
}
