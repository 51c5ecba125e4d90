package dev.ptyctl.service.pty;

import java.io.IOException;

/**
 * A thread or process the server needed for a terminal could not be started because a task limit was reached
 * ({@link ThreadLimit}): the request is refused, the server and the other terminals go on, and the same request works
 * again once terminals end or the limit is raised. The message says which limit to raise.
 */
public final class TaskLimitException extends IOException {
    private static final long serialVersionUID = 1L;

    public TaskLimitException(String message, Throwable cause) {
        super(message, cause);
    }
}
