package dev.ptyctl.protocol;

/**
 * JSON-RPC 2.0 error codes used by the per-terminal socket protocol (SPEC §4.1).
 *
 * <p>The first five are the JSON-RPC standard codes; the last three are server-defined codes from
 * the range JSON-RPC reserves for implementations.
 */
public enum RpcErrorCode {
    /** The line is not valid JSON. The response id is always {@code null}. */
    PARSE_ERROR(-32700),
    /** Valid JSON but not a valid request: not an object, bad envelope, legacy {@code op}, line too long. */
    INVALID_REQUEST(-32600),
    /** The method name is not one the server knows. */
    METHOD_NOT_FOUND(-32601),
    /** Params are not an object, have wrong types, conflicting fields, unknown keys or out-of-domain values. */
    INVALID_PARAMS(-32602),
    /** Something failed inside the server that the request could not have caused. */
    INTERNAL_ERROR(-32603),
    /** The request is valid but the session cannot carry it out (the process has exited). */
    SESSION_ERROR(-32000),
    /** The server has a token and this connection has not authenticated with {@code pty/auth}. */
    UNAUTHORIZED(-32001),
    /**
     * The terminal's JSON-RPC port already has as many connections as it takes; sent (id {@code null}) on a new
     * connection, which is then closed.
     */
    TOO_MANY_CONNECTIONS(-32002);

    private final int code;

    RpcErrorCode(int code) {
        this.code = code;
    }

    /** The numeric code sent on the wire. */
    public int code() {
        return code;
    }

    /** The constant for a wire code, or {@code null} when the code is not one of ours. */
    public static RpcErrorCode of(int code) {
        for (RpcErrorCode c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return null;
    }
}
