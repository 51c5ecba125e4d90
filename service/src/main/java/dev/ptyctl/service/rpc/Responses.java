package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/** Builds response lines (without the trailing newline). A null id is written as JSON {@code null}. */
final class Responses {

    private Responses() {
    }

    static String result(JsonValue id, JsonObject result) {
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("result", result)
                .add("id", id == null ? JsonValue.NULL : id).build().toString();
    }

    static String error(JsonValue id, RpcErrorCode code, String message, JsonValue data) {
        JsonObjectBuilder error = JsonSupport.objectBuilder().add("code", code.code()).add("message", message);
        if (data != null) {
            error.add("data", data);
        }
        return JsonSupport.objectBuilder().add("jsonrpc", "2.0").add("error", error)
                .add("id", id == null ? JsonValue.NULL : id).build().toString();
    }

    static String error(JsonValue id, RpcException e) {
        return error(id, e.code(), e.getMessage(), e.data());
    }
}
