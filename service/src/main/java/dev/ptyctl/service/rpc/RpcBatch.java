package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonRpcResponses;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON-RPC 2.0 batch, for the transports that allow one (an HTTP request body): a JSON array of requests, each
 * handed to the {@link RpcDispatcher} as if it had arrived alone, in order, and answered with an array of their
 * responses in the same order. The newline-delimited socket and the server's JSON-RPC WebSocket keep refusing arrays
 * (SPEC §4.1: a message is one request there, and requests are pipelined); over HTTP POST a batch saves round trips,
 * e.g. a write and the wait for its echo in one request.
 *
 * <p>As JSON-RPC 2.0 says: an empty array is answered with one -32600 error (not an array), and a body that is not
 * JSON at all with one -32700 error. A {@code pty/kill} ends the batch: the requests after it are answered -32000,
 * since the terminal is gone.
 */
public final class RpcBatch {

    private RpcBatch() {
    }

    /**
     * Answers a body: one request (or anything not starting with {@code [}), as the socket would, or a batch.
     *
     * @return the reply; its response is null when the body was blank
     * @throws InterruptedException when the caller is interrupted during a request
     */
    public static RpcDispatcher.Reply handle(RpcDispatcher dispatcher, byte[] body,
                                             RpcDispatcher.ConnectionState state) throws InterruptedException {
        if (!startsWithBracket(body)) {
            return dispatcher.handle(body, body.length, state);
        }
        JsonArray requests;
        try {
            requests = JsonSupport.parseValue(new String(body, StandardCharsets.UTF_8)).asJsonArray();
        } catch (JsonException | IllegalStateException | ClassCastException e) {
            return new RpcDispatcher.Reply(JsonRpcResponses.error(null, RpcErrorCode.PARSE_ERROR,
                    "Parse error: the batch is not a valid JSON array", null), false);
        }
        if (requests.isEmpty()) {
            return new RpcDispatcher.Reply(JsonRpcResponses.error(null, RpcErrorCode.INVALID_REQUEST,
                    "Invalid Request: an empty batch", null), false);
        }
        return answerEach(dispatcher, requests, state);
    }

    private static RpcDispatcher.Reply answerEach(RpcDispatcher dispatcher, JsonArray requests,
                                                  RpcDispatcher.ConnectionState state) throws InterruptedException {
        List<String> responses = new ArrayList<>(requests.size());
        boolean killed = false;
        for (JsonValue request : requests) {
            if (killed) {
                responses.add(JsonRpcResponses.error(idOf(request), RpcErrorCode.SESSION_ERROR,
                        "the terminal was killed by an earlier request of this batch", null));
                continue;
            }
            byte[] bytes = request.toString().getBytes(StandardCharsets.UTF_8);
            RpcDispatcher.Reply reply = dispatcher.handle(bytes, bytes.length, state);
            if (reply.response() != null) {
                responses.add(reply.response());
            }
            killed = reply.closeEndpoint();
        }
        return new RpcDispatcher.Reply("[" + String.join(",", responses) + "]", killed);
    }

    /** The id of a batch element, when it is an object with a usable one. */
    private static JsonValue idOf(JsonValue request) {
        if (request.getValueType() != JsonValue.ValueType.OBJECT) {
            return null;
        }
        JsonValue id = request.asJsonObject().get("id");
        return id != null && (id.getValueType() == JsonValue.ValueType.STRING
                || id.getValueType() == JsonValue.ValueType.NUMBER) ? id : null;
    }

    private static boolean startsWithBracket(byte[] body) {
        for (byte b : body) {
            if (b == '[') {
                return true;
            }
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return false;
    }
}
