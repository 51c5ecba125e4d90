package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.protocol.JsonSupport;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code ptyctl attach} in a real terminal: a bash hosted by the server itself runs the attach command against
 * another terminal of the same server. What is typed into the outer terminal reaches the inner program, its output
 * shows in the outer one, the outer terminal's size becomes the inner one's, the detach chord ends the attach
 * leaving the inner program running, and the outer terminal is back in cooked mode. In the e2e remote mode the inner
 * terminal is on the remote server, which the outer shell reaches through its HTTP(S) port alone (URL, token and
 * certificate in its environment), as a user attaches from their own machine.
 */
@ResourceLock(Ptyctl.OWN_SERVERS)
class AttachE2eTest {
    /** Each wait starts a cold {@code ptyctl attach} JVM at most: only a hang reaches {@link Bounds#HANG}. */
    private static final Duration WAIT = Bounds.HANG;

    @Test
    void attachForwardsKeysAndSizeShowsOutputAndDetachesRestoringTheTerminal() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient here = TerminalsClient.builder().baseUrl(server.url()).build();
                ServerUnderTest far = ServerUnderTest.remoteOr(server); TerminalsClient terminals = far.client()) {
            Terminal inner = terminals.create(bash("attach-inner", "inner> ").size(100, 30).build());
            Terminal outer = here.create(bash("attach-outer", "outer> ").size(80, 24).build());
            try (RpcClient innerRpc = far.rpc(terminals, inner);
                    RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                attach(outerRpc, inner, far);
                expect(outerRpc, "inner>");

                outerRpc.write(Action.text("stty size; echo typed-$((6*7))"), Action.key(Key.ENTER));
                expect(innerRpc, "typed-42");
                expect(outerRpc, "typed-42");
                assertThat(innerRpc.read().text()).as("the outer terminal's size, sent on attach").contains("24 80");

                outerRpc.resize(90, 20);
                outerRpc.write(Action.text("stty size"), Action.key(Key.ENTER));
                expect(innerRpc, "20 90");

                detach(outerRpc, inner);
                expect(outerRpc, "outer>");
                outerRpc.write(Action.text("stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'"), Action.key(Key.ENTER));
                WaitResult cooked = outerRpc.waitFor(WaitRequest.builder().match("^icanon")
                        .regex(true).timeout(WAIT).build());
                assertThat(cooked.matched()).as("the outer terminal is back in canonical mode\n%s",
                        cooked.screen().text()).isTrue();
                assertThat(terminals.get(inner.terminalId()).running()).as("detach leaves the program running")
                        .isTrue();
            } finally {
                terminals.delete(inner.terminalId());
            }
        }
    }

    /** {@code ptyctl attach work} after {@code ptyctl new --session work}, as tmux's {@code attach -t work}. */
    @Test
    void attachTakesTheNameOfTheTerminalsSession() throws Exception {
        String session = "attach-by-name-" + Long.toHexString(System.nanoTime()); // unique on a shared remote server
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient here = TerminalsClient.builder().baseUrl(server.url()).build();
                ServerUnderTest far = ServerUnderTest.remoteOr(server); TerminalsClient terminals = far.client()) {
            Terminal inner = terminals.create(bash(session, "inner> ").size(100, 30).build());
            Terminal outer = here.create(bash("by-name-outer", "outer> ").size(80, 24).build());
            try (RpcClient innerRpc = far.rpc(terminals, inner);
                    RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                attach(outerRpc, session, far);
                expect(outerRpc, "inner>");
                outerRpc.write(Action.text("echo named-$((6*7))"), Action.key(Key.ENTER));
                expect(innerRpc, "named-42");
                detach(outerRpc, inner);
            } finally {
                terminals.delete(inner.terminalId());
            }
        }
    }

    /**
     * Whatever attach asked the local terminal would be answered some time later on standard input, which attach
     * forwards: on a slow link the answers are typed into the program. So attach asks nothing (no DECRQM, DA, DSR,
     * XTVERSION or OSC query reaches the outer terminal).
     */
    @Test
    void attachAsksTheLocalTerminalNothing() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient here = TerminalsClient.builder().baseUrl(server.url()).build();
                ServerUnderTest far = ServerUnderTest.remoteOr(server); TerminalsClient terminals = far.client()) {
            Terminal inner = terminals.create(bash("ask-inner", "inner> ").size(100, 30).build());
            Terminal outer = here.create(bash("ask-outer", "outer> ").size(80, 24).build());
            try (RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                attach(outerRpc, inner, far);
                expect(outerRpc, "inner>");
                detach(outerRpc, inner);
                String written = outputOf(here.recording(outer.terminalId()));
                // DECRQM, DA1-3, DSR/CPR, XTVERSION, kitty keyboard, DECRQSS/XTGETTCAP, OSC colour queries
                Pattern query = Pattern.compile("\u001b\\[\\??[0-9;]*\\$p|\u001b\\[[>=]?0?c|\u001b\\[\\??[56]n"
                        + "|\u001b\\[>0?q|\u001b\\[\\?u|\u001bP[$+]q|\u001b\\][0-9]+;([0-9]+;)?\\?");
                assertThat(query.matcher(written).results().map(match -> match.group().replace("\u001b", "ESC"))
                        .toList()).as("queries written to the local terminal by attach").isEmpty();
            } finally {
                terminals.delete(inner.terminalId());
            }
        }
    }

    @Test
    void attachingFromASmallerWindowPaintsTheScreenAtTheLocalSize() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient here = TerminalsClient.builder().baseUrl(server.url()).build();
                ServerUnderTest far = ServerUnderTest.remoteOr(server); TerminalsClient terminals = far.client()) {
            Terminal inner = terminals.create(bash("attach-big", "inner> ").size(120, 36).build());
            Terminal outer = here.create(bash("attach-small", "outer> ").size(100, 30).build());
            try (RpcClient innerRpc = far.rpc(terminals, inner);
                    RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                expect(innerRpc, "inner>");
                // Content at the top and blank rows below: painted at 36 rows into 30, the top rows scroll away.
                innerRpc.write(Action.text("clear; echo one; echo two"), Action.key(Key.ENTER));
                expect(innerRpc, "two\ninner>");
                attach(outerRpc, inner, far);
                expect(outerRpc, "inner>");
                expect(innerRpc, "inner>");
                assertThat(innerRpc.read().size().rows()).as("attach sets the local size").isEqualTo(30);
                expectSameScreen(outerRpc, innerRpc, "once attached");
            } finally {
                terminals.delete(inner.terminalId());
            }
        }
    }

    @Test
    void theAttachEndsAtOnceWhenTheProgramExits() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient here = TerminalsClient.builder().baseUrl(server.url()).build();
                ServerUnderTest far = ServerUnderTest.remoteOr(server); TerminalsClient terminals = far.client()) {
            Terminal inner = terminals.create(bash("exit-inner", "inner> ").size(100, 30).build());
            Terminal outer = here.create(bash("exit-outer", "outer> ").size(80, 24).build());
            try (RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                attach(outerRpc, inner, far);
                expect(outerRpc, "inner>");
                outerRpc.write(Action.text("exit 5"), Action.key(Key.ENTER));
                // No key is pressed after this: the attach must end by itself.
                expect(outerRpc, "ptyctl: the program in " + inner.terminalId() + " exited with 5");
                expect(outerRpc, "exited with 5\nouter>");
            } finally {
                terminals.delete(inner.terminalId());
            }
        }
    }

    /**
     * The notes of a drop and of its return land in the middle of a full-screen program's screen: after the return
     * the screen attach shows is the server's, row for row (before, the notes stayed there, and what the program drew
     * after them went around them), and each note was written once, not per attempt.
     */
    @Test
    void aDroppedConnectionIsSaidOnceAndTheScreenIsTheServersAgainOnItsReturn() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("drop")) {
            RpcClient innerRpc = attach.innerRpc;
            RpcClient outerRpc = attach.outerRpc;
            outerRpc.write(Action.text("seq 1 200 | less"), Action.key(Key.ENTER));
            expect(innerRpc, "22\n23\n:"); // at the attach's 24 rows: lines 1-23 and less's prompt
            expect(outerRpc, "22\n23\n:");
            attach.drop(); // every reconnect fails until up(): the message must come once, not per attempt
            expect(outerRpc, "); reconnecting… (Ctrl-\\ then d gives up)");
            attach.proxy.up();
            expectSameScreen(outerRpc, innerRpc, "after the return");
            String written = attach.written();
            assertThat(Pattern.compile("dropped \\(").matcher(written).results().count()).as(written)
                    .isEqualTo(1);
            assertThat(Pattern.compile("ptyctl: reconnected to ").matcher(written).results().count())
                    .as(written).isEqualTo(1);
            outerRpc.write(Action.text("q"));
            expect(outerRpc, "inner>");
            outerRpc.write(Action.text("echo still-$((6 * 7))"), Action.key(Key.ENTER));
            expect(outerRpc, "still-42");
        }
    }

    /**
     * Each return redraws the screen and adds to the local scrollback only the lines that scrolled off the server's
     * screen meanwhile: after two drops with output during each, every line of the program's history is in what attach
     * printed exactly once, as a terminal that keeps its scrollback across RIS (Terminal.app, iTerm2) holds it, and the
     * screen is the server's. Before, each return sent the whole scrollback again after a RIS, so such a terminal held
     * the history once more per return.
     */
    @Test
    void aReturnAddsToTheLocalScrollbackOnlyTheLinesThatScrolledMeanwhile() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("history")) {
            attach.outerRpc.write(Action.text("seq -f 'hist-%03g' 1 40"), Action.key(Key.ENTER));
            expect(attach.outerRpc, "hist-040\ninner>");
            for (int[] lines : new int[][] {{41, 90}, {91, 150}}) {
                attach.drop();
                attach.innerRpc.write(Action.text("seq -f 'hist-%03g' " + lines[0] + " " + lines[1]),
                        Action.key(Key.ENTER));
                expect(attach.innerRpc, String.format("hist-%03d%ninner>", lines[1]));
                attach.proxy.up();
                expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            }
            expectHistoryOnce(attach, 150);
        }
    }

    /**
     * A full-screen program (less) on the screen when the connection drops and again when it returns, with lines
     * printed on the main screen between the two: the return shows the program, and once it is left the lines are in
     * the scrollback once, below what was there before.
     */
    @Test
    void linesPrintedBetweenTwoFullScreenProgramsDuringADropComeOnce() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("fullscreen")) {
            attach.outerRpc.write(Action.text("seq -f 'hist-%03g' 1 40; seq -f 'page-%03g' 1 100 | less"),
                    Action.key(Key.ENTER));
            expect(attach.outerRpc, "page-023\n:");
            attach.drop();
            attach.innerRpc.write(Action.text("q"));
            expect(attach.innerRpc, "hist-040\ninner>");
            attach.innerRpc.write(Action.text("seq -f 'hist-%03g' 41 90; seq -f 'page-%03g' 1 100 | less"),
                    Action.key(Key.ENTER));
            expect(attach.innerRpc, "page-023\n:");
            attach.proxy.up();
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            attach.outerRpc.write(Action.text("q"));
            expect(attach.outerRpc, "hist-090\ninner>");
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after less");
            expectHistoryOnce(attach, 90);
        }
    }

    /**
     * The terminal's width changed while the connection was down (another client resized it), which rewraps the
     * server's scrollback: the return adds the lines that scrolled since the change, each once, and not the whole
     * scrollback again, as it did before (every line the local terminal already had came a second time; tmux redraws
     * only the screen for a client that comes back at another size).
     */
    @Test
    void aWidthChangedDuringADropDoesNotSendTheScrollbackAgain() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("reflow")) {
            attach.outerRpc.write(Action.text("seq -f 'hist-%03g' 1 40"), Action.key(Key.ENTER));
            expect(attach.outerRpc, "hist-040\ninner>");
            attach.drop();
            attach.innerRpc.resize(70, 24);
            attach.innerRpc.write(Action.text("seq -f 'hist-%03g' 41 90"), Action.key(Key.ENTER));
            expect(attach.innerRpc, "hist-090\ninner>");
            attach.proxy.up();
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            expectHistoryOnce(attach, 90);
        }
    }

    /**
     * The local window was made bigger while the connection was down: the return is painted at the new size (the
     * reconnect gives it, and the server applies it before the redraw), so the local screen is the server's, whose
     * taller screen took rows back from the scrollback. Before, the redraw came at the old size and the resize after
     * it: 24 rows painted at the top of the 30-row window, 6 rows short of the server's screen, and only the prompt was
     * drawn again.
     */
    @Test
    void aWindowResizedDuringADropIsRedrawnAtItsNewSizeOnTheReturn() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("resized")) {
            attach.outerRpc.write(Action.text("seq -f 'line-%03g' 1 60"), Action.key(Key.ENTER));
            expect(attach.outerRpc, "line-060\ninner>");
            attach.drop();
            attach.outerRpc.resize(100, 30); // returns once the attach has been sent SIGWINCH
            // Two attempts refused since: the second was made after the first failed and a backoff, long after the
            // attach heard of the resize, so the attempt that gets through knows of it.
            attach.proxy.awaitRefused(attach.proxy.refusedConnections(), 2, WAIT);
            attach.proxy.up();
            awaitSize(attach.innerRpc, new dev.ptyctl.client.TerminalSize(100, 30));
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            assertThat(attach.innerRpc.read().text()).as("rows taken back from the scrollback").startsWith("line-032\n");
        }
    }

    /**
     * The local window was made narrower during the outage after the program had printed 50 lines, which scrolled at
     * the old width: the reconnect gives the new width, the server reflows its scrollback to it, and the return still
     * adds every line that scrolled meanwhile, each once. Before, a reflow counted a client from before it as of the
     * reflow: lines 41 to 90 were missing from the local scrollback (`ptyctl screen` had them).
     */
    @Test
    void aWindowNarrowedDuringADropStillGetsTheLinesScrolledMeanwhile() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (CuttableAttach attach = CuttableAttach.start("narrowed")) {
            attach.outerRpc.write(Action.text("seq -f 'hist-%03g' 1 40"), Action.key(Key.ENTER));
            expect(attach.outerRpc, "hist-040\ninner>");
            attach.drop();
            attach.innerRpc.write(Action.text("seq -f 'hist-%03g' 41 90"), Action.key(Key.ENTER));
            expect(attach.innerRpc, "hist-090\ninner>");
            attach.outerRpc.resize(70, 24);
            attach.proxy.awaitRefused(attach.proxy.refusedConnections(), 2, WAIT); // an attempt that knows of it
            attach.proxy.up();
            awaitSize(attach.innerRpc, new dev.ptyctl.client.TerminalSize(70, 24));
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            expectHistoryOnce(attach, 90);
        }
    }

    /**
     * The local window was resized while a reconnect was under way (its upgrade request sent, not yet answered): that
     * attempt is made again with the new size, so the return is painted at it, as when the resize came between
     * attempts. Before, the attempt under way carried the old size: the redraw came at 80x24 and the resize after it,
     * leaving the 30-row window's screen 6 rows short of the server's.
     */
    @Test
    void aWindowResizedWhileAReconnectIsUnderWayIsRedrawnAtItsNewSize() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        // The attempt under way must not end by its own handshake timeout (30 s), after which the next attempt would
        // know of the resize anyway: it is held until the test releases it.
        try (CuttableAttach attach = CuttableAttach.start("inflight", Map.of("PTYCTL_HANDSHAKE_TIMEOUT", "600000"))) {
            attach.outerRpc.write(Action.text("seq -f 'line-%03g' 1 60"), Action.key(Key.ENTER));
            expect(attach.outerRpc, "line-060\ninner>");
            attach.drop();
            attach.proxy.hold();
            attach.proxy.awaitHeld(1, WAIT); // a reconnect under way, made before the resize
            attach.outerRpc.resize(100, 30);
            attach.proxy.awaitHeld(2, WAIT); // made again, with the new size
            attach.proxy.release();
            awaitSize(attach.innerRpc, new dev.ptyctl.client.TerminalSize(100, 30));
            expectSameScreen(attach.outerRpc, attach.innerRpc, "after the return");
            assertThat(attach.innerRpc.read().text()).as("rows taken back from the scrollback").startsWith("line-032\n");
        }
    }

    /**
     * Waits until the terminal has {@code size}: each look is a wait for its output to be quiet for a moment (a
     * resize makes the shell redraw its line), bounded by {@link #WAIT}.
     */
    private static void awaitSize(RpcClient terminal, dev.ptyctl.client.TerminalSize size) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        dev.ptyctl.client.TerminalSize now = terminal.read().size();
        while (!now.equals(size) && System.nanoTime() < deadline) {
            now = terminal.waitFor(WaitRequest.builder().idle(Duration.ofMillis(100)).timeout(WAIT).build()).screen().size();
        }
        assertThat(now).as("the terminal's size").isEqualTo(size);
    }

    /** Each of the lines hist-001 to hist-{@code count} is in what attach printed exactly once (see historyLines). */
    private static void expectHistoryOnce(CuttableAttach attach, int count) throws Exception {
        Map<String, Long> shown = historyLines(attach.written());
        assertThat(shown.keySet()).as("every line of the history").hasSize(count);
        assertThat(shown).as("lines attach printed more than once").allSatisfy(
                (line, times) -> assertThat(times).as(line).isEqualTo(1));
    }

    /**
     * {@code ptyctl attach} in a bash ({@code outer> }, 80x24) to another bash ({@code inner> }) of the same server,
     * through a proxy whose connections can be cut; started and attached.
     */
    private static final class CuttableAttach implements AutoCloseable {
        private final java.util.Deque<AutoCloseable> opened = new java.util.ArrayDeque<>();
        private dev.ptyctl.e2e.dsl.CuttableProxy proxy;
        private TerminalsClient terminals;
        private Terminal inner;
        private Terminal outer;
        private RpcClient innerRpc;
        private RpcClient outerRpc;

        static CuttableAttach start(String name) throws Exception {
            return start(name, Map.of());
        }

        /** As {@link #start(String)}, with more variables in attach's environment. */
        static CuttableAttach start(String name, Map<String, String> environment) throws Exception {
            CuttableAttach attach = new CuttableAttach();
            try {
                ServerProcess server = attach.opened(ServerProcess.start(Map.of(), "--port", "0"));
                attach.terminals = attach.opened(TerminalsClient.builder().baseUrl(server.url()).build());
                attach.proxy = attach.opened(dev.ptyctl.e2e.dsl.CuttableProxy.to(java.net.URI.create(server.url())));
                attach.inner = attach.terminals.create(bash(name + "-inner", "inner> ").size(100, 30).build());
                attach.outer = attach.terminals.create(bash(name + "-outer", "outer> ").size(80, 24).build());
                attach.innerRpc = attach.opened(RpcClient.connect(attach.inner.rpc()));
                attach.outerRpc = attach.opened(RpcClient.connect(attach.outer.rpc()));
                attach(attach.outerRpc, attach.inner.terminalId(),
                        ServerUnderTest.through(attach.proxy.url().toString()), environment);
                expect(attach.outerRpc, "inner>");
                return attach;
            } catch (Exception | Error e) {
                attach.close();
                throw e;
            }
        }

        /** Cuts the connection (every reconnect fails until {@code proxy.up()}) and waits for attach to say it dropped. */
        void drop() throws Exception {
            proxy.down();
            expect(outerRpc, "ptyctl: the connection to " + inner.terminalId() + " dropped (");
        }

        private <T extends AutoCloseable> T opened(T resource) {
            opened.push(resource);
            return resource;
        }

        /** Everything written to the outer terminal so far: the recording's output. */
        String written() throws Exception {
            return outputOf(terminals.recording(outer.terminalId()));
        }

        @Override
        public void close() throws Exception {
            Exception first = null;
            while (!opened.isEmpty()) {
                try {
                    opened.pop().close();
                } catch (Exception e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }

    /**
     * How often each {@code hist-NNN} line is in the scrollback and on the screen of a terminal fed {@code output} that
     * keeps its scrollback across RIS, as Terminal.app and iTerm2 do (this project's emulator, like xterm, VTE and
     * xterm.js, drops it: so the scrollback is collected before each RIS).
     */
    private static Map<String, Long> historyLines(String output) {
        dev.ptyctl.vt.Terminal local = new dev.ptyctl.vt.Terminal(80, 24, 10_000);
        local.onReply(reply -> { });
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (String piece : output.split("(?=\u001bc)")) {
            if (piece.startsWith("\u001bc")) {
                scrollback(local, rows);
            }
            local.feed(piece.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        scrollback(local, rows);
        for (int row = 0; row < local.rows(); row++) {
            rows.add(local.rowText(row));
        }
        return rows.stream().map(String::strip).filter(row -> row.matches("hist-\\d{3}"))
                .collect(Collectors.groupingBy(row -> row, java.util.TreeMap::new, Collectors.counting()));
    }

    private static void scrollback(dev.ptyctl.vt.Terminal terminal, java.util.List<String> rows) {
        for (int i = 0; i < terminal.scrollbackSize(); i++) {
            rows.add(terminal.scrollbackRowText(i));
        }
    }

    @Test
    void theAttachEndsAtOnceWhenTheServerStops() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: stops the attached server, which remote mode shares");
        try (ServerProcess host = ServerProcess.start(Map.of(), "--port", "0");
                ServerProcess attached = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient outerServer = TerminalsClient.builder().baseUrl(host.url()).build();
                TerminalsClient innerServer = TerminalsClient.builder().baseUrl(attached.url()).build()) {
            Terminal inner = innerServer.create(bash("stop-inner", "inner> ").size(100, 30).build());
            Terminal outer = outerServer.create(bash("stop-outer", "outer> ").size(80, 24).build());
            try (RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                attach(outerRpc, inner, ServerUnderTest.remoteOr(attached));
                expect(outerRpc, "inner>");
                assertThat(attached.terminate()).as("the attached server stops on SIGTERM").isNotNegative();
                // The server says 1001 before it ends the programs: the attach reports the lost connection, whose
                // reason (the socket's URL and the close) takes more than one row of the 80 columns.
                WaitResult ended = outerRpc.waitFor(WaitRequest.builder()
                        .match("ptyctl: lost the connection to \\S+: [\\s\\S]*?\\(1001 [\\s\\S]*?\\)\\n" + "outer>")
                        .regex(true).timeout(WAIT).build());
                assertThat(ended.matched()).as("the attach ended by itself:\n%s", ended.screen().text()).isTrue();
            }
        }
    }

    @Test
    void aServerThatIsNotRunningIsNamedAsForTheOtherCommands() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
                TerminalsClient terminals = TerminalsClient.builder().baseUrl(server.url()).build();
                java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String nowhere = "http://127.0.0.1:" + free.getLocalPort();
            free.close();
            Terminal outer = terminals.create(bash("refused-outer", "outer> ").size(100, 24).build());
            try (RpcClient outerRpc = RpcClient.connect(outer.rpc())) {
                expect(outerRpc, "outer>");
                String attach = Ptyctl.command("attach", "4f1c2a9be07d5e31", "--url", nowhere).stream()
                        .map(AttachE2eTest::quoted).collect(Collectors.joining(" "));
                outerRpc.write(Action.text("clear; " + attach + "; echo status=$?"), Action.key(Key.ENTER));
                expect(outerRpc, "ptyctl: connection refused: is `ptyctl server` running on " + nowhere + "?");
                expect(outerRpc, "status=3");
            }
        }
    }

    @Test
    void aWrongTokenSaysHowToGiveTheRightOne() throws Exception {
        // The other commands said how; attach gave the server's refusal alone.
        String token = "attach-test-token";
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", token), "--port", "0");
                TerminalsClient terminals = TerminalsClient.builder().baseUrl(server.url()).token(token).build()) {
            Terminal outer = terminals.create(bash("token-outer", "outer> ").size(220, 24).build());
            Terminal inner = terminals.create(bash("token-inner", "inner> ").build());
            try (RpcClient outerRpc = RpcClient.builder().token(token).connect(outer.rpc())) {
                expect(outerRpc, "outer>");
                String attach = Ptyctl.command("attach", inner.terminalId(), "--url", server.url())
                        .stream().map(AttachE2eTest::quoted).collect(Collectors.joining(" "));
                outerRpc.write(Action.text("clear; PTYCTL_TOKEN=wrong " + attach + "; echo status=$?"),
                        Action.key(Key.ENTER));
                expect(outerRpc, "HTTP 401: the token is wrong; pass the server's token with --token T or the "
                        + "PTYCTL_TOKEN variable");
                expect(outerRpc, "status=4");
            }
        }
    }

    /** The output of an asciicast v2 recording ("o" events), joined. */
    private static String outputOf(String recording) {
        StringBuilder output = new StringBuilder();
        recording.lines().skip(1).map(JsonSupport::parseValue).map(jakarta.json.JsonArray.class::cast)
                .filter(event -> event.getString(1).equals("o")).forEach(event -> output.append(event.getString(2)));
        return output.toString();
    }

    /** Types {@code ptyctl attach} for {@code inner} into the outer terminal's shell. */
    private static void attach(RpcClient outerRpc, Terminal inner, ServerUnderTest server) throws Exception {
        attach(outerRpc, inner.terminalId(), server);
    }

    /** Types {@code ptyctl attach ID} (a terminal's id or its session's name) into the outer terminal's shell. */
    private static void attach(RpcClient outerRpc, String id, ServerUnderTest server) throws Exception {
        attach(outerRpc, id, server, Map.of());
    }

    /** As {@link #attach(RpcClient, String, ServerUnderTest)}, with more variables in attach's environment. */
    private static void attach(RpcClient outerRpc, String id, ServerUnderTest server, Map<String, String> environment)
            throws Exception {
        expect(outerRpc, "outer>");
        outerRpc.write(Action.text("clear; " + attachCommand(id, server, environment)), Action.key(Key.ENTER));
    }

    /** Detaches with {@code Ctrl-\ d}, waiting for attach to say so on leaving {@code inner}. */
    private static void detach(RpcClient outerRpc, Terminal inner) throws Exception {
        outerRpc.write(Action.text("\u001c"), Action.text("d"));
        expect(outerRpc, "ptyctl: detached from " + inner.terminalId());
    }

    /** {@code env VARIABLES ptyctl attach ID}: what a user types to attach to a terminal of that server. */
    private static String attachCommand(String id, ServerUnderTest server, Map<String, String> environment) {
        Map<String, String> variables = new java.util.TreeMap<>(server.cliEnvironment());
        variables.putAll(environment);
        String env = variables.entrySet().stream()
                .map(e -> e.getKey() + "=" + quoted(e.getValue())).collect(Collectors.joining(" ", "env ", " "));
        return env + Ptyctl.command("attach", id, "--url", server.url()).stream()
                .map(AttachE2eTest::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static CreateTerminalRequest.Builder bash(String session, String prompt) {
        return CreateTerminalRequest.builder(session).command("/bin/bash", "--norc", "--noprofile")
                .env("PS1", prompt);
    }

    /**
     * Waits until the attach's screen (in the outer terminal) is the server's screen of the inner terminal, row for
     * row from the top, failing with both screens.
     */
    private static void expectSameScreen(RpcClient outerRpc, RpcClient innerRpc, String when) throws Exception {
        String innerScreen = innerRpc.read().text();
        WaitResult same = outerRpc.waitFor(WaitRequest.builder()
                .match("\\A" + Pattern.quote(innerScreen)).regex(true).timeout(WAIT).build());
        assertThat(same.matched()).as("%s the local screen is the terminal's, row for row%nlocal:%n%s%nterminal:%n%s",
                when, same.screen().text(), innerScreen).isTrue();
    }

    /** Waits for {@code text} on the terminal's screen, failing with that screen and the load (as all e2e waits). */
    private static void expect(RpcClient terminal, String text) throws Exception {
        ScreenWaits.shows(terminal, text);
    }
}
