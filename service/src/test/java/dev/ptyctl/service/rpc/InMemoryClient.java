package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;

/** Drives an {@link RpcDispatcher} with in-memory lines as one connection would, and parses the responses. */
final class InMemoryClient {
    final FakeSession session;
    final RpcDispatcher dispatcher;
    private final RpcDispatcher.ConnectionState state;
    private int nextId = 1;

    InMemoryClient(FakeSession session, String token) {
        this.session = session;
        this.dispatcher = new RpcDispatcher(session, token);
        this.state = dispatcher.newConnection();
    }

    InMemoryClient() {
        this(new FakeSession(20, 5), null);
    }

    /** The response to a raw line, or null when the line gets none. */
    JsonObject raw(String line) throws InterruptedException {
        return raw(line.getBytes(StandardCharsets.UTF_8));
    }

    JsonObject raw(byte[] line) throws InterruptedException {
        RpcDispatcher.Reply reply = dispatcher.handle(line, line.length, state);
        return reply.response() == null ? null : JsonSupport.parseObject(reply.response());
    }

    /** Calls {@code method} with {@code params} (a JSON object text) and returns the whole response. */
    JsonObject call(String method, String params) throws InterruptedException {
        int id = nextId++;
        JsonObject response = raw("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\",\"params\":" + params
                + ",\"id\":" + id + "}");
        assertThat(response.getInt("id")).isEqualTo(id);
        return response;
    }

    /** The result of a call that must succeed. */
    JsonObject result(String method, String params) throws InterruptedException {
        JsonObject response = call(method, params);
        assertThat(response.containsKey("error")).as("error in %s", response).isFalse();
        return response.getJsonObject("result");
    }

    /** The error of a call that must fail with {@code code}. */
    JsonObject error(String method, String params, int code) throws InterruptedException {
        JsonObject response = call(method, params);
        assertThat(response.containsKey("result")).as("result in %s", response).isFalse();
        JsonObject error = response.getJsonObject("error");
        assertThat(error.getInt("code")).as("code of %s", error).isEqualTo(code);
        return error;
    }

    /** The error message of a call that must fail with -32602. */
    String invalidParams(String method, String params) throws InterruptedException {
        return error(method, params, -32602).getString("message");
    }
}
