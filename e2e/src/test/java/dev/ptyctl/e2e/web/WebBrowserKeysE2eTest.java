package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The keys a browser keeps for itself (Ctrl-W, Ctrl-T, Ctrl-N close and open its tabs, never reaching the page): full
 * screen locks them for the page where the browser can, a page left by such a key while its program runs asks first
 * and then says why, and the page can be installed as an app, whose window passes them to the page.
 */
@UsesServer
@BrowserTest
class WebBrowserKeysE2eTest extends PageTest {
    private static final String PROMPT = "keys> ";
    /** Records in the session's storage whether the page asked the browser to ask before it is left. */
    private static final String RECORD_LEAVING = """
            sessionStorage.removeItem('asked');
            window.addEventListener('beforeunload',
                (event) => sessionStorage.setItem('asked', String(event.defaultPrevented)));
            """;
    @AfterEach
    void leaveFullScreen() {
        page.js("if (document.fullscreenElement) document.exitFullscreen();");
    }

    /**
     * The header's ⛶ puts the page in full screen and locks Ctrl-W's, Ctrl-T's and Ctrl-N's keys and Escape for it, and
     * bash's Ctrl-W then deletes a word; ⛶ again leaves full screen.
     */
    @Test
    void fullScreenLocksTheKeysTheBrowserKeeps() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.js("""
                window.locked = [];
                const lock = navigator.keyboard.lock.bind(navigator.keyboard);
                navigator.keyboard.lock = (keys) => { window.locked.push(keys); return lock(keys); };""");
        page.clickOn("#full-screen");
        page.waitUntil("the page is in full screen", () -> Boolean.TRUE.equals(page.js(
                "return document.fullscreenElement === document.documentElement;")));
        page.waitUntil("the button says so", () -> "true".equals(page.attribute("#full-screen", "aria-pressed")));
        assertThat((List<?>) page.js("return window.locked;")).as("the keys locked")
                .singleElement().asInstanceOf(InstanceOfAssertFactories.LIST).contains("KeyW", "KeyT", "KeyN", "Escape");

        page.type(id, "echo one two", Keys.chord(Keys.CONTROL, "w"), "three", Keys.ENTER);
        page.waitForText(id, "\none three\n");
        assertThat(page.hasKeyboard(id)).as("the terminal has the keyboard").isTrue();

        page.clickOn("#full-screen");
        page.waitUntil("the page left full screen", () -> Boolean.TRUE.equals(page.js(
                "return document.fullscreenElement === null;")));
        assertThat(page.attribute("#full-screen", "aria-pressed")).isEqualTo("false");
    }

    /**
     * Ctrl held as the page is left (Ctrl-W, which the browser took for its tab) while a shell runs in it: the page asks
     * the browser to ask first, and a person who stays is told why and what to type instead. Left without a modifier
     * (F5, a click on the tab's ×), the page goes at once. Headless Chromium shows no "Leave site?" dialog (it leaves,
     * as if the person said so): what the page asked for is read from the beforeunload event it saw, and the person
     * who stays is such an event without the leaving.
     */
    @Test
    void aPageLeftByAKeyWhileItsProgramRunsAsksFirstAndThenSaysWhy() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.type(id, "echo typed", Keys.ENTER); // a person used the page: browsers ask only then
        page.waitForText(id, "\ntyped\n");

        page.holdingCtrl(() -> page.js(RECORD_LEAVING + "setTimeout(() => location.reload(), 0);"));
        page.waitUntil("the page was reloaded", () -> page.js("return sessionStorage.getItem('asked');") != null);
        assertThat(page.js("return sessionStorage.getItem('asked');")).as("asked, Ctrl held").isEqualTo("true");

        page.waitForText(id, "\ntyped\n");
        page.type(id, "echo again", Keys.ENTER);
        page.waitForText(id, "\nagain\n");
        page.js(RECORD_LEAVING + "setTimeout(() => location.reload(), 0);");
        page.waitUntil("the page was reloaded", () -> "false".equals(page.js(
                "return sessionStorage.getItem('asked');")));

        page.waitForText(id, "\nagain\n");
        page.click(id);
        page.holdingCtrl(() -> page.js("window.dispatchEvent(new Event('beforeunload', {cancelable: true}));"));
        page.waitUntil("the page says why it nearly closed", () -> page.element("#keys-hint").isDisplayed());
        assertThat(page.text("#keys-hint")).contains("Ctrl-W").contains("full screen").contains("Alt-Backspace");
        page.clickOn("#keys-hint-close");
        page.waitUntil("the note is gone and the terminal has the keyboard",
                () -> !page.element("#keys-hint").isDisplayed() && page.hasKeyboard(id));
    }

    /**
     * Chromium finds the page installable (a web app manifest with a name, an icon and a window of its own): an
     * installed app's window passes Ctrl-W, Ctrl-T and Ctrl-N to the page, which a browser tab keeps for itself.
     */
    @Test
    void chromiumCanInstallThePageAsAnApp() {
        page.open("/");
        new WebDriverWait(page.driver(), Page.TIMEOUT, Duration.ofMillis(100))
                .withMessage(() -> "the manifest: " + manifest())
                .until(d -> manifest().get("errors") instanceof List<?> errors && errors.isEmpty()
                        && manifest().get("url") instanceof String url && !url.isEmpty());
        Map<String, Object> installable = page.driver().executeCdpCommand("Page.getInstallabilityErrors", Map.of());
        assertThat((List<?>) installable.get("installabilityErrors")).as("why Chromium would not install it").isEmpty();
    }

    private Map<String, Object> manifest() {
        return page.driver().executeCdpCommand("Page.getAppManifest", Map.of());
    }
}
