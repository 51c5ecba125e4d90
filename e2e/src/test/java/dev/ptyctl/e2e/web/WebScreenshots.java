package dev.ptyctl.e2e.web;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.e2e.dsl.CuttableProxy;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.testsupport.TemporaryFolders;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * The screenshots of docs/web.md, taken in headless Chromium: the list, vim in a tab, a shell with its prompt marks,
 * a reconnect in progress, a phone-sized window, and one showing a desktop's larger grid. Not a test: runs only when
 * asked, writing into the folder named by {@code ptyctl.screenshots}:
 * {@code mvn -B -pl e2e -am verify -Dtest=WebScreenshots -Dsurefire.failIfNoSpecifiedTests=false
 * -Dptyctl.screenshots=$PWD/docs/images}.
 */
@UsesServer
@BrowserTest
@EnabledIfSystemProperty(named = "ptyctl.screenshots", matches = ".+")
class WebScreenshots {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final List<String> created = new ArrayList<>();
    private TerminalsClient terminals;
    private Page page;

    @AfterEach
    void cleanUp() throws Exception {
        if (page != null) {
            page.leave();
        }
        for (String id : created) {
            terminals.delete(id);
        }
        terminals.close();
    }

    @Test
    void takeTheScreenshotsOfTheGuide() throws Exception {
        Path out = Path.of(System.getProperty("ptyctl.screenshots"));
        Files.createDirectories(out);
        String url = System.getProperty("ptyctl.url");
        Path root = Path.of(System.getProperty("ptyctl.root", "..")).toAbsolutePath().normalize();
        terminals = TerminalsClient.of(URI.create(url));

        // The shells' home is a demo project of fixed contents: the pictures show neither this machine's paths (the
        // prompt, the tab's title) nor this repository's git log, which went stale with every commit.
        Path home = demoProject();
        Terminal shell = create(CreateTerminalRequest.builder("guide-shell").cwd(home.toString())
                .env("HOME", home.toString()).build());
        Terminal vim = create(CreateTerminalRequest.builder("guide-vim").cwd(root.toString())
                .command("/usr/bin/vim", "-u", "NONE", "-N", "+set number", "+set laststatus=2",
                        "web/src/main/js/socket.js").build());
        create(CreateTerminalRequest.builder("guide-agent").command("/bin/bash", "--norc", "--noprofile", "-c",
                "printf '\\033]0;\\342\\240\\213 refactoring the parser\\007'; sleep 600").build());
        // A build that fails: its last screen, the failure, stays to be read after it has ended.
        Path build = TemporaryFolders.create("ptyctl-guide-build");
        Files.writeString(build.resolve("build.sh"), BUILD);
        Terminal failed = create(CreateTerminalRequest.builder("guide-build").cwd(build.toString())
                .command("/bin/bash", "build.sh").build());
        waitForTitle("guide-agent");

        // The shell's commands run while the page shows it, so that the page sees their prompt marks.
        page = Page.in(url).open("/?t=" + shell.terminalId());
        try (RpcClient rpc = RpcClient.connect(shell.rpc())) {
            WaitRequest quiet = WaitRequest.builder().idle(Duration.ofMillis(300)).timeout(WAIT).build();
            rpc.waitFor(quiet);
            for (String command : List.of("cd docs", "ls", "grep -c xterm ../package.json",
                    "test -d node_modules", "cat ../CHANGES")) {
                rpc.write(Action.text(command), Action.key(Key.ENTER));
                // One command at a time (the shell quiet again), so each gets its prompt and its mark.
                rpc.waitFor(quiet);
            }
        }
        page.waitForText(shell.terminalId(), "web:");
        page.clickOn("#home");
        page.waitUntil("the list shows every terminal", () -> page.elements("#terminals tbody tr").size() >= 4);
        Files.write(out.resolve("web-list.png"), page.screenshot());

        page.clickOn("tr[data-terminal='" + vim.terminalId() + "'] button[data-action='open']");
        page.waitForText(vim.terminalId(), "web/src/main/js/socket.js"); // vim's status line
        Files.write(out.resolve("web-vim.png"), page.screenshot());
        page.clickOn(".tab[data-terminal='" + shell.terminalId() + "']");
        page.waitUntil("the marks are drawn", () -> page.elements(".prompt-failed").size() > 0);
        Files.write(out.resolve("web-shell-marks.png"), page.screenshot());
        // The settings, the light theme chosen: the terminal and the page behind the dialog are light at once.
        page.clickOn("#settings-open");
        page.clickOn("#settings input[name=theme][value=light]");
        page.waitUntil("the page is light", () -> "light".equals(page.js(
                "return document.documentElement.dataset.theme;")));
        Files.write(out.resolve("web-settings.png"), page.screenshot());
        page.clickOn("#settings-defaults");
        page.clickOn("#settings-done");
        page.clickOn("#home");
        page.clickOn("tr[data-terminal='" + failed.terminalId() + "'] button[data-action='open']");
        page.waitForText(failed.terminalId(), "1 of 214 tests failed");
        page.waitUntil("the page says the build ended", () -> "exited 3".equals(page.text("#status")));
        // The pointer off the terminal, as when a person reads it: xterm.js shows its scrollbar while the pointer is
        // over a terminal with scrollback (as VS Code's terminal does), and the click on "open" left it there.
        new Actions(page.driver()).moveToLocation(0, 0).perform();
        page.waitUntil("xterm.js's scrollbar has faded", () -> Boolean.TRUE.equals(page.js("return [...document"
                + ".querySelectorAll('.xterm-scrollable-element > .scrollbar.vertical')]"
                + ".every((bar) => getComputedStyle(bar).opacity === '0');")));
        Files.write(out.resolve("web-ended.png"), page.screenshot());
        pasteAndKeysNote(out, home);
        page.leave();

        // The list on a phone: each terminal a card, its buttons on screen.
        Page phoneList = page.newWindow(390, 844).open("/");
        phoneList.waitUntil("the list shows every terminal",
                () -> phoneList.elements("#terminals tbody tr").size() >= 4);
        Files.write(out.resolve("web-list-phone.png"), phoneList.screenshot());
        phoneList.closeWindow();
        page.select(); // back to the first window: the driver was left on the closed one

        try (CuttableProxy proxy = CuttableProxy.to(URI.create(url))) {
            page = Page.in(proxy.url().toString()).open("/?t=" + shell.terminalId());
            page.waitForText(shell.terminalId(), "web:");
            proxy.close(); // no listener any more: the page keeps trying
            page.waitUntil("the page is reconnecting", () -> page.elements("[data-state='reconnecting']").size() > 1);
            Files.write(out.resolve("web-reconnecting.png"), page.screenshot());
            page.leave();
        }

        // A shell of its own, so that it has the phone's size from its first line.
        Terminal small = create(CreateTerminalRequest.builder("guide-phone").cwd(home.toString())
                .env("HOME", home.toString()).build());
        page = Page.in(url);
        Page phone = page.newWindow(390, 780).open("/?t=" + small.terminalId() + "&keys=1");
        phone.waitUntil("the shell has the phone's size", () -> {
            try {
                return terminals.get(small.terminalId()).size().cols() < 60;
            } catch (Exception e) {
                return false;
            }
        });
        phone.type(small.terminalId(), "ls docs", org.openqa.selenium.Keys.ENTER);
        phone.waitForText(small.terminalId(), "web.md");
        phone.clickOn("#keybar [data-action='more']"); // the second row: Home, End, PgUp, PgDn, symbols, F1–F12
        phone.clickOn("#keybar [data-key='Ctrl']"); // armed, as it looks before the next key
        Files.write(out.resolve("web-phone.png"), phone.screenshot());
        // A word selected with a finger held on it, Copy over the terminal, and Ctrl locked (tapped twice).
        // Tapped on from armed: locked by a tap within 0.4 s of arming, else released and armed again.
        phone.waitUntil("Ctrl is locked", () -> {
            if (!"true".equals(phone.attribute("[data-key='Ctrl']", "data-locked"))) {
                phone.clickOn("#keybar [data-key='Ctrl']");
            }
            return "true".equals(phone.attribute("[data-key='Ctrl']", "data-locked"));
        });
        phone.touchScreen(true);
        try {
            int[] word = phone.cellCentre(small.terminalId(), "web.md", 2);
            phone.fingerDown(word[0], word[1]);
            phone.waitUntil("the word is selected", () -> "web.md".equals(phone.js(
                    "return window.ptyctl.terminals[arguments[0]].getSelection();", small.terminalId())));
            phone.fingerUp();
            phone.waitUntil("Copy is shown", () -> phone.element(".terminal-view:not([hidden]) .copy-selection")
                    .isDisplayed());
            Files.write(out.resolve("web-phone-select.png"), phone.screenshot());
        } finally {
            phone.touchScreen(false);
        }
        phone.closeWindow();

        // A phone next to a desktop page that has the size: the desktop's grid as it is, cropped, scrolling sideways.
        page.open("/?t=" + shell.terminalId());
        Page cropped = page.newWindow(390, 780).open("/?t=" + shell.terminalId() + "&keys=1");
        cropped.waitForText(shell.terminalId(), "web:");
        page.click(shell.terminalId());
        cropped.waitUntil("the phone shows the desktop's grid", () -> ((Number) cropped.js(
                "return window.ptyctl.terminals[arguments[0]].cols;", shell.terminalId())).intValue() > 60);
        Files.write(out.resolve("web-phone-cropped.png"), cropped.screenshot());
        cropped.closeWindow();
    }

