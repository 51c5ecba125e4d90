package dev.ptyctl.service.shell;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Turns the titles a program sets into the terminal's {@code liveTitle} / {@code terminalActivity} (SPEC §5.8).
 *
 * <p>A title is recorded only once it has held for {@link #DEFAULT_HOLD}: a program that flashes a title while it
 * starts, or a shell that sets one per command, does not produce a stream of events. What must hold is the title
 * as reported (glyph stripped, activity derived), not the raw bytes: a spinner animating its glyph keeps the same
 * reported title, so the hold started by its first frame completes and one record is made, and the frames that
 * follow change nothing. Every change of the recorded value is passed to the listener exactly once; nothing is
 * reported when the value stays the same.
 *
 * <p>Thread-safe: the emulator reports titles from the session's emulator thread, the hold expires on the
 * scheduler's. The listener runs under the tracker's lock, so changes arrive in the order they were recorded; it must
 * be quick and must not call back into the tracker.
 */
public final class TitleTracker {
    /** How long a title must stay before it is recorded: long enough to skip start-up flicker, short to a human. */
    public static final Duration DEFAULT_HOLD = Duration.ofMillis(500);

    /** Runs a task after a delay; the handle cancels it. Injected so tests control time. */
    public interface Scheduler {
        Cancellable schedule(Runnable task, Duration delay);
    }

    /** A scheduled task that can still be called off. */
    @FunctionalInterface
    public interface Cancellable {
        void cancel();
    }

    private final Duration hold;
    private final Scheduler scheduler;
    private final Consumer<Optional<LiveTitle>> listener;

    private Optional<LiveTitle> recorded = Optional.empty();
    private Optional<LiveTitle> pending;
    private Cancellable pendingTimer;
    private boolean exited;
    /** Counts holds started, so a timer that fired just as it was replaced can tell it is stale. */
    private long holdGeneration;

    public TitleTracker(Duration hold, Scheduler scheduler, Consumer<Optional<LiveTitle>> listener) {
        this.hold = Objects.requireNonNull(hold);
        this.scheduler = Objects.requireNonNull(scheduler);
        this.listener = Objects.requireNonNull(listener);
    }

    /** The program set its title (OSC 0 or 2) to {@code raw}; an empty string clears it. */
    public void titleSet(String raw) {
        Optional<LiveTitle> candidate = LiveTitle.fromRaw(raw);
        synchronized (this) {
            if (exited) {
                return;
            }
            if (candidate.equals(recorded)) {
                cancelPending(); // back to what is recorded before the hold ran out: nothing changed
                return;
            }
            if (pendingTimer != null && candidate.equals(pending)) {
                return; // the same reported title again (a spinner frame): the hold keeps running
            }
            cancelPending();
            pending = candidate;
            long generation = ++holdGeneration;
            pendingTimer = scheduler.schedule(() -> holdExpired(generation), hold);
        }
    }

    /** The terminal has exited: its title is gone and nothing more is recorded. */
    public synchronized void terminalExited() {
        exited = true;
        cancelPending();
        if (recorded.isPresent()) {
            recorded = Optional.empty();
            listener.accept(recorded);
        }
    }

    /** The recorded title, if any. */
    public synchronized Optional<LiveTitle> current() {
        return recorded;
    }

    private synchronized void holdExpired(long generation) {
        // A later title may have replaced this one after the timer fired but before it got the lock.
        if (exited || pendingTimer == null || generation != holdGeneration) {
            return;
        }
        recorded = pending;
        pendingTimer = null;
        pending = null;
        listener.accept(recorded);
    }

    private void cancelPending() {
        if (pendingTimer != null) {
            pendingTimer.cancel();
            pendingTimer = null;
            pending = null;
        }
    }
}
