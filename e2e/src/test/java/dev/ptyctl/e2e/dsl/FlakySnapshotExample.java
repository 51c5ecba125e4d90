package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.RetryingTest;
import dev.ptyctl.client.junit.WithTerminal;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A retried test with a snapshot ({@link RetryingTest}): every odd run fails after its snapshot, so each run of the
 * class has a failed attempt and a passing one, both at the same golden file. {@link SnapshotsE2eTest} runs it.
 */
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, cols = 50, rows = 8, timeoutSeconds = 20)
class FlakySnapshotExample {
    static final AtomicInteger RUNS = new AtomicInteger();

    @RetryingTest(1)
    void theListAsItStarts(TerminalDriver todo) {
        assertThat(todo.getByText("q quit")).isVisible();
        assertThat(todo).matchesSnapshot();
        if (RUNS.incrementAndGet() % 2 == 1) {
            throw new AssertionError("run " + RUNS.get() + " fails after its snapshot");
        }
    }
}
