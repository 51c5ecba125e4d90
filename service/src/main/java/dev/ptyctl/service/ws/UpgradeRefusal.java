package dev.ptyctl.service.ws;

import dev.ptyctl.service.log.EventLog;
import io.helidon.http.DirectHandler;
import io.helidon.http.HttpPrologue;
import io.helidon.http.RequestException;
import io.helidon.http.Status;

/**
 * A WebSocket upgrade refused by its endpoint ({@code /socket}, {@code /rpc}): unknown terminal, bad query, too many
 * clients. Helidon answers the {@link RequestException} with its status and message; the event log gets a
 * {@code request.refused} line first, since the request filter that logs the other refusals let this one through.
 * Not {@code WsUpgradeException}: Helidon answers that with 400 whatever the reason.
 */
public final class UpgradeRefusal {
    private UpgradeRefusal() {
    }

    /**
     * @param message what the client is told; logged only for 403 (a fixed sentence of the access rules): others can
     *                quote what the client sent
     */
    public static RequestException of(HttpPrologue prologue, Status status, String message) {
        EventLog.get().upgradeRefused(status.code(), reason(status),
                status.code() == Status.FORBIDDEN_403.code() ? message : null, prologue.uriPath().path());
        return RequestException.builder().type(DirectHandler.EventType.OTHER).status(status).message(message)
                .safeMessage(true).build();
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
