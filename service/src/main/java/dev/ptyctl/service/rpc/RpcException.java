package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonValue;

/**
 * A request that ends in a JSON-RPC error response. The message is sent to the client as it is, so it is written
 * for the user: it names the field or value at fault.
 */
public final class RpcException extends Exception {
    private static final long serialVersionUID = 1L;

    private final RpcErrorCode code;
    private final transient JsonValue data;

    public RpcException(RpcErrorCode code, String message) {
        this(code, message, null);
    }

    /** With {@code data}, the optional error member that carries details for programs (may be null). */
    public RpcException(RpcErrorCode code, String message, JsonValue data) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
    }

    /** -32602: the params are wrong. */
    static RpcException invalidParams(String message) {
        return new RpcException(RpcErrorCode.INVALID_PARAMS, message);
    }

    /** -32000: the request is valid but the session cannot carry it out. */
    static RpcException sessionError(String message) {
        return new RpcException(RpcErrorCode.SESSION_ERROR, message);
    }

    public RpcErrorCode code() {
        return code;
    }

    /** The error's {@code data} member, or null when there is none. */
    public JsonValue data() {
        return data;
    }
}
