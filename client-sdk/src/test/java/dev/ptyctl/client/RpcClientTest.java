package dev.ptyctl.client;

import static dev.ptyctl.client.testing.FakeRpcServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RpcClientTest {
    private static final String SCREEN = "{'screen':'$ ls\\nfile\\n','cursor':{'row':2,'col':5},'size':{'cols':100,'rows':30}}";

    private FakeRpcServer server;
    private RpcClient client;

    @BeforeEach
    void start() throws IOException {
        server = FakeRpcServer.startTcp();
        client = RpcClient.connect(server.address());
    }

    @AfterEach
    void stop() throws IOException {
        client.close();
        server.close();
    }

    @Test
    void readSendsAnEnvelopeWithEmptyParamsAndReturnsTheScreen() throws IOException {
        server.reply(SCREEN);

        Screen screen = client.read();

        assertThat(server.takeRequest()).isEqualTo(json("{'jsonrpc':'2.0','method':'pty/read','params':{},'id':1}"));
        assertThat(screen).isEqualTo(new Screen("$ ls\nfile\n", new Cursor(2, 5), new TerminalSize(100, 30)));
        assertThat(screen.lines()).containsExactly("$ ls", "file");
        server.assertExhausted();
    }

    @Test
    void readSelectionsSendTheirRowParams() throws IOException {
        server.reply(SCREEN).reply(SCREEN).reply(SCREEN);

        client.read(Selection.top(3));
        client.read(Selection.bottom(5));
        client.read(Selection.rows(2, 6));

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'top':3}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'bottom':5}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'start':2,'end':6}"));
        server.assertExhausted();
    }

    @Test
    void readWithRowsJoinedAsksForThemAndRefusesAnAnswerThatIgnoredIt() throws IOException {
        server.reply(SCREEN.replace("}}", "},'joined':true}")).reply(SCREEN);

        assertThat(client.read(Selection.bottom(1).withRowsJoined()).text()).isEqualTo("$ ls\nfile\n");
        assertThatThrownBy(() -> client.read(Selection.all().withRowsJoined())).isInstanceOf(RpcException.class)
                .hasMessageContaining("does not support pty/read's joined parameter").hasMessageContaining("upgrade");

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'bottom':1,'joined':true}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'joined':true}"));
        assertThat(Selection.top(2).withScrollback().withRowsJoined()).hasToString(
                "Selection.top(2).withScrollback().withRowsJoined()");
        server.assertExhausted();
    }

    @Test
    void idsGrowWithEveryRequest() throws IOException {
        server.reply("{}").reply("{}");

        client.resize(120, 40);
        client.resize(80, 24);

        assertThat(server.takeRequest().getInt("id")).isEqualTo(1);
        assertThat(server.takeRequest().getInt("id")).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void oneActionIsSentAsAnObjectAndSeveralAsAnArrayInOrder() throws IOException {
        server.reply("{'written':1,'outputSeq':7}").reply("{'written':5,'outputSeq':8}");

        WriteResult single = client.write(Action.key(Key.ENTER));
        WriteResult several = client.write(Action.text("ls"), Action.key(Key.ctrl('c')), Action.text("x"));

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'action':{'key':'Enter'}}"));
        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'action':[{'text':'ls'},{'key':'Ctrl+C'},{'text':'x'}]}"));
        assertThat(single).isEqualTo(new WriteResult(1, 7));
        assertThat(several).isEqualTo(new WriteResult(5, 8));
        server.assertExhausted();
    }

    @Test
    void writeResultWithoutOutputSeqReportsItUnknown() throws IOException {
        server.reply("{'written':11}");

        assertThat(client.write(Action.text("echo hello")).outputSeq()).isEqualTo(WriteResult.UNKNOWN_SEQ);
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void writeWithoutActionsIsRejectedBeforeSending() {
        assertThatThrownBy(() -> client.write()).isInstanceOf(IllegalArgumentException.class);
        server.assertExhausted();
    }

    @Test
    void writeLineTypesTheTextAndEnterInOneWrite() throws IOException {
        server.reply("{'written':6,'outputSeq':120}");

        WriteResult written = client.writeLine("make");

        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'action':[{'text':'make'},{'key':'Enter'}]}"));
        assertThat(written.outputSeq()).isEqualTo(120);
        server.assertExhausted();
    }

    @Test
    void waitForSendsMatchAndTimeoutAndReturnsTheResult() throws IOException {
        server.reply("{'matched':true,'screen':'hello\\n','cursor':{'row':2,'col':1},'size':{'cols':100,'rows':30},'waitedMs':45}");

        WaitResult result = client.waitFor("hello", Duration.ofSeconds(6));

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'match':'hello','timeout':6000}"));
        assertThat(result).isEqualTo(new WaitResult(true,
                new Screen("hello\n", new Cursor(2, 1), new TerminalSize(100, 30)), 45));
        server.assertExhausted();
    }

    @Test
    void aWaitLongerThanTheServersLongestIsAskedAgainWhileUnmatchedAndTheProgramRuns() throws IOException {
        String tenMinutesUnmatched = "{'matched':false,'screen':'','cursor':{'row':1,'col':1},"
                + "'size':{'cols':80,'rows':24},'waitedMs':600000}";
        server.reply(tenMinutesUnmatched).reply("{'running':true,'exitCode':null,'pid':7}")
                .reply("{'matched':true,'screen':'BUILD SUCCESS\\n','cursor':{'row':2,'col':1},"
                        + "'size':{'cols':80,'rows':24},'waitedMs':1500}");

        WaitResult result = client.waitFor("BUILD SUCCESS", Duration.ofMinutes(30));

        // the server refuses a timeout above 600000 ms as invalid params
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'match':'BUILD SUCCESS',"
                + "'timeout':600000}"));
        assertThat(server.takeRequest().getString("method")).as("still running?").isEqualTo("pty/status");
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'match':'BUILD SUCCESS',"
                + "'timeout':600000}"));
        assertThat(result.matched()).isTrue();
        assertThat(result.waitedMs()).as("the whole wait").isEqualTo(601_500);
        server.assertExhausted();
    }

    @Test
    void aLongWaitOnTheOutputSinceAnOffsetGoesOnWhereEachRequestLeftOff() throws IOException {
        // The same since alone is refused once the server's output log has dropped it: a stream of 2 MiB in ten
        // minutes does that.
        String unmatched = "{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                + "'waitedMs':600000,'nextSince':40,";
        server.reply(unmatched + "'continueAt':5000000}").reply("{'running':true,'exitCode':null,'pid':7}")
                .reply(unmatched + "'continueAt':9000000}").reply("{'running':true,'exitCode':null,'pid':7}")
                .reply("{'matched':true,'screen':'DONE\\n','cursor':{'row':2,'col':1},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':10,'found':{'index':0,'text':'DONE','groups':[]},'nextSince':9000104}");

        WaitResult result = client.waitFor(WaitRequest.builder().match("DONE").since(40)
                .timeout(Duration.ofMinutes(30)).build());

        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'match':'DONE','timeout':600000,'since':40}"));
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'match':'DONE','timeout':600000,'since':40,'continueAt':5000000}"));
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").getJsonNumber("continueAt").longValue())
                .isEqualTo(9_000_000);
        assertThat(result.matched()).isTrue();
        assertThat(result.nextSince()).hasValue(9_000_104);
        server.assertExhausted();
    }

    @Test
    void aLoopOfShortWaitsGoesOnWithEachUnmatchedResultsContinueAt() throws IOException {
        server.reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                + "'waitedMs':1000,'nextSince':40,'continueAt':5000000}")
                .reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':1000,'nextSince':40,'continueAt':5000100}");
        WaitRequest done = WaitRequest.builder().match("DONE").since(40).timeout(Duration.ofSeconds(1)).build();

        WaitResult first = client.waitFor(done);
        WaitResult second = client.waitFor(done.newBuilder().continueAt(first.continueAt().orElseThrow()).build());

        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'match':'DONE','timeout':1000,'since':40,'continueAt':5000000}"));
        assertThat(second.continueAt()).hasValue(5_000_100);
        assertThat(second.nextSince()).as("nothing consumed").hasValue(40);
        server.assertExhausted();
        assertThatThrownBy(() -> WaitRequest.builder().match("x").continueAt(3).build())
                .hasMessage("continueAt 3 needs since at or before it, and since is not set");
        assertThatThrownBy(() -> WaitRequest.builder().match("x").since(5).continueAt(3).build())
                .hasMessage("continueAt 3 needs since at or before it, and since is 5");
    }

    @Test
    void waitRequestExtensionsAreSentOnlyWhenSet() throws IOException {
        server.reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},'waitedMs':300}");

        WaitRequest request = WaitRequest.builder().match("\\$ $").regex(true).timeout(Duration.ofMillis(300))
                .idle(Duration.ofMillis(50)).scrollback(true).build();
        WaitResult result = client.waitFor(request);

        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'match':'\\\\$ $','timeout':300,'regex':true,'idleMs':50,'scrollback':true}"));
        assertThat(result.matched()).isFalse();
        assertThat(WaitRequest.builder().build().toJson()).isEqualTo(json("{'timeout':10000}"));
        server.assertExhausted();
    }

    @Test
    void waitForAnySendsTheTextsAndReturnsWhichMatchedWithItsGroups() throws IOException {
        server.reply("{'matched':true,'screen':'Sure (yes/no)?\\n','cursor':{'row':1,'col':16},"
                + "'size':{'cols':80,'rows':24},'waitedMs':4,'found':{'index':1,'text':'(yes/no)',"
                + "'groups':['yes',null],'named':{'answer':'yes'},'row':1,'col':6}}");

        WaitResult result = client.waitFor(WaitRequest.builder()
                .anyOf(TextPattern.literal("Password:"), TextPattern.regex("\\((?<answer>yes)/no(/x)?\\)"))
                .timeout(Duration.ofSeconds(5)).build());

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'anyOf':['Password:',"
                + "{'match':'\\\\((?<answer>yes)/no(/x)?\\\\)','regex':true}],'timeout':5000}"));
        WaitMatch found = result.found().orElseThrow();
        assertThat(found.index()).isEqualTo(1);
        assertThat(found.group(0)).isEqualTo("(yes/no)");
        assertThat(found.group(1)).isEqualTo("yes");
        assertThat(found.group(2)).as("took no part").isNull();
        assertThat(found.group("answer")).isEqualTo("yes");
        assertThat(found.start()).contains(new Cursor(1, 6));
        assertThat(result.timedOut()).isFalse();
        assertThatThrownBy(() -> found.group(3)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("no group 3: the match has 2 groups");
        server.assertExhausted();
    }

    @Test
    void anyOfsStringsAreRegularExpressionsWhetherRegexIsSetBeforeOrAfter() {
        // as for match(...): regex(true) applies to the strings however the builder calls are ordered
        WaitRequest after = WaitRequest.builder().anyOf("port (\\d+)", "denied").regex(true).build();
        WaitRequest before = WaitRequest.builder().regex(true).anyOf("port (\\d+)", "denied").build();

        JsonObject expected = json("{'anyOf':['port (\\\\d+)','denied'],'timeout':10000,'regex':true}");
        assertThat(after.toJson()).isEqualTo(expected);
        assertThat(before.toJson()).isEqualTo(expected);
        assertThat(after.anyOf()).containsExactly(TextPattern.regex("port (\\d+)"), TextPattern.regex("denied"));
        assertThat(after.newBuilder().regex(false).build().toJson()).as("still the request's kind once copied")
                .isEqualTo(json("{'anyOf':['port (\\\\d+)','denied'],'timeout':10000}"));
        assertThat(WaitRequest.builder().regex(true).anyOf(TextPattern.literal("$ ")).build().toJson())
                .as("an explicit TextPattern keeps its own kind")
                .isEqualTo(json("{'anyOf':[{'match':'$ ','regex':false}],'timeout':10000,'regex':true}"));
    }

    @Test
    void aWaitOnTheOutputSinceAnOffsetSendsItAndReadsWhereToGoOnFrom() throws IOException {
        server.reply("{'matched':true,'screen':'Password: ','cursor':{'row':1,'col':11},'size':{'cols':80,'rows':24},"
                + "'waitedMs':3,'found':{'index':0,'text':'Password:','groups':[]},'nextSince':9}")
                .reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':100}");

        WaitResult result = client.waitFor(WaitRequest.builder().anyOf("Password:", "$ ").since(0)
                .timeout(Duration.ofSeconds(5)).build());
        WaitResult onScreen = client.waitFor("Welcome", Duration.ofMillis(100));

        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'anyOf':['Password:','$ '],'timeout':5000,'since':0}"));
        assertThat(result.nextSince()).hasValue(9);
        assertThat(result.found().orElseThrow().start()).as("no screen cell for a match in the output").isEmpty();
        server.takeRequest();
        assertThat(onScreen.nextSince()).isEmpty();
        server.assertExhausted();
        assertThatThrownBy(() -> WaitRequest.builder().since(3).build()).hasMessage("since needs a match");
        assertThatThrownBy(() -> WaitRequest.builder().match("x").scrollback(true).since(3).build())
                .hasMessageStartingWith("since and scrollback are exclusive");
    }

    @Test
    void aWaitThatTheProgramsEndCutShortSaysHowItEndedAndIsNotATimeout() throws IOException {
        server.reply("{'matched':false,'screen':'Permission denied\\n','cursor':{'row':2,'col':1},"
                + "'size':{'cols':80,'rows':24},'waitedMs':12,'exited':{'exitCode':5}}")
                .reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':100}");

        WaitResult ended = client.waitForAny(List.of("Welcome", "$"), Duration.ofMinutes(30));
        WaitResult timedOut = client.waitFor("Welcome", Duration.ofMillis(100));

        assertThat(server.takeRequest().getJsonObject("params")).as("one request: the exit ends a long wait")
                .isEqualTo(json("{'anyOf':['Welcome','$'],'timeout':600000}"));
        assertThat(ended.exited()).contains(ProcessExit.exited(5));
        assertThat(ended.timedOut()).isFalse();
        assertThat(ended.found()).isEmpty();
        server.takeRequest();
        assertThat(timedOut.timedOut()).isTrue();
        server.assertExhausted();
    }

    @Test
    void waitReplyTimeoutOutlastsTheWaitItself() {
        WaitRequest longWait = WaitRequest.builder().timeout(Duration.ofMinutes(2)).build();
        WaitRequest shortWait = WaitRequest.builder().timeout(Duration.ofMillis(10)).build();

        assertThat(client.replyTimeoutFor(longWait)).isGreaterThan(Duration.ofMinutes(2));
        assertThat(client.replyTimeoutFor(shortWait)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void statusReadsRunningAndExitedProcesses() throws IOException {
        server.reply("{'running':true,'exitCode':null,'pid':1234}").reply("{'running':false,'exitCode':3,'pid':1234}");

        assertThat(client.status()).isEqualTo(new Status(true, OptionalInt.empty(), 1234));
        assertThat(client.status()).isEqualTo(new Status(false, OptionalInt.of(3), 1234));
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/status");
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void resizeKillAndAuthSendTheirMethodsAndParams() throws IOException {
        server.reply("{}").reply("{}").reply("{}");

        client.resize(120, 40);
        client.auth("s3cret");
        client.kill();

        assertThat(server.takeRequest()).isEqualTo(
                json("{'jsonrpc':'2.0','method':'pty/resize','params':{'cols':120,'rows':40},'id':1}"));
        assertThat(server.takeRequest()).isEqualTo(
                json("{'jsonrpc':'2.0','method':'pty/auth','params':{'token':'s3cret'},'id':2}"));
        assertThat(server.takeRequest()).isEqualTo(json("{'jsonrpc':'2.0','method':'pty/kill','params':{},'id':3}"));
        server.assertExhausted();
    }

    @Test
    void rawCallReturnsTheResultObjectUnchanged() throws IOException {
        server.reply("{'anything':[1,2],'nested':{'x':true}}");

        JsonObject result = client.call("pty/custom", json("{'a':1}"));

        assertThat(result).isEqualTo(json("{'anything':[1,2],'nested':{'x':true}}"));
        assertThat(server.takeRequest()).isEqualTo(json("{'jsonrpc':'2.0','method':'pty/custom','params':{'a':1},'id':1}"));
        server.assertExhausted();
    }

    @Test
    void errorResponseBecomesRpcExceptionAndTheClientStaysUsable() throws IOException {
        server.replyError(-32602, "unknown key: Hyper+Q").reply("{'running':true,'exitCode':null,'pid':7}");

        assertThatThrownBy(() -> client.write(Action.key("Hyper+Q")))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.code()).isEqualTo(-32602);
                    assertThat(e.message()).isEqualTo("unknown key: Hyper+Q");
                    assertThat(e.errorCode()).isEqualTo(dev.ptyctl.protocol.RpcErrorCode.INVALID_PARAMS);
                    assertThat(e.getMessage()).isEqualTo("unknown key: Hyper+Q (code -32602)");
                });
        assertThat(client.status().pid()).isEqualTo(7);
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void errorWithNullIdGoesToTheOldestWaitingCall() throws IOException {
        server.replyLine("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"line too long\"},\"id\":null}");

        assertThatThrownBy(() -> client.read())
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.code()).isEqualTo(-32600));
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void pipelinedRequestsGetTheirOwnRepliesWhenAnsweredOutOfOrder() throws Exception {
        server.replyInReverseOrder("{'n':1}", "{'n':2}", "{'n':3}");

        CompletableFuture<JsonObject> first = client.callAsync("pty/a", JsonObject.EMPTY_JSON_OBJECT);
        CompletableFuture<JsonObject> second = client.callAsync("pty/b", JsonObject.EMPTY_JSON_OBJECT);
        CompletableFuture<JsonObject> third = client.callAsync("pty/c", JsonObject.EMPTY_JSON_OBJECT);

        assertThat(first.get().getInt("n")).isEqualTo(1);
        assertThat(second.get().getInt("n")).isEqualTo(2);
        assertThat(third.get().getInt("n")).isEqualTo(3);
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/a");
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/b");
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/c");
        server.assertExhausted();
    }

    @Test
    void replyEndingInCarriageReturnLineFeedIsAccepted() throws IOException {
        server.replyLine("{\"jsonrpc\":\"2.0\",\"result\":{},\"id\":1}\r");

        client.resize(10, 10);
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void replyThatIsNotJsonIsAConnectionProblemNamingTheAddress() {
        server.replyLine("HTTP/1.1 400 Bad Request");

        assertThatThrownBy(() -> client.status())
                .isInstanceOf(RpcConnectionException.class)
                .hasMessageContaining(server.address().toString())
                .hasMessageContaining("HTTP/1.1 400");
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void resultOfTheWrongShapeIsAConnectionProblem() {
        server.reply("{'running':'yes','pid':1}");

        assertThatThrownBy(() -> client.status())
                .isInstanceOf(RpcConnectionException.class)
                .hasMessageContaining("\"running\" should be a boolean");
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void serverClosingDuringACallFailsItAndLaterCalls() {
        server.closeWithoutReply();

        assertThatThrownBy(() -> client.status())
                .isInstanceOf(RpcConnectionException.class)
                .hasMessage("connection closed by " + server.address());
        assertThatThrownBy(() -> client.status()).isInstanceOf(RpcConnectionException.class);
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void callWithoutReplyTimesOutAsAConnectionProblem() throws IOException {
        server.ignoreRequest();
        try (RpcClient impatient = RpcClient.builder().callTimeout(Duration.ofMillis(200)).connect(server.address())) {
            assertThatThrownBy(impatient::status)
                    .isInstanceOf(RpcConnectionException.class)
                    .hasMessageContaining("no reply from " + server.address() + " to pty/status within 200 ms");
        }
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void closingTheClientFailsCallsStillWaiting() {
        server.ignoreRequest();
        CompletableFuture<JsonObject> call = client.callAsync("pty/wait", JsonObject.EMPTY_JSON_OBJECT);
        server.takeRequest();

        client.close();

        assertThatThrownBy(call::get).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RpcConnectionException.class);
        server.assertExhausted();
    }

    @Test
    void builderTokenAuthenticatesBeforeTheFirstCall() throws IOException {
        server.reply("{}").reply("{'running':true,'exitCode':null,'pid':1}");

        try (RpcClient authed = RpcClient.builder().token("t0k").connect(server.address())) {
            authed.status();
        }

        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/auth");
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/status");
        server.assertExhausted();
    }

    @Test
    void refusedConnectionIsAConnectionProblemNamingTheAddress() throws IOException {
        int port;
        try (ServerSocketChannel closed = ServerSocketChannel.open()) {
            closed.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = ((InetSocketAddress) closed.getLocalAddress()).getPort();
        }

        assertThatThrownBy(() -> RpcClient.connect("127.0.0.1", port))
                .isInstanceOfSatisfying(RpcConnectionException.class,
                        e -> assertThat(e.address()).isEqualTo(RpcAddress.tcp("127.0.0.1", port)))
                .hasMessageStartingWith("cannot connect to 127.0.0.1:" + port + ": ");
    }

    @Test
    void missingUnixSocketIsAConnectionProblemNamingThePath(@TempDir Path dir) {
        Path missing = dir.resolve("nobody.sock");

        assertThatThrownBy(() -> RpcClient.connect(missing))
                .isInstanceOf(RpcConnectionException.class)
                .hasMessageStartingWith("cannot connect to " + missing + ": ");
    }

    @Test
    void unixSocketCarriesTheSameProtocol(@TempDir Path dir) throws IOException {
        try (FakeRpcServer unixServer = FakeRpcServer.startUnix(dir.resolve("term.sock"))) {
            unixServer.reply(SCREEN);
            try (RpcClient unixClient = RpcClient.connect(dir.resolve("term.sock"))) {
                assertThat(unixClient.read().text()).isEqualTo("$ ls\nfile\n");
            }
            assertThat(unixServer.takeRequest().getString("method")).isEqualTo("pty/read");
            unixServer.assertExhausted();
        }
    }
}
