package dev.ptyctl.service.http;

import dev.ptyctl.service.terminals.TerminalEvents;
import dev.ptyctl.service.ws.UpgradePolicy;
import io.helidon.webserver.websocket.WsRouting;
import java.time.Duration;

/**
 * {@code GET /v1/events} upgraded to a WebSocket: the terminal events of {@link EventsService}, one JSON text frame
 * each ({@code docs/protocol-websocket.md}, "The event socket"). For browsers: a page's event stream holds one of
 * the six HTTP/1.1 connections Chromium opens to a server for as long as it runs, so six windows on the list left a
 * seventh nothing to load with; WebSockets do not count against those six. Same access rules as the REST call
 * (token, also as {@code ?token=}; Origin; Host); the view token may follow the events.
 */
public final class EventsSocketEndpoint {
    /** The route: the same path as the Server-Sent Events, which a request without {@code Upgrade} gets. */
    public static final String PATH = "/v1/events";

    private final TerminalEvents events;
    private final UpgradePolicy policy;
    private final Duration keepalive;

    /** @param keepalive the longest a connection goes without a frame; at most {@link EventsService#KEEPALIVE} */
    public EventsSocketEndpoint(TerminalEvents events, UpgradePolicy policy, Duration keepalive) {
        this.events = events;
        this.policy = policy;
        this.keepalive = keepalive.compareTo(EventsService.KEEPALIVE) < 0 ? keepalive : EventsService.KEEPALIVE;
    }

    /** Registers the endpoint's route. */
    public void routing(WsRouting.Builder routing) {
        routing.endpoint(PATH, () -> new EventsSocketConnection(events, policy, keepalive));
    }
}
