package dev.ptyctl.client;

import dev.ptyctl.protocol.TerminalEvent;

/**
 * Receives what a {@link TerminalEvents} subscription gets from the server. Every method has a no-op default.
 *
 * <p>Calls never overlap: they come one at a time, in order, from the subscription's connection thread (or its timer
 * thread for state changes and failures). A listener should return quickly; one that throws is ignored for that call.
 *
 * <pre>{@code
 * TerminalEventsListener listener = new TerminalEventsListener() {
 *     @Override
 *     public void onSubscribed() {
 *         shown.replaceAll(terminals.list());     // events from now on arrive: list what existed before
 *     }
 *
 *     @Override
 *     public void onEvent(TerminalEvent event) {
 *         shown.apply(event);
 *     }
 * };
 * }</pre>
 */
public interface TerminalEventsListener {

    /**
     * The connection is subscribed: every event after this call arrives. Called on every connection, the first and
     * each after a reconnect. Events that happened while no connection was open are not sent again (the server keeps
     * no history), so list the terminals ({@link TerminalsClient#list()}) here to know those from before.
     */
    default void onSubscribed() {
    }

    /** An event. */
    default void onEvent(TerminalEvent event) {
    }

    /** The server could not read a frame the subscription sent (its message); the connection stays. */
    default void onError(String message) {
    }

    /** The connection's state changed. */
    default void onStateChanged(ConnectionState state) {
    }

    /**
     * A connection attempt failed or an open connection ended: the server stopped (close code 1001), this client fell
     * too far behind (1013), a ping went unanswered, or the network failed. {@link AttachmentException#permanent()}
     * tells whether the subscription gives up (a refused upgrade: a wrong token, a forbidden origin); it then also
     * changes to {@link ConnectionState#CLOSED}.
     */
    default void onConnectionFailure(AttachmentException failure) {
    }
}
