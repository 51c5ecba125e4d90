package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.PromptWaitResult;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.dsl.CuttableProxy;
import dev.ptyctl.e2e.server.ServerProcess;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.testsupport.TemporaryFolders;
import java.net.URI;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openqa.selenium.Keys;

/**
 * A page whose connection is cut again and again while a program streams output ends with exactly the server's
 * screen and scrollback: nothing lost, nothing twice, through replays (and resets, should a replay be too old).
 * The page is loaded through a TCP proxy that resets every connection on command, as a network failure does.
 */
@ResourceLock(Ptyctl.OWN_SERVERS)
@UsesServer
@BrowserTest
class WebReconnectE2eTest {
    private static final int DROPS = 20;
    /**
     * 20 bursts of 2,300 numbered lines of 116 bytes with CR LF: 5.1 MiB. Each burst waits for a line on a FIFO the
     * test writes to, so the test cuts the connection inside every burst without depending on how fast anything runs
     * (not on the terminal's input either: a shell between commands may flush what was typed ahead). A read that
     * ends without a line is repeated: the loop's next open of the FIFO can still find the last writer there, and
     * then reads nothing but that writer's close, which would start a burst nobody released.
     */
    private static final String STREAM = "for i in $(seq 0 19); do until read -r _ < %s; do :; done; "
            + "seq -f 'line %%08.0f "
            + "abcdefghij".repeat(10) + "' $((i*2300+1)) $((i*2300+2300)); done; echo stream-done";
    /** How far into a burst the page must be before the cut: it is receiving it. */
    private static final long INTO_BURST = 64 * 1024;

    private Page page;

    /** After the test, so that a failure's screenshot shows the page. */
    @AfterEach
    void leave() {
        if (page != null) {
            page.leave();
        }
    }

