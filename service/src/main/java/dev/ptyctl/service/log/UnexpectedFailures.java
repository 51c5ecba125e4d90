package dev.ptyctl.service.log;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A failure no handler expected: logged with its stack under a short id, while the client is told only the
 * exception's class and that id, so a client's report (a test's failure message in CI) finds the stack. Not the
 * exception's message nor where it was thrown: those can hold the server's file paths and internal names, and the
 * client may have shown no token (an endpoint that needs none, a server bound to loopback without one).
 */
public final class UnexpectedFailures {
    private UnexpectedFailures() {
    }

    /**
     * Logs {@code failure} at ERROR as "{@code what} failed (error ID)" with its stack, and returns what the client
     * is told: "the server failed: CLASS (error ID; the server's log has its message and stack under that id)".
     *
     * @param what what failed, in the log's words; text that came from the client must be quoted first
     *             ({@link EventLog#quoted})
     */
    public static String log(System.Logger log, String what, Throwable failure) {
        String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        log.log(System.Logger.Level.ERROR, what + " failed (error " + id + ")", failure);
        return "the server failed: " + failure.getClass().getSimpleName() + " (error " + id
                + "; the server's log has its message and stack under that id)";
    }
}
