package dev.ptyctl.client.junit;

import dev.ptyctl.client.dsl.FailureReport;
import dev.ptyctl.client.dsl.TerminalDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Writes a failed test's {@link FailureReport} (and a passing one's, when {@code ptyctl.reports.passing} is
 * {@code true}) under {@code target/ptyctl-reports/<test>/} (or the folder the JUnit
 * configuration parameter or system property {@code ptyctl.reports} names) and attaches each file to the test with
 * JUnit's {@code publishFile}, so IDEs
 * and build reports that show attachments show the screen; the folder is also a report entry,
 * {@code ptyctl.report}.
 */
final class FailureReports {
    /** Where reports go unless told otherwise: Maven's and Gradle's build folder of the module under test. */
    static final String DEFAULT_ROOT = "target/ptyctl-reports";
    /** The JUnit configuration parameter (or system property) naming another folder. */
    static final String ROOT_PARAMETER = "ptyctl.reports";
    /**
     * The JUnit configuration parameter (or system property) that, {@code true}, has passing tests leave a report too
     * (tui-test's {@code trace: true}): the screen at the end, the steps with their screens, the recording.
     */
    static final String PASSING_PARAMETER = "ptyctl.reports.passing";

    private FailureReports() {
    }

    /** Whether passing tests leave a report too ({@link #PASSING_PARAMETER}). */
    static boolean forPassingTests(ExtensionContext context) {
        return context.getConfigurationParameter(PASSING_PARAMETER).map(Boolean::parseBoolean).orElse(false);
    }

    /** Writes and attaches the report of a test that threw {@code failure}, or passed when it is null. */
    static void publish(ExtensionContext context, TerminalDriver driver, Throwable failure, String label) {
        Path dir = Path.of(context.getConfigurationParameter(ROOT_PARAMETER).filter(root -> !root.isBlank())
                        .orElse(DEFAULT_ROOT))
                .resolve(context.getRequiredTestClass().getName() + "." + testName(context) + label);
        List<Path> files;
        try {
            files = FailureReport.write(dir, context.getDisplayName() + " (" + context.getRequiredTestClass().getName()
                    + ")", driver, failure);
        } catch (Exception | AssertionError e) {
            // the report is a help; the test's own failure is what must come through (a passing test's, nothing)
            if (failure != null) {
                failure.addSuppressed(e);
            }
            return;
        }
        context.publishReportEntry("ptyctl.report", dir.toAbsolutePath().resolve("index.html").toString());
        for (Path file : files) {
            try {
                context.publishFile(label.isEmpty() ? file.getFileName().toString()
                                : label.substring(1) + "-" + file.getFileName(), mediaType(file),
                        target -> Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING));
            } catch (RuntimeException e) {
                if (failure != null) {
                    failure.addSuppressed(e); // a launcher without an output directory: the files are still on disk
                }
                return;
            }
        }
    }

    /** The test method's name, with the invocation's display name for a parameterized or repeated test. */
    static String testName(ExtensionContext context) {
        String method = context.getRequiredTestMethod().getName();
        if (!context.getUniqueId().contains("-invocation:")) {
            return method;
        }
        String invocation = context.getDisplayName().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        return method + "-" + invocation;
    }

    /**
     * The name the test's snapshots take: {@link #testName}, but the method's alone for an attempt of a
     * {@link RetryingTest}, whose every attempt checks the same golden files.
     */
    static String snapshotName(ExtensionContext context) {
        return RetryingTests.isRetrying(context) ? context.getRequiredTestMethod().getName() : testName(context);
    }

    private static MediaType mediaType(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".svg")) {
            return MediaType.parse("image/svg+xml");
        }
        if (name.endsWith(".html")) {
            return MediaType.parse("text/html; charset=UTF-8");
        }
        if (name.endsWith(".cast")) {
            return MediaType.parse("application/x-asciicast");
        }
        return MediaType.TEXT_PLAIN_UTF_8;
    }
}
