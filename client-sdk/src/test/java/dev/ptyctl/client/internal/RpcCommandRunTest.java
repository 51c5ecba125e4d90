package dev.ptyctl.client.internal;

import static dev.ptyctl.client.testing.FakeRpcServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.internal.RpcCommandRun.Ending;
import dev.ptyctl.client.internal.RpcCommandRun.Outcome;
import dev.ptyctl.client.testing.FakeRpcServer;
import jakarta.json.JsonObject;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RpcCommandRun}, the run behind {@code ptyctl run} and {@code TerminalDriver.run}, against a scripted
 * JSON-RPC endpoint: what it sends, in order, and how it ends.
 */
class RpcCommandRunTest {
    private static final String SCREEN = "'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24}";
    private static final String AT_PROMPT = "{'matched':true," + SCREEN + ",'waitedMs':1}";
    private static final String AT_CONTINUATION = "{'matched':true,'continuation':true," + SCREEN + ",'waitedMs':1}";
    private static final String NO_PROMPT = "{'matched':false," + SCREEN + ",'waitedMs':2000}";
    private static final String RAN = "{'matched':true," + SCREEN + ",'waitedMs':5,"
            + "'command':{'output':'a\\n','truncated':false,'exitCode':3}}";
    private static final String RUNNING = "{'running':true,'exitCode':null,'pid':7}";
    private static final String CTRL_C = "{'action':{'key':'Ctrl+C'}}";

    private FakeRpcServer server;
    private RpcClient client;

    @BeforeEach
    void start() throws Exception {
        server = FakeRpcServer.startTcp();
        client = RpcClient.connect(server.address());
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.assertExhausted();
        server.close();
    }

    private Outcome run(String line) throws Exception {
        return RpcCommandRun.run(client, line, System.nanoTime() + Duration.ofSeconds(30).toNanos());
    }

    private static String written(long seq) {
        return "{'written':1,'outputSeq':" + seq + "}";
    }

    /** The params of the next request, which must be {@code method}. */
    private JsonObject next(String method) {
        JsonObject request = server.takeRequest();
        assertThat(request.getString("method")).isEqualTo(method);
        return request.getJsonObject("params");
    }

    /** The next request is a prompt wait; returns its {@code since}, -1 without one. */
    private long nextPromptWait() {
        JsonObject params = next("pty/wait");
        assertThat(params.getBoolean("prompt")).isTrue();
        return params.containsKey("since") ? params.getJsonNumber("since").longValue() : -1;
    }

    @Test
    void aRunLongerThanTheServersLongestWaitWaitsAgainForTheSamePrompt() throws Exception {
        String waitedTenMinutes = "{'matched':false," + SCREEN + ",'waitedMs':600000}";
        server.reply(AT_PROMPT).reply(written(40)).reply(waitedTenMinutes).reply(RUNNING).reply(RAN);

        Outcome outcome = RpcCommandRun.run(client, "make", System.nanoTime() + Duration.ofMinutes(25).toNanos());

        assertThat(outcome.ending()).isEqualTo(Ending.FINISHED);
        assertThat(nextTimeout("pty/wait")).as("each wait at most the server's 10 minutes").isEqualTo(600_000);
        next("pty/write");
        JsonObject first = next("pty/wait");
        assertThat(first.getJsonNumber("timeout").longValue()).isEqualTo(600_000);
        next("pty/status");
        JsonObject again = next("pty/wait");
        assertThat(again.getJsonNumber("since").longValue()).as("the same prompt, after the line").isEqualTo(40);
        assertThat(again.getJsonNumber("timeout").longValue()).isEqualTo(600_000);
    }

    private long nextTimeout(String method) {
        return next(method).getJsonNumber("timeout").longValue();
    }

