package dev.ptyctl.e2e.web;

import static dev.ptyctl.e2e.web.WebPageE2eTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import org.junit.jupiter.api.Test;

/**
 * A program's bell (BEL) rung while its tab is not in sight marks the tab and the browser's title until the tab is
 * shown: a build left running in another tab says it is done (`make; printf '\a'`).
 */
@UsesServer
@BrowserTest
class WebBellE2eTest extends PageTest {
    private static final String PROMPT = "bell> ";

    @Test
    void aBellInATabNotInSightMarksItAndTheTitleUntilItIsShown() throws Exception {
        Terminal background = session.shownShell(PROMPT, "");
        Terminal shown = session.shell(PROMPT);
        page.clickOn("#home");
        page.clickOn("tr[data-terminal='" + shown.terminalId() + "'] button[data-action='open']");
        page.waitForText(shown.terminalId(), PROMPT.strip());
        String backgroundTab = ".tab[data-terminal='" + background.terminalId() + "']";

        run(shown, "printf 'shown-\\a%s\\n' rang");
        page.waitForText(shown.terminalId(), "\nshown-rang");
        run(background, "printf 'background-\\a%s\\n' rang");
        page.waitForText(background.terminalId(), "\nbackground-rang");
        page.waitUntil("the tab in the background says its program rang",
                () -> "bell".equals(page.text(backgroundTab + " .tab-bell")));
        assertThat(page.elements(".tab[data-terminal='" + shown.terminalId() + "'] .tab-bell"))
                .as("the bell of the tab in sight").isEmpty();
        assertThat((String) page.js("return document.title;")).startsWith("(bell) ");

        page.clickOn(backgroundTab);
        page.waitUntil("the bell is seen", () -> page.elements(backgroundTab + " .tab-bell").isEmpty());
        assertThat((String) page.js("return document.title;")).doesNotContain("(bell)");
    }
}
