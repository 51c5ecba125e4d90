package dev.ptyctl.service.terminals;

import dev.ptyctl.protocol.TerminalEvent;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Fans terminal events out to subscribers. Publishing calls every subscriber on the publisher's thread (a PTY
 * reader, an exit watcher or a request thread), so a subscriber must only hand the event over (e.g. offer it to
 * its own bounded queue) and never block. A subscriber that throws is logged and kept.
 */
public final class TerminalEvents {
    private static final System.Logger LOG = System.getLogger(TerminalEvents.class.getName());
    private final Set<Subscriber> subscribers = ConcurrentHashMap.newKeySet();

    /** A subscription; {@link #close()} ends it. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /** What the bus calls: every event, and once, {@link #closed()} when the bus shuts down. */
    public interface Subscriber extends Consumer<TerminalEvent> {
        /** The server is stopping: no more events will come. */
        void closed();
    }

    /** Adds a subscriber until the returned subscription is closed. */
    public Subscription subscribe(Subscriber subscriber) {
        subscribers.add(subscriber);
        return () -> subscribers.remove(subscriber);
    }

    /** Delivers {@code event} to every current subscriber. */
    public void publish(TerminalEvent event) {
        for (Subscriber subscriber : subscribers) {
            try {
                subscriber.accept(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "event subscriber failed", e);
            }
        }
    }

    /** Tells every subscriber the bus is closing and forgets them. */
    public void close() {
        for (Subscriber subscriber : Set.copyOf(subscribers)) {
            subscribers.remove(subscriber);
            subscriber.closed();
        }
    }

    /** How many subscribers there are (for tests and health details). */
    public int subscriberCount() {
        return subscribers.size();
    }
}
