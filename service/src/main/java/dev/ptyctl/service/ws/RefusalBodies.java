package dev.ptyctl.service.ws;

import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.ListenerConfig;

/**
 * Sends an {@link UpgradeRefusal}'s JSON body as it is. Helidon's own handler of such refusals HTML-escapes every
 * message it sends ({@code {&quot;error&quot;...}), which suits its plain-text sentences but breaks a JSON body; the
 * refusal built that body itself from a code word and a sentence, so it needs no escaping. Anything else goes to
 * Helidon's handler as before.
 */
public final class RefusalBodies implements DirectHandler {
    private static final DirectHandler HELIDON = DirectHandler.defaultHandler();

    private RefusalBodies() {
    }

    /** Installs the handler for the refusals of WebSocket upgrades ({@link EventType#OTHER}) on {@code server}. */
    public static void installOn(ListenerConfig.BuilderBase<?, ?> server) {
        server.directHandlers(handlers -> handlers.addHandler(EventType.OTHER, new RefusalBodies()));
    }

    @Override
    public TransportResponse handle(TransportRequest request, EventType eventType, Status status,
                                    ServerResponseHeaders headers, String message) {
        if (!headers.contains(HeaderNames.CONTENT_TYPE)
                || !headers.get(HeaderNames.CONTENT_TYPE).get().equals(UpgradeRefusal.JSON)) {
            return HELIDON.handle(request, eventType, status, headers, message);
        }
        return TransportResponse.builder().status(status).headers(headers).entity(message).build();
    }
}
