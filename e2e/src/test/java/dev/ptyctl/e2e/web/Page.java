package dev.ptyctl.e2e.web;

import dev.ptyctl.testsupport.Bounds;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One browser window showing the page, used as a person would (keys, clicks) and read through the page's test
 * hook ({@code window.ptyctl.terminals}: terminal id → xterm.js Terminal; {@code window.ptyctl.tabs}: id → the
 * tab, with its socket). Waits are for conditions, never for time.
 */
final class Page {
    /**
     * The bound of every wait for a condition: only a hang reaches it ({@link Bounds#HANG}). Headless Chromium on a
     * loaded two-core machine took more than the 30 s this used to be to parse a few hundred KiB of output.
     */
    static final Duration TIMEOUT = Bounds.HANG;
    /** The whole buffer (scrollback and screen), one line per row, trailing blanks dropped. */
    private static final String BUFFER_SCRIPT = """
            const t = window.ptyctl && window.ptyctl.terminals[arguments[0]];
            if (!t) return null;
            const b = t.buffer.active, lines = [];
            for (let i = 0; i < b.length; i++) lines.push(b.getLine(i).translateToString(true));
            return lines.join('\\n');""";

    private final ChromeDriver driver;
    private final String window;
    private final String baseUrl;

    private Page(ChromeDriver driver, String window, String baseUrl) {
        this.driver = driver;
        this.window = window;
        this.baseUrl = baseUrl;
    }

    /** The browser's current window, aimed at {@code baseUrl} ({@code http://host:port}). */
    static Page in(String baseUrl) {
        ChromeDriver driver = Browser.driver();
        driver.manage().window().setSize(new Dimension(Browser.WIDTH, Browser.HEIGHT));
        return new Page(driver, driver.getWindowHandle(), baseUrl);
    }

    /** A second window of this size (closed with {@link #closeWindow()}). */
    Page newWindow(int width, int height) {
        driver.switchTo().newWindow(WindowType.WINDOW);
        driver.manage().window().setSize(new Dimension(width, height));
        return new Page(driver, driver.getWindowHandle(), baseUrl);
    }

    /** Resizes this window, as a person dragging its edge or turning a phone does. */
    Page resize(int width, int height) {
        select();
        driver.manage().window().setSize(new Dimension(width, height));
        return this;
    }

    /**
     * Minimizes this window: its page is hidden ({@code document.hidden}), as a browser tab in the background or a phone's
     * browser left for another app is. {@link #resize} shows it again.
     */
    Page minimize() {
        select();
        driver.manage().window().minimize();
        return this;
    }

    /** Makes this window the one the driver talks to (and the focused one). */
    Page select() {
        driver.switchTo().window(window);
        return this;
    }

    /** Loads {@code path} (e.g. {@code /?t=ID}) and waits for the page's script to run. */
    Page open(String path) {
        select();
        try {
            driver.get(baseUrl + path);
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("the page " + path + " did not load within " + Browser.PAGE_LOAD.toSeconds()
                    + " s (the browser's page load timeout; load average " + Bounds.loadAverage() + ")", e);
        }
        waitUntil("the page's script ran", () -> Boolean.TRUE.equals(js("return !!window.ptyctl;")));
        return this;
    }

    /**
     * Clears the local storage of the page shown. A document without storage of its own (about:blank, the browser's
     * error page after a failed load) refuses it: nothing of the page's is there to clear.
     */
    void forgetStorage() {
        js("try { localStorage.clear(); } catch (e) { if (e.name !== 'SecurityError') throw e; }");
    }

    /** Leaves the page (its sockets close) without closing the window. */
    void leave() {
        select();
        driver.get("about:blank");
    }

    void closeWindow() {
        select();
        driver.close();
    }

