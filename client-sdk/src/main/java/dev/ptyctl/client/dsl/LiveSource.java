package dev.ptyctl.client.dsl;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@link TerminalDriver}'s screen as its locators, snapshots and cursor assertions see it: the driver's live copy,
 * caught up with the output before it is read, waits woken by that output. Their failures and the steps that held
 * go to the driver's report.
 */
final class LiveSource implements ScreenSource {
    private final TerminalDriver driver;
    private final LiveView live;
    private final SnapshotOwner owner;

    LiveSource(TerminalDriver driver, LiveView live, SnapshotOwner owner) {
        this.driver = driver;
        this.live = live;
        this.owner = owner;
    }

    @Override
    public <T> LiveScreen.Outcome<T> await(Function<Cells, Optional<T>> condition, Duration wait) {
        return Unchecked.interruptible(() -> live.screen().await(condition, wait));
    }

    @Override
    public Cells cells() {
        driver.sync();
        return live.screen().cells();
    }

    @Override
    public <T> T read(Function<Cells, T> read) {
        driver.sync();
        return live.screen().read(read);
    }

    @Override
    public Duration defaultTimeout() {
        return driver.defaultTimeout();
    }

    @Override
    public TerminalAssertionError failure(String expectation) {
        return driver.failureShowing(expectation + driver.endedWhileWaiting(), live.screen().moment());
    }

    @Override
    public TerminalAssertionError failure(String expectation, LiveScreen.Outcome<?> wait) {
        return failure(expectation, wait, List.of());
    }

    @Override
    public TerminalAssertionError failure(String expectation, LiveScreen.Outcome<?> wait,
                                          List<ScreenDump.Underline> found) {
        return wait.lastLook() == null ? failure(expectation)
                : driver.failureShowing(expectation + driver.endedWhileWaiting(), wait.lastLook(), found);
    }

    @Override
    public SnapshotOwner snapshotOwner() {
        return owner;
    }

    @Override
    public List<ScrollbackLine> scrollback() {
        return live.screen().scrollbackLines();
    }

    @Override
    public void held(String expectation, long startNanos) {
        driver.steps().timed(expectation, startNanos);
    }
}
