package dev.ptyctl.e2e.web;

import static dev.ptyctl.e2e.web.WebPageE2eTest.RECORD_CLIPBOARD;
import static dev.ptyctl.e2e.web.WebPageE2eTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The settings dialog (the header's gear, Ctrl-,): each setting changes what the person sees or what the terminal does,
 * at once, and is kept in the browser across a reload; the dialog is used from the keyboard alone and named for a
 * screen reader. The DOM renderer ({@code ?renderer=dom}) draws the cursor as an element, whose look is read.
 */
@UsesServer
@BrowserTest
class WebSettingsE2eTest extends PageTest {
    private static final String PROMPT = "set> ";
    private static final String DIALOG = "#settings";
    private static final String CURSOR = ".terminal-view:not([hidden]) .xterm-rows .xterm-cursor";
    private static final String QUESTION = ".terminal-view:not([hidden]) .paste-question";

    /**
     * Ctrl-, in a terminal opens the dialog, named "Settings", its first control with the keyboard; Space, Tab, typing
     * and the arrows set copy on select, the text size and the light theme, each seen at once behind the dialog;
     * Escape gives the terminal the keyboard back; reloaded, the page has them all still.
     */
    @Test
    void theKeyboardAloneSetsTextSizeThemeAndCopyOnSelectWhichSurviveAReload() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        long cols = terminalNumber(id, "cols");
        assertThat(page.element("#settings-open").getAccessibleName()).as("the gear's name").isEqualTo("Settings");

        page.type(id, Keys.chord(Keys.CONTROL, ","));
        page.waitUntil("the dialog is open", this::dialogOpen);
        assertThat(page.element(DIALOG).getAccessibleName()).as("what a screen reader says of the dialog")
                .isEqualTo("Settings");
        assertThat(focused().getAccessibleName()).as("the control with the keyboard").startsWith("Copy on select");
        assertThat(page.js("const f = document.querySelector('#settings form').elements;"
                + " return [f.fontSize.min, f.fontSize.max, f.scrollback.min, f.scrollback.max];"))
                .as("the bounds of the number fields, where their arrows stop")
                .isEqualTo(List.of("8", "32", "0", "100000"));
        focused().sendKeys(Keys.SPACE, Keys.TAB);
        assertThat(focused().getAccessibleName()).as("the control after Tab").startsWith("Text size");
        focused().sendKeys(Keys.chord(Keys.CONTROL, "a"), "20", Keys.TAB);
        page.waitUntil("the grid is narrower at 20 px", () -> terminalNumber(id, "cols") < cols);
        assertThat(focused().getAccessibleName()).as("the control after Tab").isEqualTo("Dark");
        focused().sendKeys(Keys.ARROW_RIGHT);
        page.waitUntil("the terminal is light", () -> "rgb(250, 250, 250)".equals(terminalBackground()));
        assertThat(page.js("return getComputedStyle(document.body).backgroundColor;")).as("the page around it")
                .isEqualTo("rgb(250, 250, 250)");
        focused().sendKeys(Keys.ESCAPE);
        page.waitUntil("the dialog is closed", () -> !dialogOpen());
        assertThat(page.hasKeyboard(id)).as("the terminal has the keyboard again").isTrue();

        page.reload(id, PROMPT.strip());
        assertThat(terminalNumber(id, "options.fontSize")).as("the text size after a reload").isEqualTo(20);
        assertThat(terminalBackground()).as("the theme after a reload").isEqualTo("rgb(250, 250, 250)");
        page.js(RECORD_CLIPBOARD);
        run(terminal, "echo copy-me-$((6*7))");
        page.waitForText(id, "\ncopy-me-42");
        int[] word = page.cellCentre(id, "copy-me-42", 2);
        new Actions(page.driver()).moveToLocation(word[0], word[1]).doubleClick().perform();
        page.waitUntilDescribed(() -> "the word selected is copied, with no key: copied " + page.js(
                "return window.copied;") + ", selected " + page.js("return window.ptyctl.terminals[arguments[0]]"
                + ".getSelection();", id), () -> List.of("copy-me-42").equals(page.js("return window.copied;")));
    }

    /**
     * The cursor as a blinking bar, a scrollback of 100 lines (a field holding no number says so and changes nothing),
     * the paste question off, and all of them again after a reload.
     */
    @Test
    void cursorScrollbackAndPasteQuestionApplyAtOnceAndSurviveAReload() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "&renderer=dom");
        String id = terminal.terminalId();
        openWithTheGear();
        new Select(page.element(DIALOG + " select[name=cursorStyle]")).selectByVisibleText("Bar");
        page.clickOn(DIALOG + " input[name=cursorBlink]");
        WebElement scrollback = page.element(DIALOG + " input[name=scrollback]");
        scrollback.sendKeys(Keys.chord(Keys.CONTROL, "a"), "lots", Keys.TAB);
        assertThat(page.text("#settings-scrollback-error")).as("what the dialog says")
                .isEqualTo("Scrollback: a whole number of lines from 0 to 100000");
        assertThat(scrollback.getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(terminalNumber(id, "options.scrollback")).as("the scrollback kept").isEqualTo(10000);
        scrollback.sendKeys(Keys.chord(Keys.CONTROL, "a"), "100", Keys.TAB);
        assertThat(page.element("#settings-scrollback-error").isDisplayed()).as("the error said").isFalse();
        page.clickOn(DIALOG + " input[name=confirmPaste]");
        page.clickOn("#settings-done");
        page.waitUntil("the dialog is closed", () -> !dialogOpen());
        page.waitUntil("a blinking bar for a cursor", () -> cursorIs("xterm-cursor-bar", "xterm-cursor-blink"));
        run(terminal, "seq 1 1000");
        page.waitForText(id, "\n1000\n");
        assertThat(scrollbackLines(id)).as("lines above the screen").isEqualTo(100);

        page.reload(id, PROMPT.strip());
        // The page's own parameters stay in its address while a tab is shown: the reload lost them.
        assertThat(page.url()).as("the address reloaded").endsWith("/?t=" + id + "&renderer=dom");
        page.click(id);
        page.waitUntil("a blinking bar for a cursor", () -> cursorIs("xterm-cursor-bar", "xterm-cursor-blink"));
        assertThat(scrollbackLines(id)).as("lines above the screen, the server's replay").isLessThanOrEqualTo(100);
        page.type(id, "cat", Keys.ENTER);
        page.waitForBracketedPaste(id, false);
        page.paste(id, "first-line\nsecond-line\n");
        page.waitUntil("both lines echoed and copied by cat",
                () -> page.buffer(id).split("\nsecond-line\n", -1).length == 3);
        assertThat(page.element(QUESTION).isDisplayed()).as("a question").isFalse();
    }

    /**
     * With the setting "blinking" the cursor blinks after a program restored it with xterm's cnorm (CSI ?12l CSI ?25h,
     * sent by less, vim and htop as they end), and a program that asks for a steady bar (vim in insert mode,
     * DECSCUSR 6) gets one, also after a reload (the server's copy of the screen), until it sets the cursor back
     * (DECSCUSR 0).
     */
    @Test
    void theBlinkSettingOutlastsCnormAndAProgramsSteadyBarStillApplies() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "&renderer=dom");
        String id = terminal.terminalId();
        page.reloadWithSettings(id, "{\"cursorBlink\": true}", PROMPT.strip());
        page.click(id);
        page.waitUntil("a blinking block, as set", () -> cursorIs("xterm-cursor-block", "xterm-cursor-blink"));
        run(terminal, "printf '\\033[?12l\\033[?25h'; echo restored-$((6*7))"); // cnorm
        page.waitForText(id, "\nrestored-42");
        run(terminal, "echo after-$((6*7))"); // the output before it parsed whole
        page.waitForText(id, "\nafter-42");
        assertThat(page.js("return window.ptyctl.terminals[arguments[0]].options.cursorBlink;", id))
                .as("blinking after cnorm").isEqualTo(true);
        page.waitUntil("drawn blinking", () -> cursorIs("xterm-cursor-block", "xterm-cursor-blink"));

        run(terminal, "printf '\\033[6 q'; echo bar-$((6*7))");
        page.waitForText(id, "\nbar-42");
        page.waitUntil("the program's steady bar", () -> cursorIs("xterm-cursor-bar") && !blinking());
        page.reload(id, PROMPT.strip());
        page.click(id);
        page.waitUntil("the program's steady bar after a reload", () -> cursorIs("xterm-cursor-bar") && !blinking());
        run(terminal, "printf '\\033[0 q'; echo back-$((6*7))");
        page.waitForText(id, "\nback-42");
        page.waitUntil("the setting's blinking block again",
                () -> cursorIs("xterm-cursor-block", "xterm-cursor-blink"));
    }

    /**
     * Settings kept by another version of the page, or edited by hand, that are not valid (not JSON, not an object,
     * values of the wrong kind or out of range) are the defaults: the page still opens its terminal, and the dialog
     * shows the defaults; a valid one beside them is kept.
     */
    @Test
    void settingsStoredThatAreNotValidAreTheDefaults() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        for (String stored : List.of("not json{", "null", "[1, 2]", "\"light\"", "42",
                "{\"scrollback\": -5, \"cursorStyle\": {\"a\": 1}, \"bell\": null, \"copyOnSelect\": \"yes\","
                        + " \"confirmPaste\": 0, \"cursorBlink\": [true], \"theme\": \"light\"}")) {
            page.js("localStorage.setItem('ptyctl.fontSize', 'huge');");
            page.reloadWithSettings(id, stored, PROMPT.strip());
            assertThat(terminalNumber(id, "options.scrollback")).as("the scrollback, stored " + stored)
                    .isEqualTo(10000);
            assertThat(terminalNumber(id, "options.fontSize")).as("the text size").isEqualTo(14);
            assertThat(page.js("const o = window.ptyctl.terminals[arguments[0]].options;"
                    + " return [o.cursorStyle, o.cursorBlink];", id)).as("the cursor, stored " + stored)
                    .isEqualTo(List.of("block", false));
            openWithTheGear();
            assertThat(page.js("const f = document.querySelector('#settings form').elements;"
                    + " return [f.scrollback.value, f.copyOnSelect.checked, f.confirmPaste.checked, f.bell.value,"
                    + " f.cursorStyle.value];"))
                    .as("the dialog, stored " + stored).isEqualTo(List.of("10000", false, true, "visual", "block"));
            page.clickOn("#settings-done");
            page.waitUntil("the dialog is closed", () -> !dialogOpen());
        }
        assertThat(terminalBackground()).as("the valid theme beside them kept").isEqualTo("rgb(250, 250, 250)");
    }

    /**
     * The bell: flashed in sight by default; with "sound" a tone (an oscillator started) and the tab out of sight still
     * marked; with "none" neither, and no mark.
     */
    @Test
    void theBellFlashesSoundsOrIsSilentAsSet() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        String area = ".terminal-view:not([hidden]) .xterm-host";
        page.js("window.tones = 0; const start = OscillatorNode.prototype.start;"
                + " OscillatorNode.prototype.start = function (...a) { window.tones++; return start.apply(this, a); };");
        run(terminal, "printf 'one-\\a%s\\n' rang");
        page.waitUntil("the terminal flashes", () -> page.attribute(area, "class").contains("bell-flash"));

        openWithTheGear();
        page.clickOn(DIALOG + " input[name=bell][value=sound]");
        page.clickOn("#settings-done");
        run(terminal, "printf 'two-\\a%s\\n' rang");
        page.waitForText(id, "\ntwo-rang");
        page.waitUntil("a tone", () -> ((Number) page.js("return window.tones;")).intValue() == 1);

        openWithTheGear();
        page.clickOn(DIALOG + " input[name=bell][value=none]");
        page.clickOn("#settings-done");
        page.reload(id, PROMPT.strip());
        page.js("window.tones = 0; OscillatorNode.prototype.start = function () { window.tones++; };");
        run(terminal, "printf 'in-sight-\\a%s\\n' rang");
        page.waitForText(id, "\nin-sight-rang");
        assertThat(page.attribute(area, "class")).as("a flash in sight").doesNotContain("bell-flash");
        page.clickOn("#home"); // out of sight: "none" marks no tab either
        run(terminal, "printf 'three-\\a%s\\n' rang");
        page.waitUntil("the output reached the page", () -> page.buffer(id).contains("\nthree-rang"));
        assertThat(page.elements(".tab .tab-bell")).as("a tab marked").isEmpty();
        assertThat(page.attribute(area.replace(":not([hidden])", ""), "class")).as("a flash")
                .doesNotContain("bell-flash");
        assertThat(((Number) page.js("return window.tones;")).intValue()).as("tones").isZero();
    }

    /**
     * The page's one AudioContext, made by a sound bell rung before the person first clicked or typed in the page, is
     * suspended (the browser's autoplay policy; made so here, whatever this Chromium's policy is): the next bell, after
     * a click, resumes it, or every beep after the first was silent.
     */
    @Test
    void aSoundBellResumesTheAudioSuspendedAtTheFirst() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.reloadWithSettings(id, "{\"bell\": \"sound\"}", PROMPT.strip());
        page.js("const Real = AudioContext; window.contexts = [];"
                + " window.AudioContext = class extends Real {"
                + "   constructor() { super(); this.suspend(); window.contexts.push(this); } };");
        run(terminal, "printf 'one-\\a%s\\n' rang");
        page.waitForText(id, "\none-rang");
        page.waitUntil("the audio suspended", () -> "suspended".equals(page.js(
                "return window.contexts[0]?.state;")));
        page.js("window.suspendedAt = performance.now();");
        page.waitUntil("past the bells' gap", () -> Boolean.TRUE.equals(page.js(
                "return performance.now() - window.suspendedAt > 300;")));
        page.click(id); // the person's first click: a context may run from now on, once resumed
        run(terminal, "printf 'two-\\a%s\\n' rang");
        page.waitForText(id, "\ntwo-rang");
        page.waitUntil("the audio running again", () -> "running".equals(page.js(
                "return window.contexts[0].state;")));
        assertThat(page.js("return window.contexts.length;")).as("contexts made").isEqualTo(1L);
    }

    /** The theme "as the system" follows the browser's colour scheme, also when it changes (a laptop going dark). */
    @Test
    void theSystemThemeFollowsTheBrowsersColourSchemeAsItChanges() throws Exception {
        session.shownShell(PROMPT, "");
        try {
            colourScheme("dark");
            openWithTheGear();
            page.clickOn(DIALOG + " input[name=theme][value=system]");
            page.clickOn("#settings-done");
            assertThat(terminalBackground()).as("the terminal, the system dark").isEqualTo("rgb(22, 24, 29)");
            colourScheme("light");
            page.waitUntil("the terminal is light", () -> "rgb(250, 250, 250)".equals(terminalBackground()));
            colourScheme("dark");
            page.waitUntil("the terminal is dark", () -> "rgb(22, 24, 29)".equals(terminalBackground()));
        } finally {
            page.driver().executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
        }
    }

    /** The browser's prefers-color-scheme, as Chromium's emulation sets it (for this window only). */
    private void colourScheme(String scheme) {
        page.driver().executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    private void openWithTheGear() {
        page.clickOn("#settings-open");
        page.waitUntil("the dialog is open", this::dialogOpen);
    }

    private boolean dialogOpen() {
        return Boolean.TRUE.equals(page.js("return document.querySelector(arguments[0]).open;", DIALOG));
    }

    private WebElement focused() {
        return page.driver().switchTo().activeElement();
    }

    /** The colour behind the shown terminal's text, as drawn. */
    private String terminalBackground() {
        return (String) page.js("return getComputedStyle(document.querySelector("
                + "'.terminal-view:not([hidden]) .xterm-scrollable-element')).backgroundColor;");
    }

    private boolean cursorIs(String... classes) {
        String drawn = page.attribute(CURSOR, "class");
        return drawn != null && java.util.Arrays.stream(classes).allMatch(drawn::contains);
    }

    private boolean blinking() {
        return cursorIs("xterm-cursor-blink");
    }

    private long scrollbackLines(String id) {
        return terminalNumber(id, "buffer.active.length") - terminalNumber(id, "rows");
    }

    private long terminalNumber(String id, String property) {
        return ((Number) page.js("return window.ptyctl.terminals[arguments[0]]." + property + ";", id)).longValue();
    }
}
