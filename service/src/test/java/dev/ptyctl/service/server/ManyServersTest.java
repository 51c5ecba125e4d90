package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.protocol.JsonSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * What running several servers behind one proxy needs of each (docs/scaling.md): terminal ids that start with the
 * server's own prefix, and readiness that says whether the server has room for another terminal, while liveness
 * stays up.
 */
class ManyServersTest {

    @Test
    void idsCarryThePrefixAndAFullServerIsNotReadyButLive() throws Exception {
        Map<String, String> env = Map.of("PTYCTL_TERMINALS_ID_PREFIX", "p3-",
                "PTYCTL_TERMINALS_MAX_TERMINALS", "1");
        HttpClient http = HttpClient.newHttpClient();
        ServerMain.Options options = new ServerMain.Options("127.0.0.1", 0, null, null, null, null, null);
        try (PtyctlServer server = ServerMain.start(options, env::get, new Properties())) {
            assertThat(get(http, server, "/observe/health/ready").statusCode()).isEqualTo(200);

            HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"sessionId\":\"s\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            String id = JsonSupport.parseObject(created.body()).getString("terminalId");

            assertThat(id).matches("p3-[0-9a-f]{16}");
            HttpResponse<String> full = get(http, server, "/observe/health/ready");
            assertThat(full.statusCode()).as(full.body()).isEqualTo(503);
            assertThat(full.body()).contains("\"maxTerminals\":1");
            assertThat(get(http, server, "/observe/health/live").statusCode()).isEqualTo(200);
            assertThat(get(http, server, "/v1/terminals/" + id).statusCode()).isEqualTo(200);
            http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals/" + id)).DELETE().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(get(http, server, "/observe/health/ready").statusCode()).isEqualTo(200);
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void aPrefixThatIsNoPathSegmentIsRefusedNamingTheKey() {
        Map<String, String> env = Map.of("PTYCTL_TERMINALS_ID_PREFIX", "p3/../");
        ServerMain.Options options = new ServerMain.Options("127.0.0.1", 0, null, null, null, null, null);
        assertThatThrownBy(() -> ServerMain.start(options, env::get, new Properties())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ptyctl.terminals.idPrefix");
    }

    private static HttpResponse<String> get(HttpClient http, PtyctlServer server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
