package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5.5 on the real server, with only JSON-RPC users (no WebSocket client has set the size): under {@code auto}
 * the server's emulator answers the program's queries; under {@code clients} it never does, from the terminal's first
 * byte on, and only the client's own reply reaches the program.
 */
class QueryAnsweringTest {
    /** Asks for the cursor position once the test says so, and prints the answer it read. */
    private static final String ASK = "read go; printf asking; printf '\\\\033[6n'; IFS= read -rs -d R reply; "
            + "echo \\\" got=${reply#?}\\\"";

    @Test
    void underAutoTheServerAnswersWhileNoClientHasSetTheSize() throws Exception {
        try (PtyctlServer server = start("auto"); RpcLines rpc = askingTerminal(server)) {
            rpc.waitFor("got=\\[[0-9]+;[0-9]+", true); // the cursor position, from the server's emulator
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
