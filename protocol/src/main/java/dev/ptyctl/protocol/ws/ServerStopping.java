package dev.ptyctl.protocol.ws;

/**
 * The close every WebSocket of a stopping server gets, before the server ends its programs: code 1001 ("going away")
 * with this reason (docs/protocol-websocket.md, "Closing"). Its clients tell it by both: a proxy going away closes
 * with 1001 too, with a reason of its own, and the terminal behind it is still there to reconnect to, while after
 * this close the terminal has ended with the server.
 */
public final class ServerStopping {
    /** RFC 6455's "going away". */
    public static final int CODE = 1001;
    /** The reason the server gives. */
    public static final String REASON = "the server is stopping";

    private ServerStopping() {
    }

    /** Whether a close with {@code code} and {@code reason} is a ptyctl server's stop. */
    public static boolean is(int code, String reason) {
        return code == CODE && REASON.equals(reason);
    }
}
