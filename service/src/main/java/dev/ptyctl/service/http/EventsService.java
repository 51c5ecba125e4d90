package dev.ptyctl.service.http;

import dev.ptyctl.service.terminals.TerminalEvent;
import dev.ptyctl.service.terminals.TerminalEvents;
import io.helidon.http.sse.SseEvent;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.sse.SseSink;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /v1/events}: the terminal events as Server-Sent Events, one {@code event: terminal.*} with a JSON
 * {@code data:} line each (SPEC §5.1).
 *
 * <p>Each connection has its own bounded queue filled by the publisher without blocking and drained by this
 * request's (virtual) thread, so a slow reader never holds up a terminal. A reader that lets
 * {@link #QUEUE_EVENTS} events pile up is disconnected (it can reconnect and list the terminals again). The
 * stream opens with a comment, so a client knows it is subscribed, and sends a comment every
 * {@link #KEEPALIVE} so that a client that has gone is noticed and proxies keep the connection open.
 */
public final class EventsService implements HttpService {
    /** Far more than a burst of creations; bounds the memory one stalled reader can hold. */
    static final int QUEUE_EVENTS = 1024;
    /** Well under the idle timeouts of common proxies; costs one small write per connection per interval. */
    static final Duration KEEPALIVE = Duration.ofSeconds(25);
    private static final TerminalEvent END = new TerminalEvent("end", jakarta.json.JsonValue.EMPTY_JSON_OBJECT);
    private static final TerminalEvent OVERFLOW = new TerminalEvent("overflow",
            jakarta.json.JsonValue.EMPTY_JSON_OBJECT);

    private final TerminalEvents events;

    public EventsService(TerminalEvents events) {
        this.events = events;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::stream);
    }

    private void stream(ServerRequest req, ServerResponse res) throws InterruptedException {
        BlockingQueue<TerminalEvent> queue = new ArrayBlockingQueue<>(QUEUE_EVENTS + 1);
        try (TerminalEvents.Subscription subscription = events.subscribe(new QueueSubscriber(queue));
             SseSink sink = res.sink(SseSink.TYPE)) {
            sink.emit(SseEvent.builder().comment("ptyctl events").build());
            while (true) {
                TerminalEvent event = queue.poll(KEEPALIVE.toMillis(), TimeUnit.MILLISECONDS);
                if (event == null) {
                    sink.emit(SseEvent.builder().comment("keepalive").build());
                } else if (event == END || event == OVERFLOW) {
                    return;
                } else {
                    sink.emit(SseEvent.builder().name(event.name()).data(event.data().toString()).build());
                }
            }
        } catch (UncheckedIOException e) {
            // The client went away; the subscription is closed above.
        }
    }

    /** Hands events to one connection's queue; never blocks the publisher. */
    private record QueueSubscriber(BlockingQueue<TerminalEvent> queue) implements TerminalEvents.Subscriber {
        @Override
        public void accept(TerminalEvent event) {
            if (queue.remainingCapacity() <= 1) {
                queue.offer(OVERFLOW); // the one slot kept free: the reader is too slow and is cut off
                return;
            }
            queue.offer(event);
        }

        @Override
        public void closed() {
            queue.clear();
            queue.offer(END);
        }
    }
}
