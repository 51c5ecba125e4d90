package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A command-line program with prompts, tested as its author would test it with the DSL: run from a bash, answered
 * prompt by prompt, its colours and its exit code checked. The program is {@code deploy.sh}.
 */
@WithTerminal(shell = "bash", cols = 80, rows = 24, timeoutSeconds = 30)
class DeployCliE2eTest {
    private static final String DEPLOY = "bash src/test/resources/programs/deploy.sh";

    @Test
    void aMistypedEnvironmentIsRefusedInRedAndAskedAgain(TerminalDriver t) {
        t.typeLine(DEPLOY + " v1.4").waitFor("Environment (staging/production): ");
        Mark typo = t.mark();
        t.typeLine("stagign");
        t.expectAfter(typo).text("Environment (staging/production): ");   // asked again, not the first question
        assertThat(t.getByText("unknown environment: stagign")).hasStyle(Styles.color("red"));

        t.typeLine("staging").waitForPrompt();
        assertThat(t.getByText("deployed")).hasStyle(Styles.bold().fg("green"));
        t.assertScreen().contains("Uploading v1.4... 100%").contains("deployed v1.4 to staging");
        Assertions.assertThat(t.lastCommand().exitCode()).isZero();
    }

    @Test
    void productionAsksForAConfirmationAndAnythingButYesCancels(TerminalDriver t) {
        t.typeLine(DEPLOY + " v1.4").waitFor("Environment (staging/production): ");
        t.typeLine("production").waitFor("Deploy v1.4 to PRODUCTION? [y/N] ");
        t.typeLine("").waitForPrompt();   // Enter alone: the default, N

        Assertions.assertThat(t.lastCommand().exitCode()).isEqualTo(1);
        Assertions.assertThat(t.lastCommand().output()).endsWith("cancelled\n");
        assertThat(t.getByText("deployed")).isHidden();
    }

    @Test
    void aSessionOfDeploysAllSucceed(TerminalDriver t) {
        for (String version : new String[] {"v1.4", "v1.5"}) {
            // the first deploy's question stays on the screen: a waitFor would find it at once, and "staging" would
            // be typed before the second deploy asks (and be lost); only what is drawn after the mark will do
            Mark started = t.mark();
            t.typeLine(DEPLOY + " " + version);
            t.expectAfter(started).text("Environment (staging/production): ");
            t.typeLine("staging").waitForPrompt();
        }
        assertThat(t.commands()).allSucceeded();
        Assertions.assertThat(t.commands()).hasSize(2);
    }
}
