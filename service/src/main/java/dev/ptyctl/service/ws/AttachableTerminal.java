package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ServerFrame;
import java.util.Optional;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.TerminalSession;

/**
 * What the WebSocket endpoint needs from one hosted terminal: its session (write, resize, the emulator under the
 * session lock, the exit status), the output log that every byte of its output went into from byte 0, and a way to
 * end it for everyone.
 */
public interface AttachableTerminal {

    /** The terminal id of the socket URL, {@code /v1/terminals/{id}/socket}. */
    String terminalId();

    /** The hosted program: write, resize, inspect the emulator, exit status. */
    TerminalSession session();

    /** The terminal's output with seq = byte offset (SPEC §5.2), fed by the session's reader under its lock. */
    OutputLog output();

    /**
     * The recorded live title and activity (SPEC §5.8), as a {@code title} frame carries them; empty while there is
     * none. Call {@link TerminalSocketEndpoint#titleChanged} when it changes.
     */
    default Optional<ServerFrame.Title> title() {
        return Optional.empty();
    }

    /**
     * Whether the shell's integration says a command is running (SPEC §5.9); false when it says nothing. {@code clear}
     * consults it: a builtin such as {@code read} keeps the shell in the foreground, yet a Ctrl-L would go to it.
     */
    default boolean shellRunningCommand() {
        return false;
    }

    /** A client's {@code close} frame: terminates the terminal for every client. May block until it is gone. */
    void close();
}
