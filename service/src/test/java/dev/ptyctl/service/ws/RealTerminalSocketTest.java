package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The socket in front of real programs: clear (SPEC §5.7), flow control (§5.6), query answering (§5.5). */
class RealTerminalSocketTest {
    private static final Duration TEST_BOUND = Duration.ofSeconds(60);
    /** What the stalled-client test's program writes before it waits for the reading client. */
    private static final int BLOCK_BYTES = 1 << 20;
    private final SocketTestServer server = new SocketTestServer(SocketSettings.defaults());
    private final List<PtyTerminal> terminals = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
        terminals.forEach(PtyTerminal::close);
    }

    @AfterAll
    static void noHostedProcessOutlivesTheTests() {
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
    }

    private PtyTerminal add(PtyTerminal terminal) {
        terminals.add(terminal);
        return server.add(terminal);
    }

    private static int scrollback(PtyTerminal terminal) {
        return terminal.session().inspect(t -> t.scrollbackSize());
    }

    /** Types {@code command} and Enter (input {@code id}); waits until the screen shows {@code shows}. */
    private static void typed(PtyTerminal bash, WsTestClient client, int id, String command, String shows)
            throws InterruptedException {
        client.send(new ClientFrame.Input("c", id, command + "\n", true));
        awaitScreen(bash.session(), screen -> screen.contains(shows));
    }

    /** Waits, woken by output, until the server's screen text satisfies {@code condition}; returns it. */
    private static String awaitScreen(TerminalSession session, Predicate<String> condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + TEST_BOUND.toNanos();
        while (true) {
            SessionProgress progress = session.progress();
            String screen = session.inspect(TextSerializer::screen);
            if (condition.test(screen)) {
                return screen;
            }
            assertThat(System.nanoTime()).as("screen never matched; last screen:%n%s", screen).isLessThan(deadline);
            session.awaitChange(progress.outputSeq(), deadline);
        }
    }

    @Test
    void clearAtThePromptClearsScreenAndScrollbackForEveryoneAndRedrawsThePrompt() throws Exception {
        PtyTerminal bash = add(PtyTerminal.bash("sh"));
        WsTestClient client = server.connect("sh", "protocol=2&lastOutputSeq=0");
        WsTestClient other = server.connect("sh", "protocol=2&lastOutputSeq=0");
        // Type only once the prompt is drawn: input typed ahead of readline's start-up can be redrawn away.
        awaitScreen(bash.session(), screen -> screen.contains("$"));
        typed(bash, client, 1, "seq 1 100", "100\n$");
        assertThat(scrollback(bash)).isPositive();

        client.send(new ClientFrame.Command("clear", "c", 2));
        client.awaitAck(2);

        String screen = awaitScreen(bash.session(), s -> s.equals("$\n"));
        assertThat(screen).doesNotContain("100");
        assertThat(scrollback(bash)).isZero();
        // Every client gets the clear in its stream, then the prompt the shell redraws after Ctrl-L.
        String clearAll = "\u001b[H\u001b[2J\u001b[3J";
        for (WsTestClient each : List.of(client, other)) {
            each.awaitOutput(text -> text.contains(clearAll) && text.substring(text.indexOf(clearAll)).contains("$"));
        }
    }

    /**
     * {@code redrawSince=N} (a reconnecting {@code ptyctl attach}): one reset frame without RIS, which would drop the
     * scrollback of the client's terminal, bringing the lines that scrolled off after offset N, then the screen; a
     * terminal that showed the output up to N and is fed it has the server's scrollback and screen.
     */
    @Test
    void aRedrawSinceAnOffsetBringsOnlyTheLinesScrolledSinceThenTheScreen() throws Exception {
        PtyTerminal bash = add(PtyTerminal.bash("sh"));
        WsTestClient client = server.connect("sh", "protocol=2");
        awaitScreen(bash.session(), screen -> screen.contains("$"));
        typed(bash, client, 1, "seq 1 60", "60\n$");
        long shown = bash.session().progress().outputSeq();
        Terminal local = bash.session().inspect(
                t -> fedWith(new Terminal(t.cols(), t.rows(), 1000), VtSerializer.serializeBytes(t)));
        typed(bash, client, 2, "seq 61 100", "100\n$");

        WsTestClient back = server.connect("sh", "protocol=2&redrawSince=" + shown);
        BinaryOutputFrame redraw = back.await(BinaryOutputFrame.class, frame -> true);

        assertThat(redraw.reset()).isTrue();
        assertThat(new String(redraw.data(), StandardCharsets.UTF_8)).doesNotContain("\u001bc").contains("100");
        fedWith(local, redraw.data());
        List<String> expected = bash.session().inspect(RealTerminalSocketTest::history);
        assertThat(history(local)).isEqualTo(expected).doesNotHaveDuplicates().contains("1", "60", "61", "100");
    }

    /**
     * {@code cols=C&rows=R} (a reconnecting client whose window changed size while it was away): applied as the
     * client's resize before anything is sent, so the first size frame is that size and the redraw is drawn at it
     * (fed to a terminal of that size it gives the server's screen, lines rewrapped). Before, the redraw came at the
     * old width, and the resize the client sent after it left the rows it had drawn wrapped at the old width.
     */
    @Test
    void aSizeGivenOnConnectingIsAppliedBeforeTheRedraw() throws Exception {
        PtyTerminal bash = add(PtyTerminal.bash("sh"));
        WsTestClient client = server.connect("sh", "protocol=2");
        awaitScreen(bash.session(), screen -> screen.contains("$"));
        typed(bash, client, 1, "printf 'wide-%070d\\n' 1 2 3", "3\n$");
        long shown = bash.session().progress().outputSeq();
        client.abort();

        WsTestClient back = server.connect("sh", "protocol=2&redrawSince=" + shown + "&cols=50&rows=20");
        ServerFrame.Size size = back.await(ServerFrame.Size.class, frame -> true);
        BinaryOutputFrame redraw = back.await(BinaryOutputFrame.class, frame -> true);

        assertThat(List.of(size.cols(), size.rows())).isEqualTo(List.of(50, 20));
        assertThat(bash.session().gridSize().cols()).isEqualTo(50);
        Terminal local = fedWith(new Terminal(50, 20, 1000), redraw.data());
        assertThat(TextSerializer.screen(local)).isEqualTo(bash.session().inspect(TextSerializer::screen))
                .contains("wide-000000000000000000000000000000000000000000000\n0000000000000000000000001\n");
    }

    private static Terminal fedWith(Terminal terminal, byte[] bytes) {
        terminal.feed(bytes);
        return terminal;
    }

    /** Scrollback then screen, one string per row, trailing spaces and rows left out (the pty/read text rules). */
    private static List<String> history(Terminal terminal) {
        return TextSerializer.withScrollback(terminal).lines().toList();
    }

    @Test
    void clearUnderARunningProgramClearsOnlyTheScrollback() throws Exception {
        PtyTerminal bash = add(PtyTerminal.bash("sh"));
        WsTestClient client = server.connect("sh", "protocol=2&lastOutputSeq=0");
        // The job prints READY once it owns the terminal, then waits in cat; RE""ADY keeps the echo from matching.
        typed(bash, client, 1, "seq 1 100; sh -c 'echo RE\"\"ADY; exec cat'", "\nREADY\n");

        client.send(new ClientFrame.Command("clear", "c", 2));
        client.awaitAck(2);

        assertThat(scrollback(bash)).isZero();
        assertThat(bash.session().inspect(TextSerializer::screen)).contains("READY").contains("100");
        bash.session().write(new byte[] {4}); // Ctrl-D ends cat
        awaitScreen(bash.session(), screen -> screen.endsWith("\n$\n"));
    }

    /**
     * The PTY is read as fast as the program writes, never at a client's pace: a client that is slower than the
     * program falls behind and is caught up with a reset, even one that reads all the time (with a flood of 50 MiB,
     * a reading client on a busy two-core machine fell 9 MiB behind). So the program here writes in blocks of
     * {@value #BLOCK_BYTES} bytes, each ended by {@code #}, and starts the next one when the reading client has seen
     * the {@code #} and answered: the reading client can never be reset, while the stalled client, which answers
     * nothing, misses 50 MiB, far more than the replay buffer keeps. If the stalled client held up the PTY or the
     * other client, the blocks would stop coming.
     */
    @Test
    void aClientThatStopsReadingStallsNeitherThePtyNorTheOtherClientAndIsCaughtUpWithAReset() throws Exception {
        int blocks = 50;
        add(new PtyTerminal("big", 2 << 20, List.of("sh", "-c", "stty -echo; i=0; "
                + "while [ $i -lt " + blocks + " ]; do read go; head -c " + BLOCK_BYTES + " /dev/zero | tr '\\0' x; "
                + "printf '#'; i=$((i+1)); done; printf 'END\\n'"), Map.of()));
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long heapBefore = memory.getHeapMemoryUsage().getUsed();
        WsTestClient stalled = WsTestClient.connect(server.http, server.socket("big", "protocol=2&lastOutputSeq=0"),
                false);
        WsTestClient reader = server.connect("big", "protocol=2&lastOutputSeq=0");
        reader.stopRecordingOutput();
        long clientSeq = 1;
        reader.send(new ClientFrame.Input("r", clientSeq, "go\n", true));

        long received = 0;
        long last = -1;
        int blocksSeen = 0;
        while (true) {
            Object frame = reader.next();
            if (frame instanceof BinaryOutputFrame output) {
                assertThat(output.reset()).as("a reading client was reset to seq %d", output.seq()).isFalse();
                received += output.data().length;
                last = output.seq();
                for (byte b : output.data()) {
                    if (b == '#' && ++blocksSeen < blocks) {
                        reader.send(new ClientFrame.Input("r", ++clientSeq, "go\n", true));
                    }
                }
            } else if (frame instanceof ServerFrame.Exit exit) {
                assertThat(exit.seq()).isEqualTo(last);
                break;
            }
        }
        assertThat(blocksSeen).isEqualTo(blocks);
        long total = (long) blocks * BLOCK_BYTES;
        System.gc();
        long heapGrowth = memory.getHeapMemoryUsage().getUsed() - heapBefore;

        assertThat(received).as("every byte reached the reading client").isEqualTo(last).isGreaterThan(total);
        System.out.printf("slow client: %d MiB through, heap growth %d KiB%n", received >> 20, heapGrowth >> 10);
        assertThat(heapGrowth).as("heap growth with a stalled client (bytes)").isLessThan(32L << 20);
        stalled.startReading();
        BinaryOutputFrame reset = stalled.await(BinaryOutputFrame.class, BinaryOutputFrame::reset);
        assertThat(reset.seq()).isEqualTo(last);
        assertThat(stalled.await(ServerFrame.Exit.class, e -> true).seq()).isEqualTo(last);
    }
}
