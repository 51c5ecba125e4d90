package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.log.EventLog;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.RequestException;
import io.helidon.http.Status;
import java.util.Locale;

/**
 * A WebSocket upgrade refused by its endpoint ({@code /socket}, {@code /rpc}, {@code /v1/events}): unknown terminal,
 * bad query, too many clients. The answer has the REST API's error body, {@code {"error": "not_found", "message":
 * "..."}}, so a client (the SDK's {@code TerminalAttachment}) can quote the server's sentence; plain text only for a
 * client whose {@code Accept} names neither JSON nor any type (a browser's WebSocket never shows the body either way).
 * Helidon answers the {@link RequestException} with its status, headers and message ({@link RefusalBodies} on the
 * server sends the JSON unescaped); the event log gets a
 * {@code request.refused} line first, since the request filter that logs the other refusals let this one through.
 * Not {@code WsUpgradeException}: Helidon answers that with 400 whatever the reason.
 */
public final class UpgradeRefusal {
    /** The content type of a JSON refusal, which {@link RefusalBodies} sends unescaped. */
    static final String JSON = "application/json";

    private UpgradeRefusal() {
    }

    /**
     * @param headers the upgrade request's headers: its {@code Accept} decides between JSON and plain text
     * @param message what the client is told; logged only for 403 (a fixed sentence of the access rules): others can
     *                quote what the client sent
     */
    public static RequestException of(HttpPrologue prologue, Headers headers, Status status, String message) {
        String error = reason(status);
        EventLog.get().upgradeRefused(status.code(), error,
                status.code() == Status.FORBIDDEN_403.code() ? message : null, prologue.uriPath().path());
        RequestException.Builder refusal = RequestException.builder().type(DirectHandler.EventType.OTHER)
                .status(status).safeMessage(true);
        if (!acceptsJson(headers)) {
            return refusal.message(message).build();
        }
        return refusal.header(HeaderValues.create(HeaderNames.CONTENT_TYPE, JSON))
                .message(JsonSupport.objectBuilder().add("error", error).add("message", message).build().toString())
                .build();
    }

    /** Whether the client takes a JSON body: no {@code Accept} at all, or one naming JSON or any type. */
    static boolean acceptsJson(Headers headers) {
        if (!headers.contains(HeaderNames.ACCEPT)) {
            return true;
        }
        return headers.all(HeaderNames.ACCEPT, java.util.List::of).stream()
                .flatMap(value -> java.util.Arrays.stream(value.split(",")))
                .map(type -> type.split(";")[0].strip().toLowerCase(Locale.ROOT))
                .anyMatch(type -> type.equals("application/json") || type.equals("application/*")
                        || type.equals("*/*"));
    }

    private static String reason(Status status) {
        return switch (status.code()) {
            case 400 -> "bad_request";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 429 -> "too_many_clients";
            default -> "refused";
        };
    }
}
