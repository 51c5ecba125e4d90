package dev.ptyctl.client.junit;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.TestAbortedException;

/**
 * The attempts of a {@link RetryingTest}: the first, then another each time the last one failed, until one passes or
 * none is left. JUnit asks for the next attempt only after the one before has run (the attempts run in the test's
 * thread), so the stream of attempts ends as soon as one passes.
 */
final class RetryingTests implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return isRetrying(context);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        RetryingTest retrying = AnnotationSupport.findAnnotation(context.getTestMethod(), RetryingTest.class)
                .orElseThrow();
        if (retrying.value() < 0) {
            throw new IllegalArgumentException("@RetryingTest(" + retrying.value() + ") on "
                    + context.getRequiredTestMethod().getName() + ": it is how many times a failing test runs again,"
                    + " 0 or more");
        }
        List<String> others = otherKinds(context.getRequiredTestMethod());
        if (!others.isEmpty()) {
            // JUnit would run the method both ways: the other kind's runs not retried, the attempts without its arguments
            throw new IllegalArgumentException("@RetryingTest on " + context.getRequiredTestMethod().getName()
                    + " takes the place of " + String.join(" and ", others) + ": keep one of them");
        }
        Attempts attempts = new Attempts(retrying.value() + 1);
        return Stream.iterate(1, attempts::due, n -> n + 1).map(n -> new Attempt(n, attempts));
    }

    /**
     * The annotations of {@code method} that make it a test of another kind ({@code @Test}, {@code @RepeatedTest},
     * {@code @ParameterizedTest}...): not {@link RetryingTest}, nor a team's own annotation carrying it.
     */
    private static List<String> otherKinds(Method method) {
        return Arrays.stream(method.getAnnotations()).map(Annotation::annotationType)
                .filter(type -> type != RetryingTest.class && !AnnotationSupport.isAnnotated(type, RetryingTest.class)
                        && (type == Testable.class || AnnotationSupport.isAnnotated(type, Testable.class)))
                .map(type -> "@" + type.getSimpleName()).toList();
    }

    /**
     * Whether the test of {@code context} is a {@link RetryingTest}, or one of its attempts (their reports are per
     * attempt, their snapshots not).
     */
    static boolean isRetrying(ExtensionContext context) {
        return AnnotationSupport.isAnnotated(context.getTestMethod(), RetryingTest.class);
    }

    /**
     * Whether the test of {@code context} ended as an attempt that failed and is run again: the attempt after it tells
     * how the test ends.
     */
    static boolean retried(ExtensionContext context) {
        return context.getExecutionException().filter(RetriedFailure.class::isInstance).isPresent();
    }

    /** How the test of {@code context} failed, if it did: a retried attempt's own failure, not the abort it ends with. */
    static Optional<Throwable> failure(ExtensionContext context) {
        return context.getExecutionException().map(e -> e instanceof RetriedFailure ? e.getCause() : e);
    }

    /** A failed attempt that is run again: aborted, not failed, its own failure the cause. */
    static final class RetriedFailure extends TestAbortedException {
        private static final long serialVersionUID = 1L;

        RetriedFailure(String message, Throwable failure) {
            super(message, failure);
        }
    }

    /** The attempts of one test: how many there may be, and which failed. */
    private static final class Attempts {
        private final int total;
        /** The last attempt that failed (0: none yet), and its failure, for the report of one that passes after it. */
        private int lastFailed;
        private Throwable lastFailure;

        Attempts(int total) {
            this.total = total;
        }

        /** Whether attempt {@code n} runs: the first always, a later one when the one before it failed. */
        synchronized boolean due(int n) {
            return n == 1 || n <= total && lastFailed == n - 1;
        }

        synchronized void failed(int n, Throwable failure) {
            lastFailed = n;
            lastFailure = failure;
        }
    }

    /** One attempt: named "attempt n of total", with the handler that turns its failure into a retry. */
    private record Attempt(int n, Attempts attempts) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return "attempt " + n + " of " + attempts.total;
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(new Outcome(n, attempts));
        }
    }

    /** What an attempt's end tells: a failure retried (aborted) or final, or a pass after failures, reported. */
    private record Outcome(int n, Attempts attempts) implements TestExecutionExceptionHandler, AfterTestExecutionCallback {
        @Override
        public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
            if (failure instanceof TestAbortedException) {
                throw failure; // the test chose not to run (an assumption): not a failure to retry
            }
            attempts.failed(n, failure);
            if (n < attempts.total) {
                throw new RetriedFailure("attempt " + n + " of " + attempts.total + " failed, retrying: "
                        + failure, failure);
            }
            throw failure;
        }

        @Override
        public void afterTestExecution(ExtensionContext context) {
            if (context.getExecutionException().isEmpty() && n > 1) {
                String flaky = "passed on attempt " + n + " of " + attempts.total + "; attempt " + (n - 1)
                        + " failed: " + firstLine(attempts.lastFailure);
                context.publishReportEntry("ptyctl.flaky", flaky);
                System.err.println("ptyctl: " + context.getRequiredTestClass().getName() + "."
                        + context.getRequiredTestMethod().getName() + " " + flaky);
            }
        }

        /** A failure's first line: a terminal assertion's message goes on with the whole screen. */
        private static String firstLine(Throwable failure) {
            String text = String.valueOf(failure.getMessage());
            int end = text.indexOf('\n');
            return end < 0 ? text : text.substring(0, end);
        }
    }
}
