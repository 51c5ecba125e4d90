package dev.ptyctl.service.pty;

import java.io.IOException;

/** The session's process has exited, so its PTY can no longer be written to or resized. */
public final class SessionExitedException extends IOException {
    private static final long serialVersionUID = 1L;

    /** With the user-facing reason, e.g. "the process has exited (exit code 0)". */
    public SessionExitedException(String message) {
        super(message);
    }
}
