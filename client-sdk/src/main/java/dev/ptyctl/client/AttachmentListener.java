package dev.ptyctl.client;

import dev.ptyctl.protocol.ProcessExit;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Receives what a {@link TerminalAttachment} gets from the server. Every method has a no-op
 * default, so a listener overrides only what it needs.
 *
 * <p>Calls never overlap: they come one at a time, in the order the events happened, from the
 * attachment's connection thread (or its timer thread for state changes). A listener should return
 * quickly: while {@link #onOutput} runs, no further output is read from the socket, which is how a
 * slow consumer slows the server down instead of piling up memory. A listener that throws is
 * ignored for that event.
 *
 * <pre>{@code
 * AttachmentListener listener = new AttachmentListener() {
 *     @Override
 *     public void onOutput(byte[] data, long seq, boolean reset) {
 *         if (reset) emulator.reset();     // data starts with ESC c: the whole terminal, redrawn
 *         emulator.feed(data);
 *     }
 *
 *     @Override
 *     public void onExit(int exitCode) {
 *         System.out.println("[exited with " + exitCode + "]");
 *     }
 * };
 * }</pre>
 */
public interface AttachmentListener {

    /**
     * Output from the program, exactly the bytes it wrote. Each byte arrives once, also across
     * reconnects; after a long disconnection (more missed output than the server keeps) the
     * attachment instead gets one {@code reset} chunk.
     *
     * @param data  the bytes
     * @param seq   the output offset just after them (docs/protocol-websocket.md); the attachment remembers it as
     *              this method is called and resumes after it when reconnecting
     * @param reset whether {@code data} is a reconstruction of the whole terminal (starting with
     *              {@code ESC c}) rather than new output: clear the screen before showing it
     */
    default void onOutput(byte[] data, long seq, boolean reset) {
    }

    /** The program exited; no more output follows and the attachment is closed. */
    default void onExit(int exitCode) {
    }

    /**
     * The program ended as {@code end} says: its exit status, or the signal that killed it ({@code exit 130} and a
     * SIGINT have the same exit code). The default calls {@link #onExit(int)} with the exit code; override one of
     * the two.
     */
    default void onExit(ProcessExit end) {
        onExit(end.exitCode());
    }

    /** The terminal's size: sent on every connect and whenever it changes. */
    default void onSize(TerminalSize size) {
    }

    /**
     * The terminal's title and activity (docs/protocol-websocket.md) changed; both empty when the program cleared
     * its title.
     */
    default void onTitle(Optional<String> liveTitle, Optional<String> terminalActivity) {
    }

    /**
     * The server refused or could not read something the attachment sent.
     *
     * @param message   the server's reason
     * @param clientSeq the frame it concerns, when the server could tell (its future then fails
     *                  with a {@link FrameRefusedException})
     */
    default void onError(String message, OptionalLong clientSeq) {
    }

    /** The connection's state changed. */
    default void onStateChanged(ConnectionState state) {
    }

    /**
     * A connection attempt failed or an open connection broke. {@link AttachmentException#permanent()}
     * tells whether the attachment gives up (it then also changes to {@link ConnectionState#CLOSED}).
     */
    default void onConnectionFailure(AttachmentException failure) {
    }
}
