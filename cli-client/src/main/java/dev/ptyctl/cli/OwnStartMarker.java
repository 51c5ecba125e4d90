package dev.ptyctl.cli;

import java.io.IOException;
import java.util.function.Function;

/**
 * This process's start marker ({@link StartMarkers}) while it is a {@code ptyctl serve} or {@code ptyctl server}
 * that does not listen yet. Only the jar's entry point claims it ({@link EntryPoint}): commands run inside a test's
 * JVM share its pid and write nothing. Static, because the launchers that start the servers run in a class loader of
 * their own ({@link ServerSideLoader}) and reach this class through its parent; public for them, as
 * {@link ServeRequest} is (a class of the same package in another loader is not in the same runtime package).
 */
public final class OwnStartMarker {
    private static volatile StartMarkers markers;

    private OwnStartMarker() {
    }

    /** Lets this process announce itself: it is the {@code serve} or {@code server} its command line names. */
    static void claim(Function<String, String> environment) {
        markers = StartMarkers.of(Environment.normalized(environment));
    }

    /**
     * Says what this process will listen on, once its options are read (replacing the launcher's guess); a failure to
     * write is not the server's failure, so it is ignored (clients then are refused until it listens, as before).
     */
    static void announce(String command, ListenTarget target) {
        StartMarkers claimed = markers;
        if (claimed == null) {
            return;
        }
        if (target == null) {
            withdraw();
            return;
        }
        try {
            claimed.write(ProcessHandle.current().pid(), command, target);
        } catch (IOException | RuntimeException e) {
            withdraw();
        }
    }

    /** Removes the marker: the server listens now, or will not. */
    public static void withdraw() {
        StartMarkers claimed = markers;
        if (claimed != null) {
            claimed.remove(ProcessHandle.current().pid());
        }
    }
}
