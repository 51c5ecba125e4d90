package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.vt.keys.KeyEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * The phone's key bar, on a phone-sized page: the bytes its keys reach the program with, read back from a program that
 * prints every byte it reads in hex. What vim, less, htop and tmux need from a phone whose keyboard has no Alt, Home,
 * PgUp or F10, nor | and ~ on its first page: each key sends what xterm sends, a one-shot Ctrl or Alt applies to the
 * next key tapped on the bar or typed, and the arrows, Home and End follow the application cursor mode.
 */
@UsesServer
@BrowserTest
class WebKeyBarE2eTest {
    /**
     * Prints each byte read as two hex digits; a '.' ends the line ("<1b 5b 48 >"), so that each key's bytes are a
     * line of their own; a '!' sets the application cursor mode (DECCKM), as vim and less do, a '?' asks for focus
     * reports (DECSET 1004), as vim does. One byte at a time with dd, in raw mode: bash's own read -n turns ISIG and
     * ICRNL back on (^C interrupted the recorder).
     */
    private static final String RECORDER = """
            stty raw -echo
            printf 'recording\\r\\n<'
            while :; do
              byte=$(dd bs=1 count=1 2>/dev/null | od -An -tx1 | tr -d ' \\n')
              case $byte in
                '') exit ;; # the terminal hung up
                2e) printf '>\\r\\n<' ;;
                21) printf '\\033[?1happlication cursor keys\\r\\n<' ;;
                3f) printf '\\033[?1004hfocus reports\\r\\n<' ;;
                *) printf '%s ' "$byte" ;;
              esac
            done
            """;
    private static final Pattern KEY_LINE = Pattern.compile("(?m)^<([0-9a-f ]*)>$");
    private WebSession session;
    private Page page;
    /** The recorder's terminal. */
    private String id;

    @BeforeEach
    void openBrowser() {
        session = WebSession.open();
        page = session.page().resize(390, 844);
    }

    @AfterEach
    void cleanUp() throws Exception {
        session.close();
    }

    @Test
    void everyKeyOfTheBarSendsWhatXtermSendsAndCtrlAndAltApplyToTheNextKey() throws Exception {
        openRecorder();

        // The first row fits the phone: nine keys, none off screen.
        assertThat(page.js("""
                const row = document.querySelector('#keybar .keybar-row:not(.keybar-more)');
                return [...row.children].filter((b) => b.getBoundingClientRect().right > innerWidth)
                  .map((b) => b.textContent);""")).as("keys of the first row off screen").isEqualTo(List.of());
        assertThat(page.element("[data-key='Home']").isDisplayed()).as("the second row before 'more'").isFalse();
        page.clickOn("#keybar [data-action='more']");
        assertThat(page.element("[data-key='Home']").isDisplayed()).as("the second row after 'more'").isTrue();

        List<String> expected = new ArrayList<>();
        key("Home", expected, "1b 5b 48");
        key("End", expected, "1b 5b 46");
        key("PageUp", expected, "1b 5b 35 7e");
        key("PageDown", expected, "1b 5b 36 7e");
        key("F1", expected, "1b 4f 50");
        key("F5", expected, "1b 5b 31 35 7e");
        key("F10", expected, "1b 5b 32 31 7e");
        key("F12", expected, "1b 5b 32 34 7e");
        for (String symbol : List.of("|", "~", "/", "-", "`")) {
            bar(symbol);
        }
        line(expected, "7c 7e 2f 2d 60");
        // Alt, then a letter typed on the keyboard: ESC before it (readline's Meta-x).
        bar("Alt");
        assertThat(page.attribute("[data-key='Alt']", "aria-pressed")).isEqualTo("true");
        page.type(id, "x");
        line(expected, "1b 78");
        // Alt or Ctrl, then a key of the bar: xterm's modified key.
        bar("Alt");
        key("ArrowUp", expected, "1b 5b 31 3b 33 41");
        bar("Ctrl");
        key("ArrowLeft", expected, "1b 5b 31 3b 35 44");
        bar("Ctrl");
        key("PageDown", expected, "1b 5b 36 3b 35 7e");
        bar("Ctrl");
        key("F5", expected, "1b 5b 31 35 3b 35 7e");
        // Both, then a typed letter: ESC ^C.
        bar("Ctrl");
        bar("Alt");
        page.type(id, "c");
        line(expected, "1b 03");
        bar("Ctrl");
        key("/", expected, "1f");
        // One-shot: the key after is plain, and the bar shows both released.
        key("ArrowLeft", expected, "1b 5b 44");
        assertThat(page.attribute("[data-key='Ctrl']", "aria-pressed")).isEqualTo("false");
        assertThat(page.attribute("[data-key='Alt']", "aria-pressed")).isEqualTo("false");

        // Application cursor mode (vim, less): the arrows, Home and End send SS3; modified keys and PgUp do not change.
        page.type(id, "!");
        page.waitUntil("the page is in application cursor mode", () -> Boolean.TRUE.equals(page.js(
                "return window.ptyctl.terminals[arguments[0]].modes.applicationCursorKeysMode;", id)));
        key("ArrowUp", expected, "1b 4f 41");
        key("Home", expected, "1b 4f 48");
        key("End", expected, "1b 4f 46");
        bar("Ctrl");
        key("ArrowUp", expected, "1b 5b 31 3b 35 41");
        key("PageUp", expected, "1b 5b 35 7e");

        assertTheProgramRead(expected);
    }

