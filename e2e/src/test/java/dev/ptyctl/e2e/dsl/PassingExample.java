package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

/**
 * A test that passes, to show what a passing terminal test leaves behind when asked to
 * ({@code ptyctl.reports.passing=true}, tui-test's {@code trace: true}): its name does not end in {@code Test}, so the
 * normal run skips it; {@link FailureReportE2eTest} runs it and checks its report.
 */
// In "/", so the prompt (user@host:cwd) leaves the command line room in 60 columns wherever the build runs: in a
// clone with a long path the line wrapped and its text, split over two rows, was one match short.
@WithTerminal(command = "/bin/bash", cwd = "/", cols = 60, rows = 12, timeoutSeconds = 10)
class PassingExample {

    @Test
    void echoSaysHello(TerminalDriver t) {
        t.typeLine("echo hello from the passing test").waitForPrompt();
        assertThat(t.getByText("hello from the passing test")).hasCount(2);   // the command line and its output
    }
}
