package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.testsupport.TemporaryFolders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two pages of different sizes on one terminal: a desktop window and a phone-sized one with the key bar. Whichever
 * is in use sets the size; both always show exactly the server's screen and scrollback, at the terminal's size
 * (the smaller one cropped and scrolling), never rewrapped at their own width or at the wrong moment.
 */
@UsesServer
@BrowserTest
class WebSizeE2eTest {
    private static final String PROMPT = "size> ";
    private static final int ROUNDS = 8;
    /**
     * {@value #ROUNDS} bursts, each released by a line on a FIFO: 40 writes of 20 numbered lines, 10 ms apart. Each
     * line is 60 digits, CR and a Y: where the Y lands depends on the width the line was written at (the first row
     * of the line, or the second when the line wrapped), so a page that applies a size change at another point of the
     * output than the server's emulator does draws those lines differently.
     */
    private static final String STREAM = "for r in $(seq 1 " + ROUNDS + "); do until read -r _ < %s; do :; done;"
            + " for c in $(seq 0 39); do printf '%%060d\\rY\\n' $(seq $((r*1000+c*20)) $((r*1000+c*20+19)));"
            + " sleep 0.01; done; done; echo stream-done";
    /** How much of a burst a page must have received before the other page takes the size: output is flowing. */
    private static final long INTO_BURST = 2 * 1024;

    /** Script that sets {@code h} to the shown tab's area, whose scrollbars say whether its grid is cropped. */
    private static final String SHOWN_HOST =
            "const h = document.querySelector('.terminal-view:not([hidden]) .xterm-host');";

    private Page desktop;
    private Page phone;

    @AfterEach
    void leave() {
        if (phone != null) {
            phone.closeWindow();
        }
        if (desktop != null) {
            desktop.leave();
        }
    }

