package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.RetryingTest;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Tests retried on failure ({@link RetryingTest}): one that fails on its first attempt only, one that always fails,
 * and two written wrong.
 * The attempts are counted here, so the first attempt's failure is certain, not left to timing. Its name does not end
 * in {@code Test}, so the normal run skips it; {@link FailureReportE2eTest} runs it and checks its reports.
 */
@WithTerminal(command = "/bin/bash", cwd = "/tmp", cols = 60, rows = 8, timeoutSeconds = 10)
class FlakyExample {
    static final AtomicInteger RUNS = new AtomicInteger();

    // tag::retrying-test[]
    @RetryingTest(2)   // fails: runs again, up to 3 attempts in all
    void theServiceAnswers(TerminalDriver t) {
        t.typeLine("echo service up on run " + RUNS.incrementAndGet()).waitForPrompt();
        assertThat(t.getByText("up on run 2")).within(Duration.ofSeconds(1)).hasCount(2);
    }
    // end::retrying-test[]

    @RetryingTest(1)
    void neverAnswers(TerminalDriver t) {
        assertThat(t.getByText("no such text")).within(Duration.ofMillis(300)).isVisible();
    }

    @RetryingTest(-1)
    void negativeRetries() {
    }

    @Test   // left on when @RetryingTest was added: JUnit runs it as a plain test too
    @RetryingTest(1)
    void alsoAPlainTest() {
    }
}
