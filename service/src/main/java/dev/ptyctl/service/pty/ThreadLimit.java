package dev.ptyctl.service.pty;

/**
 * Tells a thread that could not be created from other errors, and says what to do about it. Under a task limit
 * (systemd's {@code TasksMax}, a container's pids limit, {@code ulimit -u}) {@link Thread#start} throws an
 * {@link OutOfMemoryError} although the heap has room, and starting a program fails with {@code EAGAIN}: closing
 * terminals or raising the limit lifts it, so it is answered and logged as a terminal's failure, in one line, not as a
 * bug of the server.
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
        return explain("thread", e.getMessage());
    }

    /**
     * {@code e}, what starting a thread threw, as the refusal the session's callers answer when it {@link #reached} a
     * limit; anything else is thrown as it is.
     *
     * @param e an unchecked exception or an error (a start throws nothing else)
     */
    static TaskLimitException refusalOrRethrow(Throwable e) {
        if (reached(e)) {
            return new TaskLimitException(explain(e), e);
        }
        if (e instanceof Error error) {
            throw error;
        }
        throw (RuntimeException) e;
    }

    /** That the kernel refused to start another process ({@code EAGAIN} from {@code posix_spawn}), in one line. */
    static TaskLimitException processRefused(String why) {
        return new TaskLimitException(explain("process", why), null);
    }

    private static String explain(String what, String why) {
        return "the server cannot start another " + what + " (" + why + "); raise its task limit (systemd's "
                + "TasksMax, a container's pids limit, ulimit -u) or close terminals";
    }
}