    Object js(String script, Object... args) {
        select();
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Waits until {@code condition} holds, failing with {@code what} after {@link #TIMEOUT}. */
    void waitUntil(String what, Supplier<Boolean> condition) {
        waitUntil(what, TIMEOUT, condition);
    }

    void waitUntil(String what, Duration timeout, Supplier<Boolean> condition) {
        new WebDriverWait(driver, timeout, Duration.ofMillis(20))
                .withMessage(() -> what + " (load average " + Bounds.loadAverage() + ")").until(d -> condition.get());
    }

    /**
     * Waits until the tab of {@code terminalId} has parsed all the terminal's output, {@code serverSeq} being the
     * server's output offset, read again at each check: an offset read once can be passed later by output nobody
     * asked for, such as a shell redrawing its prompt when a resize's SIGWINCH reaches it after the prompt (CI: the
     * page at 409916 of 409905 bytes, for good). Fails with how far the page got.
     */
    void waitForParsed(String terminalId, LongSupplier serverSeq) {
        waitUntilDescribed(() -> "the page has parsed all output: " + tabNumber(terminalId, "parsedSeq") + " of "
                + serverSeq.getAsLong() + " bytes", () -> tabNumber(terminalId, "parsedSeq") == serverSeq.getAsLong());
    }

    /** As {@link #waitUntil(String, Supplier)}, failing with {@code what} as it is then (the state the wait ended in). */
    void waitUntilDescribed(Supplier<String> what, Supplier<Boolean> condition) {
        new WebDriverWait(driver, TIMEOUT, Duration.ofMillis(20))
                .withMessage(() -> what.get() + " (load average " + Bounds.loadAverage() + ")")
                .until(d -> condition.get());
    }

    /** The terminal's buffer as text (scrollback, then screen), or null while the page has no tab for it. */
    String buffer(String terminalId) {
        return (String) js(BUFFER_SCRIPT, terminalId);
    }

    /** Waits until the page's buffer of the terminal contains {@code text}. */
    void waitForText(String terminalId, String text) {
        waitUntil("the page shows \"" + text + "\" in " + terminalId, () -> {
            String buffer = buffer(terminalId);
            return buffer != null && buffer.contains(text);
        });
    }

    /** A number the tab knows, e.g. {@code socket.connections} or {@code parsedSeq}. */
    long tabNumber(String terminalId, String expression) {
        Object value = js("const tab = window.ptyctl.tabs[arguments[0]]; return tab ? tab." + expression
                + " : null;", terminalId);
        return value == null ? -1 : ((Number) value).longValue();
    }

    /** The grid this tab asked for with its last resize, as {@code {cols, rows}}. */
    @SuppressWarnings("unchecked")
    Map<String, Long> sentSize(String terminalId) {
        return (Map<String, Long>) js("const tab = window.ptyctl.tabs[arguments[0]];"
                + " return tab && tab.sentSize ? {cols: tab.sentSize.cols, rows: tab.sentSize.rows} : null;",
                terminalId);
    }

    /** Types into the terminal's tab as a keyboard does (WebDriver key events into xterm.js's textarea). */
    void type(String terminalId, CharSequence... keys) {
        select();
        terminalElement(terminalId).findElement(By.cssSelector("textarea.xterm-helper-textarea")).sendKeys(keys);
    }

    /** Clicks the element matching {@code css}, finding it again if the page redrew it meanwhile. */
    void clickOn(String css) {
        waitUntil("a click on " + css, () -> {
            try {
                element(css).click();
                return true;
            } catch (StaleElementReferenceException | NoSuchElementException e) {
                return false;
            }
        });
    }

    /**
     * A finger swiped from ({@code x}, {@code fromY}) to ({@code x}, {@code toY}) in ten steps (CSS pixels of the
     * window), through Chromium's touch input: the page must have touch emulation on (see {@link #touchScreen}).
     */
    void swipe(int x, int fromY, int toY) {
        swipe(x, fromY, x, toY);
    }

    /** A finger swiped from ({@code fromX}, {@code fromY}) to ({@code toX}, {@code toY}): see the vertical one. */
    void swipe(int fromX, int fromY, int toX, int toY) {
        select();
        touch("touchStart", List.of(Map.of("x", fromX, "y", fromY)));
        for (int step = 1; step <= 10; step++) {
            touch("touchMove", List.of(Map.of("x", fromX + (toX - fromX) * step / 10,
                    "y", fromY + (toY - fromY) * step / 10)));
        }
        touch("touchEnd", List.of());
    }

    /**
     * A finger put down at ({@code x}, {@code y}) and left there (see {@link #swipe} for the touch screen it needs):
     * {@link #fingerMove} and {@link #fingerUp} go on from there.
     */
    void fingerDown(int x, int y) {
        select();
        touch("touchStart", List.of(Map.of("x", x, "y", y)));
    }

    /**
     * Where, in CSS pixels of the window, the centre of a cell is: the cell {@code offset} columns after the start of
     * {@code text} in the first line on screen that holds it. For a finger put on a word, a mouse on a link. Fails
     * when no line on screen holds {@code text}.
     */
    int[] cellCentre(String terminalId, String text, int offset) {
        List<?> point = (List<?>) js("""
                const t = window.ptyctl.terminals[arguments[0]];
                const b = t.buffer.active;
                for (let row = 0; row < t.rows; row++) {
                  const column = b.getLine(b.viewportY + row).translateToString(true).indexOf(arguments[1]);
                  if (column < 0) continue;
                  const r = t.element.querySelector('.xterm-screen').getBoundingClientRect();
                  const x = column + arguments[2] + 0.5;
                  return [r.left + x * r.width / t.cols, r.top + (row + 0.5) * r.height / t.rows];
                }
                return null;""", terminalId, text, offset);
        if (point == null) {
            throw new AssertionError("[the row of " + text + " on the screen] no line on screen holds it");
        }
        return new int[] {((Number) point.get(0)).intValue(), ((Number) point.get(1)).intValue()};
    }

    /** The finger put down with {@link #fingerDown} moved to ({@code x}, {@code y}). */
    void fingerMove(int x, int y) {
        touch("touchMove", List.of(Map.of("x", x, "y", y)));
    }

    /** The finger lifted. */
    void fingerUp() {
        touch("touchEnd", List.of());
    }

    private void touch(String type, List<Map<String, Integer>> points) {
        driver.executeCdpCommand("Input.dispatchTouchEvent", Map.of("type", type, "touchPoints", points));
    }

    /**
     * Makes the browser a touch screen (Chromium's touch emulation: touch events, a coarse pointer, no hover) or a
     * desktop again. It holds for every window of the browser, which the tests share: turn it off after use.
     */
    void touchScreen(boolean on) {
        driver.executeCdpCommand("Emulation.setTouchEmulationEnabled", Map.of("enabled", on));
    }

    /**
     * Runs {@code step} with Ctrl held down on the keyboard (the page sees its keydown, then its keyup): released
     * whatever happens, since the driver keeps a key down across tests, and the next test's letters were Ctrl keys.
     */
    void holdingCtrl(Runnable step) {
        select();
        new Actions(driver).keyDown(Keys.CONTROL).perform();
        try {
            step.run();
        } finally {
            new Actions(driver).keyUp(Keys.CONTROL).perform();
        }
    }

    /** Whether the terminal has the keyboard: the page's focus is in xterm.js's input field. */
    boolean hasKeyboard(String terminalId) {
        return Boolean.TRUE.equals(js(
                "return document.activeElement === window.ptyctl.terminals[arguments[0]].textarea;", terminalId));
    }

    /**
     * Pastes {@code text} into the terminal as the browser's paste does: its paste event on xterm.js's input field,
     * with the text a clipboard would give (headless Chromium has no clipboard of its own).
     */
    void paste(String terminalId, String text) {
        js("""
                const t = window.ptyctl.terminals[arguments[0]];
                const data = new DataTransfer();
                data.setData('text/plain', arguments[1]);
                t.textarea.dispatchEvent(
                    new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
                """, terminalId, text);
    }

    /**
     * Drops {@code text} on the terminal as a drag from another window does: the drag's events on the terminal's
     * screen, with the text a drag would carry (WebDriver cannot drag between windows).
     */
    void drop(String terminalId, String text) {
        dropData(terminalId, "data.setData('text/plain', arguments[1]);", text);
    }

    /** Drops a file named {@code name} on the terminal, as a file manager's drag does (see {@link #drop}). */
    void dropFile(String terminalId, String name) {
        dropData(terminalId, "data.items.add(new File(['contents'], arguments[1]));", name);
    }

    private void dropData(String terminalId, String fill, String argument) {
        js("const screen = window.ptyctl.terminals[arguments[0]].element.querySelector('.xterm-screen');"
                + "const data = new DataTransfer();" + fill
                + "for (const type of ['dragenter', 'dragover', 'drop']) {"
                + "  screen.dispatchEvent(new DragEvent(type, {dataTransfer: data, bubbles: true, cancelable: true}));"
                + "}", terminalId, argument);
    }

    /**
     * Reloads the page with {@code settings} (the settings dialog's, as JSON, or any text) kept in the browser as the
     * dialog keeps them, and waits until the terminal shows {@code text} again.
     */
    void reloadWithSettings(String terminalId, String settings, String text) {
        js("localStorage.setItem('ptyctl.settings', arguments[0]);", settings);
        reload(terminalId, text);
    }

    /** Reloads the page, as the browser's reload does, and waits until the terminal shows {@code text} again. */
    void reload(String terminalId, String text) {
        select();
        driver.navigate().refresh();
        waitForText(terminalId, text);
    }

    /** Waits until the program has bracketed paste on (bash at its prompt) or off (a program bash runs). */
    void waitForBracketedPaste(String terminalId, boolean on) {
        waitUntil("bracketed paste " + (on ? "on" : "off"), () -> Boolean.valueOf(on).equals(js(
                "return window.ptyctl.terminals[arguments[0]].modes.bracketedPasteMode;", terminalId)));
    }

    /**
     * Opens the shown tab's search box with Ctrl-Shift-F and, once it has the keyboard, types {@code keys} into it
     * (it finds as typed).
     */
    void find(String terminalId, CharSequence... keys) {
        type(terminalId, Keys.chord(Keys.CONTROL, Keys.SHIFT, "f"));
        waitUntil("the search box has the focus", () -> Boolean.TRUE.equals(js(
                "return document.activeElement === document.querySelector(arguments[0]);",
                ".terminal-view:not([hidden]) .search input")));
        driver.switchTo().activeElement().sendKeys(keys);
    }

    /** Clicks into the terminal, as a person does to start using it. */
    void click(String terminalId) {
        select();
        terminalElement(terminalId).findElement(By.cssSelector(".xterm-screen")).click();
    }

    WebElement terminalElement(String terminalId) {
        return driver.findElement(By.cssSelector("section.terminal-view[data-terminal='" + terminalId + "']"));
    }

    WebElement element(String css) {
        select();
        return driver.findElement(By.cssSelector(css));
    }

    /**
     * The visible text of the first element matching {@code css}, or null: read in one step in the page, because the
     * list and the tab strip are redrawn on every change and an element found earlier may be gone.
     */
    String text(String css) {
        return (String) js("const e = document.querySelector(arguments[0]); return e ? e.innerText : null;", css);
    }

    /** An attribute of the first element matching {@code css}, or null (read in one step, as {@link #text}). */
    String attribute(String css, String name) {
        return (String) js("const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1])"
                + " : null;", css, name);
    }

    List<WebElement> elements(String css) {
        select();
        return driver.findElements(By.cssSelector(css));
    }

    String url() {
        select();
        return driver.getCurrentUrl();
    }

    byte[] screenshot() {
        select();
        return driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES);
    }

    ChromeDriver driver() {
        return driver;
    }
}
