package dev.ptyctl.protocol;

/**
 * The sentence with which the server refuses a terminal id it does not have: the REST API's 404 {@code not_found}
 * message and the plain-text body of a refused WebSocket upgrade. The SDK and the CLI recognise a refused upgrade by
 * it (nothing else in a plain-text 404 says that the server is a ptyctl server and the id is the unknown part), so the
 * server and its clients build it here, in one place.
 */
public final class UnknownTerminal {
    private UnknownTerminal() {
    }

    /** {@code no terminal with id ID}. */
    public static String message(String terminalId) {
        return "no terminal with id " + terminalId;
    }
}
