package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A test that fails on purpose with a strict mode violation, to show how its report marks what the locator found:
 * its name does not end in {@code Test}, so the normal run skips it; {@link FailureReportE2eTest} runs it.
 */
@WithTerminal(command = "/bin/bash", cwd = "/tmp", cols = 40, rows = 6, timeoutSeconds = 10)
class AmbiguousExample {

    @Test
    void saveIsOnTheScreenTwice(TerminalDriver t) {
        // the screen cleared first, so the command line is gone and row 1 holds the two buttons alone
        t.typeLine("printf '\\033[H\\033[2JSave  Save\\n'").waitForPrompt();
        assertThat(t.getByText("Save")).within(Duration.ofSeconds(1)).hasText("Save");
    }
}