    /**
     * A report xterm.js sends of its own while Alt is armed (here focus out and in, for a program that asked, as vim
     * does; a tap on a program that takes the mouse is the same) reaches the program as it is, and Alt waits for the
     * key: it put an ESC before the report (vim left insert mode) and was gone when the key came.
     */
    @Test
    void anArmedAltWaitsPastAFocusReportForTheNextKey() throws Exception {
        openRecorder();
        page.type(id, "?");
        page.waitUntil("the page sends focus reports", () -> Boolean.TRUE.equals(page.js(
                "return window.ptyctl.terminals[arguments[0]].modes.sendFocusMode;", id)));
        bar("Alt");
        page.js("const term = window.ptyctl.terminals[arguments[0]]; term.blur(); term.focus();", id);
        page.type(id, "x.");
        page.waitUntilDescribed(() -> "the program read a line; it read " + keyLines(), () -> !keyLines().isEmpty());
        // The page may have sent a focus in before (the bar's tap gives the terminal the keyboard).
        assertThat(keyLines()).singleElement().as("focus out, focus in, then Alt-x")
                .satisfies(line -> assertThat(line).endsWith("1b 5b 4f 1b 5b 49 1b 78"));
    }

    /**
     * Ctrl with a digit or a symbol typed on the keyboard sends what xterm sends: xterm.js sent nothing for Ctrl-2
     * (emacs's set-mark), Ctrl-/ (emacs's and readline's undo), Ctrl-^, Ctrl-` or Ctrl-?. Ctrl-[ and Ctrl-Space, which
     * xterm.js did send, send the same as before; Ctrl-1, which xterm sends as 1, is left to the browser.
     */
    @Test
    void ctrlWithADigitOrASymbolTypedOnTheKeyboardSendsWhatXtermSends() throws Exception {
        openRecorder();
        List<String> expected = new ArrayList<>();
        typedCtrl("2", expected, "00");
        typedCtrl("/", expected, "1f");
        typedCtrl("^", expected, "1e");
        typedCtrl("`", expected, "00");
        typedCtrl("?", expected, "7f");
        typedCtrl("~", expected, "1e");
        typedCtrl("[", expected, "1b");
        typedCtrl(" ", expected, "00");
        assertTheProgramRead(expected);
    }

    /**
     * Ctrl-Enter and Ctrl-Backspace typed on the keyboard send what xterm sends (CR and BS, measured in xterm 379), and
     * the server's key names Ctrl+Enter and Ctrl+Backspace (pty/write, MCP, the CLI) send the same: the server sent LF for
     * Ctrl+Enter, so a script and a person at the page typed different keys.
     */
    @Test
    void ctrlEnterAndCtrlBackspaceSendWhatXtermAndTheServerSend() throws Exception {
        openRecorder();
        List<String> expected = new ArrayList<>();
        typedCtrl(Keys.ENTER, expected, "0d");
        typedCtrl(Keys.BACK_SPACE, expected, "08");
        assertTheProgramRead(expected);
        assertThat(List.of(serverHex("Ctrl+Enter"), serverHex("Ctrl+Backspace"))).as("the server's bytes")
                .isEqualTo(expected);
    }

    /** The server's bytes for a key name, as the recorder prints them (hex, a space between bytes). */
    private static String serverHex(String key) {
        return HexFormat.ofDelimiter(" ").formatHex(KeyEncoder.encode(key, false));
    }

