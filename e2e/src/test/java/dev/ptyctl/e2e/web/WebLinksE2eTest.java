package dev.ptyctl.e2e.web;

import static dev.ptyctl.e2e.web.WebPageE2eTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.interactions.Actions;

/**
 * Links in a terminal, pointed at and clicked with the mouse: a URL a program prints, and an OSC 8 hyperlink (text
 * whose address is another, as {@code ls --hyperlink} and gcc print them). {@code window.open} is recorded.
 */
@UsesServer
@BrowserTest
class WebLinksE2eTest extends PageTest {
    private static final String PROMPT = "links> ";
    private static final String POINTER = ".terminal-view:not([hidden]) .xterm-screen.xterm-cursor-pointer";

    @Test
    void aUrlInTheOutputIsALinkThatOpensWhenClicked() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "&renderer=dom");
        String id = terminal.terminalId();
        String url = "https://example.invalid/ptyctl/link-42";
        run(terminal, "printf 'see %s for more\\n' " + url.replace("42", "$((6*7))"));
        page.waitForText(id, "see " + url + " for more");
        recordOpenedTabs();
        pointAt(id, url, 5).perform();
        page.waitUntil("the pointer shows a link", () -> !page.elements(POINTER).isEmpty());
        pointAt(id, url, 5).click().perform();
        page.waitUntil("the link opened", () -> url.equals(opened()));
    }

    /**
     * An OSC 8 link opens its address when clicked, without the window.confirm xterm.js put before it ("This link
     * could potentially be dangerous", a dialog over the page each time), and shows its address in a tooltip while
     * pointed at: its text is not its address.
     */
    @Test
    void anOsc8HyperlinkShowsItsAddressAndOpensWhenClicked() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "&renderer=dom");
        String id = terminal.terminalId();
        String url = "https://example.invalid/ptyctl/osc8-42";
        run(terminal, "printf '\\e]8;;%s\\e\\\\the docs\\e]8;;\\e\\\\ say so\\n' "
                + url.replace("42", "$((6*7))"));
        page.waitForText(id, "\nthe docs say so");
        recordOpenedTabs();
        page.js("window.confirm = (text) => { window.confirmed = text; return true; };");
        pointAt(id, "the docs say so", 2).perform();
        page.waitUntil("the pointer shows a link", () -> !page.elements(POINTER).isEmpty());
        page.waitUntil("the tooltip has the address", () -> url.equals(
                page.attribute(".terminal-view:not([hidden]) .xterm-host", "title")));
        pointAt(id, "the docs say so", 2).click().perform();
        page.waitUntil("the link opened", () -> url.equals(opened()));
        assertThat(page.js("return window.confirmed ?? null;")).as("the question asked first").isNull();
    }

    /**
     * An OSC 8 link to a javascript: or data: address is no link: a click opens nothing and runs nothing. With xterm.js's
     * confirm gone, one click on text a program printed ("the docs") would otherwise run script or show a page.
     */
    @Test
    void anOsc8HyperlinkToAJavascriptOrDataAddressNeverOpens() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "&renderer=dom");
        String id = terminal.terminalId();
        run(terminal, "printf '\\e]8;;javascript:window.ran=1\\e\\\\script here\\e]8;;\\e\\\\ and "
                + "\\e]8;;data:text/html,<b>page</b>\\e\\\\data here\\e]8;;\\e\\\\ end%s\\n' $((6*7))");
        page.waitForText(id, "\nscript here and data here end42");
        recordOpenedTabs();
        page.js("window.confirm = (text) => { window.confirmed = text; return true; };");
        for (String text : new String[] {"script here and", "data here end"}) {
            pointAt(id, text, 2).perform();
            pointAt(id, text, 2).click().perform();
        }
        // A real link clicked after them opens: the clicks above reached the terminal, and opened nothing.
        String url = "https://example.invalid/ptyctl/after";
        run(terminal, "printf '\\e]8;;%s\\e\\\\real\\x20link\\e]8;;\\e\\\\\\n' " + url);
        page.waitForText(id, "\nreal link");
        pointAt(id, "real link", 2).perform();
        page.waitUntil("the pointer shows a link", () -> !page.elements(POINTER).isEmpty());
        pointAt(id, "real link", 2).click().perform();
        page.waitUntil("the real link opened", () -> Boolean.TRUE.equals(
                page.js("return window.opened.some((w) => w.location.href === arguments[0]);", url)));
        assertThat(page.js("return window.opened.map((w) => w.location.href);")).as("every tab opened")
                .isEqualTo(List.of(url));
        assertThat(page.js("return window.ran ?? null;")).as("the javascript: address ran").isNull();
        assertThat(page.js("return window.confirmed ?? null;")).as("a question asked").isNull();
    }

    /** Replaces window.open with a recorder of the tabs it would open. */
    private void recordOpenedTabs() {
        page.js("window.opened = [];"
                + " window.open = () => { const w = {location: {}}; window.opened.push(w); return w; };");
    }

    /** The address the first tab opened was sent to, or null. */
    private Object opened() {
        return page.js("return window.opened.length ? window.opened[0].location.href : null;");
    }

    /** The mouse moved onto the cell {@code offset} columns into the first {@code text} on the screen, as actions. */
    private Actions pointAt(String id, String text, int offset) {
        int[] at = page.cellCentre(id, text, offset);
        return new Actions(page.driver()).moveToLocation(at[0], at[1]);
    }
}
