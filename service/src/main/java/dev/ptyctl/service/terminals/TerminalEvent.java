package dev.ptyctl.service.terminals;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * Something that happened to a terminal, as {@code GET /v1/events} sends it (SPEC §5.1).
 *
 * @param name the event type: {@link #CREATED}, {@link #EXITED} or {@link #SIZE}
 * @param data the event's JSON body; always has {@code terminalId} and {@code sessionId}
 */
public record TerminalEvent(String name, JsonObject data) {
    /** A terminal was spawned; the data is the terminal's description, as {@code GET /v1/terminals/{id}}. */
    public static final String CREATED = "terminal.created";
    /** Its program exited; the data has {@code exitCode}. */
    public static final String EXITED = "terminal.exited";
    /** Its size changed; the data has {@code cols} and {@code rows}. */
    public static final String SIZE = "terminal.size";
    /** The live title or activity changed (SPEC §5.8); data has {@code liveTitle}, {@code terminalActivity}. */
    public static final String TITLE = "terminal.title";

    public TerminalEvent {
        Objects.requireNonNull(name);
        Objects.requireNonNull(data);
    }
}
