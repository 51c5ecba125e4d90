package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.UnknownTerminal;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The socket protocol of SPEC §5.2, §5.3 and §5.6 against a fake terminal, over a real Helidon server. */
class TerminalSocketTest {
    private final SocketTestServer server = new SocketTestServer(SocketSettings.defaults());
    private final FakeTerminal terminal = server.add(new FakeTerminal("t1", 1 << 16));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aClientWithoutSeqGetsTheSizeThenOneResetThenLiveOutput() throws Exception {
        terminal.emit("before\r\n");
        WsTestClient client = server.connect("t1", "");

        assertThat(client.next(ServerFrame.Size.class)).isEqualTo(new ServerFrame.Size(80, 24));
        ServerFrame.Output reset = client.next(ServerFrame.Output.class);
        assertThat(reset.reset()).isTrue();
        assertThat(reset.seq()).isEqualTo(8);
        assertThat(reset.data()).startsWith("\u001bc").contains("before");

        terminal.emit("after");
        assertThat(client.next(ServerFrame.Output.class)).isEqualTo(new ServerFrame.Output(13, "after", false));
    }

    @Test
    void aResetFedToAFreshTerminalShowsWhatTheServerShows() throws Exception {
        terminal.emit("\u001b[1;31mred\u001b[0m plain\r\n\u001b[3;10Hthere\u001b[2;2H");
        WsTestClient client = server.connect("t1", "");
        client.next(ServerFrame.Size.class);

        ServerFrame.Output reset = client.next(ServerFrame.Output.class);

        Terminal fresh = new Terminal(80, 24);
        fresh.feed(reset.data().getBytes(StandardCharsets.UTF_8));
        assertThat(TextSerializer.screen(fresh)).isEqualTo(terminal.session().inspect(TextSerializer::screen));
        assertThat(fresh.cursorRow()).isEqualTo(1);
        assertThat(fresh.cursorCol()).isEqualTo(1);
        assertThat(fresh.cellAt(0, 0)).isEqualTo(terminal.session().inspect(t -> t.cellAt(0, 0)));
    }

    @Test
    void replayFromLastOutputSeqSendsExactlyTheBytesAfterIt() throws Exception {
        terminal.emit("hello ");
        terminal.emit("world");
        WsTestClient client = server.connect("t1", "lastOutputSeq=3");

        client.next(ServerFrame.Size.class);
        ServerFrame.Output replay = client.next(ServerFrame.Output.class);

        assertThat(replay).isEqualTo(new ServerFrame.Output(11, "lo world", false));
    }

    @Test
    void aClientUpToDateGetsOnlyNewOutput() throws Exception {
        terminal.emit("seen");
        WsTestClient client = server.connect("t1", "lastOutputSeq=4");
        client.next(ServerFrame.Size.class);

        terminal.emit("new");

        assertThat(client.next(ServerFrame.Output.class)).isEqualTo(new ServerFrame.Output(7, "new", false));
    }

    @Test
    void aSeqOlderThanTheLogOrBeyondTheOutputGetsAReset() throws Exception {
        FakeTerminal small = server.add(new FakeTerminal("small", 16));
        small.emit("0123456789abcdefghijklmnopqrstuvwxyz");

        for (String query : new String[] {"lastOutputSeq=0", "lastOutputSeq=99", "lastOutputSeq=abc"}) {
            WsTestClient client = server.connect("small", query);
            ServerFrame.Output reset = client.await(ServerFrame.Output.class, o -> true);
            assertThat(reset.reset()).as(query).isTrue();
            assertThat(reset.seq()).as(query).isEqualTo(36);
            assertThat(reset.data()).as(query).startsWith("\u001bc");
            client.abort();
        }
    }

    @Test
    void anUnusableLastOutputSeqIsReportedInAnErrorFrame() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=-4");

        ServerFrame.Error error = client.await(ServerFrame.Error.class, e -> true);