    /**
     * Two lines pasted into {@code cat}, which takes no bracketed paste: the page asks first; then the note a person
     * gets who stayed when the browser asked before a Ctrl-W closed the page. In a shell of its own, deleted after.
     */
    private void pasteAndKeysNote(Path out, Path home) throws Exception {
        Terminal notes = terminals.create(CreateTerminalRequest.builder("guide-paste").cwd(home.toString())
                .env("HOME", home.toString()).build());
        try {
            page.clickOn("#home");
            page.clickOn("tr[data-terminal='" + notes.terminalId() + "'] button[data-action='open']");
            String id = notes.terminalId();
            page.type(id, "cat > notes.txt", Keys.ENTER);
            page.waitForBracketedPaste(id, false); // cat runs
            page.paste(id, "make test\nmake deploy\n");
            page.waitUntil("the page asks", () -> page.element(".terminal-view:not([hidden]) .paste-question")
                    .isDisplayed());
            Files.write(out.resolve("web-paste.png"), page.screenshot());
            page.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
            page.holdingCtrl(() -> page.js("window.dispatchEvent(new Event('beforeunload', {cancelable: true}));"));
            page.waitUntil("the note is shown", () -> page.element("#keys-hint").isDisplayed());
            Files.write(out.resolve("web-keys-note.png"), page.screenshot());
            page.clickOn("#keys-hint-close");
        } finally {
            terminals.delete(notes.terminalId());
        }
    }