    /**
     * Ctrl tapped twice locks (as a phone keyboard's Shift): it stays for every key, looks locked, and a tap releases it;
     * an Alt tapped meanwhile is still one-shot. A run of Ctrl keys took a tap before each.
     */
    @Test
    void aDoubleTappedCtrlStaysForEveryKeyUntilTappedAgain() throws Exception {
        openRecorder();
        new Actions(page.driver()).doubleClick(page.element("#keybar [data-key='Ctrl']")).perform();
        page.waitUntil("Ctrl looks locked", () -> "true".equals(page.attribute("[data-key='Ctrl']", "data-locked")));
        List<String> expected = new ArrayList<>();
        page.type(id, "a");
        line(expected, "01");
        page.type(id, "b");
        line(expected, "02");
        bar("Alt");
        page.type(id, "x");
        line(expected, "1b 18");
        page.type(id, "[");
        line(expected, "1b");
        assertThat(page.attribute("[data-key='Ctrl']", "aria-pressed")).isEqualTo("true");
        assertThat(page.attribute("[data-key='Alt']", "aria-pressed")).isEqualTo("false");
        bar("Ctrl");
        assertThat(page.attribute("[data-key='Ctrl']", "aria-pressed")).isEqualTo("false");
        assertThat(page.attribute("[data-key='Ctrl']", "data-locked")).isEqualTo("false");
        page.type(id, "a");
        line(expected, "61");
        assertTheProgramRead(expected);
    }

    private void typedCtrl(CharSequence key, List<String> expected, String hex) {
        page.type(id, Keys.chord(Keys.CONTROL, key));
        line(expected, hex);
    }

    /**
     * On a touch screen (Chromium's touch emulation: no hover, a coarse pointer) the bar is there without ?keys=1, a tab's
     * × is nearly a finger's size (it was an 8 px wide glyph), and a key tapped does not stay outlined: a phone keeps :hover on the
     * last element tapped, and the bar's Esc looked held after one tap.
     */
    @Test
    void onATouchScreenTheTabsCloseIsAFingersSizeAndATappedKeyDoesNotStayOutlined() throws Exception {
        Terminal shell = session.create(CreateTerminalRequest.builder("touch-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").build());
        page.touchScreen(true);
        try {
            page.open("/?t=" + shell.terminalId());
            page.waitUntil("the key bar is shown on a touch screen", () -> page.element("#keybar").isDisplayed());
            assertThat(page.js("""
                    const box = document.querySelector('.close-tab').getBoundingClientRect();
                    return Math.min(box.width, box.height);""")).as("the tab's × for a finger, px")
                    .satisfies(size -> assertThat(((Number) size).doubleValue()).isGreaterThanOrEqualTo(28));
            bar("Escape");
            String border = "return getComputedStyle(document.querySelector(arguments[0])).borderTopColor;";
            assertThat(page.js(border, "#keybar [data-key='Escape']")).as("the key tapped")
                    .isEqualTo(page.js(border, "#keybar [data-key='Tab']"));
        } finally {
            page.touchScreen(false);
        }
    }

    /** Starts the recorder and opens its tab, with the key bar, on the phone-sized page. */
    private void openRecorder() throws IOException {
        Terminal terminal = session.create(CreateTerminalRequest.builder("keys-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", RECORDER).build());
        id = terminal.terminalId();
        page.open("/?t=" + id + "&keys=1");
        page.waitForText(id, "recording");
    }

    /** Taps the bar's key, then types '.' (the recorder's end of line), expecting the key's bytes as a line. */
    private void key(String key, List<String> expected, String hex) {
        bar(key);
        line(expected, hex);
    }

    private void bar(String key) {
        page.clickOn("#keybar [data-key='" + key + "']");
    }

    private void line(List<String> expected, String hex) {
        page.type(id, ".");
        expected.add(hex);
    }

    /** Waits for the recorder to read as many keys as expected, then compares their bytes. */
    private void assertTheProgramRead(List<String> expected) {
        page.waitUntilDescribed(() -> "the program read " + expected.size() + " keys; it read " + keyLines(),
                () -> keyLines().size() >= expected.size());
        assertThat(keyLines()).isEqualTo(expected);
    }

    /** The recorder's lines: the bytes of each key, in the order read. */
    private List<String> keyLines() {
        List<String> lines = new ArrayList<>();
        Matcher m = KEY_LINE.matcher(page.buffer(id));
        while (m.find()) {
            lines.add(m.group(1).strip());
        }
        return lines;
    }
}
