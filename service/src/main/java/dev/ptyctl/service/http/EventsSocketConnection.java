package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.protocol.ws.ServerStopping;
import dev.ptyctl.service.terminals.TerminalEvents;
import dev.ptyctl.service.ws.ConnectionEnd;
import dev.ptyctl.service.ws.UpgradePolicy;
import dev.ptyctl.service.ws.UpgradeRefusal;
import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsListener;
import io.helidon.websocket.WsSession;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One WebSocket client of {@code /v1/events}. A virtual thread of the connection reads its {@link EventFeed} and
 * writes one frame per event; Helidon's thread of the connection reads the client's frames (only {@code ping}, to
 * which it answers {@code pong}, so that a browser, which cannot send WebSocket pings, can tell a dead link from a
 * quiet one). Frames are written under one lock, so the two never interleave and nothing follows the close frame.
 *
 * <p>Frames: {@code {"type":"subscribed"}} first, once the feed is subscribed (every event after it arrives: list the
 * terminals then); {@code {"type":"event","event":"terminal.created","data":{...}}} per event; a WebSocket ping
 * after {@link EventsService#KEEPALIVE} (or the server's shorter {@code keepalive}) without events; close 1001 when the server stops, 1013 when the client fell
 * {@link EventFeed#QUEUE_EVENTS} events behind.
 */
final class EventsSocketConnection implements WsListener {
    private static final System.Logger LOG = System.getLogger(EventsSocketConnection.class.getName());
    /** A client sends pings of a few dozen characters; anything much longer is no frame of this protocol. */
    static final int MAX_MESSAGE_CHARS = 4096;
    private static final String SUBSCRIBED = "{\"type\":\"subscribed\"}";

    private final TerminalEvents events;
    private final UpgradePolicy policy;
    private final Duration keepalive;
    private final ReentrantLock writing = new ReentrantLock();
    /** Set under {@link #writing} once the close frame is written: nothing may follow it. */
    private boolean closed;
    private boolean upgradeChecked;
    private final StringBuilder partial = new StringBuilder();
    private boolean partialTooLong;
    private volatile EventFeed feed;
    private volatile Thread sender;

    EventsSocketConnection(TerminalEvents events, UpgradePolicy policy, Duration keepalive) {
        this.events = events;
        this.policy = policy;
        this.keepalive = keepalive;
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) {
        Optional<String> refusal = policy.refuse(headers, UpgradePolicy.query(prologue));
        if (refusal.isPresent()) {
            throw UpgradeRefusal.of(prologue, headers, Status.FORBIDDEN_403, refusal.get());
        }
        upgradeChecked = true;
        return Optional.empty();
    }

    @Override
    public void onOpen(WsSession session) {
        if (!upgradeChecked) {
            session.close(WsCloseCodes.UNEXPECTED_CONDITION, "upgrade was not checked");
            return;
        }
        EventFeed subscribed = EventFeed.subscribe(events);
        feed = subscribed;
        sender = Thread.ofVirtual().name("events-ws").start(() -> send(session, subscribed));
        ConnectionEnd.whenThisConnectionEnds("events-ws-watch", this::stop);
    }

    /** Writes {@code subscribed}, then every event of the feed, until the feed ends or the connection does. */
    private void send(WsSession session, EventFeed subscribed) {
        try (subscribed) {
            write(session, SUBSCRIBED);
            while (true) {
                switch (subscribed.next(keepalive)) {
                    case EventFeed.Event(var event) -> write(session, frame(event));
                    case EventFeed.Quiet() -> ping(session);
                    case EventFeed.Ended(var behind) -> {
                        close(session, behind ? WsCloseCodes.TRY_AGAIN_LATER : ServerStopping.CODE, behind
                                ? "more than " + EventFeed.QUEUE_EVENTS + " events behind: reconnect and list again"
                                : ServerStopping.REASON);
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            // The connection ended.
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "event socket ended: " + e);
        }
    }

    private static String frame(TerminalEvent event) {
        return JsonSupport.objectBuilder().add("type", "event").add("event", event.name()).add("data", event.data())
                .build().toString();
    }

    @Override
    public void onMessage(WsSession session, String text, boolean last) {
        if (!partialTooLong) {
            partial.append(text);
            partialTooLong = partial.length() > MAX_MESSAGE_CHARS;
        }
        if (!last) {
            return;
        }
        String message = partial.toString();
        boolean tooLong = partialTooLong;
        partial.setLength(0);
        partialTooLong = false;
        if (tooLong) {
            error(session, "a message longer than " + MAX_MESSAGE_CHARS + " characters: only ping frames are read");
            return;
        }
        answer(session, message);
    }

    /** Answers a {@code ping} with a {@code pong} echoing its {@code t}; anything else with an error frame. */
    private void answer(WsSession session, String message) {
        JsonObject frame;
        try {
            frame = JsonSupport.parseObject(message);
        } catch (JsonException e) {
            error(session, "not a JSON object: " + e.getMessage());
            return;
        }
        JsonValue type = frame.get("type");
        if (!(type instanceof jakarta.json.JsonString name) || !name.getString().equals("ping")) {
            error(session, "unknown frame type " + type + ": the event socket reads only \"ping\"");
            return;
        }
        JsonObjectBuilder pong = JsonSupport.objectBuilder().add("type", "pong");
        if (frame.containsKey("t")) {
            pong.add("t", frame.get("t"));
        }
        write(session, pong.build().toString());
    }

    @Override
    public void onMessage(WsSession session, BufferData buffer, boolean last) {
        if (last) {
            error(session, "a binary message: the event socket reads only JSON text frames");
        }
    }

    @Override
    public void onPing(WsSession session, BufferData buffer) {
        writeFrame(() -> session.pong(buffer));
    }

    @Override
    public void onClose(WsSession session, int status, String reason) {
        stop();
    }

    @Override
    public void onError(WsSession session, Throwable t) {
        LOG.log(System.Logger.Level.DEBUG, "event socket error", t);
        stop();
    }

    private void error(WsSession session, String message) {
        write(session, JsonSupport.objectBuilder().add("type", "error").add("message", message).build().toString());
    }

    private void write(WsSession session, String text) {
        writeFrame(() -> session.send(text, true));
    }

    private void ping(WsSession session) {
        writeFrame(() -> session.ping(BufferData.empty()));
    }

    private void close(WsSession session, int code, String reason) {
        writing.lock();
        try {
            if (!closed) {
                closed = true;
                session.close(code, reason);
            }
        } finally {
            writing.unlock();
        }
    }

    private void writeFrame(Runnable frame) {
        writing.lock();
        try {
            if (!closed) {
                frame.run();
            }
        } finally {
            writing.unlock();
        }
    }

    /** The connection is over: unsubscribes and ends the sender. */
    private void stop() {
        EventFeed subscribed = feed;
        if (subscribed != null) {
            subscribed.close();
        }
        Thread running = sender;
        if (running != null) {
            running.interrupt();
        }
    }
}
