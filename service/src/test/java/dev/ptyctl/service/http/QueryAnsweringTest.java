package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import io.restassured.path.json.JsonPath;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC §5.5 on the real server: with only JSON-RPC users (no WebSocket client has set the size) under {@code auto}
 * the server's emulator answers the program's queries; under {@code clients} it never does, from the terminal's first
 * byte on, and only the client's own reply reaches the program; and under {@code auto} once a WebSocket client has set
 * the size, the program gets that client's answer and never the server's (exactly one answer); under {@code server}
 * even the sizing client's reply is dropped. The title reports (with {@code titleReports} on) are answered by the
 * server also while a sizing client that leaves them to it ({@code serverAnswers=titleReports}, as the web page)
 * answers the rest, and by the sizing client alone when it does not leave them.
 */
class QueryAnsweringTest {
    /** Asks for the cursor position once the test says so, and prints the answer it read. */
    private static final String ASK = "read go; printf asking; printf '\\\\033[6n'; IFS= read -rs -d R reply; "
            + "echo \\\" got=${reply#?}\\\"";
    /** Asks once, then reads a first answer and, for two more seconds, a second one, and prints both. */
    private static final String ASK_AND_COUNT = "read go; printf asking; printf '\\\\033[6n'; IFS= read -rs -d R a;"
            + " IFS= read -rs -t 2 -d R b; echo \\\" got=${a#?}|${b#?}|end\\\"";

    /**
     * Sets the title (UTF-8), asks for it and then for the status (DSR 5, as programs end a burst of queries with a
     * sentinel), reads up to the status answer's n and, for two more seconds, up to another n, and prints both with
     * ESC shown as ^.
     */
    private static final String ASK_TITLE = """
            stty -echo
            read go
            printf '\\033]2;caf\\303\\251\\033\\\\'
            printf asking
            printf '\\033[21t\\033[5n'
            IFS= read -rs -d n a
            IFS= read -rs -t 2 -d n b
            printf ' got=%s|%s|end\\n' "${a//$'\\e'/^}" "${b//$'\\e'/^}"
            read x
            """;
    /** The server's answers as ASK_TITLE prints them: OSC l café ST, then CSI 0 (n is the delimiter). */
    private static final String SERVER_ANSWERS = "^]lcaf\u00e9^\\^[0||end";

    @TempDir
    Path dir;

    @Test
    void underAutoTheServerAnswersWhileNoClientHasSetTheSize() throws Exception {
        try (PtyctlServer server = start("auto"); RpcLines rpc = askingTerminal(server)) {
            rpc.waitFor("got=\\[[0-9]+;[0-9]+", true); // the cursor position, from the server's emulator
        }
    }