    /** The terminal's output offset on the server now. */
    private static long outputSeq(TerminalsClient terminals, String id) {
        try {
            return terminals.get(id).nextOutputSeq();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A bash at {@link #PROMPT} in a session of its own, {@code name-<uuid>}. */
    private static CreateTerminalRequest.Builder bash(String name) {
        return CreateTerminalRequest.builder(name + "-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", PROMPT);
    }

    @Test
    void aDesktopPageAndAPhonePageTakingTheSizeInTurnsWhileOutputFlowsBothShowTheServersScreen() throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url))) {
            Terminal terminal = terminals.create(bash("sizes").build());
            String id = terminal.terminalId();
            try {
                desktop = Page.in(url).open("/?t=" + id);
                desktop.waitForText(id, PROMPT.strip());
                phone = desktop.newWindow(390, 844).open("/?t=" + id + "&keys=1");
                phone.waitForText(id, PROMPT.strip());
                Map<String, Long> large = WebPageE2eTest.sentSizeOf(desktop, id);
                Map<String, Long> small = WebPageE2eTest.sentSizeOf(phone, id);
                assertThat(small.get("cols")).as("the phone's grid is narrower than a line").isLessThan(60);
                assertThat(large.get("cols")).as("the desktop's grid is wider than a line").isGreaterThan(62);

                Path bursts = TemporaryFolders.create("ptyctl-size-bursts").resolve("go");
                assertThat(new ProcessBuilder("mkfifo", bursts.toString()).start().waitFor()).isZero();
                try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                    rpc.write(Action.text(STREAM.formatted(bursts)), Action.key(Key.ENTER));
                    for (int round = 1; round <= ROUNDS; round++) {
                        Page user = round % 2 == 1 ? phone : desktop;
                        Page other = user == phone ? desktop : phone;
                        long burstStart = terminals.get(id).nextOutputSeq();
                        WebReconnectE2eTest.release(bursts);
                        other.waitUntil("burst " + round + " is flowing", () ->
                                other.tabNumber(id, "socket.seq") > burstStart + INTO_BURST);
                        user.click(id);
                        WebPageE2eTest.waitForPtySize(user, terminals, id, user == phone ? small : large);
                    }
                    // The prompt after the last line, not the line alone: the prompt is the last output, and a
                    // prompt written after `end` was read left the pages' parsedSeq past it for good.
                    ScreenWaits.shows(rpc, "stream-done\n" + PROMPT.strip());
                }
                for (Page page : List.of(desktop, phone)) {
                    page.waitForParsed(id, () -> outputSeq(terminals, id));
                }
                String server = WebReconnectE2eTest.normalized(terminals.screen(id));
                for (Page page : List.of(desktop, phone)) {
                    assertThat(page.js("return window.ptyctl.terminals[arguments[0]].cols;", id))
                            .as("the page's grid is the terminal's").isEqualTo(large.get("cols"));
                    assertThat(WebReconnectE2eTest.normalized(page.buffer(id)))
                            .as(page == phone ? "the phone page" : "the desktop page").isEqualTo(server);
                }
                assertThat(server).as("the last line of the stream").contains("08799");
                assertThat(phone.js(SHOWN_HOST + " return h.scrollWidth > h.clientWidth;"))
                        .as("the phone page scrolls sideways").isEqualTo(true);
            } finally {
                terminals.delete(id);
            }
        }
    }

    /**
     * A phone page on a terminal whose grid a desktop page sets, wider than the phone but not taller: a finger swiped
     * sideways is left to the browser, which pans the grid as it pans anything wider than its box. The page's own swipe
     * scrolling (of the scrollback) took every swipe over a grid that was not taller than its area, sideways ones too,
     * and cancelled them: the cropped grid's right part could not be reached by touch.
     */
    @Test
    void aSwipeOverAGridWiderThanThePhoneIsLeftToTheBrowsersPan() throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url))) {
            Terminal terminal = terminals.create(bash("pan").build());
            String id = terminal.terminalId();
            try {
                desktop = Page.in(url).resize(1200, 500).open("/?t=" + id);
                desktop.waitForText(id, PROMPT.strip());
                Map<String, Long> large = WebPageE2eTest.sentSizeOf(desktop, id);
                WebPageE2eTest.waitForPtySize(desktop, terminals, id, large);
                phone = desktop.newWindow(390, 844);
                phone.touchScreen(true);
                phone.open("/?t=" + id);
                phone.waitForText(id, PROMPT.strip());
                desktop.click(id); // the desktop in use again: its size is the terminal's
                phone.waitUntil("the phone shows the desktop's grid",
                        () -> phone.tabNumber(id, "term.cols") == large.get("cols"));
                assertThat(phone.js(SHOWN_HOST
                        + " return h.scrollWidth > h.clientWidth && h.scrollHeight <= h.clientHeight;"))
                        .as("wider than the phone, not taller").isEqualTo(true);
                // Whether the page cancelled the finger's moves, which stops the browser's pan (headless Chromium
                // does not pan for the touch input a test sends, so the pan itself cannot be watched here).
                phone.js("window.moves = []; window.addEventListener('touchmove',"
                        + " (e) => window.moves.push(e.defaultPrevented), {passive: true});");
                phone.swipe(300, 300, 60, 300);
                phone.waitUntil("the page saw the finger move", () -> !((List<?>) phone.js("return window.moves;"))
                        .isEmpty());
                assertThat(phone.js("return window.moves.filter((cancelled) => cancelled).length;"))
                        .as("moves the page cancelled").isEqualTo(0L);
            } finally {
                if (phone != null) {
                    phone.touchScreen(false);
                }
                terminals.delete(id);
            }
        }
    }

    /**
     * A command line typed while the terminal was 100 columns wide, shown by a desktop page, then a page opened at
     * 500 px (headless Chromium's smallest window) and narrowed to 390 px while the reset frame and the size frames
     * are in flight: the page asks for 59 columns, then 46; the server rewraps the line at each, and the page ends
     * with the server's grid and exactly the server's rows (the line wrapped at 46, no characters lost).
     */
    @Test
    void aPhonePageOpenedOnALineWrittenWiderShowsTheServersRows() throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url))) {
            Terminal terminal = terminals.create(bash("wide").cols(100).rows(30).build());
            String id = terminal.terminalId();
            try {
                try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                    rpc.write(Action.text("ls --color=always /usr | head; printf \"\\e[1;32mok\\e[0m\\n\""),
                            Action.key(Key.ENTER));
                }
                desktop = Page.in(url).open("/?t=" + id);
                desktop.waitForText(id, "\nok\n" + PROMPT.strip());
                desktop.leave();
                phone = desktop.newWindow(500, 780).open("/?t=" + id + "&keys=1");
                phone.resize(390, 780);
                phone.waitUntil("the page asked for a narrower grid", () -> phone.sentSize(id) != null
                        && phone.sentSize(id).get("cols") < 50);
                Map<String, Long> small = WebPageE2eTest.sentSizeOf(phone, id);
                assertThat(small.get("cols")).as("the phone's grid is narrower than the line").isLessThan(60);
                WebPageE2eTest.waitForPtySize(phone, terminals, id, small);
                phone.waitForParsed(id, () -> outputSeq(terminals, id));
                String server = WebReconnectE2eTest.normalized(terminals.screen(id));
                phone.waitUntilDescribed(() -> "the page's grid is the terminal's: page "
                        + phone.js("const t = window.ptyctl.terminals[arguments[0]]; return t.cols + 'x' + t.rows;", id)
                        + ", server " + small, () -> small.get("cols").equals(
                        phone.js("return window.ptyctl.terminals[arguments[0]].cols;", id)));
                assertThat(WebReconnectE2eTest.normalized(phone.buffer(id))).as("the phone page's rows")
                        .isEqualTo(server);
            } finally {
                terminals.delete(id);
            }
        }
    }
}
