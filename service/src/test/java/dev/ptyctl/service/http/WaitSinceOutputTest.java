package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.restassured.RestAssured;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pty/wait} with {@code since} and a text on a real PTY: the text is looked for in what the program wrote after
 * the offset, and every answer has {@code nextSince}, so a client loops as pexpect does ({@code while True: i =
 * child.expect([...])}) without finding a question it has answered again, which stays on the screen.
 */
class WaitSinceOutputTest {
    /** The least the server takes. */
    private static final int REPLAY = 65536;
    private static final Duration BOUND = Duration.ofSeconds(30);
    /** Asks for the password until it is right: the same question twice, as ssh does after a wrong one. */
    private static final String LOGIN = """
            printf 'Password: '
            stty -echo; read pw; stty echo; echo
            while [ "$pw" != secret ]; do
                echo 'Permission denied, please try again.'
                printf 'Password: '
                stty -echo; read pw; stty echo; echo
            done
            echo 'Welcome, port 2222'
            printf 'OK 1\\nOK 2\\n'
            read more
            """;

    @TempDir
    Path dir;

    private PtyctlServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        http.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    private String start() throws Exception {
        Path script = Files.writeString(dir.resolve("login.sh"), LOGIN);
        server = TestServers.start();
        return RestAssured.given(TestServers.api(server))
                .body("{\"sessionId\":\"since\",\"shell\":\"/bin/sh\",\"args\":[\"" + script + "\"]}")
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
    }

