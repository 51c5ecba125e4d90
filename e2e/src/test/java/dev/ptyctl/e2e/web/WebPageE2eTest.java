package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.testsupport.TemporaryFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.logging.LogType;

/**
 * The page against the shared {@code ptyctl server} (no token), in Chromium: the list, typing, output, read-only,
 * two pages sharing a terminal, and terminal queries answered once; the addons a user notices: Unicode 11 widths
 * (an emoji takes two cells), OSC 52 copies only with {@code ?clipboard=1} (links: {@link WebLinksE2eTest}).
 */
@UsesServer
@BrowserTest
class WebPageE2eTest extends PageTest {
    private static final String PROMPT = "web> ";
    /** Replaces the browser's clipboard with a recorder: headless Chromium has no clipboard to read back. */
    static final String RECORD_CLIPBOARD = """
            window.copied = [];
            navigator.clipboard.writeText = (text) => { window.copied.push(text); return Promise.resolve(); };""";
    /** The clipboard API refuses (no permission to write); the copy command's copies are recorded. */
    static final String REFUSE_CLIPBOARD = """
            navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.',
                'NotAllowedError'));
            document.execCommand = (command) => command === 'copy'
                && window.copied.push(document.activeElement.value) > 0;""";
    /** The selection of the terminal whose id is the argument. */
    private static final String SELECTION = "return window.ptyctl.terminals[arguments[0]].getSelection();";
    /** The Copy button of the tab shown, under a finger's selection. */
    private static final String COPY = ".terminal-view:not([hidden]) .copy-selection";
    /** A second window, closed after the test (after a failure's screenshot of it), before the session. */
    private Page second;

    @AfterEach
    void closeSecondWindow() {
        if (second != null) {
            second.closeWindow();
            second = null;
        }
    }

    /** bash without start-up files and with a known prompt. */
    private Terminal shell() throws Exception {
        return session.shell(PROMPT);
    }

    /** A new shell shown on the page (query: what follows {@code ?t=id}), once its prompt is drawn there. */
    private Terminal shownShell(String query) throws Exception {
        return session.shownShell(PROMPT, query);
    }

    /** Steps of a test, which may throw. */
    private interface Steps {
        void run() throws Exception;
    }

    /**
     * Runs {@code steps} as on a phone: its size and touch input. Touch input is turned off again after them, as the
     * browser (shared by the tests) keeps it and the next test would tap where it means to click.
     */
    private void onATouchPhone(Steps steps) throws Exception {
        page.resize(390, 844);
        page.touchScreen(true);
        try {
            steps.run();
        } finally {
            page.touchScreen(false);
        }
    }

    @Test
    void theListShowsATerminalCreatedOverRestFromItsEvent() throws Exception {
        page.open("/");
        page.waitUntil("the event stream is open", () -> ((Number) page.js(
                "return window.ptyctl.eventStreams;")).intValue() > 0);
        Terminal terminal = shell();
        String row = "tr[data-terminal='" + terminal.terminalId() + "']";
        // The page lists terminals when its event socket opens (waited for above) and then follows the events; it
        // does not poll. No bound in seconds: one second was too short on a loaded machine, and proved nothing more.
        page.waitUntil("a row for the new terminal", () -> !page.elements(row).isEmpty());
        assertThat(page.attribute(row + " a", "href")).isEqualTo("/?t=" + terminal.terminalId());
        assertThat(page.text(row)).contains("bash --norc --noprofile").contains("100×30");
    }

    /**
     * On a phone the tab strip holds two or three tabs and scrolls: the tab shown is scrolled into sight. A tab opened
     * after the strip was full was shown with its tab off screen, and nothing said which terminal this was.
     */
    @Test
    void onAPhoneTheShownTabIsInSight() throws Exception {
        page.resize(390, 844);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(shell().terminalId());
        }
        page.open("/");
        for (String id : ids) {
            page.clickOn("#home");
            String open = "tr[data-terminal='" + id + "'] button[data-action='open']";
            page.waitUntil("the list shows the terminal", () -> !page.elements(open).isEmpty());
            page.clickOn(open);
        }
        String shown = ids.getLast();
        page.waitForText(shown, PROMPT.strip());
        page.waitUntil("the tab shown is within the tab strip", () -> Boolean.TRUE.equals(page.js("""
                const strip = document.getElementById('tabs').getBoundingClientRect();
                const tab = document.querySelector('#tabs [aria-current]');
                if (!tab || tab.dataset.terminal !== arguments[0]) return false;
                const box = tab.getBoundingClientRect(); // within a pixel: scrolled to the edge, the sums round apart
                return box.left >= strip.left - 1 && box.right <= strip.right + 1;""", shown)));

