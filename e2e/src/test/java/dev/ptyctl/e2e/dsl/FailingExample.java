package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A test that fails on purpose, to show what a failing terminal test leaves behind: its name does not end in
 * {@code Test}, so the normal run skips it; {@link FailureReportE2eTest} runs it and checks its report.
 */
@WithTerminal(command = "/bin/bash", cols = 60, rows = 12, timeoutSeconds = 10)
class FailingExample {

    @Test
    void deploymentSaysDeployed(TerminalDriver t) {
        t.run("cd /tmp");
        t.run("ls /no/such/release");
        t.typeLine("clear; printf '\\e[1;32m\u2714 built\\e[0m  \\e[3mv1.2\\e[0m \u90e8\u7f72\\n\\e[7m deploy \\e[0m"
                + " \\e[4;31mfailed: quota\\e[0m\\n'").waitForPrompt();
        assertThat(t.getByText("Deployed")).within(Duration.ofSeconds(1)).isVisible();
    }
}
