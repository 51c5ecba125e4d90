package dev.ptyctl.e2e.dsl;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs an example test class (one the normal run leaves out: its name does not end in {@code Test}) through a JUnit
 * launcher of its own, as a user's build would run it, against the outer run's server ({@code ptyctl.url}).
 */
final class NestedRun {
    private NestedRun() {
    }

    /**
     * @param junitOutput where JUnit puts the files tests publish
     */
    static TestExecutionSummary run(Class<?> testClass, Path junitOutput) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass))
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
                .configurationParameter("junit.platform.reporting.output.dir", junitOutput.toString())
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        return listener.getSummary();
    }
}
