package dev.ptyctl.protocol;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * JSON-RPC 2.0 response lines (without the trailing newline), for the server's {@code pty/*} endpoints and for
 * {@code ptyctl mcp --url}'s answer to a request its server refused. A null id is written as JSON {@code null}.
 */
public final class JsonRpcResponses {

    private JsonRpcResponses() {
    }

    /** {@code {"jsonrpc":"2.0","result":…,"id":…}}. */
    public static String result(JsonValue id, JsonObject result) {
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("result", result)
                .add("id", id == null ? JsonValue.NULL : id).build().toString();
    }

    /** {@code {"jsonrpc":"2.0","error":{code, message, data?},"id":…}}; {@code data} null for none. */
    public static String error(JsonValue id, RpcErrorCode code, String message, JsonValue data) {
        JsonObjectBuilder error = JsonSupport.objectBuilder().add("code", code.code()).add("message", message);
        if (data != null) {
            error.add("data", data);
        }
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("error", error)
                .add("id", id == null ? JsonValue.NULL : id).build().toString();
    }
}
