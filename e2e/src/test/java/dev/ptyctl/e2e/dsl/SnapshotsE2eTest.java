package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalAssert;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Snapshots of a full-screen program: golden files with text and styles under __snapshots__/ next to this class. */
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, cols = 50, rows = 8, timeoutSeconds = 20)
class SnapshotsE2eTest {
    private static final Path SNAPSHOTS = Path.of("src/test/java/dev/ptyctl/e2e/dsl/__snapshots__");

    private static void toggleTheSecondItem(TerminalDriver todo) {
        assertThat(todo.getByText("Todo: 3 items")).isVisible();
        todo.press(Key.ARROW_DOWN, Key.SPACE);
        assertThat(todo.getByText("Tag v1.2")).hasStyle(Styles.inverse().strikethrough().fg("green"));
    }

    @Test
    void theScreenMatchesItsGoldenFileTextAndStyles(TerminalDriver todo) {
        toggleTheSecondItem(todo);
        assertThat(todo).matchesSnapshot();
        Assertions.assertThat(SNAPSHOTS.resolve("SnapshotsE2eTest.theScreenMatchesItsGoldenFileTextAndStyles.snap"))
                .content().contains("--- styles").contains("inverse strikethrough fg=green");
    }

    @Test
    void aMismatchFailsWithALineDiff(TerminalDriver todo) {
        toggleTheSecondItem(todo);
        todo.timeout(Duration.ofMillis(500));
        // The golden file of this name was written before the toggle: item 2 neither selected nor done.
        assertThatThrownBy(() -> assertThat(todo).matchesSnapshot("before-toggle"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected the screen to match snapshot SnapshotsE2eTest.before-toggle.snap")
                .hasMessageContaining("@@ line 7\n-  4 |[ ] Tag v1.2\n+  4 |[x] Tag v1.2\n");
    }

    @Test
    void aMissingSnapshotIsWrittenLocallyAndFailsUnderCi(TerminalDriver todo) throws Exception {
        assertThat(todo.getByText("Todo: 3 items")).isVisible();
        String name = "missing-" + UUID.randomUUID();
        Path file = SNAPSHOTS.resolve("SnapshotsE2eTest." + name + ".snap");
        try {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                assertThatThrownBy(() -> assertThat(todo).matchesSnapshot(name))
                        .hasMessageContaining("does not exist, and CI=true");
                Assertions.assertThat(file).doesNotExist();
            } else {
                assertThat(todo).matchesSnapshot(name);
                Assertions.assertThat(file).content().startsWith("ptyctl snapshot\nsize 50x8, cursor hidden\n--- text\n"
                        + " 1 | Todo: 3 items\n");
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void updateSnapshotsRewritesAGoldenFile(@TempDir Path sources) throws Exception {
        // Run as a build passes -Dptyctl.updateSnapshots=true, but as configuration parameters of a run of its own:
        // a system property would also rewrite the goldens of the tests running alongside this one.
        Path file = Files.createDirectories(sources.resolve("dev/ptyctl/e2e/dsl/__snapshots__"))
                .resolve("SnapshotUpdateExample.rewritten.snap");
        Files.writeString(file, "an outdated snapshot\n");
        Map<String, String> settings = Map.of(TerminalAssert.SOURCES_PROPERTY, sources.toString(),
                TerminalAssert.UPDATE_PROPERTY, "true", "ptyctl.reports", sources.resolve("reports").toString());
        TestExecutionSummary updated = NestedRun.run(SnapshotUpdateExample.class, sources.resolve("junit"), settings);
        assertNoFailures(updated);
        Assertions.assertThat(updated.getTestsSucceededCount()).isEqualTo(1);
        Assertions.assertThat(file).content().startsWith("ptyctl snapshot\nsize 50x8, cursor hidden\n--- text\n"
                + " 1 | Todo: 3 items\n");
    }

    @Test
    void aSnapshotNoTestUsedIsReportedAfterTheClassAndDeletedWhenUpdating(@TempDir Path sources) throws Exception {
        Path folder = Files.createDirectories(sources.resolve("dev/ptyctl/e2e/dsl/__snapshots__"));
        Path used = folder.resolve("SnapshotUpdateExample.rewritten.snap");
        Path renamed = folder.resolve("SnapshotUpdateExample.theListBeforeItWasRenamed.snap");
        Path another = folder.resolve("SnapshotsE2eTest.someOtherClasss.snap");
        Files.writeString(used, "an outdated snapshot\n");
        Files.writeString(renamed, "a snapshot of a test renamed since\n");
        Files.writeString(another, "not SnapshotUpdateExample's\n");
        Map<String, String> settings = new HashMap<>(Map.of(TerminalAssert.SOURCES_PROPERTY, sources.toString(),
                "ptyctl.reports", sources.resolve("reports").toString()));

        settings.put(TerminalAssert.UPDATE_PROPERTY, "false");
        List<String> entries = new CopyOnWriteArrayList<>();
        TestExecutionSummary failed = NestedRun.run(SnapshotUpdateExample.class, sources.resolve("junit"), settings,
                reportEntries(entries));
        Assertions.assertThat(failed.getTotalFailureCount()).as("the outdated snapshot").isOne();
        Assertions.assertThat(entries).as("a test that failed may not have reached its snapshot").isEmpty();

        settings.put(TerminalAssert.UPDATE_PROPERTY, "true");
        TestExecutionSummary updated = NestedRun.run(SnapshotUpdateExample.class, sources.resolve("junit"), settings,
                reportEntries(entries));
        assertNoFailures(updated);
        Assertions.assertThat(entries).containsExactly("deleted 1 snapshot that no test of SnapshotUpdateExample"
                + " used: " + renamed);
        Assertions.assertThat(renamed).doesNotExist();
        Assertions.assertThat(another).exists();

        Files.writeString(renamed, "a snapshot of a test renamed since\n");
        entries.clear();
        settings.put(TerminalAssert.UPDATE_PROPERTY, "false");
        TestExecutionSummary passed = NestedRun.run(SnapshotUpdateExample.class, sources.resolve("junit"), settings,
                reportEntries(entries));
        assertNoFailures(passed);
        Assertions.assertThat(entries).containsExactly(unusedReported("SnapshotUpdateExample", renamed));
        Assertions.assertThat(renamed).exists();
    }

    @Test
    void aRetriedTestChecksOneSnapshotInEveryAttemptAndPassesForTheUnusedSnapshotsReport(@TempDir Path sources)
            throws Exception {
        Path folder = Files.createDirectories(sources.resolve("dev/ptyctl/e2e/dsl/__snapshots__"));
        Path golden = folder.resolve("FlakySnapshotExample.theListAsItStarts.snap");
        Path removed = folder.resolve("FlakySnapshotExample.aTestRemovedSince.snap");
        Files.writeString(golden, "an outdated snapshot\n");
        Files.writeString(removed, "a snapshot of a test removed since\n");
        Map<String, String> settings = new HashMap<>(Map.of(TerminalAssert.SOURCES_PROPERTY, sources.toString(),
                TerminalAssert.UPDATE_PROPERTY, "true", "ptyctl.reports", sources.resolve("reports").toString()));
        List<String> entries = new CopyOnWriteArrayList<>();
        FlakySnapshotExample.RUNS.set(0);

        // attempt 1 rewrites the golden file and fails after it, attempt 2 rewrites the same file and passes
        TestExecutionSummary updated = NestedRun.run(FlakySnapshotExample.class, sources.resolve("junit"), settings,
                reportEntries(entries));
        assertNoFailures(updated);
        Assertions.assertThat(updated.getTestsAbortedCount()).as("attempt 1, retried").isOne();
        Assertions.assertThat(updated.getTestsSucceededCount()).as("attempt 2").isOne();
        try (var files = Files.list(folder)) {
            Assertions.assertThat(files.map(file -> file.getFileName().toString())).as("no file per attempt")
                    .containsExactly(golden.getFileName().toString());
        }
        Assertions.assertThat(golden).content().startsWith("ptyctl snapshot\nsize 50x8, cursor hidden\n--- text\n"
                + " 1 | Todo: 3 items\n");
        Assertions.assertThat(entries).as("the test passed: its class's unused snapshot is deleted")
                .containsExactly("deleted 1 snapshot that no test of FlakySnapshotExample used: " + removed);

        // without updating, both attempts compare against that file: the first fails only after it, the second passes
        Files.writeString(removed, "a snapshot of a test removed since\n");
        entries.clear();
        settings.put(TerminalAssert.UPDATE_PROPERTY, "false");
        TestExecutionSummary passed = NestedRun.run(FlakySnapshotExample.class, sources.resolve("junit"), settings,
                reportEntries(entries));
        assertNoFailures(passed);
        Assertions.assertThat(passed.getTestsAbortedCount()).as("attempt 1, its snapshot matched, retried").isOne();
        Assertions.assertThat(passed.getTestsSucceededCount()).isOne();
        Assertions.assertThat(entries).containsExactly(unusedReported("FlakySnapshotExample", removed));
    }

    /** The report entry of a run that does not update snapshots, for one snapshot no test of {@code example} read. */
    private static String unusedReported(String example, Path snapshot) {
        return "1 snapshot that no test of " + example + " used (a test or snapshot renamed or removed): " + snapshot
                + "; delete them, or run with -Dptyctl.updateSnapshots=true, which deletes them";
    }

    /** Fails naming the failures of a nested run, if it had any. */
    private static void assertNoFailures(TestExecutionSummary run) {
        Assertions.assertThat(run.getTotalFailureCount()).as("%s", run.getFailures().stream()
                .map(failure -> failure.getException().toString()).toList()).isZero();
    }

    /** A listener that adds the value of each unused-snapshots report entry to {@code entries}. */
    private static TestExecutionListener reportEntries(List<String> entries) {
        return new TestExecutionListener() {
            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                entry.getKeyValuePairs().forEach((key, value) -> {
                    if (key.equals("ptyctl.unusedSnapshots")) {
                        entries.add(value);
                    }
                });
            }
        };
    }
}
