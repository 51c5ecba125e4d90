package dev.ptyctl.cli;

import java.io.IOException;

/**
 * The server has no terminal of the id (or session, or either) a command named: said the same way by every verb, with where to
 * find the ids, and exit 4 ({@link Failures}). A 404 to {@code --terminal ID} used to be reported as the WebSocket URL
 * the server refused, which a user who typed an id cannot act on.
 */
final class NoSuchTerminalException extends IOException {
    private static final long serialVersionUID = 1L;

    /** No terminal with id {@code id}, or with {@code bySession} in the session {@code id}. */
    NoSuchTerminalException(String id, boolean bySession) {
        this((bySession ? "in session " : "with id ") + id);
    }

    private NoSuchTerminalException(String which) {
        super("no terminal " + which + " on the server ('ptyctl ls' lists them)");
    }

    /** No terminal with id {@code name}, nor any in a session so named ({@link SessionNames}). */
    static NoSuchTerminalException neitherIdNorSession(String name) {
        return new NoSuchTerminalException("with id or session " + name);
    }
}
