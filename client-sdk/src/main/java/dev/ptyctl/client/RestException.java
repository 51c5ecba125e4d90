package dev.ptyctl.client;

import java.io.IOException;

/**
 * The ptyctl server answered a REST request with an error status: it understood the request and refused it (bad
 * field, unknown terminal, missing token, terminal limit reached...).
 *
 * <p>The server's error bodies are {@code {"error": "<code word>", "message": "<sentence>"}} (docs/rest.md);
 * {@link #error()} and {@link #message()} are those two members. When the body is not of that shape (a proxy's
 * HTML page, say), {@link #error()} is empty and {@link #message()} is the start of the body.
 *
 * <pre>{@code
 * try {
 *     terminals.create(CreateTerminalRequest.builder("s1").cols(0).build());
 * } catch (RestException e) {
 *     System.err.println(e.status() + " " + e.message()); // 400 cols must be from 1 to 1000, got 0
 * }
 * }</pre>
 */
public final class RestException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String error;
    private final String serverMessage;

    /**
     * Creates the exception.
     *
     * @param status the HTTP status, e.g. 404
     * @param error the server's code word, e.g. {@code not_found}, or empty
     * @param message the server's sentence
     */
    public RestException(int status, String error, String message) {
        super(message + " (HTTP " + status + (error.isEmpty() ? "" : " " + error) + ")");
        this.status = status;
        this.error = error;
        this.serverMessage = message;
    }

    /** The HTTP status code. */
    public int status() {
        return status;
    }

    /** The server's code word ({@code invalid_request}, {@code not_found}, {@code unauthorized}...), or empty. */
    public String error() {
        return error;
    }

    /** The server's sentence, without status or code word. */
    public String message() {
        return serverMessage;
    }
}