    @Test
    void twentyDropsDuringAFiveMebibyteStreamLeaveTheBufferAsTheServerHasIt() throws Exception {
        shellThroughProxy("drops", "drops>", "", (terminals, proxy, terminal, id) -> {
            Path bursts = TemporaryFolders.create("ptyctl-bursts").resolve("go");
            assertThat(new ProcessBuilder("mkfifo", bursts.toString()).start().waitFor()).isZero();
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                rpc.write(Action.text(STREAM.formatted(bursts)), Action.key(Key.ENTER));
                long lastCut = 0; // the number of the connection cut last
                for (int drop = 1; drop <= DROPS; drop++) {
                    long burstStart = terminals.get(id).nextOutputSeq();
                    long cut = lastCut;
                    int burst = drop;
                    release(bursts);
                    // A connection after the one cut last (the page noticed that cut), receiving this burst.
                    page.waitUntilDescribed(() -> "the page is connected again and receiving burst " + burst
                            + ": connections " + page.tabNumber(id, "socket.connections") + " (the one cut: " + cut
                            + "), state " + socketState(id) + ", seq " + page.tabNumber(id, "socket.seq")
                            + " (burst from " + burstStart + ", the server at " + nextOutputSeq(terminals, id)
                            + ")", () -> page.tabNumber(id, "socket.connections") > cut
                            && "open".equals(socketState(id))
                            && page.tabNumber(id, "socket.seq") > burstStart + INTO_BURST);
                    lastCut = page.tabNumber(id, "socket.connections");
                    proxy.cut();
                }
                long cut = lastCut;
                page.waitUntil("the page is connected after the last cut", () ->
                        page.tabNumber(id, "socket.connections") > cut);
            }
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                ScreenWaits.shows(rpc, "stream-done\n");
            }
            waitUntilCaughtUp(terminals, id);
            assertThat(page.tabNumber(id, "socket.connections")).as("connections").isGreaterThan(DROPS);
            assertThat(normalized(page.buffer(id))).isEqualTo(normalized(terminals.screen(id)));
            assertThat(page.buffer(id)).contains("line 00046000").contains("stream-done");
        });
    }

    /** A test's body, given the page's terminal and the proxy the page reaches the server through. */
    @FunctionalInterface
    private interface CutOffBody {
        void run(TerminalsClient terminals, CuttableProxy proxy, Terminal terminal, String id) throws Exception;
    }

    /**
     * Creates the terminal, opens the page on it ({@code ?t=id}, then {@code query}) through a proxy that can cut the
     * page's connections, runs {@code body}, and deletes the terminal.
     */
    private void throughProxy(CreateTerminalRequest request, String query, CutOffBody body) throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url));
             CuttableProxy proxy = CuttableProxy.to(URI.create(url))) {
            Terminal terminal = terminals.create(request);
            String id = terminal.terminalId();
            try {
                page = Page.in(proxy.url().toString()).open("/?t=" + id + query);
                body.run(terminals, proxy, terminal, id);
            } finally {
                terminals.delete(id);
            }
        }
    }

    /**
     * {@link #throughProxy} with bash without start-up files and {@code prompt} (and a blank) as its prompt, once the
     * page shows it.
     */
    private void shellThroughProxy(String name, String prompt, String query, CutOffBody body) throws Exception {
        throughProxy(CreateTerminalRequest.builder(name + "-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", prompt + " ").build(), query,
                (terminals, proxy, terminal, id) -> {
            page.waitForText(id, prompt);
            body.run(terminals, proxy, terminal, id);
        });
    }

    private Object socketState(String id) {
        return page.js("return window.ptyctl.tabs[arguments[0]].socket.state;", id);
    }

    private static String nextOutputSeq(TerminalsClient terminals, String id) {
        try {
            return String.valueOf(terminals.get(id).nextOutputSeq());
        } catch (Exception e) {
            return "unknown (" + e + ")";
        }
    }

    /** Lets the stream's next burst go: a line into its FIFO (which blocks until the loop reads it, so bounded). */
    static void release(Path fifo) throws Exception {
        // A thread of its own, not the common pool: its one thread is shared with the tests running alongside.
        CompletableFuture<Void> written = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                Files.writeString(fifo, "go\n");
                written.complete(null);
            } catch (java.io.IOException e) {
                written.completeExceptionally(e);
            }
        });
        written.get(Page.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Rows without trailing blanks, and no blank rows at the end (below the cursor). */
    static String normalized(String text) {
        String joined = Arrays.stream(text.split("\n", -1)).map(String::stripTrailing)
                .collect(Collectors.joining("\n"));
        return joined.replaceAll("\n+$", "");
    }

    @Test
    void afterAnOutageLongerThanTheReplayTheModesAreTheServersAndNoneIsStale() throws Exception {
        // Mouse reporting, bracketed paste, application cursor keys and the alternate screen on; after an Enter,
        // all off again and 3 MB of output: more than the 2 MiB the server keeps, so a page away meanwhile gets a
        // reset frame.
        String program = "printf '\\033[?1000h\\033[?2004h\\033[?1h\\033[?1049h'; echo modes-on; read -r;"
                + " printf '\\033[?1000l\\033[?2004l\\033[?1l\\033[?1049l'; head -c 3000000 /dev/zero | tr '\\0' x;"
                + " echo; echo modes-off; sleep 600";
        throughProxy(CreateTerminalRequest.builder("modes-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile", "-c", program).build(), "",
                (terminals, proxy, terminal, id) -> {
            page.waitForText(id, "modes-on");
            page.waitUntil("the page has the program's modes", () -> modes(id).equals("vt200 true true alternate"));
            proxy.down();
            waitUntilDisconnected(id);
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                rpc.write(Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "modes-off");
            }
            proxy.up();
            waitUntilCaughtUp(terminals, id);
            assertThat(page.tabNumber(id, "resets")).as("reset frames after the first").isEqualTo(2);
            assertThat(modes(id)).isEqualTo("none false false normal");
            assertThat(normalized(page.buffer(id))).isEqualTo(normalized(terminals.screen(id)));
        });
    }

    @Test
    void afterAnOutageLongerThanTheReplayThePromptMarksAreBackInTheGutter() throws Exception {
        // The server's default shell, with its shell integration (OSC 133 prompt marks).
        throughProxy(CreateTerminalRequest.builder("marks-reset-" + UUID.randomUUID()).build(), "",
                (terminals, proxy, terminal, id) -> {
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                marksComeBackAfterAReset(terminals, proxy, rpc, id);
            }
        });
    }

    /** Two commands marked on the page, an outage longer than the replay, a third command: all three marked after. */
    private void marksComeBackAfterAReset(TerminalsClient terminals, CuttableProxy proxy, RpcClient rpc, String id)
            throws Exception {
        dev.ptyctl.client.WaitRequest quiet = dev.ptyctl.client.WaitRequest.builder()
                .idle(java.time.Duration.ofMillis(300)).timeout(java.time.Duration.ofSeconds(20)).build();
        rpc.waitFor(quiet);
        for (String command : java.util.List.of("true", "false")) {
            rpc.write(Action.text(command), Action.key(Key.ENTER));
            rpc.waitFor(quiet);
        }
        page.waitUntil("a green mark and a red one", () -> page.elements(".prompt-ok").size() == 1
                && page.elements(".prompt-failed").size() == 1);
        proxy.down();
        waitUntilDisconnected(id);
        // 3 MB of attribute changes: more than the 2 MiB the server keeps, not a single row of text, so the marked
        // prompts stay on the screen while the page is away and must come back with the reset.
        long typed = rpc.write(Action.text("yes $'\\e[1m\\e[0m' | tr -d '\\n' | head -c 3000000; (exit 4)"),
                Action.key(Key.ENTER)).outputSeq();
        // All of it before the network is back: the prompt after the command. (An idle wait here could end before
        // the command had written much, on a loaded machine; the page then came back in time for a replay instead
        // of a reset, and had one reset frame, not two.)
        PromptWaitResult waited = rpc.waitForPromptAfter(typed, java.time.Duration.ofSeconds(60));
        assertThat(waited.command()).as(waited.toString()).get()
                .extracting(command -> command.exitCode().orElseThrow()).isEqualTo(4);
        proxy.up();
        waitUntilCaughtUp(terminals, id);
        assertThat(page.tabNumber(id, "resets")).as("reset frames after the first").isEqualTo(2);
        page.waitUntil("the marks of the three commands, rebuilt from the reset", () ->
                page.elements(".prompt-ok").size() == 1 && page.elements(".prompt-failed").size() == 2);
        assertThat(page.elements(".prompt-failed")).extracting(e -> e.getAttribute("title"))
                .containsExactly("exit code 1", "exit code 4");
    }

    /** Waits until the page's connection to the terminal is no longer open (the proxy cut it). */
    private void waitUntilDisconnected(String id) {
        page.waitUntil("the page lost its connection", () -> !"open".equals(socketState(id)));
    }

    /** Waits until the page has parsed every byte the terminal has written. */
    private void waitUntilCaughtUp(TerminalsClient terminals, String id) {
        page.waitUntil("the page has caught up", () -> {
            try {
                return page.tabNumber(id, "parsedSeq") == terminals.get(id).nextOutputSeq();
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** Mouse tracking, bracketed paste, application cursor keys and the active buffer of the page's terminal. */
    private String modes(String id) {
        return (String) page.js("const m = window.ptyctl.terminals[arguments[0]].modes, t = window.ptyctl"
                + ".terminals[arguments[0]]; return [m.mouseTrackingMode, m.bracketedPasteMode,"
                + " m.applicationCursorKeysMode, t.buffer.active.type].join(' ');", id);
    }

    @Test
    void aListCutOffFromTheServerShowsWhatHappenedMeanwhileOnceItIsBack() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(System.getProperty("ptyctl.url")))) {
            listThroughProxy(proxy -> {
                proxy.down();
                page.waitUntil("the list lost its events", () -> !Boolean.TRUE.equals(page.js(
                        "return window.ptyctl.eventsOpen;")));
                page.waitUntil("the list says it is reconnecting (its rows may be stale)",
                        () -> page.text("#status").equals("reconnecting…"));
                Terminal created = terminals.create(CreateTerminalRequest.builder("while-cut-" + UUID.randomUUID())
                        .command("/bin/bash", "--norc", "--noprofile").build());
                try {
                    proxy.up();
                    page.waitUntil("the list follows the events again and shows the terminal created meanwhile", () ->
                            eventStreams() == 2 && !page.elements("tr[data-terminal='" + created.terminalId() + "']")
                                    .isEmpty());
                    page.waitUntil("the list no longer says it is reconnecting", () -> page.text("#status").isEmpty());
                } finally {
                    terminals.delete(created.terminalId());
                }
            });
        }
    }

    /**
     * A list cut off for a while (a server restarting takes a few seconds) is back soon after the server: its waits
     * between attempts stop growing at 2 s. They grew to 8 s, as a terminal's, and the list said "reconnecting…" over
     * the old server's rows for up to 8 s after the new one was up.
     */
    @Test
    void aListCutOffForAWhileIsBackSoonAfterTheServer() throws Exception {
        listThroughProxy(proxy -> {
            proxy.down();
            // Eight attempts failed: the next waits 2 s ± 25 %, where the waits grew to 8 s ± 25 % (at least 6 s).
            page.waitUntil("the list tried eight times", () -> ((Number) page.js(
                    "return window.ptyctl.eventLosses;")).longValue() >= 8);
            proxy.up();
            page.waitUntil("the list follows the events again, well before 6 s", Duration.ofSeconds(5),
                    () -> eventStreams() == 2);
            page.waitUntil("the list no longer says it is reconnecting", () -> page.text("#status").isEmpty());
        });
    }

    /**
     * A list whose attempt to reconnect gets no answer (a network that takes connections and routes nothing) gives it
     * up and tries again, as a terminal's tab does: it said "reconnecting…" until the browser's own timeout (240 s).
     */
    @Test
    void aListWhoseAttemptToReconnectGetsNoAnswerTriesAgain() throws Exception {
        listThroughProxy(proxy -> {
            proxy.blackHole();
            int silenced = proxy.silencedSockets();
            proxy.cut();
            page.waitUntil("the list says it is reconnecting", () -> "reconnecting…".equals(page.text("#status")));
            page.waitUntil("an attempt to reconnect is under way", () -> proxy.silencedSockets() > silenced);
            proxy.up();
            page.waitUntil("the list follows the events again well before the browser's timeout",
                    Duration.ofSeconds(20), () -> eventStreams() == 2);
            page.waitUntil("the list no longer says it is reconnecting", () -> page.text("#status").isEmpty());
        });
    }

    /**
     * A server without terminals: its list says so, with no table (its column headings over no rows were the first
     * thing a new server's page showed); the first terminal brings the table.
     */
    @Test
    void aServerWithoutTerminalsShowsNoEmptyTable() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of("SHELL", "/bin/bash"), "--port", "0");
             TerminalsClient terminals = TerminalsClient.of(URI.create(server.url()))) {
            page = Page.in(server.url()).open("/");
            page.waitUntil("the list follows the events", () -> eventStreams() == 1);
            assertThat(page.element("#empty").isDisplayed()).as("the empty list's message").isTrue();
            assertThat(page.element("#terminals").isDisplayed()).as("the table").isFalse();
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("first-" + UUID.randomUUID())
                    .command("/bin/bash", "--norc", "--noprofile").build());
            page.waitUntil("the table shows the first terminal", () -> page.element("#terminals").isDisplayed()
                    && !page.elements("tr[data-terminal='" + terminal.terminalId() + "']").isEmpty());
            assertThat(page.element("#empty").isDisplayed()).isFalse();
        }
    }

    /**
     * A tab whose server stops (or restarts) says so under the last screen, and stops trying to reconnect: the server
     * ends its programs and forgets their terminals. The tab said "reconnecting…" for as long as the server was down,
     * then "terminal closed".
     */
    @Test
    void aTabWhoseServerStopsSaysTheServerStopped() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of("SHELL", "/bin/bash"), "--port", "0");
             TerminalsClient terminals = TerminalsClient.of(URI.create(server.url()))) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("stops-" + UUID.randomUUID())
                    .command("/bin/bash", "--norc", "--noprofile").env("PS1", "stops> ").build());
            String id = terminal.terminalId();
            page = Page.in(server.url()).open("/?t=" + id);
            page.waitForText(id, "stops>");
            server.close();
            String note = "section.terminal-view[data-terminal='" + id + "'] .ended-note";
            page.waitUntil("the tab says the server stopped", () -> String.valueOf(page.text(note))
                    .equals("the server stopped, and its programs with it: this is the last screen, read-only"));
            assertThat(page.text("#status")).isEqualTo("server stopped");
            assertThat(page.js("return document.title;")).isEqualTo("bash (server stopped) — ptyctl");
            assertThat(socketState(id)).as("no more attempts").isEqualTo("gone");
            assertThat(page.buffer(id)).as("the last screen").contains("stops>");
        }
    }

    /**
     * A new terminal asked for while the server cannot be reached: the list says so in words (it said the browser's
     * "Failed to fetch"), and the message goes once the server answers again.
     */
    @Test
    void aNewTerminalAskedForWhileTheServerIsDownSaysTheServerCannotBeReached() throws Exception {
        listThroughProxy(proxy -> {
            proxy.down();
            page.clickOn("#new-terminal button[type='submit']");
            page.waitUntil("the list says what went wrong", () -> page.element("#list-message").isDisplayed());
            assertThat(page.text("#list-message")).startsWith("cannot reach the ptyctl server at " + proxy.url()
                    .getAuthority() + ": it may have stopped, or be restarting");
            proxy.up();
            page.waitUntil("the message goes once the server answers",
                    () -> eventStreams() == 2 && !page.element("#list-message").isDisplayed());
        });
    }

    /**
     * A page opened on a terminal, cut off from the server (stopped, restarting), asked for its list: the list says it
     * is reconnecting, and follows the events once the server is back. It used to show its rows as if live, since the
     * page had never followed the events before.
     */
    @Test
    void aListShownFirstWhileTheServerIsDownSaysItIsReconnecting() throws Exception {
        throughProxy(CreateTerminalRequest.builder("list-down-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").build(), "", (terminals, proxy, terminal, id) -> {
            page.waitUntil("the tab is connected", () -> "open".equals(socketState(id)));
            proxy.down();
            waitUntilDisconnected(id);
            page.clickOn("#home");
            page.waitUntil("the list says it is reconnecting (its rows may be stale)",
                    () -> "reconnecting…".equals(page.text("#status")));
            proxy.up();
            page.waitUntil("the list follows the events", () -> eventStreams() == 1);
            page.waitUntil("the list no longer says it is reconnecting", () -> page.text("#status").isEmpty());
        });
    }

    /**
     * The program prints its last words and ends while the page is cut off (a laptop asleep, a network down): back,
     * the page shows them and how the program ended. It used to learn of the end from the REST API and stop there,
     * without the output it had missed.
     */
    @Test
    void aProgramThatEndsWhileThePageIsCutOffShowsItsLastWordsOnceThePageIsBack() throws Exception {
        throughProxy(CreateTerminalRequest.builder("ends-cut-" + UUID.randomUUID()).command("/bin/bash", "--norc",
                "--noprofile", "-c", "echo waiting; read -r; echo 'the last words'; exit 4").build(), "",
                (terminals, proxy, terminal, id) -> {
            page.waitForText(id, "waiting");
            proxy.down();
            waitUntilDisconnected(id);
            // Failed attempts, each followed by a probe of the REST API: the page is well into its backoff.
            page.waitUntil("the page tried to reconnect", () -> page.tabNumber(id, "socket.attempt") >= 2);
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                rpc.write(Action.key(Key.ENTER));
            }
            WebPageE2eTest.waitUntilEnded(page, terminals, id);
            proxy.up();
            page.waitForText(id, "the last words");
            page.waitUntil("the status line says how it ended", () -> "exited 4".equals(page.text("#status")));
            assertThat(WebPageE2eTest.count("waiting", page.buffer(id))).as("the output before the cut, once").isEqualTo(1);
        });
    }

    /**
     * Back from a long outage, a key typed reconnects at once. The wait between attempts grows to 8 s (±25 %), and a
     * person back at the page typed into a tab that said "reconnecting…" for up to that long after the network was back.
     */
    @Test
    void aKeyTypedAfterALongOutageReconnectsAtOnce() throws Exception {
        shellThroughProxy("retry-now", "web>", "", (terminals, proxy, terminal, id) -> {
            afterALongOutage(proxy, id);
            proxy.up();
            page.type(id, "echo back-at-once", Keys.ENTER);
            waitUntilReconnectedAtOnce(id);
            page.waitForText(id, "\nback-at-once");
        });
    }

    /**
     * A tab shown again (a phone brought back to the browser, the browser's tab selected again) while it waits to
     * reconnect tries at once: it waited out its backoff, 8 s after a long outage, and more in the background, where the
     * browser throttles a hidden page's timers; a person back at the page watched "reconnecting…" meanwhile.
     */
    @Test
    void aTabShownAgainAfterALongOutageReconnectsAtOnce() throws Exception {
        shellThroughProxy("shown-again", "web>", "", (terminals, proxy, terminal, id) -> {
            page.minimize();
            afterALongOutage(proxy, id);
            assertThat(page.js("return document.hidden;")).as("the page is hidden").isEqualTo(true);
            proxy.up();
            page.resize(Browser.WIDTH, Browser.HEIGHT);
            waitUntilReconnectedAtOnce(id);
        });
    }

    /**
     * A tab shown again whose connection died without a word meanwhile (a phone that slept, a network that changed)
     * checks it at once and is connected again within the ping's 10 s: it looked open until its next ping (every
     * 15 s) went unanswered for 10 s, up to 25 s in which keys typed went nowhere.
     */
    @Test
    void aTabShownAgainOverAConnectionThatDiedQuietlyReconnectsWithinAPingsTimeout() throws Exception {
        shellThroughProxy("died-quietly", "web>", "", (terminals, proxy, terminal, id) -> {
            page.waitUntil("the tab is connected", () -> "open".equals(socketState(id)));
            long connections = page.tabNumber(id, "socket.connections");
            page.minimize();
            proxy.silence();
            page.resize(Browser.WIDTH, Browser.HEIGHT);
            // Connected at most a few seconds ago: its next ping is due some 12 s from now, and unanswered 10 s later.
            page.waitUntil("the tab is connected again within the ping's timeout", Duration.ofSeconds(15),
                    () -> page.tabNumber(id, "socket.connections") > connections && "open".equals(socketState(id)));
            page.type(id, "echo alive-again", Keys.ENTER);
            page.waitForText(id, "\nalive-again");
        });
    }

    /**
     * A tab whose attempt to reconnect gets no answer (a network that takes connections and routes nothing: a phone's
     * Wi-Fi just woken, a captive portal) gives it up and tries again, and what was typed meanwhile arrives once: the
     * attempt hung until the browser's own timeout (Chromium's 240 s), the tab saying "reconnecting…" over a network
     * long back, as neither a key typed nor the page shown again starts an attempt while one is under way.
     */
    @Test
    void aTabWhoseAttemptToReconnectGetsNoAnswerTriesAgain() throws Exception {
        shellThroughProxy("no-answer", "web>", "", (terminals, proxy, terminal, id) -> {
            page.waitUntil("the tab is connected", () -> "open".equals(socketState(id)));
            proxy.blackHole();
            proxy.cut();
            page.waitUntil("an attempt to reconnect is under way", () -> Boolean.TRUE.equals(page.js(
                    "const s = window.ptyctl.tabs[arguments[0]].socket;"
                            + " return s.state === 'reconnecting' && s.ws !== null;", id)));
            page.type(id, "echo typed-while-hanging", Keys.ENTER);
            proxy.up();
            page.waitUntil("the tab is connected again well before the browser's timeout", Duration.ofSeconds(20),
                    () -> "open".equals(socketState(id)));
            page.waitForText(id, "\ntyped-while-hanging\n");
            assertThat(page.buffer(id)).as("the line typed, run once").containsOnlyOnce("\ntyped-while-hanging\n");
        });
    }

    /**
     * A tab cut off by a network that takes connections and routes nothing, for longer than an attempt's 10 s, is
     * back soon after the network, untouched: its check of the terminal over REST before the next attempt (probe) hung
     * for good, as a browser's fetch has no timeout of its own, and the tab said "reconnecting…" until a key was typed.
     */
    @Test
    void aTabCutOffByANetworkThatAnswersNothingIsBackSoonAfterIt() throws Exception {
        shellThroughProxy("no-answer-long", "web>", "", (terminals, proxy, terminal, id) -> {
            page.waitUntil("the tab is connected", () -> "open".equals(socketState(id)));
            proxy.blackHole();
            proxy.cut();
            page.waitUntil("an attempt was given up and the terminal is being checked", Duration.ofSeconds(20),
                    () -> Boolean.TRUE.equals(page.js("const s = window.ptyctl.tabs[arguments[0]].socket;"
                            + " return s.state === 'reconnecting' && s.ws === null && s.attempt >= 2;", id)));
            proxy.up();
            page.waitUntil("the tab is connected again", Duration.ofSeconds(20), () -> "open".equals(socketState(id)));
        });
    }

    /**
     * Cuts the page off and waits until its tab waits its longest between attempts, as after a long outage: its next
     * attempt is 6 to 10 s after the one that fails next.
     */
    private void afterALongOutage(CuttableProxy proxy, String id) {
        proxy.down();
        waitUntilDisconnected(id);
        page.js("window.ptyctl.tabs[arguments[0]].socket.attempt = 20;", id);
        page.waitUntil("the page waits its longest", () -> page.tabNumber(id, "socket.attempt") >= 21);
    }

    private void waitUntilReconnectedAtOnce(String id) {
        page.waitUntil("the tab reconnected well before its next attempt was due", Duration.ofSeconds(4),
                () -> "open".equals(socketState(id)));
    }

    /**
     * Opens the list ({@code /}) through a proxy that can cut the page's connections, once it follows the events, and
     * runs {@code body} with the proxy.
     */
    private void listThroughProxy(ListBody body) throws Exception {
        try (CuttableProxy proxy = CuttableProxy.to(URI.create(System.getProperty("ptyctl.url")))) {
            page = Page.in(proxy.url().toString()).open("/");
            page.waitUntil("the list follows the events", () -> eventStreams() == 1);
            body.run(proxy);
        }
    }

    /** A test's body, given the proxy the list reaches the server through. */
    @FunctionalInterface
    private interface ListBody {
        void run(CuttableProxy proxy) throws Exception;
    }

    private long eventStreams() {
        return ((Number) page.js("return window.ptyctl.eventStreams;")).longValue();
    }

    @Test
    void anOsc52ReplayedAfterAReconnectIsNotCopiedOnlyLiveOutputCopies() throws Exception {
        String copy = "printf '\\e]52;c;%%s\\a' $(printf %s | base64); echo %s-$((6*7))";
        shellThroughProxy("replayed-osc52", "clip>", "&clipboard=1", (terminals, proxy, terminal, id) -> {
            page.js(WebPageE2eTest.RECORD_CLIPBOARD);
            page.click(id);
            proxy.down();
            waitUntilDisconnected(id);
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                // Printed while the page is away: the page gets it in the replay when it is back.
                rpc.write(Action.text(copy.formatted("printed-while-away", "away")), Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "away-42\n");
                long printed = terminals.get(id).nextOutputSeq();
                proxy.up();
                page.waitUntil("the page is back and has parsed the replay", () ->
                        page.tabNumber(id, "socket.connections") > 1 && page.tabNumber(id, "parsedSeq") >= printed);
                assertThat((java.util.List<?>) page.js("return window.copied;")).as("copied from the replay")
                        .isEmpty();

                rpc.write(Action.text(copy.formatted("printed-live", "live")), Action.key(Key.ENTER));
                page.waitForText(id, "live-42");
                page.waitUntil("live output copied", () ->
                        !((java.util.List<?>) page.js("return window.copied;")).isEmpty());
                assertThat((java.util.List<Object>) page.js("return window.copied;"))
                        .containsExactly("printed-live");
            }
        });
    }

    @Test
    void aQueryReplayedAfterAReconnectIsNotAnsweredAgain() throws Exception {
        shellThroughProxy("replayed-query", "q>", "", (terminals, proxy, terminal, id) -> {
            page.click(id);
            proxy.down();
            waitUntilDisconnected(id);
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                // Asked while the page is away: the server answers. The page gets the question again in the
                // replay when it is back (within the 12 s the program listens), and must not answer it.
                rpc.write(Action.text("stty raw -echo; printf '\\033[6n'; r=$(timeout --foreground 12 cat -v);"
                        + " stty sane; echo \"replies:$r:end\""), Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "stty raw");
                long asked = terminals.get(id).nextOutputSeq();
                proxy.up();
                page.waitUntil("the page is back and has the question", () ->
                        "open".equals(socketState(id)) && page.tabNumber(id, "parsedSeq") >= asked);
                ScreenWaits.shows(rpc, ":end\n");
                java.util.regex.Matcher replies = java.util.regex.Pattern.compile("(?m)^replies:(.*):end$")
                        .matcher(rpc.read().text());
                assertThat(replies.find()).isTrue();
                assertThat(WebPageE2eTest.count("\\^\\[\\[\\d+;\\d+R", replies.group(1))).as("cursor position reports in " + replies.group(1)).isEqualTo(1);
            }
        });
    }
}
