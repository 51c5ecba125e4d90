package dev.ptyctl.fault;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerSettings;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.service.terminals.TerminalSettings;
import dev.ptyctl.testsupport.RawWebSocket;
import io.helidon.config.Config;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/** A {@code ptyctl server} in this JVM on a free port, with the REST calls the suite makes. */
final class FaultServer implements AutoCloseable {
    /** A REST answer: status and body. */
    record Answer(int status, String body) {
        JsonObject json() {
            return JsonSupport.parseObject(body);
        }
    }

    /** The input frame that starts a {@link #createGated} terminal's command (client {@code go}, number 1). */
    static final String GO = "{\"type\":\"input\",\"clientId\":\"go\",\"clientSeq\":1,\"data\":\"go\\n\"}";

    private final PtyctlServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private FaultServer(PtyctlServer server) {
        this.server = server;
    }

    /** A server with the default settings but port 0 and a short kill grace. */
    static FaultServer start() {
        return start(UnaryOperator.identity());
    }

    /** A server whose terminal settings {@code tweak} derives from the defaults (port 0, short kill grace). */
    static FaultServer start(UnaryOperator<TerminalSettings> tweak) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        TerminalSettings base = new TerminalSettings("/bin/sh", d.cols(), d.rows(), d.scrollbackLines(),
                d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries(), false,
                Duration.ofMillis(500), d.titleReports(), d.idPrefix());
        ServerSettings settings = ServerSettings.defaults().withAddress("127.0.0.1", 0)
                .withTerminals(tweak.apply(base));
        return new FaultServer(PtyctlServer.start(settings, ServerToken.none(), Config.empty()));
    }

    /** Terminal settings with other replay and client backlog sizes. */
    static UnaryOperator<TerminalSettings> buffers(int replayBytes, int clientBacklogBytes) {
        return t -> new TerminalSettings(t.shell(), t.cols(), t.rows(), t.scrollbackLines(), replayBytes,
                clientBacklogBytes, t.maxTerminals(), t.answerQueries(), t.shellIntegration(), t.killGrace(),
                t.titleReports(), t.idPrefix());
    }

    /** Terminal settings with another limit on live terminals. */
    static UnaryOperator<TerminalSettings> maxTerminals(int maxTerminals) {
        return t -> new TerminalSettings(t.shell(), t.cols(), t.rows(), t.scrollbackLines(), t.replayBytes(),
                t.clientBacklogBytes(), maxTerminals, t.answerQueries(), t.shellIntegration(), t.killGrace(),
                t.titleReports(), t.idPrefix());
    }

    PtyctlServer server() {
        return server;
    }

    int port() {
        return server.port();
    }

    /**
     * Creates a terminal running {@code sh -c "stty -echo -opost; printf R; read go; COMMAND"}: input is not echoed,
     * output bytes pass unchanged (no CR added), and the command starts only once a client has seen the {@code R}
     * and typed a line ({@link #GO}), so a client attached first misses nothing. Returns the terminal's id.
     */
    String createGated(String sessionId, String command) {
        Answer answer = create(sessionId, "/bin/sh", List.of("-c", "stty -echo -opost; printf R; read go; " + command));
        if (answer.status() != 201) {
            throw new AssertionError("create " + sessionId + ": " + answer);
        }
        return answer.json().getString("terminalId");
    }

    /** {@code POST /v1/terminals} for {@code sessionId} running {@code shell args}. */
    Answer create(String sessionId, String shell, List<String> args) {
        JsonArrayBuilder array = JsonSupport.arrayBuilder();
        args.forEach(array::add);
        return post("/v1/terminals", JsonSupport.objectBuilder().add("sessionId", sessionId).add("shell", shell)
                .add("args", array).build().toString());
    }

    Answer post(String path, String body) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    Answer delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A raw WebSocket client of terminal {@code id} with {@code query}. */
    RawWebSocket attach(String id, String query, int receiveBuffer) throws IOException {
        return RawWebSocket.connect("127.0.0.1", port(), "/v1/terminals/" + id + "/socket?" + query, receiveBuffer);
    }

    @Override
    public void close() {
        server.close();
        http.close();
    }
}
