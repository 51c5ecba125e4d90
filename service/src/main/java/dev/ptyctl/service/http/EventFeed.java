package dev.ptyctl.service.http;

import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.service.terminals.TerminalEvents;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One reader's subscription to the terminal events, as both forms of {@code GET /v1/events} deliver them (Server-Sent
 * Events and the WebSocket): its own bounded queue, filled by the publisher without blocking and drained by the
 * reader's thread, so a slow reader never holds up a terminal. A reader that lets {@link #QUEUE_EVENTS} events pile
 * up is cut off ({@link Ended#behind()}): it can reconnect and list the terminals again. Every event published after
 * {@link #subscribe} returns is in the feed.
 */
final class EventFeed implements AutoCloseable {
    /** Far more than a burst of creations; bounds the memory one stalled reader can hold. */
    static final int QUEUE_EVENTS = 1024;
    private static final TerminalEvent END = new TerminalEvent("end", jakarta.json.JsonValue.EMPTY_JSON_OBJECT);
    private static final TerminalEvent OVERFLOW = new TerminalEvent("overflow",
            jakarta.json.JsonValue.EMPTY_JSON_OBJECT);

    /** What {@link #next} found. */
    sealed interface Next permits Event, Quiet, Ended {
    }

    /** The next event. */
    record Event(TerminalEvent event) implements Next {
    }

    /** Nothing happened for the time asked: a reader sends its keepalive. */
    record Quiet() implements Next {
    }

    /** The feed is over: the server is stopping, or ({@code behind}) the reader fell {@link #QUEUE_EVENTS} behind. */
    record Ended(boolean behind) implements Next {
    }

    private final BlockingQueue<TerminalEvent> queue = new ArrayBlockingQueue<>(QUEUE_EVENTS + 1);
    private final TerminalEvents.Subscription subscription;

    private EventFeed(TerminalEvents events) {
        this.subscription = events.subscribe(new QueueSubscriber(queue));
    }

    /** Subscribes now; close the feed to unsubscribe. */
    static EventFeed subscribe(TerminalEvents events) {
        return new EventFeed(events);
    }

    /** The next event, waiting at most {@code wait} for one. Once it has answered {@link Ended}, it always does. */
    Next next(Duration wait) throws InterruptedException {
        TerminalEvent event = queue.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (event == null) {
            return new Quiet();
        }
        if (event == END || event == OVERFLOW) {
            queue.clear();
            queue.offer(event); // for the next call
            return new Ended(event == OVERFLOW);
        }
        return new Event(event);
    }

    @Override
    public void close() {
        subscription.close();
    }

    /** Hands events to one reader's queue; never blocks the publisher. */
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
