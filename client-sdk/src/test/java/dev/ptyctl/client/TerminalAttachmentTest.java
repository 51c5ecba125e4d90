package dev.ptyctl.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.testing.AttachmentRecorder;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import dev.ptyctl.client.testing.ManualScheduler;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ServerStopping;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link TerminalAttachment} against a scripted WebSocket server that plays the ptyctl server's part. */
class TerminalAttachmentTest {
    private static final String READY = "{\"type\":\"ready\",\"seq\":0,\"protocol\":2}";
    /** Half of each backoff's jitter, every time: the delays come out exact. */
    private static final RandomGenerator HALF = new RandomGenerator() {
        @Override
        public long nextLong() {
            return 0;
        }

        @Override
        public double nextDouble() {
            return 0.5;
        }
    };
    private static final ReconnectPolicy FAST = new ReconnectPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 2, 0.5, 100);

    private FakeWebSocketServer server;
    private final ManualScheduler scheduler = new ManualScheduler();
    private final AttachmentRecorder recorder = new AttachmentRecorder();
    private TerminalAttachment attachment;

    @BeforeEach
    void startServer() throws Exception {
        server = FakeWebSocketServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (attachment != null) {
            attachment.close();
        }
        server.close();
    }

    private TerminalAttachment.Builder builder() {
        return TerminalAttachment.builder(server.url(), "t-1").listener(recorder).scheduler(scheduler).random(HALF)
                .reconnect(FAST).pingInterval(Duration.ZERO);
    }

    private FakeWebSocketServer.Connection attach() throws Exception {
        attachment = builder().connect();
        FakeWebSocketServer.Connection connection = server.accept();
        connection.sendText(READY);
        recorder.expectState(ConnectionState.CONNECTED);
        return connection;
    }

    private static byte[] output(long seq, String text) {
        return new BinaryOutputFrame(false, seq, text.getBytes(StandardCharsets.UTF_8)).encode();
    }

    private static byte[] reset(long seq, String text) {
        return new BinaryOutputFrame(true, seq, text.getBytes(StandardCharsets.UTF_8)).encode();
    }

    private static JsonObject json(String text) {
        return dev.ptyctl.protocol.JsonSupport.parseObject(text);
    }

    private static String ack(long clientSeq, long outputSeq) {
        return "{\"type\":\"ack\",\"seq\":0,\"clientSeq\":" + clientSeq + ",\"outputSeq\":" + outputSeq + "}";
    }

    /**
     * Waits until every frame sent so far on {@code connection} has been handled: frames are handled in order, so
     * once a later marker frame has reached the listener the earlier ones are done.
     */
    private void awaitHandled(FakeWebSocketServer.Connection connection) throws InterruptedException {
        connection.sendText("{\"type\":\"size\",\"seq\":0,\"cols\":1,\"rows\":1}");
        recorder.expect(new TerminalSize(1, 1));
    }

    /** Sends a reset (seq 100) and "hello" (seq 105) and waits until the listener has both. */
    private void resetThenHello(FakeWebSocketServer.Connection connection) throws InterruptedException {
        connection.sendBinary(reset(100, "\u001bc$ "));
        connection.sendBinary(output(105, "hello"));
        recorder.expectOutput("\u001bc$ ", 100, true);
        recorder.expectOutput("hello", 105, false);
        awaitHandled(connection);
    }

    /** Drops the connection and runs the reconnect the attachment schedules; returns the new connection. */
    private FakeWebSocketServer.Connection dropAndReconnect(FakeWebSocketServer.Connection connection) throws Exception {
        connection.drop();
        assertThat(recorder.next(AttachmentRecorder.Failure.class).failure().permanent()).isFalse();
        recorder.expectState(ConnectionState.RECONNECTING);
        scheduler.next().run();
        FakeWebSocketServer.Connection next = server.accept();
        next.sendText(READY);
        recorder.expectState(ConnectionState.CONNECTED);
        return next;
    }

    @Test
    void firstConnectionAsksForProtocol2WithTheClientIdAndNoSeq() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        assertThat(connection.path()).isEqualTo("/v1/terminals/t-1/socket");
        assertThat(connection.query()).containsEntry("protocol", "2").containsEntry("clientId", attachment.clientId())
                .doesNotContainKey("lastOutputSeq").doesNotContainKey("token").doesNotContainKey("mode");
        assertThat(connection.header("Authorization")).isNull();
        recorder.assertExhausted();
    }

    @Test
    void outputArrivesWithItsSeqAndResetFlagAndTheSizeIsReported() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        connection.sendText("{\"type\":\"size\",\"seq\":0,\"cols\":80,\"rows\":24}");
        connection.sendBinary(reset(10, "\u001bc$ "));
        connection.sendBinary(output(14, "ls\r\n"));
        connection.sendText("{\"type\":\"output\",\"seq\":17,\"data\":\"a\u00e9\"}"); // protocol 1 style: seq counts bytes

        recorder.expect(new TerminalSize(80, 24));
        recorder.expectOutput("\u001bc$ ", 10, true);
        recorder.expectOutput("ls\r\n", 14, false);
        recorder.expectOutput("a\u00e9", 17, false);
        assertThat(attachment.size()).contains(new TerminalSize(80, 24));
        awaitHandled(connection);
        assertThat(attachment.lastOutputSeq()).hasValue(17);
        recorder.assertExhausted();
    }

    @Test
    void framesAreNumberedInOrderAndAnAckCompletesTheirFutures() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        CompletableFuture<FrameAck> typed = attachment.input("ls\r");
        CompletableFuture<FrameAck> resized = attachment.resize(120, 40);
        CompletableFuture<FrameAck> focused = attachment.focus();

        assertThat(connection.readText()).isEqualTo(
                "{\"type\":\"input\",\"clientId\":\"" + attachment.clientId() + "\",\"clientSeq\":1,\"data\":\"ls\\r\"}");
        JsonObject resize = connection.readFrame();
        assertThat(resize.getString("type")).isEqualTo("resize");
        assertThat(resize.getInt("clientSeq")).isEqualTo(2);
        assertThat(resize.getInt("cols")).isEqualTo(120);
        assertThat(connection.readFrame().getInt("clientSeq")).isEqualTo(3);

        connection.sendText(ack(1, 40));
        assertThat(typed.get(10, TimeUnit.SECONDS)).isEqualTo(new FrameAck(1, 40));
        assertThat(resized).isNotDone();
        assertThat(attachment.unackedFrames()).isEqualTo(2);
        connection.sendText(ack(3, 44)); // acks are in order: 3 covers 2
        assertThat(focused.get(10, TimeUnit.SECONDS)).isEqualTo(new FrameAck(3, 44));
        assertThat(resized.get(10, TimeUnit.SECONDS).clientSeq()).isEqualTo(2);
        assertThat(attachment.unackedFrames()).isZero();
        recorder.assertExhausted();
    }

    /**
     * The scripted server applies frames as the real one does: a {@code clientSeq} not greater than the highest
     * applied for the client is acked again but not applied.
     */
    private static final class DedupingTerminal {
        final Map<String, Long> highest = new HashMap<>();
        final List<String> applied = new ArrayList<>();

        String handle(JsonObject frame) {
            long seq = frame.getJsonNumber("clientSeq").longValue();
            String client = frame.getString("clientId");
            if (seq > highest.getOrDefault(client, 0L)) {
                highest.put(client, seq);
                applied.add(frame.getString("data"));
            }
            return ack(seq, applied.size());
        }
    }

    @Test
    void framesUnackedWhenTheConnectionDropsAreResentUnchangedAndAppliedExactlyOnce() throws Exception {
        DedupingTerminal terminal = new DedupingTerminal();
        FakeWebSocketServer.Connection first = attach();
        CompletableFuture<FrameAck> one = attachment.input("echo one\r");
        CompletableFuture<FrameAck> two = attachment.input("echo two\r");
        String oneAsSent = first.readText();
        String twoAsSent = first.readText();
        terminal.handle(json(oneAsSent)); // applied, but the ack is lost with the connection
        // "two" never reached the terminal.

        FakeWebSocketServer.Connection second = dropAndReconnect(first);
        assertThat(second.query()).containsEntry("clientId", attachment.clientId());
        String oneResent = second.readText();
        String twoResent = second.readText();
        assertThat(oneResent).isEqualTo(oneAsSent);
        assertThat(twoResent).isEqualTo(twoAsSent);
        second.sendText(terminal.handle(json(oneResent)));
        second.sendText(terminal.handle(json(twoResent)));

        assertThat(one.get(10, TimeUnit.SECONDS).clientSeq()).isEqualTo(1);
        assertThat(two.get(10, TimeUnit.SECONDS).clientSeq()).isEqualTo(2);
        assertThat(terminal.applied).containsExactly("echo one\r", "echo two\r");
        assertThat(attachment.unackedFrames()).isZero();
        assertThat(attachment.connectionsOpened()).isEqualTo(2);
        recorder.assertExhausted();
    }

    @Test
    void framesSentWhileDisconnectedGoOutAfterTheResentOnesInOrder() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        attachment.input("a");
        first.readText();
        first.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        CompletableFuture<FrameAck> whileAway = attachment.input("b");
        scheduler.next().run();
        FakeWebSocketServer.Connection second = server.accept();
        recorder.expectState(ConnectionState.CONNECTED);
        assertThat(second.readFrame().getString("data")).isEqualTo("a");
        assertThat(second.readFrame().getString("data")).isEqualTo("b");
        second.sendText(ack(2, 0));
        assertThat(whileAway.get(10, TimeUnit.SECONDS).clientSeq()).isEqualTo(2);
        recorder.assertExhausted();
    }

    /**
     * A resize not yet acknowledged when the connection dropped (ptyctl attach's window resized during the outage) is
     * given with the reconnect ({@code cols}, {@code rows}), so that the server applies it before its replay or redraw:
     * that was drawn at the old width, the resize applied only once resent after it. One the server acknowledged is
     * not: the terminal has it already.
     */
    @Test
    void aReconnectGivesTheResizeTheServerHasNotAcknowledged() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        attachment.resize(120, 40);
        first.readText();
        first.sendText(ack(1, 0));
        resetThenHello(first);

        FakeWebSocketServer.Connection second = dropAndReconnect(first);
        assertThat(second.query()).doesNotContainKeys("cols", "rows");
        second.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        attachment.resize(70, 30);
        attachment.resize(60, 20);
        scheduler.next().run();
        FakeWebSocketServer.Connection third = server.accept();
        assertThat(third.query()).containsEntry("cols", "60").containsEntry("rows", "20");
    }

    /**
     * The window changed size while a reconnect's upgrade was under way, its URL made before (ptyctl attach's SIGWINCH
     * during an outage): the attempt is given up (the client closes it) and made again with the new size, so the
     * server's redraw comes at it; the attempt given up is no failure. Before, the stale attempt was kept open: the
     * redraw came at the old size and the resize frame after it, and later the stale attempt was left to the server.
     */
    @Test
    void aResizeWhileAReconnectIsUnderWayGivesItUpAndMakesItAgainWithTheNewSize() throws Exception {
        attachment = builder().redrawAfterReconnect(true).connect();
        FakeWebSocketServer.Connection first = server.accept();
        first.sendText(READY);
        recorder.expectState(ConnectionState.CONNECTED);
        resetThenHello(first);
        first.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        server.holdUpgrades(1);
        scheduler.next().run();
        FakeWebSocketServer.Connection stale = server.awaitHeld();
        assertThat(stale.query()).as("the attempt made before the resize").doesNotContainKeys("cols", "rows");

        attachment.resize(70, 30);
        stale.awaitEnd();
        FakeWebSocketServer.Connection kept = server.accept();
        assertThat(kept.query()).containsEntry("cols", "70").containsEntry("rows", "30")
                .containsEntry("redrawSince", "105");
        kept.sendText(READY);
        recorder.expectState(ConnectionState.CONNECTED);
        assertThat(kept.readFrame().getString("type")).as("the resize, not yet acknowledged").isEqualTo("resize");
        kept.sendBinary(reset(120, "redrawn at 70x30"));
        recorder.expectOutput("redrawn at 70x30", 120, true);
        awaitHandled(kept);
        recorder.assertExhausted();
        server.assertNoMoreConnections();
    }

    /**
     * Resizes in a row while the server does not answer the upgrade (a window dragged during an outage: a SIGWINCH a
     * step): one attempt at a time, each given up by the client when the next size comes, and the attempt left gives
     * the last size; close() gives that one up too. Before, each resize started an attempt of its own, each holding a
     * thread and a connection until the handshake timeout (30 s).
     */
    @Test
    void resizesDuringAnUnansweredUpgradeLeaveOneAttemptWithTheLastSize() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        first.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        server.holdUpgrades(Integer.MAX_VALUE);
        scheduler.next().run();
        FakeWebSocketServer.Connection attempt = server.awaitHeld();

        attachment.resize(70, 30);
        attachment.resize(80, 30);
        attachment.resize(90, 30);
        while (!"90".equals(attempt.query().get("cols"))) {
            attempt.awaitEnd(); // given up by the client, not left open
            attempt = server.awaitHeld();
        }
        assertThat(attempt.query()).containsEntry("rows", "30");
        attachment.close();
        attempt.awaitEnd();
        recorder.expectState(ConnectionState.CLOSED);
        recorder.assertExhausted();
    }

    /**
     * A window dragged through a reconnect whose upgrades the server answers at once: resizes race the answers, so an
     * attempt is given up before its request, during it, or after its 101 was read but before the client took it
     * (then it is aborted as it opens and made again). Whatever the interleaving, one connection is left open, every
     * other one is ended by the client, no failure is told, and the last size reaches the server.
     */
    @Test
    void resizesRacingTheUpgradesAnswersLeaveOneConnectionWithTheLastSize() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        first.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        Thread dragging = Thread.ofPlatform().start(() -> {
            for (int step = 1; step <= 300; step++) {
                attachment.resize(100 + step, 30 + step % 7);
            }
        });
        scheduler.next().run();
        dragging.join();
        recorder.expectState(ConnectionState.CONNECTED);

        FakeWebSocketServer.Connection live = server.accept();
        while (live.endsWithoutSending()) {
            live = server.accept(); // given up by the client
        }
        JsonObject frame;
        do {
            frame = live.readFrame();
        } while (!"resize".equals(frame.getString("type")) || frame.getInt("cols") != 400);
        assertThat(frame.getInt("rows")).isEqualTo(30 + 300 % 7);
        attachment.close();
        live.awaitEnd();
        recorder.expectState(ConnectionState.CLOSED);
        recorder.assertExhausted();
        server.assertNoMoreConnections();
    }

    @Test
    void aReconnectResumesAfterTheLastOutputTheListenerProcessed() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        resetThenHello(first);

        FakeWebSocketServer.Connection second = dropAndReconnect(first);
        assertThat(second.query()).containsEntry("lastOutputSeq", "105");
        second.sendBinary(output(105, "hello")); // bytes the listener already has: not delivered again
        second.sendBinary(output(111, " world"));
        recorder.expectOutput(" world", 111, false);
        awaitHandled(second);
        assertThat(attachment.lastOutputSeq()).hasValue(111);

        FakeWebSocketServer.Connection third = dropAndReconnect(second);
        assertThat(third.query()).containsEntry("lastOutputSeq", "111");
        third.sendBinary(reset(5000, "\u001bcredrawn")); // away too long: the server sends a reset
        recorder.expectOutput("\u001bcredrawn", 5000, true);
        recorder.assertExhausted();
    }

    /**
     * With redrawAfterReconnect (ptyctl attach), a reconnect asks for a redraw since the last output the listener had
     * ({@code redrawSince}), and no {@code lastOutputSeq}, so a server that does not know the parameter sends a full
     * reset rather than the missed bytes.
     */
    @Test
    void aRedrawingReconnectAsksForTheLinesScrolledSinceTheLastOutputTheListenerHad() throws Exception {
        attachment = builder().redrawAfterReconnect(true).connect();
        FakeWebSocketServer.Connection first = server.accept();
        first.sendText(READY);
        recorder.expectState(ConnectionState.CONNECTED);
        assertThat(first.query()).doesNotContainKey("redrawSince").doesNotContainKey("lastOutputSeq");
        resetThenHello(first);

        FakeWebSocketServer.Connection second = dropAndReconnect(first);
        assertThat(second.query()).containsEntry("redrawSince", "105").doesNotContainKey("lastOutputSeq");
        second.sendBinary(reset(120, "redrawn"));
        recorder.expectOutput("redrawn", 120, true);
        awaitHandled(second);
        FakeWebSocketServer.Connection third = dropAndReconnect(second);
        assertThat(third.query()).containsEntry("redrawSince", "120");
        recorder.assertExhausted();
    }

    @Test
    void aReconnectWhileTheListenerIsStillBusyWithAChunkResumesAfterThatChunk() throws Exception {
        java.util.concurrent.CountDownLatch inListener = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        AttachmentListener slow = new AttachmentListener() {
            @Override
            public void onOutput(byte[] data, long seq, boolean reset) {
                inListener.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        attachment = builder().listener(slow).pingInterval(Duration.ofSeconds(5)).connect();
        try {
            FakeWebSocketServer.Connection first = server.accept();
            ManualScheduler.Task firstPing = scheduler.next();
            first.sendBinary(output(50, "slow chunk"));
            inListener.await();
            // The listener holds the connection's thread, so the pong cannot be read: the next ping finds the
            // connection unanswered and replaces it, while the listener still has the chunk.
            firstPing.run();
            scheduler.next().run();
            scheduler.next().run(); // the reconnect
            FakeWebSocketServer.Connection second = server.accept();
            assertThat(second.query()).containsEntry("lastOutputSeq", "50");
        } finally {
            release.countDown();
        }
    }

    @Test
    void aSavedSeqIsUsedOnTheFirstConnection() throws Exception {
        attachment = builder().lastOutputSeq(42).clientId("tab-1").firstClientSeq(7).connect();
        FakeWebSocketServer.Connection connection = server.accept();
        assertThat(connection.query()).containsEntry("lastOutputSeq", "42").containsEntry("clientId", "tab-1");
        attachment.hide();
        assertThat(connection.readText()).isEqualTo("{\"type\":\"hide\",\"clientId\":\"tab-1\",\"clientSeq\":7}");
        recorder.expectState(ConnectionState.CONNECTED);
        recorder.assertExhausted();
    }

    @Test
    void reconnectDelaysGrowExponentiallyWithJitterUpToTheMaximumAndStartOverAfterAConnection() throws Exception {
        FakeWebSocketServer.Connection first = attach();
        for (int i = 0; i < 5; i++) {
            server.refuseNext(503, "restarting");
        }
        first.drop();
        List<Duration> delays = new ArrayList<>();
        for (int attempt = 1; attempt <= 6; attempt++) {
            recorder.next(AttachmentRecorder.Failure.class);
            if (attempt == 1) {
                recorder.expectState(ConnectionState.RECONNECTING);
            }
            ManualScheduler.Task retry = scheduler.next();
            delays.add(retry.delay());
            retry.run();
        }
        // 100 ms doubling, capped at 1 s, each less half of the jitter (0.5 × 0.5): 75, 150, 300, 600, 750, 750.
        assertThat(delays).containsExactly(Duration.ofMillis(75), Duration.ofMillis(150), Duration.ofMillis(300),
                Duration.ofMillis(600), Duration.ofMillis(750), Duration.ofMillis(750));
        FakeWebSocketServer.Connection back = server.accept();
        assertThat(server.upgradeRequests()).isEqualTo(7);
        recorder.expectState(ConnectionState.CONNECTED);
        back.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        assertThat(scheduler.next().delay()).isEqualTo(Duration.ofMillis(75));
        recorder.assertExhausted();
    }

    @Test
    void theReconnectPolicyComputesItsDelays() {
        ReconnectPolicy policy = new ReconnectPolicy(Duration.ofMillis(200), Duration.ofSeconds(10), 2, 0.5, 5);
        assertThat(policy.delayBefore(1, 0)).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.delayBefore(3, 0)).isEqualTo(Duration.ofMillis(800));
        assertThat(policy.delayBefore(3, 0.999_999_999)).isEqualTo(Duration.ofMillis(400));
        assertThat(policy.delayBefore(20, 0)).isEqualTo(Duration.ofSeconds(10));
        assertThatThrownBy(() -> new ReconnectPolicy(Duration.ofSeconds(2), Duration.ofSeconds(1), 2, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDelay");
        assertThatThrownBy(() -> new ReconnectPolicy(Duration.ZERO, Duration.ZERO, 1, 1.5, 1))
                .hasMessageContaining("jitter");
    }

    @Test
    void whenTheAttemptsRunOutTheAttachmentClosesAndPendingFramesFail() throws Exception {
        attachment = builder().reconnect(new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(10), 1, 0, 1)).connect();
        FakeWebSocketServer.Connection connection = server.accept();
        recorder.expectState(ConnectionState.CONNECTED);
        CompletableFuture<FrameAck> pending = attachment.input("x");
        connection.readText();
        server.refuseNext(503, "down");
        connection.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        scheduler.next().run();
        AttachmentException last = recorder.next(AttachmentRecorder.Failure.class).failure();
        assertThat(last.httpStatus()).hasValue(503);
        recorder.expectState(ConnectionState.CLOSED);
        assertThatThrownBy(() -> pending.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(AttachmentException.class);
        assertThat(attachment.onExit()).isCompletedExceptionally();
        recorder.assertExhausted();
    }

    @Test
    void aTerminalThatIsGoneStopsTheReconnectingAtOnce() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        server.refuseNext(404, "{\"error\":\"not_found\",\"message\":\"no terminal with id t-1\"}");
        connection.drop();
        recorder.next(AttachmentRecorder.Failure.class);
        recorder.expectState(ConnectionState.RECONNECTING);
        scheduler.next().run();
        AttachmentException gone = recorder.next(AttachmentRecorder.Failure.class).failure();
        assertThat(gone.permanent()).isTrue();
        assertThat(gone).hasMessageContaining("HTTP 404: no terminal with id t-1 (it was deleted, or the server was"
                + " restarted: a server's terminals end with it)");
        recorder.expectState(ConnectionState.CLOSED);
        assertThat(scheduler.idle()).isTrue();
        recorder.assertExhausted();
    }

    @Test
    void aRefusedFirstConnectionIsThrownByConnect() throws Exception {
        server.refuseNext(403, "invalid token");
        assertThatThrownBy(() -> builder().token("wrong").connect())
                .isInstanceOfSatisfying(AttachmentException.class, e -> {
                    assertThat(e.httpStatus()).hasValue(403);
                    assertThat(e.permanent()).isTrue();
                })
                .hasMessageContaining("/v1/terminals/t-1/socket").hasMessageContaining("403");
        assertThat(scheduler.idle()).isTrue();
    }

    @Test
    void anUnreachableServerIsThrownByConnect() throws Exception {
        // Port 1 (tcpmux) has no listener here; a port of a just-closed server can be taken by another test's.
        java.net.URI nowhere = java.net.URI.create("http://127.0.0.1:1");
        assertThatThrownBy(() -> TerminalAttachment.builder(nowhere, "t-1").scheduler(scheduler).connect())
                .isInstanceOf(AttachmentException.class).hasMessageContaining("connection to ws://127.0.0.1");
    }

    @Test
    void theTokenGoesInTheHeaderOrTheQuery() throws Exception {
        attachment = builder().token("s3cret").connect();
        FakeWebSocketServer.Connection inHeader = server.accept();
        assertThat(inHeader.header("Authorization")).isEqualTo("Bearer s3cret");
        assertThat(inHeader.query()).doesNotContainKey("token");
        attachment.close();

        attachment = builder().token("s3 cret&").tokenInQuery(true).viewOnly(true).connect();
        FakeWebSocketServer.Connection inQuery = server.accept();
        assertThat(inQuery.header("Authorization")).isNull();
        assertThat(inQuery.query()).containsEntry("token", "s3 cret&").containsEntry("mode", "view");
        assertThat(attachment.toString()).doesNotContain("s3");
    }

    @Test
    void aRefusedFrameFailsItsFutureWithTheServersReason() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        CompletableFuture<FrameAck> typed = attachment.input("rm -rf /\r");
        connection.readText();
        connection.sendText("{\"type\":\"error\",\"seq\":0,\"message\":\"\\\"input\\\" is not allowed in view mode\",\"clientSeq\":1}");
        connection.sendText(ack(1, 0));
        assertThatThrownBy(() -> typed.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(FrameRefusedException.class).hasMessage("\"input\" is not allowed in view mode");
        recorder.expect(new AttachmentRecorder.Error("\"input\" is not allowed in view mode", OptionalLong.of(1)));
        assertThat(attachment.unackedFrames()).isZero();
        recorder.assertExhausted();
    }

    @Test
    void exitEndsTheAttachmentWithoutReconnecting() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        connection.sendBinary(output(3, "bye"));
        connection.sendText("{\"type\":\"exit\",\"seq\":3,\"exitCode\":7}");
        connection.close(1000);
        recorder.expectOutput("bye", 3, false);
        recorder.expect(new AttachmentRecorder.Exit(7));
        recorder.expectState(ConnectionState.CLOSED);
        assertThat(attachment.onExit().get(10, TimeUnit.SECONDS)).isEqualTo(7);
        assertThat(attachment.input("x")).isCompletedExceptionally();
        assertThat(scheduler.idle()).isTrue();
        recorder.assertExhausted();
    }

    @Test
    void attachingToAnEndedProgramConnectsAndHandsOverItsOutputAndExit() throws Exception {
        // The server answers at once with the replay and the exit: connect returns, it does not throw "exited".
        CompletableFuture<TerminalAttachment> connecting = CompletableFuture.supplyAsync(() -> {
            try {
                return builder().connect();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        FakeWebSocketServer.Connection connection = server.accept();
        connection.sendText(READY);
        connection.sendBinary(output(0, "done"));
        connection.sendText("{\"type\":\"exit\",\"seq\":4,\"exitCode\":3}");
        connection.close(1000);
        attachment = connecting.get(10, TimeUnit.SECONDS);
        recorder.expectState(ConnectionState.CONNECTED);
        recorder.expectOutput("done", 0, false);
        recorder.expect(new AttachmentRecorder.Exit(3));
        recorder.expectState(ConnectionState.CLOSED);
        assertThat(attachment.onExit().get(10, TimeUnit.SECONDS)).isEqualTo(3);
        recorder.assertExhausted();
    }

    @Test
    void theServerStoppingEndsTheAttachmentWithoutReconnecting() throws Exception {
        // The server says 1001 before it ends its terminals' programs, so no exit frame comes; a reconnect could
        // only find it down, then without this terminal.
        FakeWebSocketServer.Connection connection = attach();
        connection.close(ServerStopping.CODE, ServerStopping.REASON);
        AttachmentException stopped = recorder.next(AttachmentRecorder.Failure.class).failure();
        assertThat(stopped.permanent()).isTrue();
        assertThat(stopped).hasMessageContaining("(1001 the server is stopping)");
        recorder.expectState(ConnectionState.CLOSED);
        assertThat(attachment.onExit()).isCompletedExceptionally();
        assertThat(scheduler.idle()).isTrue();
        recorder.assertExhausted();
    }

    /** A proxy in front of the server that goes away says 1001 too, with its own reason: the terminal is still there. */
    @Test
    void aProxyGoingAwayIsReconnected() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        connection.close(ServerStopping.CODE, "proxy reloading");
        AttachmentException dropped = recorder.next(AttachmentRecorder.Failure.class).failure();
        assertThat(dropped.permanent()).isFalse();
        assertThat(dropped).hasMessageContaining("(1001 proxy reloading)");
        recorder.expectState(ConnectionState.RECONNECTING);
        scheduler.next().run();
        server.accept();
        recorder.expectState(ConnectionState.CONNECTED);
        recorder.assertExhausted();
    }

    @Test
    void closeDetachesWithACloseHandshakeAndNoCloseFrame() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        attachment.close();
        recorder.expectState(ConnectionState.CLOSED);
        assertThat(connection.awaitEnd()).isEqualTo(1000);
        assertThat(connection.nothingUnread()).as("no protocol close frame: the terminal keeps running").isTrue();
        attachment.close(); // idempotent
        recorder.assertExhausted();
    }

    @Test
    void closeTerminalSendsTheProtocolsCloseFrame() throws Exception {
        FakeWebSocketServer.Connection connection = attach();
        attachment.closeTerminal();
        attachment.clear();
        attachment.reply("\u001b[1;1R");
        assertThat(connection.readFrame().getString("type")).isEqualTo("close");
        assertThat(connection.readFrame().getString("type")).isEqualTo("clear");
        JsonObject reply = connection.readFrame();
        assertThat(reply.getBoolean("claim")).isFalse();
        assertThat(reply.getString("data")).isEqualTo("\u001b[1;1R");
    }

    @Test
    void pingsMeasureTheRoundTripAndReportTheSmoothedValue() throws Exception {
        attachment = builder().pingInterval(Duration.ofSeconds(5)).connect();
        FakeWebSocketServer.Connection connection = server.accept().keepPings();
        recorder.expectState(ConnectionState.CONNECTED);
        ManualScheduler.Task firstPing = scheduler.next();
        assertThat(firstPing.delay()).isZero();
        firstPing.run();
        JsonObject ping = connection.readPing();
        assertThat(ping.containsKey("srtt")).as("no srtt before the first pong").isFalse();
        scheduler.advance(Duration.ofMillis(40));
        connection.sendText("{\"type\":\"pong\",\"seq\":0,\"t\":" + ping.get("t") + "}");

        ManualScheduler.Task secondPing = scheduler.next();
        assertThat(secondPing.delay()).isEqualTo(Duration.ofSeconds(5));
        awaitHandled(connection); // the pong has been handled
        assertThat(attachment.roundTrip()).contains(Duration.ofMillis(40));
        secondPing.run();
        assertThat(connection.readPing().getJsonNumber("srtt").doubleValue()).isEqualTo(40.0);
    }

    @Test
    void aPingStillUnansweredWhenTheNextIsDueReplacesTheConnection() throws Exception {
        attachment = builder().pingInterval(Duration.ofSeconds(5)).connect();
        FakeWebSocketServer.Connection silent = server.accept().keepPings();
        recorder.expectState(ConnectionState.CONNECTED);
        scheduler.next().run();
        silent.readPing(); // never answered: a half-open connection
        scheduler.advance(Duration.ofSeconds(5));
        scheduler.next().run();
        assertThat(recorder.next(AttachmentRecorder.Failure.class).failure()).hasMessageContaining("no answer to a ping");
        recorder.expectState(ConnectionState.RECONNECTING);
        scheduler.next().run();
        server.accept();
        recorder.expectState(ConnectionState.CONNECTED);
        recorder.assertExhausted();
    }

    @Test
    void badArgumentsAreRefusedWithAClearMessage() {
        assertThatThrownBy(() -> TerminalAttachment.builder(java.net.URI.create("ftp://x"), "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http(s)://host:port");
        assertThatThrownBy(() -> TerminalAttachment.builder(server.url(), ""))
                .hasMessageContaining("terminalId is empty");
        assertThatThrownBy(() -> builder().clientId("x".repeat(300))).hasMessageContaining("clientId");
    }

    @Test
    void resizeChecksItsBounds() throws Exception {
        attach();
        assertThatThrownBy(() -> attachment.resize(0, 24)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cols must be from 1 to 1000, got 0");
        assertThatThrownBy(() -> attachment.resize(80, 1001)).hasMessage("rows must be from 1 to 1000, got 1001");
        recorder.assertExhausted();
    }

    @Test
    void aServerThatNeverAnswersTheUpgradeIsGivenUpAtTheSchedulersDeadlineReportedInMillisecondsNotAnIsoDuration()
            throws Exception {
        // The upgrade request is accepted and never answered. The deadline (connect and handshake timeouts plus a
        // margin for a loaded machine) is the scheduler's: the test runs it, no time passes. The long handshake
        // timeout keeps the socket's own read timeout out of the way.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<TerminalAttachment> connecting = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    connecting.complete(TerminalAttachment.builder("http://127.0.0.1:" + silent.getLocalPort(), "t1")
                            .connectTimeout(Duration.ofMillis(500)).handshakeTimeout(Duration.ofSeconds(30))
                            .scheduler(scheduler).listener(recorder)
                            .connect());
                } catch (Throwable e) {
                    connecting.completeExceptionally(e);
                }
            });
            try (Socket upgrade = silent.accept()) {
                ManualScheduler.Task deadline = scheduler.next();
                assertThat(deadline.delay()).isEqualTo(Duration.ofMillis(35_500));
                assertThat(connecting).as("waits until the deadline").isNotDone();
                deadline.run();
                assertThatThrownBy(() -> connecting.get(10, TimeUnit.SECONDS)).cause()
                        .isInstanceOf(AttachmentException.class).hasMessageEndingWith(" within 35500 ms");
            }
        }
    }
}
