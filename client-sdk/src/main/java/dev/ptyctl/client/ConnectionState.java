package dev.ptyctl.client;

/**
 * Where a {@link TerminalAttachment}'s connection stands. The attachment moves
 * {@code CONNECTING → CONNECTED}, then {@code RECONNECTING → CONNECTED} after every dropped
 * connection, and ends in {@code CLOSED} (closed by the caller, the program exited, the server
 * refused a reconnect, or the reconnect attempts ran out).
 *
 * <pre>{@code
 * AttachmentListener listener = new AttachmentListener() {
 *     @Override
 *     public void onStateChanged(ConnectionState state) {
 *         statusBar.show(state == ConnectionState.RECONNECTING ? "reconnecting…" : "");
 *     }
 * };
 * }</pre>
 */
public enum ConnectionState {
    /** The first connection is being opened. */
    CONNECTING,
    /** The socket is open: output arrives and frames are sent at once. */
    CONNECTED,
    /** The connection dropped; a new one is scheduled or being opened. Frames sent meanwhile are kept. */
    RECONNECTING,
    /** For good: nothing more is received and frames can no longer be sent. */
    CLOSED
}
