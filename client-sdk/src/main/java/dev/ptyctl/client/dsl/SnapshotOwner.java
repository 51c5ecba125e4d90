package dev.ptyctl.client.dsl;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The test a driver or replay belongs to, for the names of its snapshot files: the test class (whose source folder
 * holds {@code __snapshots__/}) and the test's name. Given by the JUnit extension, else found on the call stack (the
 * first caller outside the DSL's assertion classes). It also knows where the snapshot settings ({@value
 * TerminalAssert#UPDATE_PROPERTY}, {@value TerminalAssert#SOURCES_PROPERTY}) are read: system properties unless told
 * otherwise (the JUnit extension gives JUnit's configuration parameters, so one test run's launcher can set them
 * without touching the JVM's global state). Thread-safe.
 */
final class SnapshotOwner {
    /** The classes a snapshot assertion passes through on its way from the test. */
    private static final java.util.Set<Class<?>> DSL_CLASSES = java.util.Set.of(SnapshotOwner.class, TerminalAssert.class,
            TerminalAssertions.class, TerminalDriver.class, Replay.class);

    private Class<?> testClass;
    private String testName;
    private final Map<String, Integer> taken = new HashMap<>();
    private Function<String, Optional<String>> settings = name -> Optional.ofNullable(System.getProperty(name));

    synchronized void set(Class<?> testClass, String testName) {
        this.testClass = Objects.requireNonNull(testClass, "testClass");
        this.testName = Objects.requireNonNull(testName, "testName");
        taken.clear();
    }

    synchronized void settings(Function<String, Optional<String>> lookup) {
        this.settings = Objects.requireNonNull(lookup, "lookup");
    }

    /** A snapshot setting by its name, blank values counted as absent. */
    Optional<String> setting(String name) {
        Function<String, Optional<String>> lookup;
        synchronized (this) {
            lookup = settings;
        }
        return lookup.apply(name).filter(value -> !value.isBlank());
    }

    /** The test class if it was given or already found; null otherwise (nothing is looked up). */
    synchronized Class<?> knownTestClass() {
        return testClass;
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

    static Class<?> outermost(Class<?> type) {
        Class<?> outer = type;
        while (outer.getEnclosingClass() != null) {
            outer = outer.getEnclosingClass();
        }
        return outer;
    }

    private void caller() {
        StackWalker.StackFrame frame = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames ->
                frames.filter(f -> !DSL_CLASSES.contains(outermost(f.getDeclaringClass())))
                        .findFirst().orElseThrow(() -> new IllegalStateException("no caller outside the DSL")));
        testClass = frame.getDeclaringClass();
        testName = frame.getMethodName();
    }
}
