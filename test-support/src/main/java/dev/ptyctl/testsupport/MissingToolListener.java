package dev.ptyctl.testsupport;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Lists tests that {@link Tools#require} aborted, which only the launcher sees by name. Registered for every test
 * JVM that has this module on its class path through {@code META-INF/services}.
 */
public final class MissingToolListener implements TestExecutionListener {
    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED
                && result.getThrowable().orElse(null) instanceof MissingToolException missing) {
            MissingToolsReport.record(name(test), missing.tools());
        }
    }

    /** {@code RunE2eTest.runWaitsForABusyShellBeforeTyping [zsh]}: the method, and the invocation's own name. */
    private static String name(TestIdentifier test) {
        if (test.getSource().orElse(null) instanceof MethodSource method) {
            String type = method.getClassName().substring(method.getClassName().lastIndexOf('.') + 1);
            String base = type.substring(type.lastIndexOf('$') + 1) + "." + method.getMethodName();
            return test.getDisplayName().startsWith(method.getMethodName() + "(") ? base
                    : base + " [" + test.getDisplayName() + "]";
        }
        return test.getDisplayName();
    }
}
