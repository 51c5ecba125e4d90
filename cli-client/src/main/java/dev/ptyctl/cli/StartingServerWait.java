package dev.ptyctl.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for a {@code ptyctl serve} or {@code ptyctl server} that is still starting, so that
 * {@code ptyctl serve ... &} followed at once by {@code ptyctl write} works: a connection refused by an address (or a
 * Unix socket not there yet) that a live start marker names ({@link StartMarkers}) is tried again until the server
 * listens, its process ends, or {@link #PATIENCE} runs out. With no such marker nothing waits: a mistyped port fails
 * at once, as it always did. A wait longer than {@link #NOTICE_AFTER} says once on stderr what it waits for.
 */
final class StartingServerWait {
    /**
     * The longest a client waits for a starting server: at load 31 on two cores a server took 72 s from its JVM's
     * start to listening (docs/architecture.md), and the wait ends as soon as it listens or its process ends.
     */
    static final Duration PATIENCE = Duration.ofMinutes(3);
    /** A wait shorter than this passes unmentioned (a JVM's start on a quiet machine). */
    static final Duration NOTICE_AFTER = Duration.ofSeconds(1);
    /** How often the address is tried again: short against a server's start, long against a connect attempt. */
    static final Duration POLL = Duration.ofMillis(50);

    /** Something that connects, or fails with an {@link IOException}. */
    interface Attempt<T> {
        T run() throws IOException;
    }

    /** Pauses the waiting thread ({@link Thread#sleep} in use; a test's records the pauses). */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final StartMarkers markers;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private final PrintWriter err;

    StartingServerWait(StartMarkers markers, LongSupplier nanoTime, Sleeper sleeper, PrintWriter err) {
        this.markers = markers;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
        this.err = err;
    }

    /** The wait of a command line run in this process, its notice on {@code err}. */
    static StartingServerWait of(java.util.function.Function<String, String> environment, PrintWriter err) {
        return new StartingServerWait(StartMarkers.of(environment), System::nanoTime, Thread::sleep, err);
    }

    /**
     * Called with the {@code failure} of a first attempt to reach {@code target}: while it is a refused connection
     * and a starter of {@code target} lives, runs {@code attempt} again. A first attempt that succeeds never gets
     * here, so a client that connects pays nothing for this class (not even loading it).
     *
     * @return what the first attempt that got through returned
     * @throws IOException {@code failure}, or the last attempt's failure, when there is nothing (more) to wait for
     */
    <T> T retry(ListenTarget target, IOException failure, Attempt<T> attempt) throws IOException {
        long start = nanoTime.getAsLong();
        boolean noticed = false;
        IOException last = failure;
        while (true) {
            if (!Failures.refusedConnection(last)) {
                throw last;
            }
            Optional<StartMarkers.Starter> starter = markers.find(target);
            long waited = nanoTime.getAsLong() - start;
            if (starter.isEmpty() || waited >= PATIENCE.toNanos()) {
                throw last;
            }
            noticed = noticeOnce(noticed, waited, starter.get());
            pause();
            try {
                return attempt.run();
            } catch (IOException e) {
                last = e;
            }
        }
    }

    /**
     * Returns once no live starter announces {@code target} (at once when none does) or something {@code listening}
     * there, or after {@link #PATIENCE}: for the REST commands, whose first request is made by each command. A server
     * already running on the port is not waited for because a second one is starting on it (and will fail to bind).
     */
    void awaitListening(ListenTarget target, BooleanSupplier listening) throws InterruptedIOException {
        long start = nanoTime.getAsLong();
        boolean noticed = false;
        Optional<StartMarkers.Starter> starter = markers.find(target);
        while (starter.isPresent() && !listening.getAsBoolean()) {
            long waited = nanoTime.getAsLong() - start;
            if (waited >= PATIENCE.toNanos()) {
                return;
            }
            noticed = noticeOnce(noticed, waited, starter.get());
            pause();
            starter = markers.find(target);
        }
    }

    private boolean noticeOnce(boolean noticed, long waitedNanos, StartMarkers.Starter starter) {
        if (noticed || waitedNanos < NOTICE_AFTER.toNanos()) {
            return noticed;
        }
        err.println("ptyctl: waiting for " + starter.describe() + "...");
        err.flush();
        return true;
    }

    private void pause() throws InterruptedIOException {
        try {
            sleeper.sleep(POLL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for a server "
                    + "to start");
            interrupted.initCause(e);
            throw interrupted;
        }
    }
}
