package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure report's writer ({@link FailureReport}) for a driver without a view of its own (a bare JSON-RPC
 * endpoint, scripted here): what each file holds. The report of a live terminal, recording and commands included, is
 * checked end to end by the e2e module's FailureReportE2eTest.
 */
class FailureReportTest {
    @TempDir
    Path dir;
    private FakeRpcServer server;
    private TerminalDriver driver;

    @BeforeEach
    void start() throws Exception {
        server = FakeRpcServer.startTcp();
        driver = TerminalDriver.connect(server.address());
    }

    @AfterEach
    void stop() throws Exception {
        driver.close();
        server.assertExhausted();
        server.close();
    }

    /** A DSL failure as the driver raises it: the expectation, and the screen with its styles. */
    private static TerminalAssertionError failure(String expectation, String output) {
        Terminal screen = Screens.terminal(24, 4, output);
        return new TerminalAssertionError(expectation, Cells.of(screen).toScreen(), VtSerializer.serializeBytes(screen));
    }

    @Test
    void everyFileIsWrittenFromTheScreenTheFailureCarries() throws Exception {
        TerminalAssertionError failure = failure("expected text \"Deployed\" to be visible within 1 s; found none",
                ESC + "[1;32m\u2714 built" + ESC + "[0m <ok>\r\n" + ESC + "[31mfailed" + ESC + "[0m & quota\r\n$ ");

        List<Path> files = FailureReport.write(dir.resolve("report"), "deploys (DeployTest)", driver, failure);

        assertThat(files).extracting(f -> f.getFileName().toString()).containsExactlyElementsOf(FailureReport.FILES);
        Path report = dir.resolve("report");
        assertThat(report.resolve("screen.txt")).hasContent("""
                screen 24x4, cursor at row 3, column 3:
                 1 |\u2714 built <ok>
                 2 |failed & quota
                 3 |$
                   |  ^""");
        assertThat(report.resolve("failure.txt")).content().startsWith(
                "expected text \"Deployed\" to be visible within 1 s; found none\nscreen 24x4, cursor at row 3, column 3:\n");
        String svg = Files.readString(report.resolve("screen.svg"));
        assertThat(svg).startsWith("<svg xmlns=").contains("font-weight=\"bold\">\u2714 built</text>")
                .contains("&lt;ok&gt;").contains("fill=\"#cc0000\"").contains("class=\"cursor\"");
        assertThat(report.resolve("recording.cast")).as("no view, no recording").isEmptyFile();
        assertThat(report.resolve("commands.txt")).hasContent("(no command reported by the shell)");
        String page = Files.readString(report.resolve("index.html"));
        assertThat(page).contains("<title>deploys (DeployTest)</title>")
                .contains("<p class=\"expectation\">expected text &quot;Deployed&quot; to be visible within 1 s; found none</p>")
                .contains(svg).contains("failed &amp; quota").contains("No command reported by the shell.")
                .doesNotContain("<script").doesNotContain("Framed in orange");
    }

    @Test
    void whatALocatorFoundIsFramedInThePictureAndMarkedInTheText() throws Exception {
        Terminal screen = Screens.terminal(24, 3, "Save  Save\r\n$ ");
        TerminalAssertionError failure = new TerminalAssertionError("expected text \"Save\" to read \"Save\"; strict"
                + " mode violation", Cells.of(screen).toScreen(), VtSerializer.serializeBytes(screen),
                List.of(new ScreenDump.Underline(0, 0, 4), new ScreenDump.Underline(0, 6, 10)));

        FailureReport.write(dir, "saves (SaveTest)", driver, failure);

        String svg = Files.readString(dir.resolve("screen.svg"));
        assertThat(svg).contains("<rect class=\"found\" x=\"1\" y=\"1\" width=\"34\" height=\"16\"")
                .contains("<rect class=\"found\" x=\"55\" y=\"1\" width=\"34\" height=\"16\"");
        assertThat(dir.resolve("screen.txt")).hasContent("""
                screen 24x3, cursor at row 2, column 3 (^), what was found marked ~:
                 1 |Save  Save
                   |~~~~  ~~~~
                 2 |$
                   |  ^""");
        assertThat(Files.readString(dir.resolve("index.html"))).contains(svg)
                .contains("<p class=\"legend\">Framed in orange: what the locator found.</p>");
    }

