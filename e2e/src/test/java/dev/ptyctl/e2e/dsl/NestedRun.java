package dev.ptyctl.e2e.dsl;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.Map;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
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
        return run(testClass, junitOutput, Map.of());
    }

    /**
     * @param settings configuration parameters of this run only (e.g. {@code ptyctl.updateSnapshots}), as a build
     *                 passes them: unlike system properties, they cannot leak into tests running alongside
     */
    static TestExecutionSummary run(Class<?> testClass, Path junitOutput, Map<String, String> settings) {
        return run(testClass, junitOutput, settings, new TestExecutionListener() {
        });
    }

    /** As {@link #run(Class, Path, Map)}, with {@code listener} told of the run's events too (its report entries). */
    static TestExecutionSummary run(Class<?> testClass, Path junitOutput, Map<String, String> settings,
                                    TestExecutionListener listener) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass))
                .configurationParameters(settings)
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
                .configurationParameter("junit.platform.reporting.output.dir", junitOutput.toString())
                .build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, summary, listener);
        return summary.getSummary();
    }
}
