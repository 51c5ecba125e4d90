package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;

/**
 * Pages the browser keeps in its back/forward cache after a person leaves them, and many pages open at once.
 * Chromium lets a cached page's requests run on for 60 s and allows six HTTP/1.1 connections to one server: a page
 * that kept an HTTP event stream open while cached made the pages loaded after it wait a minute, and six open pages
 * following one left a seventh none at all. The list follows the events over a WebSocket (not counted against the
 * six), only while it is shown; a page closes its connections when it is left, and opens them again, where it was,
 * when it is shown from the cache.
 */
@UsesServer
@BrowserTest
class WebBackForwardCacheE2eTest {
    private static final String PROMPT = "bfcache> ";
    /** More pages than the browser has connections for one server (six), all left within the cache's 60 s. */
    private static final int LEFT = 6;
    /** More windows showing the list at once than the browser has HTTP/1.1 connections for one server. */
    private static final int WINDOWS_ON_THE_LIST = 8;
    private WebSession session;
    private Page page;
    /** Windows the test opened besides the first, closed after it. */
    private final List<Page> windows = new ArrayList<>();

    @BeforeEach
    void openBrowser() {
        session = WebSession.open();
        page = session.page();
    }

    @AfterEach
    void cleanUp() throws Exception {
        windows.forEach(Page::closeWindow);
        session.close();
    }

    private Terminal shell() throws Exception {
        return session.create(CreateTerminalRequest.builder("bfcache-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", PROMPT).build());
    }

    /** Opens the terminal's page and waits until it shows the prompt. */
    private static void openAndWait(Page page, String id) {
        page.open("/?t=" + id);
        page.waitForText(id, PROMPT.strip());
    }

    /** Opens the list and waits until it follows the event stream. */
    private static void openList(Page page) {
        page.open("/");
        page.waitUntil("the event stream is open", () -> ((Number) page.js(
                "return window.ptyctl.eventStreams;")).intValue() > 0);
    }

    @Test
    void aPageLoadsWhileSixPagesLeftBeforeItSitInTheBackForwardCache() throws Exception {
        String id = shell().terminalId();
        // A person opens the page, goes elsewhere, opens it again: the browser keeps each page left in its cache.
        // (Loading the very same address again would not: that replaces the page, as a reload does.)
        for (int i = 0; i < LEFT; i++) {
            openList(page);
            page.leave();
        }
        // The six pages cached hold no connection: this one loads at once. (When each held its event stream, this
        // load waited until the first was evicted, 60 s after it was left; Browser.PAGE_LOAD, 45 s, fails it first.)
        openAndWait(page, id);
        page.type(id, "echo still-typing-$((6*7))", Keys.ENTER);
        page.waitForText(id, "still-typing-42");
    }

    @Test
    void backFromTheCacheThePageShowsWhatCameWhileItWasAwayOnceAndCarriesOn() throws Exception {
        Terminal terminal = shell();
        String id = terminal.terminalId();
        openAndWait(page, id);
        page.type(id, "echo before-$((1+1))", Keys.ENTER);
        page.waitForText(id, "\nbefore-2");
        page.js("window.keptInTheCache = true;");

        page.leave();
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.write(Action.text("echo while-away-$((2+2))"), Action.key(Key.ENTER));
            ScreenWaits.shows(rpc, "while-away-4\n");
        }
        Terminal createdMeanwhile = shell();

        page.driver().navigate().back();
        page.waitUntil("the page came back from the cache", () -> Boolean.TRUE.equals(page.js(
                "return window.keptInTheCache === true;")));
        page.waitForText(id, "\nwhile-away-4");
        String buffer = page.buffer(id);
        assertThat(WebPageE2eTest.count("(?m)^before-2$", buffer)).as(buffer).isEqualTo(1);
        assertThat(WebPageE2eTest.count("(?m)^while-away-4$", buffer)).as(buffer).isEqualTo(1);
        page.type(id, "echo back-again-$((3+3))", Keys.ENTER);
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            ScreenWaits.shows(rpc, "back-again-6\n", "typing reaches the program again");
        }
        page.clickOn("#home");
        page.waitUntil("the list shows the terminal created while the page was away", () -> !page.elements(
                "tr[data-terminal='" + createdMeanwhile.terminalId() + "']").isEmpty());
    }

    @Test
    void sevenPagesOpenAtOnceOnATerminalAllLoadAndTheirListsFollowTheEvents() throws Exception {
        String id = shell().terminalId();
        openAndWait(page, id);
        Page last = page;
        for (int i = 1; i < LEFT + 1; i++) { // the seventh found no connection when each page followed the events
            last = page.newWindow(Browser.WIDTH, Browser.HEIGHT);
            windows.add(last);
            openAndWait(last, id);
        }
        last.type(id, "echo typed-in-the-seventh", Keys.ENTER);
        last.waitForText(id, "\ntyped-in-the-seventh");
        Page seventh = last;
        seventh.clickOn("#home");
        Terminal created = shell();
        seventh.waitUntil("the list of the seventh page shows a terminal created after it was shown", () ->
                !seventh.elements("tr[data-terminal='" + created.terminalId() + "']").isEmpty());
    }

    @Test
    void eightWindowsOnTheListAllLoadAndEveryListFollowsTheEvents() throws Exception {
        List<Page> lists = new ArrayList<>(List.of(page));
        openList(page);
        for (int i = 1; i < WINDOWS_ON_THE_LIST; i++) {
            Page window = page.newWindow(Browser.WIDTH, Browser.HEIGHT);
            windows.add(window);
            // The seventh did not load (nor the list of the sixth) when each list held an HTTP event stream.
            openList(window);
            lists.add(window);
        }
        Terminal created = shell();
        for (int i = 0; i < lists.size(); i++) {
            Page list = lists.get(i);
            list.waitUntil("the list of window " + (i + 1) + " shows a terminal created after it was opened", () ->
                    !list.elements("tr[data-terminal='" + created.terminalId() + "']").isEmpty());
        }
    }
}
