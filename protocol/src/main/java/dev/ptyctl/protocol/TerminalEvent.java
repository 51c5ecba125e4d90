package dev.ptyctl.protocol;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.Objects;
import java.util.Optional;

/**
 * One event of the server's event stream ({@code GET /v1/events}, as Server-Sent Events or the event socket; SPEC
 * §5.1): a terminal was created, exited, changed its title or its size. The server publishes these, and the SDK's
 * {@code TerminalEvents} delivers them, so the names below are the one list both sides use.
 *
 * <pre>{@code
 * public void onEvent(TerminalEvent event) {
 *     if (event.name().equals(TerminalEvent.EXITED)) {
 *         System.out.println(event.terminalId().orElseThrow() + " exited: " + event.data().get("exitCode"));
 *     }
 * }
 * }</pre>
 *
 * @param name the event's name, e.g. {@value #CREATED}; servers may add names, so ignore those you do not know
 * @param data the event's data as the server sent it; a terminal's events have {@code terminalId} and
 *             {@code sessionId} (for {@value #CREATED} the data is the terminal, as {@code GET /v1/terminals/{id}}
 *             describes it)
 */
public record TerminalEvent(String name, JsonObject data) {
    /** A terminal was created. */
    public static final String CREATED = "terminal.created";
    /** A terminal's program exited; {@code data} has its {@code exitCode}. */
    public static final String EXITED = "terminal.exited";
    /** A terminal's live title or activity changed (SPEC §5.8: {@code liveTitle}, {@code terminalActivity}). */
    public static final String TITLE = "terminal.title";
    /** A terminal's size changed ({@code cols}, {@code rows}). */
    public static final String SIZE = "terminal.size";

    /** Checks that both members are present. */
    public TerminalEvent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
    }

    /** The terminal the event is about ({@code data.terminalId}), when it names one. */
    public Optional<String> terminalId() {
        return data.get("terminalId") instanceof JsonString id ? Optional.of(id.getString()) : Optional.empty();
    }
}
