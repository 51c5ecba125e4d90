package dev.ptyctl.cli;

import java.io.IOException;

/**
 * The server has no terminal of the id (or session) a command named: said the same way by every verb, with where to
 * find the ids, and exit 4 ({@link Failures}). A 404 to {@code --terminal ID} used to be reported as the WebSocket URL
 * the server refused, which a user who typed an id cannot act on.
 */
final class NoSuchTerminalException extends IOException {
    private static final long serialVersionUID = 1L;

    /** No terminal with id {@code id}. */
    NoSuchTerminalException(String id) {
        this(id, false);
    }

    /** No terminal with id {@code id}, or with {@code bySession} in the session {@code id}. */
    NoSuchTerminalException(String id, boolean bySession) {
        super("no terminal " + (bySession ? "in session " : "with id ") + id + " on the server ('ptyctl ls' lists them)");
    }
}
