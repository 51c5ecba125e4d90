package dev.ptyctl.service.pty;

/**
 * Tells a thread that could not be created from other errors, and says what to do about it. Under a task limit
 * (systemd's {@code TasksMax}, a container's pids limit, {@code ulimit -u}) {@link Thread#start} throws an
 * {@link OutOfMemoryError} although the heap has room: closing terminals or raising the limit lifts it, so it is
 * answered and logged as a terminal's failure, in one line, not as a bug of the server.
 */
public final class ThreadLimit {
    private ThreadLimit() {
    }

    /** Whether {@code e} says that a thread could not be created (not a full heap). */
    public static boolean reached(Throwable e) {
        return e instanceof OutOfMemoryError && e.getMessage() != null
                && e.getMessage().contains("unable to create native thread");
    }

    /** What {@code e} (one that {@link #reached} a limit) means for an operator, in one line. */
    public static String explain(Throwable e) {
        return "the server cannot start another thread (" + e.getMessage() + "); raise its task limit (systemd's "
                + "TasksMax, a container's pids limit, ulimit -u) or close terminals";
    }
}
