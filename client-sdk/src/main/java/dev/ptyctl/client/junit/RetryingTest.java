package dev.ptyctl.client.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test, in place of {@code @Test}, that runs again when it fails, up to {@link #value} more times, and passes when an
 * attempt passes: tui-test's {@code retries}, for a test that depends on a program's timing it cannot control. Each
 * attempt is a test of its own (JUnit's test template), with its own fresh terminal, {@code @BeforeEach} and
 * {@code @AfterEach}: "attempt 1 of 3", "attempt 2 of 3". A failed attempt that is retried is reported as aborted,
 * its message saying so ({@code attempt 1 of 3 failed, retrying: expected text "Saved" ...}), and keeps its own
 * failure report ({@code target/ptyctl-reports/<test class>.<test>-attempt-1-of-3/}); the last attempt's failure fails
 * the test. A test that passes after failing says so on standard error and in the report entry {@code ptyctl.flaky}
 * ({@code passed on attempt 2 of 3; attempt 1 failed: ...}), so a flaky test is not hidden by its retries. Snapshots
 * are the test's own, whatever the attempt.
 *
 * <pre>{@code
 * @WithTerminal(shell = "bash")
 * class SlowServiceTest {
 *     @RetryingTest(2)   // up to 3 attempts
 *     void theServiceAnswers(TerminalDriver t) { ... }
 * }
 * }</pre>
 *
 * <p>The attempts run one after another in the test's thread (the annotation sets {@code SAME_THREAD}): an attempt
 * runs only once the one before it failed. A test that aborts ({@code Assumptions.assumeTrue}) is not retried.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@Execution(ExecutionMode.SAME_THREAD)
@ExtendWith(RetryingTests.class)
public @interface RetryingTest {
    /** How many times a failing test runs again: 2 runs it at most 3 times. 0 or more. */
    int value();
}