    /** The whole JSON-RPC response to {@code method} posted to the terminal's REST form. */
    private JsonObject call(String id, String method, String params) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/v1/terminals/" + id + "/rpc"))
                .timeout(BOUND).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method
                        + "\",\"params\":" + params + "}"))
                .build();
        return JsonSupport.parseObject(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }

    private JsonObject result(String id, String method, String params) throws Exception {
        JsonObject response = call(id, method, params);
        assertThat(response.containsKey("result")).as("%s answered %s", method, response).isTrue();
        return response.getJsonObject("result");
    }

    private JsonObject waitSince(String id, long since, String anyOf) throws Exception {
        return result(id, "pty/wait", "{\"anyOf\":" + anyOf + ",\"regex\":true,\"since\":" + since
                + ",\"timeout\":20000}");
    }

    private void typeLine(String id, String line) throws Exception {
        result(id, "pty/write", "{\"action\":[{\"text\":\"" + line + "\"},{\"key\":\"Enter\"}]}");
    }

    @Test
    void aLoopOverTheOutputAnswersEachQuestionOnceAndGoesOnAfterEachMatch() throws Exception {
        String id = start();
        List<String> seen = new ArrayList<>();
        List<String> answered = new ArrayList<>(List.of("wrong", "secret"));
        long since = 0;
        String port = null;
        while (port == null && seen.size() < 6) {
            JsonObject answer = waitSince(id, since, "[\"Password: \",\"Welcome, port (\\\\d+)\"]");
            assertThat(answer.getBoolean("matched")).as("screen:%n%s", answer.getString("screen")).isTrue();
            JsonObject found = answer.getJsonObject("found");
            long next = answer.getJsonNumber("nextSince").longValue();
            assertThat(next).isGreaterThan(since);
            assertThat(found.containsKey("row")).as("a match in the output has no screen cell").isFalse();
            since = next;
            if (found.getInt("index") == 0) {
                // The second question comes only after the refusal: an answer without it on the screen would be
                // the first question found again.
                seen.add(answer.getString("screen").contains("please try again") ? "again" : "first");
                typeLine(id, answered.removeFirst());
            } else {
                port = found.getJsonArray("groups").getString(0);
            }
        }
        assertThat(seen).containsExactly("first", "again");
        assertThat(port).isEqualTo("2222");

        // Two lines that came in one chunk: each wait finds the first after its offset, not the last on the screen.
        JsonObject one = waitSince(id, since, "[\"OK (\\\\d)\"]");
        JsonObject two = waitSince(id, one.getJsonNumber("nextSince").longValue(), "[\"OK (\\\\d)\"]");
        assertThat(one.getJsonObject("found").getJsonArray("groups").getString(0)).isEqualTo("1");
        assertThat(two.getJsonObject("found").getJsonArray("groups").getString(0)).isEqualTo("2");

        // Nothing more: unmatched, and the offset to go on from is the one asked (nothing was consumed).
        long after = two.getJsonNumber("nextSince").longValue();
        JsonObject none = result(id, "pty/wait", "{\"match\":\"OK\",\"since\":" + after + ",\"timeout\":300}");
        assertThat(none.getBoolean("matched")).isFalse();
        assertThat(none.getJsonNumber("nextSince").longValue()).isEqualTo(after);
        assertThat(none.containsKey("exited")).isFalse();
    }

    @Test
    void anOffsetTheLogNoLongerKeepsOrBeyondTheOutputIsRefusedNotMatchedOnTheScreen() throws Exception {
        server = TestServers.start(TestServers.withReplayBytes(REPLAY), ServerToken.none());
        String id = RestAssured.given(TestServers.api(server)).body(TestServers.createBody("since-old"))
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
        typeLine(id, "printf '%0" + (REPLAY + 100) + "d\\\\n' 0; echo $((6*7))-end");
        JsonObject printed = result(id, "pty/wait", "{\"match\":\"^42-end\",\"regex\":true,\"timeout\":20000}");
        assertThat(printed.getBoolean("matched")).as("screen:%n%s", printed.getString("screen")).isTrue();
        JsonObject old = call(id, "pty/wait", "{\"match\":\"Password\",\"since\":0,\"timeout\":1000}");
        assertThat(old.getJsonObject("error").getString("message"))
                .contains("since 0 is older than the output kept").contains("keeps the last " + REPLAY + " bytes");
        JsonObject beyond = call(id, "pty/wait", "{\"match\":\"Password\",\"since\":999999,\"timeout\":1000}");
        assertThat(beyond.getJsonObject("error").getString("message")).contains("beyond the output so far");
        JsonObject scrollback = call(id, "pty/wait", "{\"match\":\"x\",\"since\":1,\"scrollback\":true}");
        assertThat(scrollback.getJsonObject("error").getString("message"))
                .contains("since and scrollback are exclusive");
    }

    /**
     * A wait longer than one request (the SDK asks again every 10 minutes) over a stream far larger than the output
     * log: the same since is refused once the log has dropped it, and continueAt from the answer before goes on where
     * that request left off, finding a text whose start came before the request boundary and whose end after it.
     */
    @Test
    void aWaitAskedAgainWithContinueAtGoesOnAfterTheLogHasDroppedSinceAndFindsATextSplitBetweenRequests()
            throws Exception {
        Path script = Files.writeString(dir.resolve("stream.sh"), """
                stty -echo; printf 'ready\\n'; read a
                seq 1 1000000
                printf 'DO'; read b; printf 'NE\\n'; read c
                """);
        server = TestServers.start(); // the default log: 2 MiB, of some 7.9 MB that seq prints
        String id = RestAssured.given(TestServers.api(server))
                .body("{\"sessionId\":\"long\",\"shell\":\"/bin/sh\",\"args\":[\"" + script + "\"]}")
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
        assertThat(result(id, "pty/wait", "{\"match\":\"ready\",\"timeout\":20000}").getBoolean("matched")).isTrue();
        long since = result(id, "pty/write", "{\"action\":[{\"text\":\"a\"},{\"key\":\"Enter\"}]}")
                .getJsonNumber("outputSeq").longValue();

        JsonObject first = result(id, "pty/wait", "{\"match\":\"DONE\",\"since\":" + since + ",\"timeout\":200}");
        assertThat(first.getBoolean("matched")).isFalse();
        assertThat(first.getJsonNumber("nextSince").longValue()).as("nothing consumed").isEqualTo(since);
        long continueAt = first.getJsonNumber("continueAt").longValue();
        assertThat(continueAt).isGreaterThanOrEqualTo(since);

        JsonObject streamed = result(id, "pty/wait", "{\"match\":\"DO\",\"timeout\":60000}");
        assertThat(streamed.getBoolean("matched")).as("screen:%n%s", streamed.getString("screen")).isTrue();
        JsonObject again = call(id, "pty/wait", "{\"match\":\"DONE\",\"since\":" + since + ",\"timeout\":200}");
        assertThat(again.getJsonObject("error").getString("message")).as("the same request, as before continueAt")
                .contains("older than the output kept").contains("continueAt");

        JsonObject second = result(id, "pty/wait", "{\"match\":\"DONE\",\"since\":" + since + ",\"continueAt\":"
                + continueAt + ",\"timeout\":200}");
        assertThat(second.getBoolean("matched")).isFalse();
        assertThat(second.getJsonNumber("nextSince").longValue()).isEqualTo(since);
        long end = outputEnd(id);
        long goOn = second.getJsonNumber("continueAt").longValue();
        assertThat(goOn).as("at most 'DONE'.length() - 1 characters and a line break before the end")
                .isBetween(end - "\r\nDO".length(), end - "DO".length());

        typeLine(id, "b");
        JsonObject found = result(id, "pty/wait", "{\"match\":\"DONE\",\"since\":" + since + ",\"continueAt\":"
                + goOn + ",\"timeout\":20000}");
        assertThat(found.getBoolean("matched")).as("screen:%n%s", found.getString("screen")).isTrue();
        assertThat(found.getJsonObject("found").getString("text")).isEqualTo("DONE");
        assertThat(found.getJsonNumber("nextSince").longValue()).isEqualTo(end + "NE".length());
        assertThat(found.containsKey("continueAt")).as("only an unmatched answer has it").isFalse();
    }

    /** The terminal's output offset now (REST's nextOutputSeq). */
    private long outputEnd(String id) {
        return RestAssured.given(TestServers.api(server)).get("/v1/terminals/" + id).then().statusCode(200)
                .extract().jsonPath().getLong("nextOutputSeq");
    }

    @Test
    void continueAtIsRefusedWithoutATextSinceOrBeforeSinceOrBeyondTheOutput() throws Exception {
        String id = start();
        result(id, "pty/wait", "{\"match\":\"Password\",\"timeout\":20000}");
        assertThat(call(id, "pty/wait", "{\"match\":\"x\",\"continueAt\":0}").getJsonObject("error")
                .getString("message")).startsWith("continueAt needs since with match or anyOf");
        assertThat(call(id, "pty/wait", "{\"match\":\"x\",\"since\":5,\"continueAt\":4}").getJsonObject("error")
                .getString("message")).startsWith("continueAt 4 is before since 5");
        assertThat(call(id, "pty/wait", "{\"match\":\"x\",\"since\":0,\"continueAt\":999999}")
                .getJsonObject("error").getString("message")).contains("beyond the output so far");
    }
}