        assertThat(error.message()).contains("lastOutputSeq");
    }

    /**
     * {@code cols} and {@code rows} on the socket URL that cannot be applied are refused as a resize frame would be,
     * in an error frame that says why, and the size stays: out of range, one without the other, not plain digits (a
     * resize frame's JSON number has no sign), from a viewer or on an ended program (the reasons a resize frame is
     * given). Before, a viewer's and an ended program's were ignored without a word, {@code +80} was applied, and one
     * without the other was reported as {@code rows=null}.
     */
    @Test
    void aSizeOnTheUrlThatCannotBeAppliedIsRefusedInAnErrorFrame() throws Exception {
        String[][] cases = {
            {"cols=0&rows=20", "cols and rows must both be given, each a whole number from 1 to 1000, got cols \"0\" "
                    + "and rows \"20\": the size is ignored"},
            {"cols=80", "got cols \"80\" and no rows"},
            {"cols=%2B80&rows=20", "got cols \"+80\""},
            {"mode=view&cols=80&rows=20", "the size given by cols and rows is not allowed in view mode"}};
        for (String[] refused : cases) {
            WsTestClient client = server.connect("t1", "lastOutputSeq=0&" + refused[0]);
            assertThat(client.await(ServerFrame.Error.class, e -> true).message()).as(refused[0]).contains(refused[1]);
            client.abort();
        }
        WsTestClient watcher = server.connect("t1", "lastOutputSeq=0");
        terminal.exit(0);
        watcher.await(ServerFrame.Exit.class, e -> true); // the server has seen the exit
        WsTestClient ended = server.connect("t1", "lastOutputSeq=0&cols=80&rows=20");
        assertThat(ended.await(ServerFrame.Error.class, e -> true).message())
                .isEqualTo("the size given by cols and rows is not applied: the program has exited");

        assertThat(terminal.resizes).isEmpty();
    }

    /**
     * A client back with its size (cols, rows) while the server still holds its earlier connection, as after a
     * network that died without a word (noticed at a ping's timeout): that connection had typed, so it set the size,
     * and the size given was ignored, the redraw coming at the old size after all. The new connection takes its
     * place; another client's size given on connecting stays ignored while this one sets it.
     */
    @Test
    void aClientBackWithItsSizeWhileItsEarlierConnectionLingersSetsTheSize() throws Exception {
        WsTestClient earlier = server.connect("t1", "lastOutputSeq=0&clientId=tab");
        earlier.send(new ClientFrame.Resize("tab", 1, 90, 25));
        earlier.send(new ClientFrame.Input("tab", 2, "x", true));
        earlier.awaitAck(2);

        WsTestClient other = server.connect("t1", "lastOutputSeq=0&clientId=other&cols=70&rows=20");
        ServerFrame.Size othersSize = other.await(ServerFrame.Size.class, frame -> true);
        WsTestClient back = server.connect("t1", "lastOutputSeq=0&clientId=tab&cols=60&rows=20");
        ServerFrame.Size size = back.await(ServerFrame.Size.class, frame -> true);

        assertThat(List.of(othersSize.cols(), othersSize.rows())).isEqualTo(List.of(90, 25));
        assertThat(List.of(size.cols(), size.rows())).isEqualTo(List.of(60, 20));
        assertThat(terminal.resizes).containsExactly("90x25", "60x20");
    }

    @Test
    void protocol2SendsReadyFirstAndOutputAsBinaryFrames() throws Exception {
        terminal.emit("abc");
        WsTestClient client = server.connect("t1", "protocol=2&lastOutputSeq=1");

        assertThat(client.next(ServerFrame.Ready.class)).isEqualTo(new ServerFrame.Ready(2));
        assertThat(client.next(ServerFrame.Size.class)).isEqualTo(new ServerFrame.Size(80, 24));
        assertThat(client.next(BinaryOutputFrame.class)).isEqualTo(new BinaryOutputFrame(false, 3,
                "bc".getBytes(StandardCharsets.UTF_8)));

        terminal.emit("é");
        assertThat(client.next(BinaryOutputFrame.class)).isEqualTo(new BinaryOutputFrame(false, 5,
                "é".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void framesGrowUnderAStreamOfCharactersThatNeverEndOnTheFirstBuffersEdge() throws Exception {
        FakeTerminal big = server.add(new FakeTerminal("big", 1 << 20));
        WsTestClient client = server.connect("big", "protocol=2&lastOutputSeq=0");
        client.next(ServerFrame.Ready.class);
        client.next(ServerFrame.Size.class);
        String euros = "€".repeat(100_000); // 3 bytes each: a 4 KiB buffer always ends a byte short of full

        big.emit(euros);

        ByteArrayOutputStream received = new ByteArrayOutputStream();
        int largest = 0;
        while (received.size() < 300_000) {
            BinaryOutputFrame frame = client.await(BinaryOutputFrame.class, f -> true);
            largest = Math.max(largest, frame.data().length);
            received.writeBytes(frame.data());
        }
        assertThat(received.toString(StandardCharsets.UTF_8)).isEqualTo(euros);
        assertThat(largest).as("the largest frame's data").isGreaterThan(ClientSender.FIRST_FRAME_DATA);
    }

    @Test
    void protocol2ResetIsABinaryFrameOfKindTwo() throws Exception {
        terminal.emit("screen");
        WsTestClient client = server.connect("t1", "protocol=2");
        client.next(ServerFrame.Ready.class);
        client.next(ServerFrame.Size.class);

        BinaryOutputFrame reset = client.next(BinaryOutputFrame.class);

        assertThat(reset.reset()).isTrue();
        assertThat(reset.seq()).isEqualTo(6);
        assertThat(new String(reset.data(), StandardCharsets.UTF_8)).startsWith("\u001bc").contains("screen");
    }

    @Test
    void pingIsAnsweredWithPongEchoingT() throws Exception {
        WsTestClient client = server.connect("t1", "protocol=2&lastOutputSeq=0");

        client.send(new ClientFrame.Ping(new BigDecimal("123.25"), 80));
        client.send(new ClientFrame.Ping(new BigDecimal(124), -1));

        assertThat(client.await(ServerFrame.Pong.class, p -> true).t()).isEqualByComparingTo("123.25");
        assertThat(client.await(ServerFrame.Pong.class, p -> true).t()).isEqualByComparingTo("124");
    }

    @Test
    void aHighLatencyClientStillGetsEveryByteInOrder() throws Exception {
        WsTestClient client = server.connect("t1", "protocol=2&lastOutputSeq=0");
        client.send(new ClientFrame.Ping(BigDecimal.ONE, 200));
        client.await(ServerFrame.Pong.class, p -> true);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            terminal.emit("line " + i + "\r\n");
            expected.append("line ").append(i).append("\r\n");
        }

        StringBuilder received = new StringBuilder();
        while (received.length() < expected.length()) {
            received.append(new String(client.await(BinaryOutputFrame.class, f -> true).data(),
                    StandardCharsets.UTF_8));
        }

        assertThat(received.toString()).isEqualTo(expected.toString());
    }

    @Test
    void inputIsWrittenAndAckedWithTheOutputSeqAtThatMoment() throws Exception {
        terminal.emit("12345");
        WsTestClient client = server.connect("t1", "lastOutputSeq=5");

        client.send(new ClientFrame.Input("c1", 1, "ls\n", true));

        assertThat(client.awaitAck(1)).isEqualTo(new ServerFrame.Ack(1, 5));
        assertThat(terminal.written).containsExactly("ls\n");
    }

    @Test
    void aDuplicateFrameIsAckedAgainButNotApplied() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");

        client.send(new ClientFrame.Input("c1", 1, "a", true));
        client.send(new ClientFrame.Input("c1", 2, "b", true));
        client.send(new ClientFrame.Input("c1", 1, "a", true));
        client.send(new ClientFrame.Input("c1", 3, "c", true));

        client.awaitAck(1);
        client.awaitAck(2);
        client.awaitAck(1);
        client.awaitAck(3);
        assertThat(terminal.written).containsExactly("a", "b", "c");
    }

    @Test
    void framesResentAfterAReconnectAreAppliedExactlyOnce() throws Exception {
        WsTestClient first = server.connect("t1", "lastOutputSeq=0&clientId=c1");
        for (int seq = 1; seq <= 5; seq++) {
            first.send(new ClientFrame.Input("c1", seq, "k" + seq, true));
        }
        first.awaitAck(3);
        first.abort();

        // The client never saw acks 4 and 5 (or did not wait for them): it resends everything from 4 on.
        WsTestClient second = server.connect("t1", "lastOutputSeq=0&clientId=c1");
        for (int seq = 4; seq <= 7; seq++) {
            second.send(new ClientFrame.Input("c1", seq, "k" + seq, true));
        }
        second.awaitAck(7);

        assertThat(terminal.written).containsExactly("k1", "k2", "k3", "k4", "k5", "k6", "k7");
    }

    @Test
    void aMalformedFrameGetsAnErrorAndTheConnectionStaysOpen() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");

        client.sendText("{not json");
        assertThat(client.await(ServerFrame.Error.class, e -> true).message()).contains("not a JSON object");
        client.sendText("{\"type\":\"resize\",\"clientId\":\"c\",\"clientSeq\":1,\"cols\":0,\"rows\":1}");
        ServerFrame.Error error = client.await(ServerFrame.Error.class, e -> true);
        assertThat(error.message()).contains("cols");
        assertThat(error.clientSeq()).contains(1L);
        client.awaitAck(1);

        client.send(new ClientFrame.Input("c", 2, "still here", true));
        client.awaitAck(2);
        assertThat(terminal.written).containsExactly("still here");
        assertThat(terminal.resizes).isEmpty();
    }

    @Test
    void aFrameOverTheSizeLimitGetsAnErrorAndTheConnectionStaysOpen() throws Exception {
        try (SocketTestServer limited = new SocketTestServer(new SocketSettings(1 << 20, "auto", 100))) {
            FakeTerminal small = limited.add(new FakeTerminal("t", 1024));
            WsTestClient client = limited.connect("t", "lastOutputSeq=0");

            client.send(new ClientFrame.Input("c", 1, "x".repeat(200), true));
            assertThat(client.await(ServerFrame.Error.class, e -> true).message()).contains("larger than 100");

            client.send(new ClientFrame.Input("c", 2, "ok", true));
            client.awaitAck(2);
            assertThat(small.written).containsExactly("ok");
        }
    }

    @Test
    void theExitFrameFollowsTheLastOutputAndTheServerCloses() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");
        terminal.emit("bye");
        terminal.exit(3);

        assertThat(client.await(ServerFrame.Output.class, o -> true)).isEqualTo(new ServerFrame.Output(3, "bye",
                false));
        assertThat(client.next(ServerFrame.Exit.class)).isEqualTo(new ServerFrame.Exit(3, ProcessExit.exited(3)));
        assertThat(client.next(WsTestClient.Closed.class).code()).isEqualTo(1000);
    }

    @Test
    void inputAfterExitIsAckedWithAnError() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");
        client.send(new ClientFrame.Input("c", 1, "x", true));
        client.awaitAck(1);
        terminal.exit(0);

        client.await(ServerFrame.Exit.class, e -> true);
        assertThat(terminal.written).containsExactly("x");
    }

    @Test
    void aCloseFrameEndsTheTerminalForEveryone() throws Exception {
        WsTestClient closer = server.connect("t1", "lastOutputSeq=0");
        WsTestClient other = server.connect("t1", "lastOutputSeq=0");

        closer.send(new ClientFrame.Command("close", "c", 1));

        closer.awaitAck(1);
        assertThat(other.await(ServerFrame.Exit.class, e -> true).exitCode()).isEqualTo(129);
        assertThat(terminal.closed).isTrue();
    }

    @Test
    void focusHideAndClearNeedProtocol2() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");

        long seq = 0;
        for (String type : new String[] {"focus", "hide", "clear"}) {
            client.send(new ClientFrame.Command(type, "c", ++seq));
            long sent = seq;
            ServerFrame.Error error = client.await(ServerFrame.Error.class,
                    e -> e.clientSeq().equals(Optional.of(sent)));
            assertThat(error.message()).as(type).contains("protocol 2");
            client.awaitAck(sent);
        }
    }

    @Test
    void anUnknownTerminalIsRefusedWith404() {
        assertThatThrownBy(() -> server.connect("nope", ""))
                .isInstanceOf(CompletionException.class)
                .cause().isInstanceOfSatisfying(WebSocketHandshakeException.class,
                        e -> assertThat(e.getResponse().statusCode()).isEqualTo(404));
    }

    @Test
    void aRefusedUpgradeHasTheRestApisErrorBodyUnlessTheClientAcceptsOnlyText() throws Exception {
        String json = refusedUpgrade("nope", "");
        assertThat(json).startsWith("HTTP/1.1 404").containsIgnoringCase("content-type: application/json")
                .endsWith("\r\n\r\n{\"error\":\"not_found\",\"message\":\"" + UnknownTerminal.message("nope") + "\"}");
        assertThat(refusedUpgrade("nope", "Accept: text/plain\r\n")).startsWith("HTTP/1.1 404")
                .endsWith("\r\n\r\n" + UnknownTerminal.message("nope"));
    }

    /** The whole answer to an upgrade of {@code terminalId}'s socket, sent by hand with {@code extraHeaders}. */
    private String refusedUpgrade(String terminalId, String extraHeaders) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write(("GET /v1/terminals/" + terminalId + "/socket HTTP/1.1\r\n"
                    + "Host: 127.0.0.1:" + server.port() + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" + extraHeaders
                    + "\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.setSoTimeout(10_000);
            var in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                head.write(in.read());
            }
            String headers = head.toString(StandardCharsets.US_ASCII);
            var length = java.util.regex.Pattern.compile("(?i)content-length: (\\d+)").matcher(headers);
            byte[] body = length.find() ? in.readNBytes(Integer.parseInt(length.group(1))) : new byte[0];
            return headers + new String(body, StandardCharsets.UTF_8);
        }
    }

    @Test
    void anUnknownModeIsRefusedWith400SoAMisspeltViewerNeverGetsControl() {
        assertThatThrownBy(() -> server.connect("t1", "mode=veiw"))
                .cause().isInstanceOfSatisfying(WebSocketHandshakeException.class,
                        e -> assertThat(e.getResponse().statusCode()).isEqualTo(400));
    }

    @Test
    void theUpgradePolicyRefusesWith403() {
        UpgradePolicy tokenOnly = (headers, query) -> "secret".equals(query.get("token")) ? Optional.empty()
                : Optional.of("missing or wrong token");
        try (SocketTestServer guarded = new SocketTestServer(SocketSettings.defaults(), tokenOnly)) {
            guarded.add(new FakeTerminal("t", 1024));

            assertThatThrownBy(() -> guarded.connect("t", "token=wrong"))
                    .cause().isInstanceOfSatisfying(WebSocketHandshakeException.class,
                            e -> assertThat(e.getResponse().statusCode()).isEqualTo(403));
            assertThat(guarded.connect("t", "token=secret")).isNotNull();
        }
    }

    @Test
    void aClientThatDisappearsWithoutClosingIsDetached() throws Exception {
        WsTestClient client = server.connect("t1", "lastOutputSeq=0");
        assertThat(terminal.nextAnswerQueries()).isTrue();
        client.send(new ClientFrame.Resize("c", 1, 90, 30));
        assertThat(terminal.nextAnswerQueries()).isFalse();
        assertThat(server.endpoint.clients("t1")).isEqualTo(1);

        client.abort();

        assertThat(terminal.nextAnswerQueries()).as("the server answers again once the sizing client has gone")
                .isTrue();
        assertThat(server.endpoint.clients("t1")).isZero();
    }
}
