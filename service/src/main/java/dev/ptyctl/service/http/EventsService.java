package dev.ptyctl.service.http;

import dev.ptyctl.service.terminals.TerminalEvents;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.HeaderNames;
import io.helidon.http.sse.SseEvent;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.sse.SseSink;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * {@code GET /v1/events}: the terminal events as Server-Sent Events, one {@code event: terminal.*} with a JSON
 * {@code data:} line each (SPEC §5.1). The same events go over a WebSocket on the same path
 * ({@link EventsSocketEndpoint}), which is what browsers use.
 *
 * <p>Each connection reads its own {@link EventFeed}, so a slow reader never holds up a terminal and one that falls
 * {@link EventFeed#QUEUE_EVENTS} behind is disconnected. The stream opens with a comment, so a client knows it is
 * subscribed, and sends a comment every {@link #KEEPALIVE} so that a client that has gone is noticed and proxies keep
 * the connection open.
 */
public final class EventsService implements HttpService {
    /** Well under the idle timeouts of common proxies; costs one small write per connection per interval. */
    static final Duration KEEPALIVE = Duration.ofSeconds(25);

    private final TerminalEvents events;

    public EventsService(TerminalEvents events) {
        this.events = events;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::stream)
                .any("/", WrongMethod.only("GET, HEAD", "GET streams the events (Server-Sent Events, or a WebSocket)"));
    }

    private void stream(ServerRequest req, ServerResponse res) throws InterruptedException {
        if (HeadRequests.asked()) {
            // What the stream's answer starts with; a stream into nothing would run until the server stops.
            res.header(HeaderNames.CONTENT_TYPE, MediaTypes.TEXT_EVENT_STREAM.text()).send();
            return;
        }
        try (EventFeed feed = EventFeed.subscribe(events);
             SseSink sink = res.sink(SseSink.TYPE)) {
            sink.emit(SseEvent.builder().comment("ptyctl events").build());
            while (true) {
                switch (feed.next(KEEPALIVE)) {
                    case EventFeed.Event(var event) ->
                            sink.emit(SseEvent.builder().name(event.name()).data(event.data().toString()).build());
                    case EventFeed.Quiet() -> sink.emit(SseEvent.builder().comment("keepalive").build());
                    case EventFeed.Ended ended -> {
                        return; // the server is stopping, or this reader fell behind: either way, reconnect
                    }
                }
            }
        } catch (UncheckedIOException e) {
            // The client went away; the feed is closed above.
        }
    }
}
