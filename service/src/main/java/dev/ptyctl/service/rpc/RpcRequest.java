package dev.ptyctl.service.rpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A request that passed the envelope checks.
 *
 * @param id     the request id, a JSON string or number, echoed in the response
 * @param method the method name
 * @param params the params object ({@code {}} when the request had none)
 */
public record RpcRequest(JsonValue id, String method, JsonObject params) {
}
