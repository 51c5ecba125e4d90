package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.dsl.FailureReport;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.vt.fixtures.SvgText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs {@link FailingExample} (a terminal test that fails on purpose) through a JUnit launcher of its own and checks
 * what it leaves behind: the report folder with every file, the picture showing the same screen as the text, the
 * recording replaying to that screen with {@code ptyctl render}, the commands with their exit codes, and the files
 * attached to the test through JUnit's publishFile.
 */
@UsesServer
class FailureReportE2eTest {
    @TempDir
    static Path work;
    private static TestExecutionSummary summary;
    private static Path report;

    @BeforeAll
    static void runTheFailingExample() throws Exception {
        // Where a user's build puts it, so the report stays there to be looked at after the run.
        Path reports = Path.of("target/ptyctl-reports");
        report = reports.resolve(FailingExample.class.getName() + ".deploymentSaysDeployed");
        if (Files.isDirectory(report)) {
            try (Stream<Path> old = Files.list(report)) {
                for (Path file : old.toList()) {
                    Files.delete(file);
                }
            }
        }
        summary = NestedRun.run(FailingExample.class, work.resolve("junit"), Map.of("ptyctl.reports", reports.toString()));
    }

    @Test
    void theExampleFailsWithItsExpectation() {
        assertThat(summary.getTotalFailureCount()).isEqualTo(1);
        Throwable failure = summary.getFailures().getFirst().getException();
        assertThat(failure).isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected text \"Deployed\" to be visible within 1 s; found none");
    }

    @Test
    void everyFileOfTheReportIsWritten() {
        for (String name : FailureReport.FILES) {
            assertThat(report.resolve(name)).as(name).isNotEmptyFile();
        }
    }

    @Test
    void thePictureShowsTheScreenOfTheTextFileWithItsStyles() throws Exception {
        String svg = Files.readString(report.resolve("screen.svg"));
        List<String> numbered = Files.readAllLines(report.resolve("screen.txt"));
        StringBuilder text = new StringBuilder();
        for (String line : numbered.subList(1, numbered.size())) {
            if (line.matches("\\s*\\d+ \\|.*")) {
                text.append(line.substring(line.indexOf('|') + 1)).append('\n');
            }
        }
        assertThat(SvgText.of(svg)).isEqualTo(text.toString());
        assertThat(text.toString()).startsWith("\u2714 built  v1.2 \u90e8\u7f72\n deploy  failed: quota\n");
        assertThat(svg).contains("fill=\"#4e9a06\" font-weight=\"bold\">\u2714 built</text>")
                .contains("font-style=\"italic\">v1.2</text>")
                .contains("textLength=\"18\" lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\" fill=\"#ffffff\">\u90e8")
                .contains("fill=\"#cc0000\" text-decoration=\"underline\">failed: quota</text>")
                .contains("class=\"cursor\"");
    }

    @Test
    void theRecordingReplaysToTheSameScreen() throws Exception {
        List<String> numbered = Files.readAllLines(report.resolve("screen.txt"));
        StringBuilder text = new StringBuilder();
        for (String line : numbered.subList(1, numbered.size())) {
            if (line.matches("\\s*\\d+ \\|.*")) {
                text.append(line.substring(line.indexOf('|') + 1)).append('\n');
            }
        }
        Ptyctl.Result rendered = Ptyctl.run("render", report.resolve("recording.cast").toString());
        assertThat(rendered.exitCode()).as(rendered.toString()).isZero();
        assertThat(rendered.stdout()).isEqualTo(text.toString());
        assertThat(Files.readString(report.resolve("recording.cast"))).startsWith("{\"version\":2,\"width\":60,\"height\":12");
    }

    @Test
    void theCommandsAndTheExpectationAreListed() throws Exception {
        assertThat(Files.readString(report.resolve("commands.txt")))
                .contains("$ cd /tmp  -> exit 0")
                .contains("$ ls /no/such/release  -> exit 2")
                .contains("    ls: cannot access '/no/such/release'");
        assertThat(Files.readString(report.resolve("failure.txt")))
                .contains("\nexpected text \"Deployed\" to be visible within 1 s; found none\nscreen 60x12");
        String page = Files.readString(report.resolve("index.html"));
        assertThat(page).contains("<svg xmlns=").contains("expected text &quot;Deployed&quot; to be visible")
                .contains("<code>ls /no/such/release</code></td><td class=\"failed\">2</td>")
                .doesNotContain("<script");
    }

    @Test
    void theStepsOfTheTestAndItsFailingLineAreShown() throws Exception {
        List<String> steps = Files.readAllLines(report.resolve("steps.txt"));
        assertThat(steps.getFirst()).matches("\\+ +\\d+\\.\\d{3} s  waitForPrompt\\(\\) \\(.*\\)"); // @WithTerminal's
        assertThat(steps.subList(1, steps.size())).satisfiesExactly(
                step -> assertThat(step).contains(" s  run(\"cd /tmp\") -> exit 0 ("),
                step -> assertThat(step).contains(" s  run(\"ls /no/such/release\") -> exit 2 ("),
                step -> assertThat(step).contains(" s  typeLine(\"clear; printf "),
                step -> assertThat(step).contains(" s  waitForPrompt() ("),
                step -> assertThat(step).endsWith(" s  FAILED expected text \"Deployed\" to be visible within 1 s; found none"));
        String at = "at FailingExample.deploymentSaysDeployed(FailingExample.java:";
        assertThat(Files.readString(report.resolve("failure.txt"))).startsWith(at);
        String page = Files.readString(report.resolve("index.html"));
        assertThat(page).contains("<p>at <code>" + at.substring(3))
                .contains("<h2>What the test did</h2>").contains("<code>run(&quot;ls /no/such/release&quot;) -&gt; exit 2");
        // Each step with the screen as the test's copy had it then, as tui-test's trace viewer shows it.
        List<String> rows = List.of(page.substring(page.indexOf("<h2>What the test did</h2>"), page.indexOf("<h2>Commands"))
                .split("<tr>"));
        String ls = rows.stream().filter(row -> row.contains("run(&quot;ls /no/such/release")).findFirst().orElseThrow();
        assertThat(pictureText(ls)).contains("ls: cannot access '/no/such/release'").doesNotContain("\u2714 built");
        // A prompt wait's picture has what the server saw: the copy caught up before it was taken.
        List<String> prompts = rows.stream().filter(row -> row.contains("<code>waitForPrompt()")).toList();
        assertThat(pictureText(prompts.getFirst())).contains("#");
        assertThat(pictureText(prompts.getLast())).startsWith("\u2714 built");
        assertThat(rows).filteredOn(row -> row.contains("<details><summary>screen</summary><svg")).hasSize(steps.size());
    }

    /** The text of the picture in a row of the page's step table. */
    private static String pictureText(String row) throws Exception {
        return SvgText.of(row.substring(row.indexOf("<svg"), row.indexOf("</svg>") + "</svg>".length()));
    }

    @Test
    void theFilesAreAttachedToTheTestThroughPublishFile() throws Exception {
        try (Stream<Path> files = Files.walk(work.resolve("junit"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsAll(FailureReport.FILES);
        }
    }

    @Test
    void whatAFailedLocatorFoundIsFramedInThePictures() throws Exception {
        Path reports = work.resolve("ambiguous-reports");
        TestExecutionSummary ambiguous = NestedRun.run(AmbiguousExample.class, work.resolve("junit-ambiguous"),
                Map.of("ptyctl.reports", reports.toString()));
        assertThat(ambiguous.getFailures()).singleElement().extracting(failure -> failure.getException().getMessage())
                .asString().contains("strict mode violation: text \"Save\" resolved to 2 matches");
        Path failed = reports.resolve(AmbiguousExample.class.getName() + ".saveIsOnTheScreenTwice");

        // each match framed inside its 4 cells of row 1: columns 1-4 and 7-10, 9 by 18 units a cell
        String frames = "<rect class=\"found\" x=\"1\" y=\"1\" width=\"34\" height=\"16\" fill=\"none\" stroke=\"#ff8c00\""
                + " stroke-width=\"2\"/>\n<rect class=\"found\" x=\"55\" y=\"1\" width=\"34\" height=\"16\"";
        assertThat(Files.readString(failed.resolve("screen.svg"))).contains(frames);
        assertThat(Files.readString(failed.resolve("screen.txt"))).contains(" 1 |Save  Save\n   |~~~~  ~~~~\n");
        String page = Files.readString(failed.resolve("index.html"));
        String failedStep = page.substring(page.indexOf("<td class=\"failed\">"));
        assertThat(failedStep).as("the failed step's picture").contains(frames);
    }

    @Test
    void aRetriedTestKeepsTheReportOfEachFailedAttemptAndSaysItWasFlaky() throws Exception {
        Path reports = work.resolve("retry-reports");
        List<String> flaky = new java.util.concurrent.CopyOnWriteArrayList<>();
        FlakyExample.RUNS.set(0);   // its first attempt fails on run 1 only: not on a second run of this test
        TestExecutionSummary retried = NestedRun.run(FlakyExample.class, work.resolve("junit-retry"),
                Map.of("ptyctl.reports", reports.toString()), new TestExecutionListener() {
                    @Override
                    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                        entry.getKeyValuePairs().forEach((key, value) -> flaky.add(test.getDisplayName() + ": "
                                + key + "=" + value));
                    }
                });

        // theServiceAnswers: attempt 1 aborted (retried), attempt 2 passed, no third; neverAnswers: 1 aborted, 1 failed;
        // alsoAPlainTest: its @Test run passed, its @RetryingTest refused
        assertThat(retried.getTestsAbortedCount()).isEqualTo(2);
        assertThat(retried.getTestsSucceededCount()).isEqualTo(2);
        assertThat(retried.getFailures()).hasSize(3).anySatisfy(failure -> {
            assertThat(failure.getTestIdentifier().getDisplayName()).isEqualTo("attempt 2 of 2");
            assertThat(failure.getException()).hasMessageStartingWith("expected text \"no such text\" to be visible");
        }).anySatisfy(failure -> assertThat(failure.getException()).hasMessage("@RetryingTest(-1) on negativeRetries:"
                + " it is how many times a failing test runs again, 0 or more"))
                .anySatisfy(failure -> assertThat(failure.getException()).hasMessage("@RetryingTest on alsoAPlainTest"
                        + " takes the place of @Test: keep one of them"));
        assertThat(flaky).filteredOn(entry -> entry.contains("ptyctl.flaky")).containsExactly("attempt 2 of 3:"
                + " ptyctl.flaky=passed on attempt 2 of 3; attempt 1 failed: expected 2 of text \"up on run 2\" within 1 s;"
                + " found none");

        String prefix = FlakyExample.class.getName() + ".";
        Path firstAttempt = reports.resolve(prefix + "theServiceAnswers-attempt-1-of-3");
        assertThat(firstAttempt.resolve("failure.txt")).content()   // the failure itself, not the retry's abort
                .startsWith("at FlakyExample.theServiceAnswers(FlakyExample.java:").contains("expected 2 of text \"up on run 2\"")
                .contains("up on run 1");                   // the screen of that attempt: its own terminal
        assertThat(reports.resolve(prefix + "theServiceAnswers-attempt-2-of-3")).doesNotExist();
        assertThat(reports.resolve(prefix + "neverAnswers-attempt-1-of-2").resolve("index.html")).isNotEmptyFile();
        assertThat(reports.resolve(prefix + "neverAnswers-attempt-2-of-2").resolve("index.html")).isNotEmptyFile();
    }

    @Test
    void aPassingTestLeavesAReportWhenAskedTo() throws Exception {
        Path reports = work.resolve("passing-reports");
        TestExecutionSummary passing = NestedRun.run(PassingExample.class, work.resolve("junit-passing"),
                Map.of("ptyctl.reports", reports.toString(), "ptyctl.reports.passing", "true"));
        assertThat(passing.getFailures()).as("the passing example's failures")
                .extracting(failure -> failure.getException().toString()).isEmpty();
        Path passed = reports.resolve(PassingExample.class.getName() + ".echoSaysHello");
        for (String name : FailureReport.FILES) {
            assertThat(passed.resolve(name)).as(name).isNotEmptyFile();
        }
        assertThat(passed.resolve("failure.txt")).hasContent("the test passed");
        assertThat(Files.readString(passed.resolve("steps.txt")))
                .contains("typeLine(\"echo hello from the passing test\")")
                .contains("2 of text \"hello from the passing test\", found at row 1, column ");
        assertThat(Files.readString(passed.resolve("index.html")))
                .contains("<p class=\"expectation passed\">the test passed</p>", "<h2>The screen at the end</h2>");

        Path unasked = work.resolve("unasked-reports");
        NestedRun.run(PassingExample.class, work.resolve("junit-unasked"), Map.of("ptyctl.reports", unasked.toString()));
        assertThat(unasked).as("no report of a passing test unless asked").doesNotExist();
    }
}
