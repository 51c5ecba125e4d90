package dev.ptyctl.service.shell;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The real clock of {@link TitleTracker}: one daemon thread for every terminal's title holds. A hold is a few
 * hundred milliseconds of waiting and a field update, so a single thread serves any number of terminals.
 */
public final class TitleTimers implements TitleTracker.Scheduler {
    private static final TitleTimers SHARED = new TitleTimers();

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("ptyctl-title-timer").factory());

    private TitleTimers() {
    }

    /** The one scheduler of this server. */
    public static TitleTimers shared() {
        return SHARED;
    }

    @Override
    public TitleTracker.Cancellable schedule(Runnable task, Duration delay) {
        var future = timer.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
