package dev.ptyctl.client;

import java.io.IOException;
import java.util.OptionalInt;

/**
 * A {@link TerminalAttachment} could not connect, or lost its connection for good: the server
 * refused the WebSocket upgrade (no such terminal, a wrong token), could not be reached, or the
 * reconnect attempts ran out. The message names the URL and the reason.
 *
 * <pre>{@code
 * try (TerminalAttachment attachment = TerminalAttachment.builder(server, "4f1c2a9be07d5e31").connect()) {
 *     ...
 * } catch (AttachmentException e) {
 *     if (e.httpStatus().orElse(0) == 404) System.err.println("no such terminal");
 * }
 * }</pre>
 */
public final class AttachmentException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int httpStatus;
    private final boolean ended;

    /**
     * Creates the exception.
     *
     * @param message    a sentence naming the URL and what went wrong
     * @param httpStatus the status the server refused the upgrade with, or 0 when it did not answer
     * @param cause      the underlying failure, or {@code null}
     */
    public AttachmentException(String message, int httpStatus, Throwable cause) {
        this(message, httpStatus, false, cause);
    }

    /**
     * Creates the exception for a connection the server ended in a way that leaves nothing to reconnect to.
     *
     * @param message a sentence naming the URL and what went wrong
     * @param ended   whether the server said what it connected to is gone (then {@link #permanent()})
     * @param cause   the underlying failure, or {@code null}
     */
    public AttachmentException(String message, boolean ended, Throwable cause) {
        this(message, 0, ended, cause);
    }

    private AttachmentException(String message, int httpStatus, boolean ended, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.ended = ended;
    }

    /**
     * The HTTP status of a refused upgrade (401, 403, 404...); empty when the server was not reached
     * or the connection broke later.
     */
    public OptionalInt httpStatus() {
        return httpStatus == 0 ? OptionalInt.empty() : OptionalInt.of(httpStatus);
    }

    /**
     * Whether reconnecting cannot help: the server answered the upgrade with a 4xx status, or closed the connection
     * saying that what it connected to is gone (a terminal's socket closed with 1001: the server stops, and its
     * terminals end with it).
     */
    public boolean permanent() {
        return ended || httpStatus >= 400 && httpStatus < 500;
    }
}
