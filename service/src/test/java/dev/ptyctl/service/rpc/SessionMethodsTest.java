package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code pty/status}, {@code pty/resize}, {@code pty/kill} and {@code pty/auth}. */
class SessionMethodsTest {
    private final InMemoryClient client = new InMemoryClient();

    @Test
    void statusWhileRunningHasNullExitCode() throws Exception {
        JsonObject status = client.result("pty/status", "{}");
        assertThat(status.getBoolean("running")).isTrue();
        assertThat(status.get("exitCode")).isEqualTo(JsonValue.NULL);
        assertThat(status.getJsonNumber("pid").longValue()).isEqualTo(4242);
    }

    @Test
    void statusAfterExitHasTheExitCode() throws Exception {
        client.session.exit(3);
        JsonObject status = client.result("pty/status", "{}");
        assertThat(status.getBoolean("running")).isFalse();
        assertThat(status.getInt("exitCode")).isEqualTo(3);
    }

    @Test
    void resizeResizesSessionAndEmulator() throws Exception {
        assertThat(client.result("pty/resize", "{\"cols\":120,\"rows\":40}")).isEmpty();
        assertThat(client.session.resizedCols).isEqualTo(120);
        assertThat(client.session.resizedRows).isEqualTo(40);
        JsonObject size = client.result("pty/read", "{}").getJsonObject("size");
        assertThat(size.getInt("cols")).isEqualTo(120);
        assertThat(size.getInt("rows")).isEqualTo(40);
    }

    @Test
    void resizeAcceptsTheBounds() throws Exception {
        client.result("pty/resize", "{\"cols\":1,\"rows\":1000}");
        assertThat(client.session.resizedRows).isEqualTo(1000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1001", "-5", "80.5", "\"80\"", "true", "null"})
    void resizeColsOutsideOneToThousandIsInvalidParams(String cols) throws Exception {
        assertThat(client.invalidParams("pty/resize", "{\"cols\":" + cols + ",\"rows\":24}"))
                .startsWith("cols ").contains("an integer from 1 to 1000");
    }

    @Test
    void resizeWithoutRowsIsInvalidParams() throws Exception {
        assertThat(client.invalidParams("pty/resize", "{\"cols\":80}"))
                .isEqualTo("rows is required (an integer from 1 to 1000)");
    }

    @Test
    void resizeAfterExitIsSessionError() throws Exception {
        client.session.exit(0);
        client.error("pty/resize", "{\"cols\":80,\"rows\":24}", -32000);
    }

    @Test
    void killKillsAnswersEmptyAndAsksToCloseTheEndpoint() throws Exception {
        byte[] line = "{\"jsonrpc\":\"2.0\",\"method\":\"pty/kill\",\"id\":1}".getBytes(StandardCharsets.UTF_8);
        RpcDispatcher.Reply reply = client.dispatcher.handle(line, line.length, client.dispatcher.newConnection());
        assertThat(reply.response()).isEqualTo("{\"jsonrpc\":\"2.0\",\"result\":{},\"id\":1}");
        assertThat(reply.closeEndpoint()).isTrue();
        assertThat(client.session.killed).isTrue();
    }

    @Test
    void failedRequestsDoNotCloseTheEndpoint() throws Exception {
        byte[] line = "{\"jsonrpc\":\"2.0\",\"method\":\"pty/kil\",\"id\":1}".getBytes(StandardCharsets.UTF_8);
        assertThat(client.dispatcher.handle(line, line.length, client.dispatcher.newConnection()).closeEndpoint())
                .isFalse();
    }

    @Test
    void withATokenEveryMethodIsUnauthorizedUntilAuth() throws Exception {
        InMemoryClient guarded = new InMemoryClient(new FakeSession(20, 5), "s3cret");
        for (String method : new String[] {"pty/read", "pty/write", "pty/wait", "pty/status", "pty/resize",
            "pty/kill", "pty/unknown"}) {
            assertThat(guarded.error(method, "{}", -32001).getString("message")).isEqualTo("Unauthorized");
        }
        assertThat(guarded.session.killed).isFalse();
        assertThat(guarded.result("pty/auth", "{\"token\":\"s3cret\"}")).isEmpty();
        assertThat(guarded.result("pty/status", "{}").getBoolean("running")).isTrue();
    }

    @Test
    void wrongTokenIsUnauthorizedAndDoesNotAuthenticate() throws Exception {
        InMemoryClient guarded = new InMemoryClient(new FakeSession(20, 5), "s3cret");
        assertThat(guarded.error("pty/auth", "{\"token\":\"guess\"}", -32001).getString("message"))
                .isEqualTo("Unauthorized: wrong token");
        guarded.error("pty/status", "{}", -32001);
    }

    @Test
    void authenticationBelongsToTheConnection() throws Exception {
        FakeSession session = new FakeSession(20, 5);
        InMemoryClient first = new InMemoryClient(session, "t");
        first.result("pty/auth", "{\"token\":\"t\"}");
        first.result("pty/status", "{}");
        new InMemoryClient(session, "t").error("pty/status", "{}", -32001);
    }

    @Test
    void authWithoutTokenParamIsInvalidParams() throws Exception {
        InMemoryClient guarded = new InMemoryClient(new FakeSession(20, 5), "t");
        assertThat(guarded.invalidParams("pty/auth", "{}")).isEqualTo("token is required");
        assertThat(guarded.invalidParams("pty/auth", "{\"token\":1}")).isEqualTo("token must be a string");
    }

    @Test
    void withoutAServerTokenAuthIsAcceptedAndNothingIsRequired() throws Exception {
        client.result("pty/status", "{}");
        assertThat(client.result("pty/auth", "{\"token\":\"anything\"}")).isEmpty();
    }

    @Test
    void unexpectedFailureIsInternalErrorAndTheConnectionGoesOn() throws Exception {
        client.session.screenFailure = new IllegalStateException("emulator broke");
        assertThat(client.error("pty/read", "{}", -32603).getString("message"))
                .isEqualTo("Internal error: IllegalStateException: emulator broke");
        assertThat(client.result("pty/read", "{}").getString("screen")).isEmpty();
    }

    @Test
    void aStackOverflowIsAnsweredAsInternalErrorNotLeftUnanswered() throws Exception {
        client.session.screenFailure = new StackOverflowError();
        assertThat(client.error("pty/read", "{}", -32603).getString("message"))
                .isEqualTo("Internal error: StackOverflowError");
        assertThat(client.result("pty/read", "{}").getString("screen")).isEmpty();
    }
}
