package dev.ptyctl.e2e.docs;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptyctl.client.dsl.Command;
import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

/** The interactive example of docs/testing.md: a set-up wizard (src/test/resources/programs/new-project.sh). */
// tag::wizard-test[]
@WithTerminal(shell = "bash", size = "80x24")
class NewProjectWizardTest {
    private static final String WIZARD = "bash src/test/resources/programs/new-project.sh";

    @Test
    void theWizardCreatesAProject(TerminalDriver t) {
        t.typeLine(WIZARD).waitFor("Project name:");
        t.typeLine("Billing App");
        assertThat(t.getByText("A name is lower-case letters")).hasStyle(Styles.color("red"));
        t.typeLine("billing").waitFor("Choose 1-2:");
        t.typeLine("2").waitFor("Create billing (kotlin)? [y/N]");

        Mark confirmed = t.mark();
        t.typeLine("y");
        t.expectAfter(confirmed).text("billing (kotlin)");  // not the question above: only what comes after
        t.waitForPrompt();

        assertThat(t.getByText("Created billing")).hasStyle(Styles.bold().fg("green"));
        assertEquals(0, t.lastCommand().exitCode());
        assertThat(t.commands()).allSucceeded();
    }

    @Test
    void answeringNoCreatesNothing(TerminalDriver t) {
        t.typeLine(WIZARD).waitFor("Project name:")
                .typeLine("billing").waitFor("Choose 1-2:")
                .typeLine("1").waitFor("[y/N]")
                .typeLine("n").waitForPrompt();

        Command wizard = t.lastCommand();
        assertEquals(WIZARD, wizard.line());
        assertEquals(1, wizard.exitCode());
        assertTrue(wizard.output().endsWith("Nothing created.\n"));
    }
}
// end::wizard-test[]
