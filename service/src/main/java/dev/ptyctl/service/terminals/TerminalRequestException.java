package dev.ptyctl.service.terminals;

import java.util.Objects;

/**
 * A create or close request the registry refuses, with a reason the protocols map to their own status codes and a
 * message that can be shown to the user as it is.
 */
public final class TerminalRequestException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why a request was refused. */
    public enum Reason {
        /** A field is missing, of the wrong type or out of its domain; the message names the field. */
        INVALID,
        /** {@code attachOnly} and no live terminal has registered for the session. */
        NOT_REGISTERED,
        /** {@code maxTerminals} terminals are alive already. */
        LIMIT_REACHED,
        /** The program could not be started although the request was valid (the PTY or a port could not be had). */
        SPAWN_FAILED,
        /**
         * The server could not start a thread or process the terminal needs: a task limit is reached. The message
         * says which limit to raise; the same request works once terminals end.
         */
        TASK_LIMIT
    }

    private final Reason reason;

    public TerminalRequestException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason);
    }

    public TerminalRequestException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason);
    }

    /** Why the request was refused. */
    public Reason reason() {
        return reason;
    }

    static TerminalRequestException invalid(String message) {
        return new TerminalRequestException(Reason.INVALID, message);
    }
}
