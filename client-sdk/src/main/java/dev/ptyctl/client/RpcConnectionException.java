package dev.ptyctl.client;

import java.io.IOException;

/**
 * The conversation with the endpoint failed: it could not be reached, the connection was closed or
 * broken, no reply came in time, or the reply was not a JSON-RPC response at all.
 *
 * <p>After this exception the client is usually unusable (a timeout is the exception: the late
 * reply is dropped and the connection stays open). The message always names the address.
 *
 * <pre>{@code
 * try (RpcClient client = RpcClient.connect("127.0.0.1", 5174)) {
 *     ...
 * } catch (RpcConnectionException e) {
 *     System.err.println(e.getMessage()); // cannot connect to 127.0.0.1:5174: Connection refused
 * }
 * }</pre>
 */
public class RpcConnectionException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient RpcAddress address;

    /**
     * Creates the exception.
     *
     * @param address the endpoint the problem concerns
     * @param message a sentence that names the address
     * @param cause the underlying failure, or {@code null}
     */
    public RpcConnectionException(RpcAddress address, String message, Throwable cause) {
        super(message, cause);
        this.address = address;
    }

    /** The endpoint the problem concerns. */
    public RpcAddress address() {
        return address;
    }
}
