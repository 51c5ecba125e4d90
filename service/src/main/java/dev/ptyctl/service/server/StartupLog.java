package dev.ptyctl.service.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Holds back what Helidon logs while the web server starts, and lets it through only if the start succeeds. A failed
 * bind makes Helidon log "Failed to start listener" at SEVERE with a fifty-line stack trace, "failed to start,
 * shutting down" and its feature list, then carry on without the listener; {@link PtyctlServer#start} throws its own
 * one-line reason instead, which is all the user should read (the feature list, which Helidon logs a moment later from
 * a thread of its own, too). A successful start logs as before (its lines are only published a moment later).
 *
 * <p>Helidon logs through {@code System.Logger}, which the JDK backs with java.util.logging: the records are caught
 * at the root logger's handlers, whatever Helidon class logs them.
 */
final class StartupLog {
    private static final String HELIDON = "io.helidon";
    private static final String HELIDON_FEATURES = "io.helidon.common.features";

    /** One root handler's own filter, and the records it was offered while the start was held. */
    private record Held(Handler handler, Filter previous, List<LogRecord> records) {
    }

    private StartupLog() {
    }

    /**
     * Runs {@code start}; records offered to the root handlers meanwhile are published afterwards, except Helidon's
     * when {@code start} threw.
     */
    static synchronized <T> T holdWhile(Supplier<T> start) {
        List<Held> held = new ArrayList<>();
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            Held one = new Held(handler, handler.getFilter(), new ArrayList<>());
            held.add(one);
            handler.setFilter(record -> {
                synchronized (one.records()) {
                    one.records().add(record);
                }
                return false;
            });
        }
        boolean started = false;
        try {
            T result = start.get();
            started = true;
            return result;
        } finally {
            for (Held one : held) {
                Filter previous = one.previous();
                // After a failed start Helidon still logs its feature list from a thread of its own, a moment later:
                // that one stays out for good (it is printed once per JVM, and this one failed to start).
                one.handler().setFilter(started ? previous
                        : record -> !featureList(record) && (previous == null || previous.isLoggable(record)));
                synchronized (one.records()) {
                    for (LogRecord record : one.records()) {
                        if (started || !helidon(record)) {
                            one.handler().publish(record); // publish applies the handler's level and filter
                        }
                    }
                }
            }
        }
    }

    private static boolean helidon(LogRecord record) {
        return loggedUnder(record, HELIDON);
    }

    private static boolean featureList(LogRecord record) {
        return loggedUnder(record, HELIDON_FEATURES);
    }

    private static boolean loggedUnder(LogRecord record, String prefix) {
        return record.getLoggerName() != null && record.getLoggerName().startsWith(prefix);
    }
}
