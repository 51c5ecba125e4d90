package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.Locator;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import org.junit.jupiter.api.Test;

/** htop (ncurses, the mouse on by default) driven by clicks on its function-key bar, as its users click it. */
@RequiresTool("htop")
@WithTerminal(command = {"/bin/bash"}, cols = 100, rows = 30, timeoutSeconds = 30)
class HtopMouseE2eTest {

    /** An entry of the function-key bar, the bottom row (a process's command line may hold the same word). */
    private static Locator bar(TerminalDriver t, String label) {
        return t.getByText(label).within(Region.rows(30, 30));
    }

    @Test
    void aClickOnHelpOpensItsHelpAndOneOnQuitEndsIt(TerminalDriver t) {
        t.typeLine("htop");
        t.click(bar(t, "Help"));
        assertThat(t.getByText("show this help screen")).isVisible();
        t.type("q");   // any key leaves the help
        assertThat(t.getByText("show this help screen")).isHidden();
        t.click(bar(t, "Quit"));
        t.waitForPrompt();
    }
}
