package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.log.UnexpectedFailures;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpException;
import io.helidon.http.NotFoundException;
import io.helidon.http.RequestException;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonObject;

/**
 * Writes every REST error as {@code {"error": word, "message": sentence}} (SPEC §5): the {@link ApiException}s our
 * handlers throw, Helidon's own request errors, routes that do not exist (404), and anything unexpected (500,
 * logged).
 */
public final class ApiErrors {
    private static final System.Logger LOG = System.getLogger(ApiErrors.class.getName());

    private ApiErrors() {
    }

    /** Installs the error handlers on {@code routing}. */
    public static void register(HttpRouting.Builder routing) {
        routing.error(ApiException.class, (req, res, e) -> refuse(req, res, e.status(), e.error(), e.getMessage()))
                .error(NotFoundException.class, (req, res, e) -> notFound(req, res))
                .error(HttpException.class, (req, res, e) -> refuse(req, res, e.status().code(),
                        e.status().code() < 500 ? "invalid_request" : "internal_error", e.getMessage()))
                .error(RequestException.class, (req, res, e) -> refuse(req, res, e.status().code(),
                        e.status().code() < 500 ? "invalid_request" : "internal_error", e.getMessage()))
                .error(Exception.class, ApiErrors::unexpected);
    }

    /** What no route answers (Helidon's {@link NotFoundException}). */
    static void notFound(ServerRequest req, ServerResponse res) {
        refuse(req, res, Status.NOT_FOUND_404.code(), "not_found",
                "no such endpoint: " + req.prologue().method().text() + " " + req.path().path());
    }

    /** A failure no handler expected: answered 500 as {@link UnexpectedFailures} says. */
    private static void unexpected(ServerRequest req, ServerResponse res, Exception e) {
        boolean upgrade = req.headers().contains(HeaderNames.UPGRADE);
        String told = UnexpectedFailures.log(LOG, (upgrade ? "WebSocket upgrade " : "request ")
                + HeadRequests.method(req) + " " + EventLog.quoted(req.path().path()), e); // the client's path
        send(res, Status.INTERNAL_SERVER_ERROR_500.code(), "internal_error", told);
    }

    /** Sends an error body, and logs a refusal (4xx) with its code word. */
    private static void refuse(ServerRequest req, ServerResponse res, int status, String error, String message) {
        if (status >= 400 && status < 500) {
            logRefused(req, status, error);
        }
        send(res, status, error, message);
    }

    /**
     * Logs {@code request.refused} for a 4xx, answered here or with a body of its own (a DELETE's {@code {"closed":
     * false}}); without the message, which outside access refusals can quote what the client sent.
     */
    static void logRefused(ServerRequest req, int status, String error) {
        // The prologue's path: in an error handler req.path() is relative to the service that failed.
        EventLog.get().requestRefused(status, error, null, HeadRequests.method(req),
                req.prologue().uriPath().path(), req.remotePeer().address());
    }

    /** Sends an error body; does nothing when the response has already been sent (e.g. an event stream). */
    public static void send(ServerResponse res, int status, String error, String message) {
        if (res.isSent()) {
            return;
        }
        JsonObject body = JsonSupport.objectBuilder().add("error", error)
                .add("message", message == null ? error : message).build();
        Responses.json(res, status, body);
    }
}