    /** The shells' home: a small project with docs, a package.json and a change log ("web: …" lines). */
    private static Path demoProject() throws IOException {
        Path home = TemporaryFolders.create("ptyctl-guide-home");
        Path docs = Files.createDirectories(home.resolve("docs"));
        for (String doc : List.of("cli.md", "getting-started.md", "protocol.md", "rest.md", "sdk.md", "web.md")) {
            Files.writeString(docs.resolve(doc), "");
        }
        Files.writeString(home.resolve("package.json"), """
                {
                  "name": "demo",
                  "dependencies": {
                    "@xterm/xterm": "^5.5.0",
                    "@xterm/addon-fit": "^0.10.0",
                    "@xterm/addon-search": "^0.15.0"
                  }
                }
                """);
        Files.writeString(home.resolve("CHANGES"), """
                web: a tab is labelled with the program's name (bash, vim), not its whole command line
                web: an ended program's last screen stays, read-only, with how it ended under it
                web: on a phone the list is one card per terminal, every button on screen
                """);
        return home;
    }

    /** guide-build's program: a build whose tests run past the screen and fail at the end. */
    private static final String BUILD = """
            echo 'bundling the page: 12 modules, 318 KiB'
            echo 'running 214 tests'
            for i in $(seq 1 60); do printf 'ok   test %03d\\n' "$i"; done
            printf '\\033[31mFAIL\\033[0m tabs of one command: expected 3 different labels, got 1\\n'
            echo '1 of 214 tests failed'
            exit 3
            """;

    private Terminal create(CreateTerminalRequest request) throws Exception {
        Terminal terminal = terminals.create(request);
        created.add(terminal.terminalId());
        return terminal;
    }

    private void waitForTitle(String sessionId) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            boolean titled = terminals.list().stream()
                    .anyMatch(t -> t.sessionId().equals(sessionId) && t.liveTitle().isPresent());
            if (titled) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no live title on " + sessionId);
    }
}
