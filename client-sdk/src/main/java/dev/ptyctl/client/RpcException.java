package dev.ptyctl.client;

import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonValue;
import java.io.IOException;

/**
 * The server answered a request with a JSON-RPC error: it understood the request and refused it
 * (unknown key name, bad parameters, process already exited, not authenticated...).
 *
 * <p>{@link #getMessage()} is the server's message and the code, and for a refused token (-32001) what to do about it;
 * {@link #message()} is the server's message alone.
 *
 * <p>The connection stays usable after this exception. It extends {@link IOException} so that
 * every {@link RpcClient} method declares a single exception type; catch this class first when a
 * refusal needs handling apart from a broken connection ({@link RpcConnectionException}).
 *
 * <pre>{@code
 * try {
 *     client.write(Action.key("Hyper+Q"));
 * } catch (RpcException e) {
 *     System.err.println(e.message() + " (code " + e.code() + ")"); // code -32602
 * }
 * }</pre>
 */
public final class RpcException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * What to do about a refused token (the server says only "Unauthorized"): a terminal's own port wants
     * {@code pty/auth} first, which the builder's token sends.
     */
    private static final String TOKEN_HINT = ": the server has a token; connect with RpcClient.builder().token(token)"
            + " (or call auth(token) first)";

    private final int code;
    private final String rpcMessage;
    private final transient JsonValue data;

    /**
     * Creates the exception for an error object received from the server.
     *
     * @param code the JSON-RPC error code
     * @param message the server's message
     * @param data the optional {@code data} member, or {@code null}
     */
    public RpcException(int code, String message, JsonValue data) {
        super(message + " (code " + code + ")" + (code == RpcErrorCode.UNAUTHORIZED.code() ? TOKEN_HINT : ""));
        this.code = code;
        this.rpcMessage = message;
        this.data = data;
    }

    /** The JSON-RPC error code, e.g. {@code -32602}. */
    public int code() {
        return code;
    }

    /** The server's message, without the code. */
    public String message() {
        return rpcMessage;
    }

    /** The error's {@code data} member, or {@code null} when the server sent none. */
    public JsonValue data() {
        return data;
    }

    /** The code as one of the protocol's known codes, or {@code null} for a code we do not know. */
    public RpcErrorCode errorCode() {
        return RpcErrorCode.of(code);
    }
}
