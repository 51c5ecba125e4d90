package dev.ptyctl.client;

import java.io.IOException;
import java.net.URI;

/**
 * A REST request got no HTTP answer: the server could not be reached, the connection broke, no answer came within
 * the request timeout, or the answer was not what the API sends (a body that is not the expected JSON). The message
 * always names the URI.
 *
 * <pre>{@code
 * try {
 *     terminals.list();
 * } catch (RestConnectionException e) {
 *     System.err.println(e.getMessage()); // cannot connect to http://127.0.0.1:8765/v1/terminals: Connection refused
 * }
 * }</pre>
 */
public final class RestConnectionException extends IOException {
    private static final long serialVersionUID = 1L;

    private final URI uri;

    /**
     * Creates the exception.
     *
     * @param uri the request's URI
     * @param message a sentence that names the URI
     * @param cause the underlying failure, or {@code null}
     */
    public RestConnectionException(URI uri, String message, Throwable cause) {
        super(message, cause);
        this.uri = uri;
    }

    /** The URI of the request that failed. */
    public URI uri() {
        return uri;
    }
}
