package dev.ptyctl.client.junit;

import dev.ptyctl.client.dsl.TerminalAssert;
import dev.ptyctl.client.dsl.UnusedSnapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * After a test class, the snapshot files of that class that no test used ({@link UnusedSnapshots}): reported (a JUnit
 * report entry and a line on standard error) when every test of the class ran and passed, and deleted when snapshots
 * are being updated. A class with a test that did not run (a build's filter, a skip), failed or was aborted is not
 * looked at: its snapshot may be one of those, unread only because the test stopped before it. A class with
 * {@code @Nested} classes is not looked at either (their tests are counted apart). A {@link RetryingTest} that passed
 * on a later attempt passed: its attempts all read the same snapshots.
 */
final class SnapshotSweep {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SnapshotSweep.class);
    private static final String KEY = "outcomes";
    /** The report entry's key. */
    static final String ENTRY = "ptyctl.unusedSnapshots";

    private SnapshotSweep() {
    }

    /** How the tests of a class ended so far. */
    private static final class Outcomes {
        private final Set<Method> passed = new HashSet<>();
        private boolean allPassed = true;

        synchronized void add(Method test, boolean passed) {
            if (passed) {
                this.passed.add(test);
            } else {
                allPassed = false;
            }
        }

        synchronized boolean allOf(List<Method> tests) {
            return allPassed && passed.containsAll(tests);
        }
    }

    /** Notes how the test of {@code context} ended, in its class's store. */
    static void testEnded(ExtensionContext context) {
        if (RetryingTests.retried(context)) {
            return; // a @RetryingTest's attempt that runs again: the last attempt says whether the test passed
        }
        ExtensionContext classContext = context;
        while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
            classContext = classContext.getParent().get(); // past a parameterized test's invocations
        }
        classContext.getStore(NAMESPACE).getOrComputeIfAbsent(KEY, key -> new Outcomes(), Outcomes.class)
                .add(context.getRequiredTestMethod(), context.getExecutionException().isEmpty());
    }

    /** Reports, or deletes when updating, the unused snapshots of the class of {@code context}, once it has ended. */
    static void classEnded(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        Outcomes outcomes = context.getStore(NAMESPACE).get(KEY, Outcomes.class);
        if (outcomes == null || Arrays.stream(testClass.getDeclaredClasses()).anyMatch(c -> c.isAnnotationPresent(Nested.class))
                || !outcomes.allOf(tests(testClass))) {
            return;
        }
        List<Path> unused = UnusedSnapshots.of(testClass, context::getConfigurationParameter);
        if (unused.isEmpty()) {
            return;
        }
        String files = unused.stream().map(Path::toString).collect(Collectors.joining(", "));
        String message;
        if (context.getConfigurationParameter(TerminalAssert.UPDATE_PROPERTY).map(Boolean::parseBoolean).orElse(false)) {
            unused.forEach(SnapshotSweep::delete);
            message = "deleted " + unused.size() + " snapshot" + (unused.size() == 1 ? "" : "s") + " that no test of "
                    + testClass.getSimpleName() + " used: " + files;
        } else {
            message = unused.size() + " snapshot" + (unused.size() == 1 ? "" : "s") + " that no test of "
                    + testClass.getSimpleName() + " used (a test or snapshot renamed or removed): " + files
                    + "; delete them, or run with -D" + TerminalAssert.UPDATE_PROPERTY + "=true, which deletes them";
        }
        context.publishReportEntry(ENTRY, message);
        System.err.println("ptyctl: " + message);
    }

    /** The class's test methods that are not disabled: those a whole run of the class runs. */
    private static List<Method> tests(Class<?> testClass) {
        return ReflectionSupport.findMethods(testClass, method -> AnnotationSupport.isAnnotated(method, Testable.class)
                && !AnnotationSupport.isAnnotated(method, Disabled.class), HierarchyTraversalMode.TOP_DOWN);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete unused snapshot " + file, e);
        }
    }
}
