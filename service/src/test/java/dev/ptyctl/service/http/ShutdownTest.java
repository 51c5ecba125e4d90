package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.service.server.PtyctlServer;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Stopping the server leaves nothing behind: no hosted process, no JSON-RPC endpoint, no event stream. */
class ShutdownTest {

    @Test
    void closingTheServerKillsEveryTerminalAndEndsEveryStream() throws Exception {
        PtyctlServer server = TestServers.start();
        RequestSpecification api = TestServers.api(server);
        JsonPath one = given(api).body(TestServers.createBody("one")).post("/v1/terminals").then().statusCode(201)
                .extract().jsonPath();
        JsonPath two = given(api).body(TestServers.createBody("two")).post("/v1/terminals").then().statusCode(201)
                .extract().jsonPath();
        long job;
        try (RpcLines rpc = RpcLines.connect(two.getInt("rpc.port"))) {
            rpc.waitFor(TestServers.PROMPT);
            job = rpc.startBackgroundJob("trap '' HUP; ");
        }
        HttpClient http = HttpClient.newHttpClient();
        try {
            HttpResponse<Stream<String>> events = http.send(
                    HttpRequest.newBuilder(URI.create(server.url() + "/v1/events")).build(),
                    HttpResponse.BodyHandlers.ofLines());
            Iterator<String> lines = events.body().iterator();
            assertThat(lines.next()).isEqualTo(":ptyctl events");

            server.close();

            while (lines.hasNext()) {
                lines.next(); // the exit events, then the end of the stream
            }
        } finally {
            http.shutdownNow();
        }
        for (long pid : new long[] {one.getLong("pid"), two.getLong("pid")}) {
            assertThat(TestServers.inProcessTable(pid)).as("shell %d", pid).isFalse();
        }
        assertThat(TestServers.goneSoon(job)).as("job %d that ignored the hang-up", job).isTrue();
        assertThat(server.isRunning()).isFalse();
        assertThatThrownBy(() -> RpcLines.connect(one.getInt("rpc.port"))).isInstanceOf(IOException.class);
    }
}
