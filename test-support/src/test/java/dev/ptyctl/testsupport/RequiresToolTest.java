package dev.ptyctl.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs small fixture classes through a JUnit launcher of its own, as surefire does, and checks what a developer and
 * {@code ./run-tests} see: which tests ran, which were skipped and why, which failed, and what was listed.
 */
class RequiresToolTest {
    private static final String MISSING = "ptyctl-no-such-tool";

    @TempDir
    Path report;

    @BeforeEach
    void reportIntoTheTemporaryFolder() {
        System.setProperty("ptyctl.missingTools", report.toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty("ptyctl.missingTools");
        System.clearProperty("ptyctl.requireTools");
    }

    @Test
    void aMissingToolSkipsOnlyTheTestThatNeedsItWithTheReasonAndListsIt() throws Exception {
        System.setProperty("ptyctl.requireTools", "false");
        Map<String, String> outcomes = run(Needs.class);
        assertThat(outcomes).containsEntry("needsAMissingTool()", "skipped: " + MISSING + " is not installed")
                .containsEntry("needsSh()", "SUCCESSFUL")
                .containsEntry("needsTwoMissingTools()",
                        "skipped: " + MISSING + " and " + MISSING + "-2 are not installed");
        assertThat(listed()).containsExactlyInAnyOrder(MISSING + "\tNeeds.needsAMissingTool",
                MISSING + "," + MISSING + "-2\tNeeds.needsTwoMissingTools");
    }

    @Test
    void underCiAMissingToolFailsTheTestAndListsNothing() throws Exception {
        System.setProperty("ptyctl.requireTools", "true");
        Map<String, String> outcomes = run(Needs.class);
        assertThat(outcomes.get("needsAMissingTool()")).startsWith("FAILED: " + MISSING + " is not installed: under CI");
        assertThat(outcomes).containsEntry("needsSh()", "SUCCESSFUL");
        assertThat(listed()).isEmpty();
    }

    @Test
    void aClassThatNeedsAMissingToolIsSkippedWhole() throws Exception {
        System.setProperty("ptyctl.requireTools", "false");
        assertThat(run(WholeClassNeeds.class)).containsEntry("RequiresToolTest$WholeClassNeeds", "skipped: " + MISSING
                + " is not installed").doesNotContainKey("runs()");
        assertThat(listed()).containsExactly(MISSING + "\tWholeClassNeeds");
    }

    @Test
    void requireInAParameterizedTestSkipsOnlyTheInvocationWhoseToolIsMissing() throws Exception {
        System.setProperty("ptyctl.requireTools", "false");
        Map<String, String> outcomes = run(NeedsItsArgument.class);
        assertThat(outcomes).containsEntry("sh", "SUCCESSFUL")
                .containsEntry(MISSING, "ABORTED: " + MISSING + " is not installed");
        assertThat(listed()).containsExactly(MISSING + "\tNeedsItsArgument.runs [" + MISSING + "]");

        System.setProperty("ptyctl.requireTools", "true");
        assertThat(run(NeedsItsArgument.class).get(MISSING)).startsWith("FAILED: " + MISSING + " is not installed");
    }

    @Test
    void aSkipForWhatIsNoProgramIsListedWithWhatItNeeds() throws Exception {
        Tools.listSkipped("every test of the e2e netns run", "network namespaces (root and iproute2's ip)");
        assertThat(listed()).containsExactly("network namespaces (root and iproute2's ip)\tevery test of the e2e"
                + " netns run");
    }

    @Test
    void findLooksOnThePathAndUnderOtherNames() {
        assertThat(Tools.find("sh")).hasValueSatisfying(p -> assertThat(Files.isExecutable(p)).isTrue());
        assertThat(Tools.isInstalled(MISSING)).isFalse();
    }

    private java.util.List<String> listed() throws Exception {
        Path file = report.resolve(MissingToolsReport.FILE_NAME);
        return Files.exists(file) ? Files.readAllLines(file) : java.util.List.of();
    }

    /** Display name of each test, invocation or skipped container → its outcome and message. */
    private static Map<String, String> run(Class<?> fixture) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        TestExecutionListener recorder = new TestExecutionListener() {
            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                outcomes.put(test.getDisplayName(), "skipped: " + reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest()) {
                    outcomes.put(test.getDisplayName(), result.getStatus()
                            + result.getThrowable().map(t -> ": " + t.getMessage()).orElse(""));
                }
            }
        };
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture))
                .build(), recorder);
        return outcomes;
    }

    /** Fixture: run only through {@link #run} (surefire leaves nested classes alone). */
    static class Needs {
        @Test
        @RequiresTool(MISSING)
        void needsAMissingTool() {
        }

        @Test
        @RequiresTool({MISSING, MISSING + "-2"})
        void needsTwoMissingTools() {
        }

        @Test
        @RequiresTool("sh")
        void needsSh() {
        }
    }

    /** Fixture. */
    @RequiresTool(MISSING)
    static class WholeClassNeeds {
        @Test
        void runs() {
        }
    }

    /** Fixture. */
    static class NeedsItsArgument {
        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {"sh", MISSING})
        void runs(String tool) {
            Tools.require(tool);
        }
    }
}