    @Test
    void aLineIsTypedAtThePromptAndTheRunEndsAtThePromptDrawnAfterIt() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(RAN);
        Outcome outcome = run("ls");
        assertThat(outcome.ending()).isEqualTo(Ending.FINISHED);
        assertThat(outcome.answer().getJsonObject("command").getInt("exitCode")).isEqualTo(3);
        assertThat(outcome.lastWriteSeq()).isEqualTo(40);
        assertThat(nextPromptWait()).as("any prompt will do before typing").isEqualTo(-1);
        assertThat(next("pty/write")).isEqualTo(json("{'action':[{'text':'ls'},{'key':'Enter'}]}"));
        assertThat(nextPromptWait()).isEqualTo(40);
    }

    @Test
    void aLineOverSeveralRowsIsPastedSoTheShellTakesItAsOneEdit() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(RAN);
        assertThat(run("for i in 1 2\ndo echo $i; done").ending()).isEqualTo(Ending.FINISHED);
        nextPromptWait();
        assertThat(next("pty/write"))
                .isEqualTo(json("{'action':[{'paste':'for i in 1 2\\ndo echo $i; done'},{'key':'Enter'}]}"));
        nextPromptWait();
    }

    @Test
    void aLineWithATabIsPastedSoTheLineEditorDoesNotTakeItForCompletion() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(RAN);
        assertThat(run("echo a\tb").ending()).isEqualTo(Ending.FINISHED);
        nextPromptWait();
        assertThat(next("pty/write")).isEqualTo(json("{'action':[{'paste':'echo a\\tb'},{'key':'Enter'}]}"));
        nextPromptWait();
    }

    @Test
    void anIncompleteLineLeftAtTheContinuationPromptIsCancelledBeforeTyping() throws Exception {
        server.reply(AT_CONTINUATION).reply(written(10)).reply(AT_PROMPT).reply(written(40)).reply(RAN);
        assertThat(run("ls").ending()).isEqualTo(Ending.FINISHED);
        nextPromptWait();
        assertThat(next("pty/write")).isEqualTo(json(CTRL_C));
        assertThat(nextPromptWait()).isEqualTo(10);
        assertThat(next("pty/write")).isEqualTo(json("{'action':[{'text':'ls'},{'key':'Enter'}]}"));
        assertThat(nextPromptWait()).isEqualTo(40);
    }

    @Test
    void aLineTheShellTakesAsIncompleteIsCancelledAndReported() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(AT_CONTINUATION).reply(written(60)).reply(AT_PROMPT);
        Outcome outcome = run("echo 'x");
        assertThat(outcome.ending()).isEqualTo(Ending.INCOMPLETE);
        assertThat(outcome.cleared()).isTrue();
        assertThat(outcome.answer().getBoolean("continuation")).as("the wait that saw it").isTrue();
        assertThat(outcome.lastWriteSeq()).isEqualTo(60);
        nextPromptWait();
        next("pty/write");
        nextPromptWait();
        assertThat(next("pty/write")).isEqualTo(json(CTRL_C));
        assertThat(nextPromptWait()).isEqualTo(60);
    }

    @Test
    void aBlankLineIsToldApartAndLeavesNothingToClear() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(AT_PROMPT);
        Outcome outcome = run("  ");
        assertThat(outcome.ending()).isEqualTo(Ending.BLANK_LINE);
        assertThat(outcome.cleared()).isTrue();
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
    }

    @Test
    void aLineTheShellRefusedIsClearedWithCtrlC() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(AT_PROMPT).reply(written(60)).reply(AT_PROMPT);
        Outcome outcome = run("if ;");
        assertThat(outcome.ending()).isEqualTo(Ending.RAN_NOTHING);
        assertThat(outcome.cleared()).isTrue();
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
        assertThat(next("pty/write")).isEqualTo(json(CTRL_C));
        assertThat(nextPromptWait()).isEqualTo(60);
    }

    @Test
    void aCtrlCThatBringsNoPromptBackIsSentAgainWhileTheShellRunsAndAPromptAfterTheFirstCounts() throws Exception {
        // fish loses a Ctrl-C that comes right after the input before it. The fake answers the wait at once: a real
        // one that comes back unmatched before its timeout would mean the shell exited, but that is asked, not guessed.
        server.reply(AT_PROMPT).reply(written(40)).reply(AT_PROMPT)
                .reply(written(60)).reply(NO_PROMPT).reply(RUNNING)
                .reply(written(61)).reply(AT_PROMPT);
        Outcome outcome = run("echo 'x' )");
        assertThat(outcome.ending()).isEqualTo(Ending.RAN_NOTHING);
        assertThat(outcome.cleared()).isTrue();
        assertThat(outcome.lastWriteSeq()).isEqualTo(61);
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
        assertThat(next("pty/write")).isEqualTo(json(CTRL_C));
        assertThat(nextPromptWait()).isEqualTo(60);
        next("pty/status");
        assertThat(next("pty/write")).isEqualTo(json(CTRL_C));
        assertThat(nextPromptWait()).as("the prompt after the first Ctrl-C, however slow").isEqualTo(60);
    }

    @Test
    void aShellThatExitsWhileItsLineIsClearedGetsNoMoreCtrlC() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(AT_PROMPT)
                .reply(written(60)).reply(NO_PROMPT).reply("{'running':false,'exitCode':0,'pid':7}");
        Outcome outcome = run("if ;");
        assertThat(outcome.ending()).isEqualTo(Ending.RAN_NOTHING);
        assertThat(outcome.cleared()).isFalse();
        for (int i = 0; i < 6; i++) {
            server.takeRequest();
        }
    }

    @Test
    void aShellACommandHoldsIsNotWaitedForAndGetsNothingTyped() throws Exception {
        server.reply("{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                + "'waitedMs':0,'busy':{'commandLine':'make test','program':'cc1','fullScreen':false}}");
        Outcome outcome = run("ls");
        assertThat(outcome.ending()).isEqualTo(Ending.BUSY);
        assertThat(outcome.lastWriteSeq()).isEqualTo(-1);
        assertThat(RpcCommandRun.describeProgram(outcome.answer())).isEqualTo("`make test` (now: cc1)");
        assertThat(RpcCommandRun.programIsFullScreen(outcome.answer())).isFalse();
        assertThat(next("pty/wait").getString("ifBusy")).as("the server answers at once for a busy shell")
                .isEqualTo("return");
    }

    @Test
    void toldToWaitForABusyShellTheRunAsksForNoEarlyAnswer() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(RAN);
        Outcome outcome = RpcCommandRun.run(client, "ls", System.nanoTime() + Duration.ofSeconds(30).toNanos(), true);
        assertThat(outcome.ending()).isEqualTo(Ending.FINISHED);
        assertThat(next("pty/wait").containsKey("ifBusy")).isFalse();
        server.takeRequest();
        server.takeRequest();
    }

    @Test
    void aQueuedRunWaitsWithoutTheInputNoticeOnAServerThatTakesItOnlyAfterTyping() throws Exception {
        // A `ptyctl server` started before this client answers ifWaitingForInput without since as invalid params.
        server.replyError(-32602, "ifWaitingForInput needs prompt and since").reply(AT_PROMPT).reply(written(40))
                .reply(RAN);
        Outcome outcome = RpcCommandRun.run(client, "ls", System.nanoTime() + Duration.ofSeconds(30).toNanos(), true);
        assertThat(outcome.ending()).isEqualTo(Ending.FINISHED);
        assertThat(next("pty/wait").getString("ifWaitingForInput")).isEqualTo("return");
        JsonObject retry = next("pty/wait");
        assertThat(retry.containsKey("ifWaitingForInput")).isFalse();
        assertThat(retry.containsKey("since")).isFalse();
        assertThat(next("pty/write")).isEqualTo(json("{'action':[{'text':'ls'},{'key':'Enter'}]}"));
        assertThat(nextPromptWait()).isEqualTo(40);
    }

    @Test
    void aShellNotAtItsPromptInTimeGetsNothingTyped() throws Exception {
        server.reply(NO_PROMPT);
        Outcome outcome = run("ls");
        assertThat(outcome.ending()).isEqualTo(Ending.NOT_READY);
        assertThat(outcome.lastWriteSeq()).isEqualTo(-1);
        nextPromptWait();
    }

    @Test
    void aCommandWhosePromptDoesNotComeBackIsNotFinished() throws Exception {
        server.reply(AT_PROMPT).reply(written(40)).reply(NO_PROMPT);
        Outcome outcome = run("sleep 60");
        assertThat(outcome.ending()).isEqualTo(Ending.NOT_FINISHED);
        assertThat(outcome.answer().getBoolean("matched")).isFalse();
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
    }
}