        // Swiped back to the first tabs, the strip stays there when the shown terminal changes its title: it was
        // pulled back to the shown tab on every title and state change.
        page.js("document.getElementById('tabs').scrollLeft = 0;");
        page.type(shown, "printf '\\033]0;renamed\\007'", Keys.ENTER);
        page.waitUntil("the tab shows the new title",
                () -> page.text(".tab[data-terminal='" + shown + "']").startsWith("renamed"));
        assertThat(page.js("return document.getElementById('tabs').scrollLeft;")).as("the strip as swiped")
                .isEqualTo(0L);
    }

    /**
     * On a phone a finger swiped down over a shell shows the lines above (its scrollback), swiped up the latest again,
     * and swiped up over a full-screen program (less) scrolls it, as a mouse wheel does. xterm.js 6 has no touch
     * scrolling: a phone, with no wheel and no Shift-PageUp, could not reach the scrollback at all.
     */
    @Test
    void onAPhoneASwipeScrollsTheScrollbackAndAFullScreenProgram() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            page.type(id, "seq 1 500", Keys.ENTER);
            page.waitForText(id, "\n500\n");
            String back = "const b = window.ptyctl.terminals[arguments[0]].buffer.active;"
                    + " return b.baseY - b.viewportY;";
            page.swipe(200, 200, 500);
            page.waitUntil("the lines above are shown", () -> ((Number) page.js(back, id)).intValue() > 10);
            page.swipe(200, 500, 150);
            page.waitUntil("the latest lines are shown again", () -> ((Number) page.js(back, id)).intValue() == 0);

            page.type(id, "seq 1 1000 | less", Keys.ENTER);
            String top = "const b = window.ptyctl.terminals[arguments[0]].buffer.active;"
                    + " return b.type + ' ' + b.getLine(b.viewportY).translateToString(true);";
            page.waitUntil("less shows the first lines", () -> "alternate 1".equals(page.js(top, id)));
            page.swipe(200, 500, 200);
            page.waitUntilDescribed(() -> "less scrolled down: its top line is " + page.js(top, id),
                    () -> String.valueOf(page.js(top, id)).matches("alternate ([2-9]|\\d\\d+)"));
            page.type(id, "q");
        });
    }

    /**
     * A link to a terminal that does not exist (deleted, or of a server since restarted) shows the list with the
     * server's word for it, at the list's address: a reload said the error again.
     */
    @Test
    void aLinkToNoTerminalShowsTheListAtItsOwnAddress() {
        page.open("/?t=no-such-terminal");
        page.waitUntil("the page says there is no such terminal", () -> page.element("#list-message").isDisplayed());
        assertThat(page.text("#list-message")).contains("no-such-terminal");
        assertThat(page.url()).endsWith("/");
        assertThat(page.element("#list-view").isDisplayed()).isTrue();
    }

    @Test
    void typingInThePageReachesTheProgram() throws Exception {
        Terminal terminal = shownShell("");
        page.type(terminal.terminalId(), "echo typed-$((6*7))", Keys.ENTER);
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            ScreenWaits.shows(rpc, "typed-42", "the PTY ran what was typed in the page");
        }
    }

    @Test
    void outputOfTheProgramReachesThePage() throws Exception {
        Terminal terminal = shownShell("&renderer=dom");
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.write(Action.text("printf 'from-the-%s\\n' pty"), Action.key(Key.ENTER));
        }
        page.waitForText(terminal.terminalId(), "from-the-pty");
        assertThat(page.js("return window.ptyctl.tabs[arguments[0]].renderer;", terminal.terminalId()))
                .isEqualTo("dom");
        assertThat(page.terminalElement(terminal.terminalId()).getText()).contains("from-the-pty");
    }

    @Test
    void theStatusLineTellsAnExitAbove128FromAKill() throws Exception {
        Terminal exited = shownShell("");
        page.type(exited.terminalId(), "exit 130", Keys.ENTER);
        page.waitUntil("the status line shows the shell's own exit", () -> page.text("#status").equals("exited 130"));

        Terminal killed = shownShell("");
        page.type(killed.terminalId(), "kill -9 $$", Keys.ENTER);
        page.waitUntil("the status line names the signal", () -> page.text("#status").equals("killed by SIGKILL"));
    }

    @Test
    void aReadOnlyPageCannotType() throws Exception {
        Terminal terminal = shownShell("&mode=view");
        assertThat(page.text("#status")).isEqualTo("read-only");
        page.click(terminal.terminalId());
        page.type(terminal.terminalId(), "echo viewer-typed", Keys.ENTER);
        page.waitUntil("the viewer has nothing waiting for an ack",
                () -> page.tabNumber(terminal.terminalId(), "socket.pending") == 0);
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.write(Action.text("echo after-the-viewer"), Action.key(Key.ENTER));
            ScreenWaits.shows(rpc, "after-the-viewer\n");
            assertThat(rpc.read().text()).doesNotContain("viewer-typed");
        }
        page.waitForText(terminal.terminalId(), "after-the-viewer");
        assertThat(session.terminals().get(terminal.terminalId()).size()).as("a viewer never sets the size")
                .isEqualTo(new TerminalSize(100, 30));
    }

    @Test
    void twoPagesOnOneTerminalTakeTheSizeOfTheOneInUse() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        Page small = page.newWindow(760, 480).open("/?t=" + id);
        second = small;
        small.waitForText(id, PROMPT.strip());
        Map<String, Long> large = sentSizeOf(page, id);
        Map<String, Long> little = sentSizeOf(small, id);
        assertThat(large).isNotEqualTo(little);

        small.click(id);
        waitForPtySize(id, little);
        page.click(id);
        waitForPtySize(id, large);
        page.clickOn("#home"); // the large page's tab goes off screen: it sends hide
        waitForPtySize(id, little);
        page.clickOn(".tab[data-terminal='" + id + "']"); // shown and focused again
        waitForPtySize(id, large);
        small.type(id, "echo typed-in-the-small-one", Keys.ENTER);
        waitForPtySize(id, little);
        page.waitUntil("the large page shows the small page's grid", () -> ((Number) page.js(
                "return window.ptyctl.terminals[arguments[0]].cols;", id)).longValue() == little.get("cols"));
    }

    @Test
    void aQueryIsAnsweredExactlyOnceWithTwoPagesShowingTheTerminal() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        second = page.newWindow(900, 600).open("/?t=" + id);
        second.waitForText(id, PROMPT.strip());
        page.click(id);
        waitForPtySize(id, sentSizeOf(page, id));
        // The program asks for the cursor position (DSR 6) and the device attributes (DA1), prints a marker, and
        // collects everything that comes back until a Z, which the test types only once each page has parsed the
        // queries and the server has handled every frame the pages sent: each answer either page gave has then
        // reached the program or been dropped, with no deadline to beat (a 2 s collection window failed once at
        // load 15). The replies are printed with their escapes made visible by cat -v.
        page.type(id, "stty raw -echo; printf '\\033[6n\\033[cqueries-%s\\r\\n' asked; IFS= read -r -d Z r; stty sane;"
                + " echo \"replies:$(printf %s \"$r\" | cat -v):end\"", Keys.ENTER);
        for (Page each : List.of(page, second)) {
            each.waitForText(id, "queries-asked");
            each.waitUntil("the page's frames (its answers among them) were handled by the server",
                    () -> each.tabNumber(id, "socket.pending") == 0);
        }
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            ScreenWaits.shows(rpc, "queries-asked", "the server's emulator read the queries");
            rpc.write(Action.text("Z"));
            ScreenWaits.shows(rpc, ":end\n");
            String screen = rpc.read().text();
            Matcher replies = Pattern.compile("(?m)^replies:(.*):end$").matcher(screen);
            assertThat(replies.find()).as(screen).isTrue();
            String evidence = replies.group(1) + " (page: " + page.tabNumber(id, "socket.connections")
                    + " connection(s), the second page: " + second.tabNumber(id, "socket.connections") + ")";
            assertThat(count("\\^\\[\\[\\d+;\\d+R", replies.group(1))).as("cursor position reports in "
                    + evidence).isEqualTo(1);
            assertThat(count("\\^\\[\\[\\?[\\d;]*c", replies.group(1))).as("device attributes in "
                    + evidence).isEqualTo(1);
        }
    }

    @Test
    void eachCommandsPromptIsMarkedGreenOrRedAndCtrlShiftUpJumpsToThePreviousPrompt() throws Exception {
        // The server's default shell, with its shell integration (OSC 133 prompt marks).
        Terminal terminal = session.create(CreateTerminalRequest.builder("marks-" + UUID.randomUUID()).build());
        String id = terminal.terminalId();
        page.open("/?t=" + id);
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.waitFor(dev.ptyctl.client.WaitRequest.builder().idle(Duration.ofMillis(300))
                    .timeout(Duration.ofSeconds(20)).build());
        }
        // The first prompt came in the reset frame (the screen as the server has it, its prompt mark included).
        page.type(id, "echo ready", Keys.ENTER);
        page.type(id, "true", Keys.ENTER);
        page.type(id, "false", Keys.ENTER);
        page.waitUntil("two green marks and a red one", () -> page.elements(".prompt-ok").size() == 2
                && page.elements(".prompt-failed").size() == 1);
        assertThat(page.attribute(".prompt-failed", "title")).isEqualTo("exit code 1");

        page.type(id, "seq 1 200", Keys.ENTER);
        page.waitForText(id, "\n200");
        page.type(id, Keys.chord(Keys.CONTROL, Keys.SHIFT, Keys.ARROW_UP));
        page.waitUntil("the view is on the prompt of seq, above the screen", () -> Boolean.TRUE.equals(page.js(
                "const t = window.ptyctl.terminals[arguments[0]], b = t.buffer.active;"
                        + " return b.viewportY < b.baseY && b.getLine(b.viewportY).translateToString().includes('seq 1 200');",
                id)));
    }

    @Test
    void ctrlShiftFSearchesTheScrollback() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        page.type(id, "echo needle-in-the-$((2*3))-haystack; seq 1 100", Keys.ENTER);
        page.waitForText(id, "\n100");
        page.find(id, "needle-in-the-6", Keys.ENTER);
        page.waitUntil("the match is selected", () -> "needle-in-the-6".equals(page.js(
                "return window.ptyctl.terminals[arguments[0]].getSelection();", id)));
    }

    /**
     * The search box finds as you type, says which match is selected of how many, and says when there is none (it
     * found only on Enter, and a word that was not there left the box as it was, as if the search had not run).
     */
    @Test
    void theSearchBoxFindsAsYouTypeAndCountsTheMatches() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        page.type(id, "printf 'nee%s\\n' dle-a dle-b dle-c", Keys.ENTER); // "needle" three times, not in the command
        page.waitForText(id, "needle-c");
        String box = ".terminal-view:not([hidden]) .search";
        page.find(id, "needle");
        page.waitUntil("the first match is selected without Enter", () -> "needle".equals(page.js(
                "return window.ptyctl.terminals[arguments[0]].getSelection();", id)));
        page.waitUntil("the box counts three matches", () -> page.text(box + " .search-count").matches("[123] of 3"));
        String first = page.text(box + " .search-count");
        page.driver().switchTo().activeElement().sendKeys(Keys.ENTER);
        page.waitUntil("Enter selects another match", () -> !first.equals(page.text(box + " .search-count")));
        assertThat(page.attribute(box + " input", "aria-invalid")).isEqualTo("false");

        page.driver().switchTo().activeElement().sendKeys("-z");
        page.waitUntil("the box says there is no match", () -> "no match".equals(page.text(box + " .search-count")));
        assertThat(page.attribute(box + " input", "aria-invalid")).isEqualTo("true");

        // Closed, a fourth needle printed, opened again: the box finds its text again and counts the screen as it is
        // now (it kept the count of when it was closed, over no highlight).
        page.driver().switchTo().activeElement().sendKeys(Keys.BACK_SPACE, Keys.BACK_SPACE);
        page.waitUntil("the box counts three matches again", () -> page.text(box + " .search-count").endsWith(" of 3"));
        page.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
        page.waitUntil("the box is closed", () -> !page.element(box).isDisplayed());
        page.type(id, "printf 'nee%s\\n' dle-d", Keys.ENTER);
        page.waitForText(id, "needle-d");
        page.type(id, Keys.chord(Keys.CONTROL, Keys.SHIFT, "f"));
        page.waitUntil("the box opened again counts four matches",
                () -> page.text(box + " .search-count").matches("[1234] of 4"));
    }

    /**
     * On a phone, whose keyboard cannot type Ctrl-Shift-F, the header's Find opens the search box, which finds as typed,
     * and tapped again closes it, the terminal getting the keyboard back: a phone could not search the scrollback.
     */
    @Test
    void onAPhoneFindOpensAndClosesTheSearchBox() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            page.type(id, "echo needle-$((6*7))", Keys.ENTER);
            page.waitForText(id, "\nneedle-42");
            String box = ".terminal-view:not([hidden]) .search";
            page.clickOn("#find");
            page.waitUntil("the search box has the focus", () -> Boolean.TRUE.equals(page.js(
                    "return document.activeElement === document.querySelector(arguments[0] + ' input');", box)));
            assertThat(page.attribute("#find", "aria-expanded")).isEqualTo("true");
            page.driver().switchTo().activeElement().sendKeys("needle-42");
            page.waitUntil("the box finds the line", () -> "1 of 1".equals(page.text(box + " .search-count")));
            // The line is the terminal's second: the box, as wide as the phone, moved off it (it lay over it).
            assertThat(page.js("""
                    const t = window.ptyctl.terminals[arguments[1]];
                    const screen = t.element.querySelector('.xterm-screen').getBoundingClientRect();
                    const top = screen.top + (t.getSelectionPosition().start.y - t.buffer.active.viewportY)
                      * screen.height / t.rows;
                    const b = document.querySelector(arguments[0]).getBoundingClientRect();
                    return top < b.bottom && top + screen.height / t.rows > b.top;""", box, id))
                    .as("the box lies over the match").isEqualTo(false);
            page.clickOn("#find");
            page.waitUntil("the box is closed and the terminal has the keyboard",
                    () -> !page.element(box).isDisplayed() && page.hasKeyboard(id));
            assertThat(page.attribute("#find", "aria-expanded")).isEqualTo("false");
        });
    }

    /**
     * Ctrl-Shift-C copies the selection, as in VS Code's and GNOME's terminals (Ctrl-C goes to the program). The page
     * left the key to the browser, whose Ctrl-Shift-C is its element inspector in a desktop Chrome.
     */
    @Test
    void ctrlShiftCCopiesTheSelection() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        page.js(RECORD_CLIPBOARD);
        page.type(id, "echo copy-$((6*7))", Keys.ENTER);
        page.waitForText(id, "\ncopy-42");
        page.js("""
                const t = window.ptyctl.terminals[arguments[0]], b = t.buffer.active;
                for (let row = 0; row < b.length; row++) {
                  if (b.getLine(row).translateToString(true) === 'copy-42') t.select(0, row, 7);
                }""", id);
        page.type(id, Keys.chord(Keys.CONTROL, Keys.SHIFT, "c"));
        page.waitUntil("the selection reached the clipboard",
                () -> List.of("copy-42").equals(page.js("return window.copied;")));
    }

    @Test
    void theKeyBarSendsEscapeSequencesAndAOneShotCtrl() throws Exception {
        Terminal terminal = shownShell("&keys=1");
        String id = terminal.terminalId();
        assertThat(page.elements("#keybar [data-key]")).extracting(e -> e.getAttribute("data-key"))
                .contains("Escape", "Tab", "Ctrl", "Alt", "ArrowLeft", "ArrowDown", "ArrowUp", "ArrowRight");
        // Ctrl-c only once the program runs: a ^C that reached the PTY before bash read the line flushed it from
        // the terminal's input ("sleep 600" never ran, and the prompt came back without it; failed once at load 11-15).
        // The program says it runs, in the terminal's foreground group (sh execs sleep); "" keeps that out of the echo.
        String command = "sh -c 'echo slee\"\"ping; exec sleep 600'";
        page.type(id, command, Keys.ENTER);
        page.waitForText(id, "\nsleeping");
        page.clickOn("#keybar [data-key='Ctrl']");
        page.type(id, "c");
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            ScreenWaits.shows(rpc, "^C", "Ctrl, then c: interrupted");
            // The arrow only once bash draws its prompt again (readline has the terminal then): sent between the
            // newline bash prints after ^C and the prompt, the terminal echoes it as ^[[A in front of the prompt,
            // and the line never reads the command (failed once at load ~30).
            ScreenWaits.shows(rpc, "\n^C\n" + PROMPT.strip(), "bash shows its prompt again");
        }
        assertThat(page.attribute("#keybar [data-key='Ctrl']", "aria-pressed")).isEqualTo("false");
        page.clickOn("#keybar [data-key='ArrowUp']");
        page.waitUntil("the shell's history brought the command back", () -> Boolean.TRUE.equals(page.js(
                "const b = window.ptyctl.terminals[arguments[0]].buffer.active;"
                        + " return b.getLine(b.baseY + b.cursorY).translateToString(true) === arguments[1];", id,
                PROMPT + command)));
    }

    /**
     * The form's command is split into words as a shell splits them: quotes and backslashes keep spaces in a word.
     * Split at every space, {@code "two  words"} reached the program as {@code "two} and {@code words"}; a quote the
     * form cannot close is said, and nothing is started.
     */
    @Test
    void theNewTerminalFormSplitsTheCommandAsAShellDoes() throws Exception {
        page.open("/");
        page.element("#new-terminal input[name='command']")
                .sendKeys("printf '%s|' \"two  words\" one\\ word 'it'\"'\"'s'");
        page.clickOn("#new-terminal button[type='submit']");
        String firstTab = "return Object.keys(window.ptyctl.tabs)[0];";
        page.waitUntil("a tab of the new terminal", () -> page.js(firstTab) != null);
        String id = (String) page.js(firstTab);
        try {
            assertThat(session.terminals().get(id).args()).containsExactly("%s|", "two  words", "one word", "it's");
            page.waitForText(id, "two  words|one word|it's|");
        } finally {
            session.terminals().delete(id);
        }

        page.open("/");
        page.element("#new-terminal input[name='command']").sendKeys("bash -c 'echo no end");
        page.clickOn("#new-terminal button[type='submit']");
        page.waitUntil("the form says what is wrong", () -> page.element("#list-message").isDisplayed());
        assertThat(page.text("#list-message"))
                .isEqualTo("the command has a ' without its closing ': bash -c 'echo no end");
        assertThat(page.js("return Object.keys(window.ptyctl.tabs).length;")).isEqualTo(0L);
    }

    /**
     * The key bar is under a terminal that takes keys and nowhere else: on a phone's list, under a read-only tab and
     * under a program that has ended it did nothing, and on the list it hid the last card's buttons.
     */
    @Test
    void theKeyBarIsShownOnlyUnderATerminalThatTakesKeys() throws Exception {
        Terminal terminal = shownShell("&keys=1");
        String id = terminal.terminalId();
        assertThat(page.element("#keybar").isDisplayed()).as("under a shell").isTrue();
        page.clickOn("#home");
        page.waitUntil("the list is shown", () -> page.element("#list-view").isDisplayed());
        assertThat(page.element("#keybar").isDisplayed()).as("under the list").isFalse();

        page.open("/?t=" + id + "&mode=view&keys=1");
        page.waitForText(id, PROMPT.strip());
        assertThat(page.element("#keybar").isDisplayed()).as("under a read-only tab").isFalse();

        page.open("/?t=" + id + "&keys=1");
        page.waitForText(id, PROMPT.strip());
        assertThat(page.element("#keybar").isDisplayed()).as("under the shell again").isTrue();
        page.type(id, "exit 3", Keys.ENTER);
        page.waitUntil("the status line says how it ended", () -> "exited 3".equals(page.text("#status")));
        assertThat(page.element("#keybar").isDisplayed()).as("under a program that has ended").isFalse();
    }

    @Test
    void theDocumentTitleShowsTheProgramsTitleAndItsActivity() throws Exception {
        Terminal terminal = session.create(CreateTerminalRequest.builder("title-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c",
                        "printf '\\033]0;\\342\\240\\213 refactoring\\007'; sleep 600").build());
        page.open("/?t=" + terminal.terminalId());
        page.waitUntil("the title says what the agent does and that it works", () ->
                "◐ refactoring — ptyctl".equals(page.js("return document.title;")));
        assertThat(page.text(".tab[data-terminal='" + terminal.terminalId() + "']")).startsWith("refactoring");
    }

    @Test
    void aTabWithALongTitleKeepsItsCloseButtonInSight() throws Exception {
        String tab = shownWithTitle(
                "vim /home/someone/projects/a-rather-long-project-name/src/main/java/Deeply/Nested.java");
        // Before the label had its own box, the whole tab was cut off with an ellipsis, the × with it.
        Object inside = page.js("""
                const tab = document.querySelector(arguments[0]).getBoundingClientRect();
                const x = document.querySelector(arguments[0] + ' .close-tab').getBoundingClientRect();
                return x.width > 0 && x.left >= tab.left && x.right <= tab.right;""", tab);
        assertThat(inside).as("the close button lies within the tab").isEqualTo(true);
    }

    /** Opens a program that sets {@code title} as its title, once its tab shows it; the tab's selector. */
    private String shownWithTitle(String title) throws Exception {
        Terminal terminal = session.create(CreateTerminalRequest.builder("long-title-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", "printf '\\033]0;" + title + "\\007'; sleep 600")
                .build());
        String tab = ".tab[data-terminal='" + terminal.terminalId() + "']";
        page.open("/?t=" + terminal.terminalId());
        page.waitUntil("the tab shows the title",
                () -> String.valueOf(page.text(tab)).startsWith(title.substring(0, 8)));
        return tab;
    }

    /**
     * A shell's title is its whole command line: a tab is at most two fifths of a phone's width (one tab took the
     * strip), its tooltip starts with the whole title (it said only the id), and a finger held on it shows the whole title
     * under the strip, without closing or switching anything.
     */
    @Test
    void aLongTitleIsCutShortOnAPhoneAndShownWholeOnHoverOrALongPress() throws Exception {
        String title = "make -C /home/someone/projects/a-rather-long-project-name test TESTS=integration VERBOSE=1";
        onATouchPhone(() -> {
            String tab = shownWithTitle(title);
            assertThat(((Number) page.js("return document.querySelector(arguments[0]).getBoundingClientRect().width"
                    + " / innerWidth;", tab)).doubleValue()).as("the tab's share of the phone's width")
                    .isLessThanOrEqualTo(0.41);
            assertThat(page.attribute(tab, "title")).startsWith(title + "\n");

            Number[] centre = ((List<?>) page.js("""
                    const box = document.querySelector(arguments[0] + ' .tab-label').getBoundingClientRect();
                    return [box.left + box.width / 2, box.top + box.height / 2];""", tab)).toArray(Number[]::new);
            page.fingerDown(centre[0].intValue(), centre[1].intValue());
            page.waitUntil("the whole title shows under the strip", () -> page.element("#tab-tip").isDisplayed());
            page.fingerUp();
            assertThat(page.text("#tab-tip")).isEqualTo(title);
            assertThat(page.elements(tab)).as("the tab held is still open").hasSize(1);
            page.swipe(200, 400, 380); // the next touch anywhere puts the tip away
            page.waitUntil("the tip is gone", () -> !page.element("#tab-tip").isDisplayed());
        });
    }

    /**
     * A+ and A- in the header (and Ctrl-= Ctrl-- Ctrl-0 in the terminal) change the terminal's text size: the grid that
     * fits the window changes and the program gets the new size; the size is remembered across a reload.
     */
    @Test
    void theTextSizeChangesWithItsButtonsAndKeysRefitsTheTerminalAndIsRemembered() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        String fontSize = "return window.ptyctl.terminals[arguments[0]].options.fontSize;";
        page.waitUntil("the page asked for its size", () -> page.sentSize(id) != null);
        Map<String, Long> at14 = page.sentSize(id);
        waitForPtySize(id, at14);
        for (int i = 0; i < 4; i++) {
            page.clickOn("#font-bigger");
        }
        page.waitUntil("the text is 18 px", () -> ((Number) page.js(fontSize, id)).intValue() == 18);
        page.waitUntilDescribed(() -> "a smaller grid than " + at14 + ": " + page.sentSize(id),
                () -> page.sentSize(id).get("cols") < at14.get("cols")
                        && page.sentSize(id).get("rows") < at14.get("rows"));
        Map<String, Long> at18 = page.sentSize(id);
        waitForPtySize(id, at18);

        page.open("/?t=" + id);
        page.waitForText(id, PROMPT.strip());
        page.waitUntil("the text is 18 px after a reload", () -> ((Number) page.js(fontSize, id)).intValue() == 18);
        page.type(id, Keys.chord(Keys.CONTROL, "-"));
        page.waitUntil("Ctrl-- made it 17 px", () -> ((Number) page.js(fontSize, id)).intValue() == 17);
        page.type(id, Keys.chord(Keys.CONTROL, "0"));
        page.waitUntil("Ctrl-0 made it 14 px", () -> ((Number) page.js(fontSize, id)).intValue() == 14);
        page.waitUntil("the grid is as at first", () -> at14.equals(page.sentSize(id)));
        waitForPtySize(id, at14);
        page.type(id, "echo typed-after", Keys.ENTER);
        page.waitForText(id, "\ntyped-after");
    }

    /**
     * On a phone a finger held on a word selects it, moved on it takes the selection further, and lifted it shows Copy,
     * which copies the selection: xterm.js selects only with a mouse, and nothing of a terminal could be copied on a
     * phone.
     */
    @Test
    void onAPhoneALongPressSelectsAWordADragExtendsItAndCopyCopiesIt() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            page.js(RECORD_CLIPBOARD);
            page.type(id, "printf 'one %s two\\n' selectme", Keys.ENTER);
            page.waitForText(id, "\none selectme two");
            int[] word = page.cellCentre(id, "one selectme", 6); // on "selectme"
            int[] next = page.cellCentre(id, "one selectme", 14); // on "two"
            // Held and lifted where it was: the word stays selected (xterm.js took the lift for a click, which dropped
            // the selection), and Copy shows.
            longPress(id, word, "selectme");
            assertThat(page.js(SELECTION, id)).isEqualTo("selectme");
            assertThat(page.js("const b = document.querySelector(arguments[0]).getBoundingClientRect();"
                    + " return b.top > arguments[1] || b.bottom < arguments[1];", COPY, word[1]))
                    .as("Copy leaves the selected row in sight").isEqualTo(true);

            page.fingerDown(word[0], word[1]);
            page.waitUntil("Copy is put away while the finger selects", () -> !page.element(COPY).isDisplayed());
            page.fingerMove(next[0], next[1]);
            page.waitUntilDescribed(() -> "the selection reaches 'two': " + page.js(SELECTION, id),
                    () -> "selectme two".equals(page.js(SELECTION, id)));
            page.fingerUp();
            page.waitUntil("Copy is shown", () -> page.element(COPY).isDisplayed());
            page.clickOn(COPY);
            page.waitUntil("the selection was copied", () -> List.of("selectme two").equals(page.js(
                    "return window.copied;")));
            assertThat(page.element(COPY).isDisplayed()).isFalse();

            // A browser that has the clipboard API but refuses the page the write (no permission): the older copy
            // command copies it. The selection was cleared as copied, and nothing was.
            page.js(REFUSE_CLIPBOARD);
            longPress(id, word, "selectme");
            page.clickOn(COPY);
            page.waitUntil("the copy command copied it", () -> List.of("selectme two", "selectme").equals(page.js(
                    "return window.copied;")));
            page.waitUntil("the copied selection is cleared", () -> !page.element(COPY).isDisplayed());
        });
    }

    /**
     * On a phone, the handles at the ends of a finger's selection move them: the end's across rows, the start's, held
     * above the terminal, back through the scrollback, which scrolls; Copy then copies it all. A selection lifted too
     * early (on its first word) could only be made again from the start, and a drag could take in no more lines than
     * the screen showed.
     */
    @Test
    void onAPhoneTheSelectionsHandlesTakeItAcrossRowsAndThroughTheScrollback() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            page.js(RECORD_CLIPBOARD);
            page.type(id, "seq 1 80 | sed 's/^/row-/'", Keys.ENTER);
            page.waitForText(id, "\nrow-80");
            int[] word = page.cellCentre(id, "row-70", 1);
            int[] twoRowsDown = page.cellCentre(id, "row-72", 1);
            longPress(id, word, "row-70");

            moveHandle("end", 0, twoRowsDown[1] - word[1]);
            page.waitUntilDescribed(() -> "the end's handle took the selection two rows on: " + page.js(SELECTION, id),
                    () -> "row-70\nrow-71\nrow-72".equals(page.js(SELECTION, id)));

            int[] start = handleCentre("start");
            page.fingerDown(start[0], start[1]);
            page.fingerMove(start[0], 1); // over the tab strip, above the terminal
            page.waitUntilDescribed(() -> "the terminal scrolled back to its first line, the selection with it: "
                    + page.js(SELECTION, id), () -> String.valueOf(page.js(SELECTION, id)).startsWith("web> seq"));
            page.fingerUp();
            page.waitUntil("Copy is shown", () -> page.element(COPY).isDisplayed());
            page.clickOn(COPY);
            page.waitUntil("the selection was copied", () -> !((List<?>) page.js("return window.copied;")).isEmpty());
            String copied = (String) ((List<?>) page.js("return window.copied;")).getFirst();
            assertThat(copied).startsWith("web> seq 1 80").contains("\nrow-1\nrow-2\n").endsWith("\nrow-71\nrow-72");
        });
    }

    /**
     * On a phone, a handle moved onto either cell of a wide character takes the whole character: one moved onto the
     * second cell of a CJK character copied a space in its place (the selection began in the middle of it).
     */
    @Test
    void onAPhoneAHandleTakesAWideCharacterWhole() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            // UTF-8 in octal: the shell's printf then needs no locale of its own.
            page.type(id, "printf '\\n\\346\\227\\245\\346\\234\\254 tail\\n'", Keys.ENTER);
            String line = "\u65e5\u672c tail"; // 日本 tail: 日 in columns 0-1, 本 in 2-3, tail from 5
            page.waitForText(id, "\n" + line);
            int[] tail = page.cellCentre(id, line, 5);
            int cellWidth = page.cellCentre(id, line, 6)[0] - tail[0];
            longPress(id, tail, "tail");

            moveHandle("start", -2 * cellWidth, 0); // onto 本's second cell
            page.waitUntilDescribed(() -> "the selection takes 本 whole: " + page.js(SELECTION, id),
                    () -> "\u672c tail".equals(page.js(SELECTION, id)));

            moveHandle("start", -cellWidth, 0); // from 本's first cell onto 日's second
            page.waitUntilDescribed(() -> "the selection takes 日 whole: " + page.js(SELECTION, id),
                    () -> line.equals(page.js(SELECTION, id)));
        });
    }

    /**
     * On a phone, a selection's handles stay under its text while output goes on with the scrollback full (the lines
     * dropped off its top move the text up under the selection), and one moved takes the selection on from there: the
     * handles kept to offsets that no longer held the text, and one moved took the selection to other lines.
     */
    @Test
    void onAPhoneTheHandlesFollowTheirTextWhenAFullScrollbackMovesIt() throws Exception {
        onATouchPhone(() -> {
            Terminal terminal = shownShell("");
            String id = terminal.terminalId();
            page.type(id, "seq 1 10100 | sed 's/^/row-/'", Keys.ENTER); // more than the 10,000 lines of scrollback
            page.waitForText(id, "\nrow-10100\n");
            int[] word = page.cellCentre(id, "row-10090", 1);
            int[] nextRow = page.cellCentre(id, "row-10091", 1);
            longPress(id, word, "row-10090");
            // Typed by another client: the page's own typing would clear the selection, as xterm.js does.
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                rpc.write(Action.text("seq 1 3 | sed 's/^/new-/'"), Action.key(Key.ENTER));
            }
            page.waitForText(id, "\nnew-3\n");
            moveHandle("end", 0, nextRow[1] - word[1]);
            page.waitUntilDescribed(() -> "the end's handle took the selection one row on: " + page.js(SELECTION, id),
                    () -> "row-10090\nrow-10091".equals(page.js(SELECTION, id)));
        });
    }

    /**
     * A finger held on the cell at {@code point} and lifted: {@code word} is selected and Copy shown under it. xterm.js
     * took the lift for a click, which dropped the selection.
     */
    private void longPress(String id, int[] point, String word) {
        page.fingerDown(point[0], point[1]);
        page.waitUntil("the word is selected", () -> word.equals(page.js(SELECTION, id)));
        page.fingerUp();
        page.waitUntil("Copy is shown", () -> page.element(COPY).isDisplayed());
    }

    /** A finger takes a handle of the shown tab's selection ({@code end}: start or end) by (dx, dy) and lifts. */
    private void moveHandle(String end, int dx, int dy) {
        int[] handle = handleCentre(end);
        page.fingerDown(handle[0], handle[1]);
        page.fingerMove(handle[0] + dx, handle[1] + dy);
        page.fingerUp();
    }

    /** Where the centre of a handle of the shown tab's selection is ({@code end}: start or end), once it is shown. */
    private int[] handleCentre(String end) {
        String handle = ".terminal-view:not([hidden]) .selection-handle[data-end='" + end + "']";
        page.waitUntil("the selection's " + end + " has its handle", () -> page.element(handle).isDisplayed());
        List<?> centre = (List<?>) page.js("const b = document.querySelector(arguments[0]).getBoundingClientRect();"
                + " return [b.left + b.width / 2, b.top + b.height / 2];", handle);
        return new int[] {((Number) centre.get(0)).intValue(), ((Number) centre.get(1)).intValue()};
    }

    @Test
    void anExitedTabStrikesThroughItsLabelNotItsCloseButtonAndThePageAsksForNoMissingIcon() throws Exception {
        Terminal terminal = session.create(CreateTerminalRequest.builder("exits-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", "exit 0").build());
        String tab = ".tab[data-terminal='" + terminal.terminalId() + "']";
        page.open("/?t=" + terminal.terminalId());
        page.waitUntil("the tab shows the exit", () -> "exited".equals(page.js(
                "return document.querySelector(arguments[0])?.dataset.state", tab)));
        // A decoration set on the tab is drawn across its × too (the × looked disabled); only the label is struck.
        assertThat(page.js("return getComputedStyle(document.querySelector(arguments[0])).textDecorationLine", tab))
                .isEqualTo("none");
        assertThat(page.js("return getComputedStyle(document.querySelector(arguments[0] + ' .tab-label'))"
                + ".textDecorationLine", tab)).isEqualTo("line-through");
        // Without an icon of its own the browser asked for /favicon.ico on every load: a 404 in the console. The
        // browser may remember a failed icon for its session (shared by the tests), so the page's own icon is checked
        // too: that holds whichever test loaded a page first.
        assertThat(page.js("return document.querySelector(\"link[rel~='icon']\") !== null")).isEqualTo(true);
        assertThat(Browser.driver().manage().logs().get(LogType.BROWSER).getAll())
                .noneMatch(entry -> entry.getMessage().contains("favicon"));
    }

    /**
     * A link to a terminal whose program has ended, opened (or the page reloaded) after the end: the tab shows what the
     * program printed last, its scrollback too, read-only, and says how it ended. The page used to say "exited 3"
     * over an empty terminal: the server took no clients for an ended program.
     */
    @Test
    void aLinkToAnEndedProgramShowsItsLastScreenAndScrollbackReadOnly() throws Exception {
        String id = endedBuild();
        for (int load = 0; load < 2; load++) { // the link, then a reload
            page.open("/?t=" + id);
            page.waitForText(id, "error: 2 tests failed");
            page.waitUntil("the status line says how it ended", () -> "exited 3".equals(page.text("#status")));
            // The browser's tab too: in the background it is all that shows of the page.
            assertThat(page.js("return document.title;")).isEqualTo("bash (exited 3) — ptyctl");
            assertThat(page.buffer(id)).as("the scrollback above the last screen").startsWith("1\n2\n3\n")
                    .contains("\n50\nerror: 2 tests failed");
            String bar = "section.terminal-view[data-terminal='" + id + "'] .ended-bar";
            assertThat(page.element(bar).isDisplayed()).isTrue();
            assertThat(page.text(bar)).startsWith("exited 3");
            assertThat(page.js("return window.ptyctl.terminals[arguments[0]].options.disableStdin", id))
                    .as("the ended terminal takes no keys").isEqualTo(true);
        }
    }

    /**
     * An ended program's last screen fits the window it is shown in, as the window changes: no program and no other
     * client shares its size any more. Left at the size it ended at (100x30, larger than this window), it lay under
     * the window's own scrollbars, its last line, the failure, below them and out of sight.
     */
    @Test
    void anEndedProgramsLastScreenFitsTheWindowWithItsLastLineInSight() throws Exception {
        String id = endedBuild();
        page.resize(600, 420).open("/?t=" + id);
        page.waitUntil("the status line says how it ended", () -> "exited 3".equals(page.text("#status")));
        for (int width : new int[] {600, 900}) {
            page.resize(width, 420);
            page.waitUntil("the last screen fits a " + width + " px window", () -> Boolean.TRUE.equals(page.js("""
                    const tab = window.ptyctl.tabs[arguments[0]], t = tab.term, g = tab.proposeGrid();
                    return t.cols === g.cols && t.rows === g.rows;""", id)));
            assertThat(page.js("""
                    const host = document.querySelector(`section[data-terminal='${arguments[0]}'] .xterm-host`);
                    return host.scrollWidth <= host.clientWidth && host.scrollHeight <= host.clientHeight;""", id))
                    .as("no scrollbars of the window's own").isEqualTo(true);
            assertThat((String) page.js("""
                    const b = window.ptyctl.terminals[arguments[0]].buffer.active, rows = [];
                    for (let y = b.viewportY; y < b.viewportY + window.ptyctl.terminals[arguments[0]].rows; y++) {
                      rows.push(b.getLine(y).translateToString(true));
                    }
                    return rows.join('\\n');""", id)).as("the rows in sight").contains("error: 2 tests failed");
        }
    }

    /**
     * A phone turned sideways: the terminal loses rows, and the page shows it without a scrollbar of its own, also
     * while the program prints nothing (cat). xterm.js's hidden input field stayed on the cursor's old row, below the
     * new grid, and the area scrolled past the grid (275 px here) until the program next moved the cursor.
     */
    @Test
    void aGridThatLosesRowsLeavesNoScrollbarBehind() throws Exception {
        Terminal terminal = session.create(CreateTerminalRequest.builder("rows-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", "seq 1 60; exec cat").build());
        String id = terminal.terminalId();
        page.resize(390, 844).open("/?t=" + id);
        String fitted = """
                const tab = window.ptyctl.tabs[arguments[0]], g = tab.proposeGrid();
                return tab.term.rows === g.rows && tab.term.cols === g.cols;""";
        page.waitForText(id, "\n60");
        page.waitUntil("the terminal has the portrait page's size", () -> Boolean.TRUE.equals(page.js(fitted, id)));
        page.resize(844, 390);
        page.waitUntil("the terminal has the landscape page's size", () -> Boolean.TRUE.equals(page.js(fitted, id)));
        // Measured after two frames: xterm.js lays out its new, shorter screen when it next renders, and until then
        // the old one can still overflow the area (451 px seen once in CI); the field left below the grid stays.
        assertThat(page.driver().executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const host = document.querySelector(`section[data-terminal='${arguments[0]}'] .xterm-host`);
                requestAnimationFrame(() => requestAnimationFrame(() => done(host.scrollHeight - host.clientHeight)));
                """, id)).as("pixels the area scrolls").isEqualTo(0L);
    }

    /** A terminal whose program printed 1 to 50 and a failure, and has ended (exit 3): its id. */
    private String endedBuild() throws Exception {
        Terminal terminal = session.create(CreateTerminalRequest.builder("ended-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c",
                        "seq 1 50; echo 'error: 2 tests failed'; exit 3").build());
        waitUntilEnded(page, session.terminals(), terminal.terminalId());
        return terminal.terminalId();
    }

    /**
     * Under a program that has ended, "run again" starts the same command in the same directory in a new tab, and
     * "close tab" closes the ended one: the tab was a dead end, left through the list and the command typed again.
     */
    @Test
    void anEndedProgramRunsAgainInANewTabOrItsTabCloses() throws Exception {
        Path cwd = TemporaryFolders.create("ptyctl-run-again").toRealPath(); // as $PWD prints it
        Terminal terminal = session.create(CreateTerminalRequest.builder("again-" + UUID.randomUUID())
                .cwd(cwd.toString()).command("/bin/bash", "--norc", "--noprofile", "-c", "echo \"run in $PWD\"; exit 3")
                .build());
        String id = terminal.terminalId();
        waitUntilEnded(page, session.terminals(), id);
        page.open("/?t=" + id);
        page.waitUntil("the status line says how it ended", () -> "exited 3".equals(page.text("#status")));
        String bar = "section.terminal-view[data-terminal='" + id + "'] .ended-bar";
        Object window = page.js("const g = window.ptyctl.tabs[arguments[0]].proposeGrid();"
                + " return g.cols + 'x' + g.rows;", id);
        page.clickOn(bar + " button[data-action='runAgain']");
        page.waitUntil("a second tab", () -> ((Number) page.js("return Object.keys(window.ptyctl.tabs).length;"))
                .intValue() == 2);
        String again = (String) page.js("return Object.keys(window.ptyctl.tabs).find((t) => t !== arguments[0]);", id);
        try {
            Terminal second = session.terminals().get(again);
            assertThat(second.shell()).isEqualTo("/bin/bash");
            assertThat(second.args()).isEqualTo(terminal.args());
            assertThat(second.cwd()).isEqualTo(cwd.toString());
            assertThat(second.size().cols() + "x" + second.size().rows()).as("started at the size of the window")
                    .isEqualTo(window);
            assertThat(page.url()).as("the new tab is shown").endsWith("/?t=" + again);
            page.waitForText(again, "run in " + cwd);
        } finally {
            session.terminals().delete(again);
        }
        page.clickOn(".tab[data-terminal='" + id + "']");
        page.clickOn(bar + " button[data-action='closeTab']");
        page.waitUntil("the ended tab is closed", () -> page.elements(".tab[data-terminal='" + id + "']").isEmpty()
                && page.js("return window.ptyctl.tabs[arguments[0]] ?? null;", id) == null);
    }

    /**
     * On a phone (390×844) the list stacks each terminal's facts and buttons: every button is on screen and the list
     * does not scroll sideways. The table's columns were wider than the phone and its buttons off screen at the right.
     * A terminal without a title is headed by its program's name.
     */
    @Test
    void onAPhoneEveryButtonOfTheListIsOnScreen() throws Exception {
        Terminal titled = session.create(CreateTerminalRequest.builder("phone-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c",
                        "printf '\\033]0;vim /home/someone/projects/a-long-project/src/Main.java\\007'; sleep 600")
                .build());
        Terminal untitled = shell();
        page.resize(390, 844).open("/");
        String row = "tr[data-terminal='" + titled.terminalId() + "']";
        page.waitUntil("the list shows the terminal's title", () -> String.valueOf(page.text(row)).contains("vim /home"));
        // The card's heading is its title cell; a terminal without a title is headed by its program's name, as its
        // tab is (the heading was empty, and hidden).
        assertThat(page.text("tr[data-terminal='" + untitled.terminalId() + "'] td:nth-child(2)"))
                .as("the heading of the untitled terminal's card").isEqualTo("bash");
        @SuppressWarnings("unchecked")
        List<String> outside = (List<String>) page.js("""
                const width = document.documentElement.clientWidth;
                return [...document.querySelectorAll('#terminals button')]
                    .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > width
                        || r.width === 0; })
                    .map((b) => b.dataset.terminal + ' ' + b.textContent);""");
        assertThat(outside).as("buttons not wholly on screen").isEmpty();
        assertThat(page.elements("#terminals button")).hasSizeGreaterThanOrEqualTo(6);
        Object sideways = page.js("const v = document.getElementById('list-view'); return v.scrollWidth > v.clientWidth;");
        assertThat(sideways).as("the list scrolls sideways").isEqualTo(false);
        @SuppressWarnings("unchecked")
        List<String> cutShort = (List<String>) page.js("""
                const measure = document.createElement('canvas').getContext('2d');
                return [...document.querySelectorAll('#new-terminal input')].filter((input) => {
                    const style = getComputedStyle(input);
                    measure.font = style.font;
                    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                    return measure.measureText(input.placeholder).width > room;
                }).map((input) => input.placeholder);""");
        assertThat(cutShort).as("placeholders of the new-terminal form cut short").isEmpty();
    }

    /**
     * Tabs of the same command (three shells) are told apart by the start of each terminal's id, after the label; a tab
     * whose label is its own gets none. All three said "bash --norc --noprofile"; now each says "bash", the program's
     * name (the label was the last path segment of the whole command line: a path in an argument took its place).
     */
    @Test
    void tabsWithTheSameLabelAreToldApartByTheStartOfTheirIds() throws Exception {
        List<Terminal> shells = List.of(shownShell(""), shell(), shell());
        Terminal titled = session.create(CreateTerminalRequest.builder("own-label-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", "printf '\\033]0;refactoring\\007'; sleep 600")
                .build());
        for (Terminal other : List.of(shells.get(1), shells.get(2), titled)) {
            page.clickOn("#home");
            page.clickOn("tr[data-terminal='" + other.terminalId() + "'] button[data-action='open']");
            page.waitUntil("a tab for " + other.terminalId(),
                    () -> page.text(".tab[data-terminal='" + other.terminalId() + "']") != null);
        }
        page.waitUntil("the titled tab has its title", () -> String.valueOf(
                page.text(".tab[data-terminal='" + titled.terminalId() + "'] .tab-label")).equals("refactoring"));
        List<String> shown = new java.util.ArrayList<>();
        for (Terminal terminal : shells) {
            String tab = ".tab[data-terminal='" + terminal.terminalId() + "']";
            assertThat(page.text(tab + " .tab-label")).as("the program's name").isEqualTo("bash");
            String id = page.text(tab + " .tab-id");
            assertThat(id).as("the short id of %s", terminal.terminalId()).isNotNull().hasSizeGreaterThanOrEqualTo(4);
            assertThat(terminal.terminalId()).startsWith(id);
            shown.add(id);
        }
        assertThat(shown).doesNotHaveDuplicates();
        assertThat(page.elements(".tab[data-terminal='" + titled.terminalId() + "'] .tab-id")).isEmpty();
        page.clickOn(".tab[data-terminal='" + shells.get(1).terminalId() + "']");
        page.waitUntil("the document title has the short id too", () -> String.valueOf(page.js("return document.title"))
                .contains(" " + shown.get(1) + " — ptyctl"));
    }

    /**
     * Ctrl-Shift-PageDown and Ctrl-Shift-PageUp show the next and the previous tab, round the ends, and the tab shown
     * has the keyboard. The terminal they were pressed in does not take them as its own Shift-PageUp (xterm.js scrolls
     * a page back with it): it is as it was when shown again. The tabs' tooltips say so. A desktop user had to reach
     * for the mouse for every switch.
     */
    @Test
    void ctrlShiftPageDownAndPageUpSwitchTabs() throws Exception {
        Terminal first = shownShell("");
        Terminal second = shell();
        Terminal raw = session.create(CreateTerminalRequest.builder("raw-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c",
                        "seq 1 200; stty raw -echo; printf 'raw ready\\r\\n'; cat -v").build());
        for (Terminal other : List.of(second, raw)) {
            page.clickOn("#home");
            page.clickOn("tr[data-terminal='" + other.terminalId() + "'] button[data-action='open']");
        }
        page.waitForText(raw.terminalId(), "raw ready");
        assertThat(page.attribute(".tab[data-terminal='" + first.terminalId() + "']", "title"))
                .contains("Ctrl-Shift-PageUp / Ctrl-Shift-PageDown: previous / next tab");

        switchTab(Keys.PAGE_DOWN, first); // round the end
        switchTab(Keys.PAGE_UP, raw);
        switchTab(Keys.PAGE_UP, second);
        switchTab(Keys.PAGE_DOWN, raw);
        assertThat(page.js("const b = window.ptyctl.terminals[arguments[0]].buffer.active;"
                + " return b.baseY - b.viewportY;", raw.terminalId()))
                .as("rows the tab left was scrolled back").isEqualTo(0L);
        page.driver().switchTo().activeElement().sendKeys("typed.");
        page.waitForText(raw.terminalId(), "typed.");
        assertThat(page.buffer(raw.terminalId()).strip()).as("what the program read").endsWith("raw ready\ntyped.");
    }

    /**
     * The shown tab closed with its ×, the tab after it is shown (the one before it when it was the last) and has the
     * keyboard; another tab closed, the shown terminal keeps the keyboard. The page showed the list, and the × took the
     * keyboard: keys typed next went nowhere.
     */
    @Test
    void closingATabShowsTheNextAndTheShownTerminalKeepsTheKeyboard() throws Exception {
        Terminal first = shownShell("");
        Terminal second = shell();
        Terminal third = shell();
        for (Terminal other : List.of(second, third)) {
            page.clickOn("#home");
            page.clickOn("tr[data-terminal='" + other.terminalId() + "'] button[data-action='open']");
            page.waitForText(other.terminalId(), PROMPT.strip());
        }
        page.clickOn(".tab[data-terminal='" + second.terminalId() + "']");
        page.clickOn(".tab[data-terminal='" + second.terminalId() + "'] .close-tab");
        assertShownWithTheKeyboard(third);
        page.clickOn(".tab[data-terminal='" + first.terminalId() + "'] .close-tab");
        assertThat(page.elements(".tab")).hasSize(1);
        assertShownWithTheKeyboard(third);
        page.driver().switchTo().activeElement().sendKeys("echo still-typing", Keys.ENTER);
        page.waitForText(third.terminalId(), "\nstill-typing");
    }

    private void assertShownWithTheKeyboard(Terminal expected) {
        String id = expected.terminalId();
        page.waitUntilDescribed(() -> "the tab of " + id + " is shown with the keyboard; shown: "
                + page.attribute("#tabs [aria-current]", "data-terminal") + ", the list shown: "
                + page.element("#list-view").isDisplayed() + ", focused: "
                + page.js("return document.activeElement.outerHTML.slice(0, 80);"),
                () -> id.equals(page.attribute("#tabs [aria-current]", "data-terminal")) && page.hasKeyboard(id));
    }

    /** Presses Ctrl-Shift and {@code key} where the focus is; {@code expected}'s tab is then shown and focused. */
    private void switchTab(Keys key, Terminal expected) {
        page.driver().switchTo().activeElement().sendKeys(Keys.chord(Keys.CONTROL, Keys.SHIFT, key));
        String id = expected.terminalId();
        page.waitUntil("the tab of " + id + " is shown", () -> id.equals(page.attribute("#tabs [aria-current]",
                "data-terminal")));
        page.waitUntil("its terminal has the keyboard", () -> page.hasKeyboard(id));
    }

    /** How often {@code regex} matches in {@code text}. */
    static int count(String regex, String text) {
        return (int) Pattern.compile(regex).matcher(text).results().count();
    }

    /** The grid the page asked for, once it has. */
    static Map<String, Long> sentSizeOf(Page page, String id) {
        page.waitUntil("the page sent its size", () -> page.sentSize(id) != null);
        return page.sentSize(id);
    }

    private void waitForPtySize(String id, Map<String, Long> size) {
        waitForPtySize(page, session.terminals(), id, size);
    }

    /** Waits until the terminal has {@code size} ({@code cols}, {@code rows}). */
    static void waitForPtySize(Page page, TerminalsClient terminals, String id, Map<String, Long> size) {
        TerminalSize expected = new TerminalSize(size.get("cols").intValue(), size.get("rows").intValue());
        page.waitUntil("the PTY is " + expected, () -> {
            try {
                return terminals.get(id).size().equals(expected);
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** Waits until the terminal's program has ended (the REST API says so). */
    static void waitUntilEnded(Page page, TerminalsClient terminals, String id) {
        page.waitUntil("the program has ended", () -> {
            try {
                return !terminals.get(id).running();
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** Types a command line and Enter into the terminal (not through the page). */
    static void run(Terminal terminal, String line) throws Exception {
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.write(Action.text(line), Action.key(Key.ENTER));
        }
    }

    @Test
    void anEmojiTakesTwoCellsAsUnicode11Says() throws Exception {
        Terminal terminal = shownShell("");
        String id = terminal.terminalId();
        run(terminal, "printf 'x\\U0001F600y|\\n'"); // U+1F600: one cell wide in Unicode 6, two in 11
        page.waitForText(id, "y|");
        Object column = page.js("""
                const b = window.ptyctl.terminals[arguments[0]].buffer.active;
                for (let row = 0; row < b.length; row++) {
                  const line = b.getLine(row);
                  if (!line.translateToString(true).startsWith('x')) continue;
                  for (let col = 0; col < line.length; col++) {
                    if (line.getCell(col).getChars() === 'y') return col;
                  }
                }
                return -1;""", id);
        assertThat(((Number) column).intValue()).as("the column of y after x and the emoji").isEqualTo(3);
    }

    @Test
    void aProgramCopiesToTheClipboardOnlyWhenThePageWasOpenedWithClipboardOne() throws Exception {
        Terminal terminal = shell();
        String id = terminal.terminalId();
        String copy = "printf '\\e]52;c;%%s\\a' $(printf %s | base64); printf 'done-%%s\\n' %s";

        page.open("/?t=" + id);
        page.waitForText(id, PROMPT.strip());
        page.js(RECORD_CLIPBOARD);
        run(terminal, copy.formatted("not-without-consent", "1"));
        page.waitForText(id, "done-1");
        assertThat((List<?>) page.js("return window.copied;")).as("no ?clipboard=1: nothing copied").isEmpty();

        page.open("/?t=" + id + "&clipboard=1");
        page.waitForText(id, "done-1");
        page.js(RECORD_CLIPBOARD);
        run(terminal, copy.formatted("copied-with-consent", "2"));
        page.waitForText(id, "done-2");
        page.waitUntil("the program's text reached the clipboard",
                () -> ((List<?>) page.js("return window.copied;")).contains("copied-with-consent"));
    }
}
