package dev.ptyctl.service.http;

import java.util.Objects;

/**
 * A request the REST API refuses, answered as {@code {"error": word, "message": sentence}} with {@link #status()}
 * (SPEC §5). Handlers throw it; {@link ApiErrors} writes it.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String error;

    /**
     * @param status  the HTTP status
     * @param error   a short code word, e.g. {@code invalid_request}
     * @param message a sentence for humans
     */
    public ApiException(int status, String error, String message) {
        super(message);
        this.status = status;
        this.error = Objects.requireNonNull(error);
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    static ApiException badRequest(String message) {
        return new ApiException(400, "invalid_request", message);
    }

    static ApiException notFound(String message) {
        return new ApiException(404, "not_found", message);
    }
}
