package dev.ptyctl.client.dsl;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The test a driver or replay belongs to, for the names of its snapshot files: the test class (whose source folder
 * holds {@code __snapshots__/}) and the test's name. Given by the JUnit extension, else found on the call stack (the
 * first caller outside the DSL). Thread-safe.
 */
final class SnapshotOwner {
    private Class<?> testClass;
    private String testName;
    private final Map<String, Integer> taken = new HashMap<>();

    synchronized void set(Class<?> testClass, String testName) {
        this.testClass = Objects.requireNonNull(testClass, "testClass");
        this.testName = Objects.requireNonNull(testName, "testName");
        taken.clear();
    }

    /** The test class: the one given, else the first caller outside this package. */
    synchronized Class<?> testClass() {
        if (testClass == null) {
            caller();
        }
        return testClass;
    }

    /**
     * The name of the next snapshot: {@code name} if given, else the test's name, then {@code -2}, {@code -3} for
     * further unnamed snapshots of one test.
     */
    synchronized String next(String name) {
        if (name != null) {
            return name;
        }
        if (testName == null) {
            caller();
        }
        int n = taken.merge(testName, 1, Integer::sum);
        return n == 1 ? testName : testName + "-" + n;
    }

    private void caller() {
        StackWalker.StackFrame frame = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames ->
                frames.filter(f -> !f.getDeclaringClass().getPackageName().startsWith("dev.ptyctl.client"))
                        .findFirst().orElseThrow(() -> new IllegalStateException("no caller outside the DSL")));
        testClass = frame.getDeclaringClass();
        testName = frame.getMethodName();
    }
}
