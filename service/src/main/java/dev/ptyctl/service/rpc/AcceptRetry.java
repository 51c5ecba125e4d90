package dev.ptyctl.service.rpc;

import java.time.Duration;

/**
 * What an accept loop does when {@code accept} fails (out of file descriptors, {@code EMFILE}, is the usual cause):
 * waits before the next try, longer after each failure in a row, and logs one line when the failures begin and one
 * when an accept succeeds again. Such a failure repeats until descriptors are freed; logged per try with its stack
 * trace, it filled the log with ten identical traces a second and hid when it began and whether it ended.
 *
 * <p>Used by one accept loop's thread only.
 */
final class AcceptRetry {
    /** The first wait: short, so that a passing shortage costs a client almost nothing. */
    static final Duration FIRST_WAIT = Duration.ofMillis(50);
    /** The longest wait: a failure that goes on costs nothing, and an accept works at most this long after it can. */
    static final Duration MAX_WAIT = Duration.ofSeconds(1);

    private final String listener;
    private final System.Logger log;
    private int failures;
    private long firstFailureNanos;
    private Duration wait = FIRST_WAIT;

    /** @param listener what accepts, for the log lines ("the JSON-RPC endpoint 127.0.0.1:4242") */
    AcceptRetry(String listener, System.Logger log) {
        this.listener = listener;
        this.log = log;
    }

    /** An accept failed: logs the first failure in a row, then waits before the next try. */
    void failed(Exception e) throws InterruptedException {
        if (failures++ == 0) {
            firstFailureNanos = System.nanoTime();
            log.log(System.Logger.Level.WARNING, listener + " cannot accept connections: " + e.getMessage()
                    + "; trying again every " + MAX_WAIT.toMillis() + " ms at most, connections wait meanwhile"
                    + (e.getMessage() != null && e.getMessage().contains("Too many open files")
                            ? " (the process is out of file descriptors: ulimit -n, systemd's LimitNOFILE)" : ""));
        }
        Thread.sleep(wait);
        wait = wait.multipliedBy(2).compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait.multipliedBy(2);
    }

    /** An accept succeeded: after failures, says so once. */
    void accepted() {
        if (failures > 0) {
            long millis = Duration.ofNanos(System.nanoTime() - firstFailureNanos).toMillis();
            log.log(System.Logger.Level.INFO, listener + " accepts connections again, after " + failures
                    + " failed accepts in " + millis + " ms");
            failures = 0;
            wait = FIRST_WAIT;
        }
    }
}