    @Test
    void underServerTheSizingClientsReplyIsDroppedAndTheProgramGetsOneAnswer() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = start("server")) {
            JsonPath created = given(TestServers.api(server)).body("{\"sessionId\":\"count\",\"shell\":\"/bin/bash\","
                    + "\"args\":[\"--norc\",\"-c\",\"" + ASK_AND_COUNT + "\"]}").post("/v1/terminals").then()
                    .statusCode(201).extract().jsonPath();
            SocketFrames page = SocketFrames.attach(http, server, created.getString("terminalId"), "clientId=page");
            page.socket().sendText("{\"type\":\"resize\",\"clientId\":\"page\",\"clientSeq\":1,\"cols\":90,"
                    + "\"rows\":25}", true).join();
            page.next("ack"); // the page now sets the size: under auto it would be the one to answer
            try (RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"))) {
                rpc.type("go");
                rpc.waitFor("asking");
                page.socket().sendText("{\"type\":\"input\",\"clientId\":\"page\",\"clientSeq\":2,\"data\":"
                        + JsonSupport.PROVIDER.createValue("\u001b[9;9R") + ",\"claim\":false}", true).join();
                page.next("ack");
                String screen = rpc.waitFor("got=\\[[0-9]+;[0-9]+\\|[^|]*\\|end", true);
                assertThat(screen).as("the server's answer only").containsPattern("got=\\[[0-9]+;[0-9]+\\|\\|end")
                        .doesNotContain("9;9");
            }
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void underClientsTheServerNeverAnswersAndTheClientsReplyIsTheOnlyOne() throws Exception {
        try (PtyctlServer server = start("clients"); RpcLines rpc = askingTerminal(server)) {
            rpc.waitFor("asking");
            // Had the server answered, its reply would have reached the program before the test saw "asking".
            rpc.result("pty/write", "{\"action\":[{\"text\":" + JsonSupport.PROVIDER.createValue("\u001b[9;9R")
                    + "}]}");
            rpc.waitFor("got=[9;9");
        }
    }

    @Test
    void underAutoAClientThatSetTheSizeAnswersAndTheServerDoesNot() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = start("auto")) {
            String id = given(TestServers.api(server)).body("{\"sessionId\":\"page\",\"shell\":\"/bin/bash\","
                    + "\"args\":[\"--norc\",\"-c\",\"stty -echo; read go; printf asking; printf '\\\\033[c'; "
                    + "IFS= read -rs -d c reply; echo \\\" got=${reply#?}\\\"; read x\"]}")
                    .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
            SocketFrames page = SocketFrames.attach(http, server, id, "");
            page.socket().sendText("{\"type\":\"resize\",\"clientId\":\"page\",\"clientSeq\":1,\"cols\":90,"
                    + "\"rows\":20}", true).join();
            assertThat(page.next("size").getInt("cols")).isIn(90, 100);
            page.go(); // input that claims: this client is being used, it sets the size and answers from now on
            String output = "";
            while (!output.contains("asking")) {
                output += page.next("output").getString("data");
            }
            // The page's xterm.js answers DA1 its own way; had the server answered too, its reply (CSI ? 65 ; ...)
            // would have reached the program first, since it is written as soon as the query is read.
            page.socket().sendText("{\"type\":\"input\",\"clientId\":\"page\",\"clientSeq\":2,\"claim\":false,"
                    + "\"data\":\"\\u001b[?1;2c\"}", true).join();
            while (!output.contains("got=")) {
                output += page.next("output").getString("data");
            }
            while (!output.contains("\n")) {
                output += page.next("output").getString("data");
            }
            assertThat(output).contains("got=[?1;2\r\n");
        } finally {
            http.shutdownNow();
        }
    }

    @Test
    void withTitleReportsOnAndNoClientTheServerAnswersTheTitleReportOnce() throws Exception {
        try (PtyctlServer server = PtyctlServer.start(TestServers.withTitleReports("auto"), ServerToken.none(),
                Config.empty()); RpcLines rpc = RpcLines.connect(titleAsker(server).getInt("rpc.port"))) {
            rpc.type("go");
            assertThat(rpc.waitFor("|end")).contains("got=" + SERVER_ANSWERS);
        }
    }

    @Test
    void aSizingClientThatLeavesTitleReportsToTheServerGetsTheServerToAnswerThemOnce() throws Exception {
        // The client answers the status as soon as it sees the request: the server's title report must come first.
        assertThat(titleAnswersWithSizingClient("clientId=page&serverAnswers=titleReports", "\u001b[0n"))
                .contains("got=^]lcaf\u00e9^\\^[0||end");
    }

    @Test
    void aSizingClientThatDoesNotLeaveTitleReportsToTheServerIsTheOneThatAnswers() throws Exception {
        // e.g. ptyctl attach, whose local terminal may answer title reports itself: the server must stay silent
        assertThat(titleAnswersWithSizingClient("clientId=page", "\u001b]lother\u001b\\\u001b[0n"))
                .contains("got=^]lother^\\^[0||end");
    }

    @Test
    void aSizingClientThatRelaysTitleReportsGetsTheServersAnswerBeforeTheReportAndTheServerStaysSilent()
            throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = PtyctlServer.start(TestServers.withTitleReports("auto"), ServerToken.none(),
                Config.empty())) {
            SocketFrames page = SocketFrames.attach(http, server, titleAsker(server).getString("terminalId"),
                    "clientId=page&relay=titleReports&lastOutputSeq=0");
            page.socket().sendText("{\"type\":\"resize\",\"clientId\":\"page\",\"clientSeq\":1,\"cols\":90,"
                    + "\"rows\":20}", true).join();
            assertThat(page.next("size").getInt("cols")).isIn(90, 100);
            page.go(); // claims: this client sets the size and answers from now on, the title reports too
            StringBuilder output = new StringBuilder();
            JsonObject reply = null;
            while (!output.toString().contains("\u001b[5n")) {
                JsonObject frame = page.nextOf(Set.of("output", "reply"));
                if (frame.getString("type").equals("reply")) {
                    assertThat(reply).as("one reply for one title report").isNull();
                    assertThat(output.toString()).as("the reply comes before its report").doesNotContain("[21t");
                    reply = frame;
                } else {
                    output.append(frame.getString("data"));
                }
            }
            assertThat(reply).as("a reply frame for the title report").isNotNull();
            assertThat(reply.getString("data")).isEqualTo("\u001b]lcaf\u00e9\u001b\\");
            String upToReport = output.substring(0, output.indexOf("\u001b[21t") + "\u001b[21t".length());
            assertThat(reply.getJsonNumber("seq").longValue()).as("the offset just after the report")
                    .isEqualTo(upToReport.getBytes(StandardCharsets.UTF_8).length);
            // The server sent nothing to the program: what the client relays is its one answer.
            page.socket().sendText("{\"type\":\"input\",\"clientId\":\"page\",\"clientSeq\":2,\"claim\":false,"
                    + "\"data\":" + JsonSupport.PROVIDER.createValue(reply.getString("data") + "\u001b[0n") + "}",
                    true).join();
            while (!output.toString().contains("|end")) {
                output.append(page.next("output").getString("data"));
            }
            assertThat(output.toString()).contains("got=" + SERVER_ANSWERS);
        } finally {
            http.shutdownNow();
        }
    }

    /**
     * With title reports on: a client attaches with {@code query}, sets the size and types (claiming the terminal),
     * sends {@code reply} as soon as it sees the status request in the output, and returns the program's output.
     */
    private String titleAnswersWithSizingClient(String query, String reply) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = PtyctlServer.start(TestServers.withTitleReports("auto"), ServerToken.none(),
                Config.empty())) {
            SocketFrames page = SocketFrames.attach(http, server, titleAsker(server).getString("terminalId"), query);
            page.socket().sendText("{\"type\":\"resize\",\"clientId\":\"page\",\"clientSeq\":1,\"cols\":90,"
                    + "\"rows\":20}", true).join();
            assertThat(page.next("size").getInt("cols")).isIn(90, 100);
            page.go(); // input that claims: this client sets the size and answers from now on
            String output = "";
            while (!output.contains("\u001b[5n")) {
                output += page.next("output").getString("data");
            }
            if (reply != null) {
                page.socket().sendText("{\"type\":\"input\",\"clientId\":\"page\",\"clientSeq\":2,\"claim\":false,"
                        + "\"data\":" + JsonSupport.PROVIDER.createValue(reply) + "}", true).join();
            }
            while (!output.contains("|end")) {
                output += page.next("output").getString("data");
            }
            return output;
        } finally {
            http.shutdownNow();
        }
    }

    private JsonPath titleAsker(PtyctlServer server) throws IOException {
        Path script = dir.resolve("ask-title.sh");
        Files.writeString(script, ASK_TITLE);
        return given(TestServers.api(server)).body("{\"sessionId\":\"title\",\"shell\":\"/bin/bash\","
                + "\"args\":[\"--norc\"," + JsonSupport.PROVIDER.createValue(script.toString()) + "]}")
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath();
    }

    private static PtyctlServer start(String answerQueries) {
        return PtyctlServer.start(TestServers.withAnswerQueries(answerQueries), ServerToken.none(), Config.empty());
    }

    private static RpcLines askingTerminal(PtyctlServer server) throws Exception {
        JsonPath created = given(TestServers.api(server)).body("{\"sessionId\":\"ask\",\"shell\":\"/bin/bash\","
                + "\"args\":[\"--norc\",\"-c\",\"" + ASK + "\"]}").post("/v1/terminals").then().statusCode(201)
                .extract().jsonPath();
        RpcLines rpc = RpcLines.connect(created.getInt("rpc.port"));
        rpc.type("go");
        return rpc;
    }
}