    @Test
    void theReportListsWhatTheTestDidAndTheLineThatFailed() throws Exception {
        String screen = "'screen':'$ make\\nok\\n','cursor':{'row':2,'col':3},'size':{'cols':20,'rows':3}";
        server.reply("{'written':5,'outputSeq':100}").reply("{'matched':true," + screen + ",'waitedMs':12}")
                .reply("{'written':1,'outputSeq':110}")
                .reply("{'matched':false," + screen + ",'waitedMs':300}").reply("{'running':true,'exitCode':null,'pid':7}")
                .reply("{'matched':false," + screen + ",'waitedMs':0}");
        driver.testName(FailureReportTest.class, "theReportListsWhatTheTestDidAndTheLineThatFailed");
        driver.typeLine("make").waitFor("ok").press(Key.ctrl('c'));
        TerminalAssertionError failure = catchThrowableOfType(TerminalAssertionError.class,
                () -> driver.waitFor("PASSED", Duration.ofMillis(300)));

        FailureReport.write(dir, "makes (MakeTest)", driver, failure);

        String at = "at FailureReportTest.lambda$theReportListsWhatTheTestDidAndTheLineThatFailed$";
        assertThat(dir.resolve("failure.txt")).content().startsWith(at)
                .contains("(FailureReportTest.java:").contains("\nexpected the screen to contain \"PASSED\" within 300 ms\n");
        assertThat(Files.readAllLines(dir.resolve("steps.txt"))).hasSize(4).satisfiesExactly(
                step -> assertThat(step).matches("\\+ +\\d+\\.\\d{3} s  typeLine\\(\"make\"\\)"),
                step -> assertThat(step).matches("\\+ +\\d+\\.\\d{3} s  waitFor\\(\"ok\"\\) \\(\\d+ ms\\)"),
                step -> assertThat(step).endsWith(" s  press(Ctrl+C)"),
                step -> assertThat(step).endsWith(" s  FAILED expected the screen to contain \"PASSED\" within 300 ms"));
        assertThat(Files.readString(dir.resolve("index.html"))).contains("<p>at <code>" + at.substring(3))
                .contains("<h2>What the test did</h2>").contains("<code>typeLine(&quot;make&quot;)</code>")
                .contains("<td class=\"failed\">failed: expected the screen to contain &quot;PASSED&quot; within 300 ms");
        for (int request = 0; request < 6; request++) { // two writes, two waits, then the status and the scrollback
            server.takeRequest();
        }
    }

    @Test
    void anyOtherFailureShowsTheServersScreenWithTheErrorItself() throws Exception {
        server.reply("{'screen':'$ make\\nok\\n','cursor':{'row':2,'col':3},'size':{'cols':20,'rows':3}}");
        AssertionError failure = new AssertionError("expected: 3 but was: 2");

        FailureReport.write(dir, "counts (CountTest)", driver, failure);

        assertThat(dir.resolve("screen.txt")).hasContent("""
                screen 20x3, cursor at row 2, column 3:
                 1 |$ make
                 2 |ok
                   |  ^""");
        assertThat(dir.resolve("failure.txt")).content().startsWith("java.lang.AssertionError: expected: 3 but was: 2\n\n"
                + "screen 20x3");
        assertThat(Files.readString(dir.resolve("index.html")))
                .contains("<p class=\"expectation\">java.lang.AssertionError: expected: 3 but was: 2</p>")
                // a quoted "todo.txt    1 KiB" keeps its spaces in the expectation and the steps; a long test name wraps
                .contains(".expectation{", "white-space:pre-wrap}", ".steps td:nth-child(2){white-space:pre-wrap}",
                        "h1{overflow-wrap:anywhere}");
        server.takeRequest();
    }
}
