package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.TextPattern;
import dev.ptyctl.client.WaitMatch;
import dev.ptyctl.client.testing.FakeRpcServer;
import jakarta.json.JsonObject;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link TerminalDriver} against a scripted JSON-RPC endpoint: what it sends, and how it reports failures. */
class TerminalDriverTest {
    private static final String SCREEN = "'screen':'$ make test\\nRunning 12 tests\\n$\\n','cursor':{'row':3,'col':3},"
            + "'size':{'cols':80,'rows':24}";

    private FakeRpcServer server;
    private TerminalDriver terminal;

    @BeforeEach
    void start() throws Exception {
        server = FakeRpcServer.startTcp();
        terminal = TerminalDriver.connect(server.address());
    }

    @AfterEach
    void stop() throws Exception {
        terminal.close();
        server.assertExhausted();
        server.close();
    }

    @Test
    void typeAndPressWriteInOrderAndWaitForAsksTheServerToWait() {
        server.reply("{'written':9,'outputSeq':100}").reply("{'written':1,'outputSeq':109}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':12}");
        terminal.type("make test").press(Key.ENTER).waitFor("Running", Duration.ofSeconds(30));
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"action\":{\"text\":\"make test\"}}");
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"action\":{\"key\":\"Enter\"}}");
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"match\":\"Running\",\"timeout\":30000}");
    }

    @Test
    void aClickNeedsTheScreenFollowedAndSaysSo() {
        assertThatThrownBy(() -> terminal.click(1, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("click(row, col) needs a terminal of ptyctl server with its screen followed");
    }

    @Test
    void aKeyPressedSeveralTimesGoesInOneWrite() {
        server.reply("{'written':9,'outputSeq':100}");
        terminal.press(Key.ARROW_DOWN, 3);
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"action\":[{\"key\":\"ArrowDown\"},{\"key\":\"ArrowDown\"},{\"key\":\"ArrowDown\"}]}");
        assertThatThrownBy(() -> terminal.press(Key.ENTER, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("press presses a key at least once, got 0 times");
    }

    @Test
    void aWaitThatTimesOutFailsWithTheScreenNumberedAndTheCursorMarked() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':30000}")
                .reply("{'running':true,'exitCode':null,'pid':42}")
                .reply("{'matched':false," + SCREEN + ",'waitedMs':0}"); // nor in the scrollback
        assertThatThrownBy(() -> terminal.waitFor("PASSED", Duration.ofSeconds(30)))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessage("""
                        expected the screen to contain "PASSED" within 30 s
                        screen 80x24, cursor at row 3, column 3:
                         1 |$ make test
                         2 |Running 12 tests
                         3 |$
                           |  ^""");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"match\":\"PASSED\",\"timeout\":0,\"scrollback\":true}");
    }

    @Test
    void aWaitEndedByTheProgramsExitSaysSoRatherThanReadingAsATimeout() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':600}")
                .reply("{'running':false,'exitCode':3,'pid':42}")
                .reply("{'matched':false," + SCREEN + ",'waitedMs':5}")
                .reply("{'running':false,'exitCode':137,'pid':42,'signal':'SIGKILL'}");
        assertThatThrownBy(() -> terminal.waitFor("never", Duration.ofSeconds(2)))
                .hasMessageStartingWith("expected the screen to contain \"never\" within 2 s; the program exited with 3"
                        + " first\nscreen 80x24");
        assertThatThrownBy(() -> terminal.waitForPrompt(Duration.ofSeconds(2)))
                .hasMessageStartingWith("expected the shell's prompt within 2 s; the program was killed by SIGKILL"
                        + " first\n");
        for (int i = 0; i < 4; i++) {
            server.takeRequest();
        }
    }

    @Test
    void aTextWaitThatHeldSaysInItsStepWhereItFoundTheText() {
        // the question of a program run before may still be on the screen: the step tells which row satisfied the wait
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':3,'found':{'index':0,'text':'Running','groups':[],"
                + "'row':2,'col':1}}");
        terminal.waitFor("Running");
        assertThat(terminal.steps().text()).contains("waitFor(\"Running\"), found at row 2, column 1 (");
        server.takeRequest();
    }

    @Test
    void aPromptThatDoesNotComeBecauseTheCommandWaitsForInputSaysSo() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':2000}")
                .reply("{'running':true,'pid':42}")
                .reply("{'matched':false," + SCREEN + ",'waitedMs':0,'waitingForInput':{'commandLine':'bash deploy.sh',"
                        + "'program':'bash','inputHidden':false,'readsLines':true,'fullScreen':false}}");
        assertThatThrownBy(() -> terminal.waitForPrompt(Duration.ofSeconds(2)))
                .hasMessageStartingWith("expected the shell's prompt within 2 s; `bash deploy.sh` still runs: it waits"
                        + " for a line of input (it reads the terminal line by line); type a line ending with Enter with"
                        + " typeLine(...)")
                .hasMessageContaining(". Keys sent for it before it asked may have been lost: wait for its question"
                        + " with expectAfter(mark)");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").getString("ifWaitingForInput")).isEqualTo("return");
    }

    @Test
    void waitForAnySaysWhichTextCameAndTakesTextEndingInSpacesAsARowEnd() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':3,'found':{'index':1,'text':'$','groups':[],"
                + "'row':3,'col':1}}");
        WaitMatch found = terminal.waitForAny("FAILED", "$ ");
        assertThat(found.index()).isEqualTo(1);
        assertThat(found.start()).contains(new Cursor(3, 1));
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo(
                "{\"anyOf\":[\"FAILED\",{\"match\":\"\\\\Q$\\\\E(?: {1}|$)\",\"regex\":true}],\"timeout\":10000}");
    }

    @Test
    void aLiteralEndingInASpaceMayEndOnARowsBlankCellsInAWaitForAnyToo() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':3,'found':{'index':0,'text':'$','groups':[]}}");
        terminal.waitForAny(Duration.ofSeconds(1), TextPattern.literal("$ "), TextPattern.regex("x $"));
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"anyOf\":[{\"match\":"
                + "\"\\\\Q$\\\\E(?: {1}|$)\",\"regex\":true},{\"match\":\"x $\",\"regex\":true}],\"timeout\":1000}");
    }

    @Test
    void aWaitForAnyThatTheProgramsEndCutShortSaysHowFromTheAnswerAlone() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':40,'exited':{'exitCode':5}}");
        assertThatThrownBy(() -> terminal.waitForAny(Duration.ofSeconds(2), TextPattern.literal("Welcome"),
                TextPattern.regex("port (\\d+)")))
                .hasMessageStartingWith("expected the screen to contain any of \"Welcome\", /port (\\d+)/ within 2 s;"
                        + " the program exited with 5 first\nscreen 80x24");
        server.takeRequest();
    }

    @Test
    void aWaitThatFailsStillGivesItsScreenWhenTheProgramsStateCannotBeRead() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':2000}").closeWithoutReply();
        assertThatThrownBy(() -> terminal.waitFor("never", Duration.ofSeconds(2)))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the screen to contain \"never\" within 2 s\nscreen 80x24");
        server.takeRequest();
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/status");
    }

    @Test
    void waitForPromptAsksForAPromptDrawnAfterTheLastWrite() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':3,'outputSeq':250}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':1}");
        terminal.waitForPrompt().typeLine("ls").waitForPrompt(Duration.ofSeconds(3));
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"prompt\":true,\"timeout\":10000}");
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"prompt\":true,\"timeout\":3000,\"since\":250}");
    }

    @Test
    void aWaitForACommandsStartLongerThanTheServersLongestIsAskedAgainWhileTheProgramRuns() {
        server.reply("{'written':11,'outputSeq':70}")
                .reply("{'matched':false," + SCREEN + ",'waitedMs':600000}")
                .reply("{'running':true,'exitCode':null,'pid':42}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':20}");
        terminal.typeLine("make deploy").waitForCommandStart(Duration.ofMinutes(15));
        server.takeRequest();
        // the server refuses a timeout above 600000 ms as invalid params
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"started\":true,\"timeout\":600000,\"since\":70}");
        assertThat(server.takeRequest().getString("method")).as("still running?").isEqualTo("pty/status");
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"started\":true,\"timeout\":600000,\"since\":70}");
    }

    @Test
    void runTypesTheLineAndReturnsTheCommandsOutputAndExitCode() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':8,'outputSeq':40}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':5,"
                        + "'command':{'output':'a\\nb\\n','truncated':false,'exitCode':2}}");
        CommandResult result = terminal.run("ls a b c");
        assertThat(result).isEqualTo(new CommandResult("a\nb\n", 2, false));
        assertThat(result.succeeded()).isFalse();
        server.takeRequest();
        JsonObject write = server.takeRequest().getJsonObject("params");
        assertThat(write.toString()).isEqualTo("{\"action\":[{\"text\":\"ls a b c\"},{\"key\":\"Enter\"}]}");
        assertThat(server.takeRequest().getJsonObject("params").getInt("since")).isEqualTo(40);
    }

    @Test
    void aLineTheShellDidNotRunFailsAndIsClearedWithCtrlC() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':5,'outputSeq':40}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':5}")
                .reply("{'written':1,'outputSeq':60}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':3}");
        assertThatThrownBy(() -> terminal.run("if ;"))
                .isInstanceOf(TerminalAssertionError.class).hasMessageStartingWith("the shell did not run \"if ;\"");
        server.takeRequest();
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"action\":{\"key\":\"Ctrl+C\"}}");
        assertThat(server.takeRequest().getJsonObject("params").getInt("since")).as("the prompt after it").isEqualTo(60);
    }

    @Test
    void aCtrlCThatBringsNoPromptBackIsSentAgain() {
        // fish keeps a line it refused in its editor and can lose a Ctrl-C that comes right after the input.
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':5,'outputSeq':40}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':5}")
                .reply("{'written':1,'outputSeq':60}")
                .reply("{'matched':false," + SCREEN + ",'waitedMs':2000}")
                .reply("{'running':true,'exitCode':null,'pid':1234}")
                .reply("{'written':1,'outputSeq':61}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':4}");
        assertThatThrownBy(() -> terminal.run("echo 'x' )"))
                .isInstanceOf(TerminalAssertionError.class).hasMessageStartingWith("the shell did not run");
        for (int i = 0; i < 6; i++) {
            server.takeRequest();
        }
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"action\":{\"key\":\"Ctrl+C\"}}");
        assertThat(server.takeRequest().getJsonObject("params").getInt("since"))
                .as("a prompt drawn after the first Ctrl-C counts, however slow, as for ptyctl run").isEqualTo(60);
    }

    @Test
    void anIncompleteLineLeftAtTheContinuationPromptIsCancelledBeforeTheRunTypes() {
        server.reply("{'matched':true,'continuation':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':1,'outputSeq':10}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':3,'outputSeq':40}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':5,"
                        + "'command':{'output':'a\\n','truncated':false,'exitCode':0}}");
        assertThat(terminal.run("ls").output()).isEqualTo("a\n");
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .as("not typed onto what was left").isEqualTo("{\"action\":{\"key\":\"Ctrl+C\"}}");
        assertThat(server.takeRequest().getJsonObject("params").getInt("since")).isEqualTo(10);
        assertThat(server.takeRequest().getJsonObject("params").toString())
                .isEqualTo("{\"action\":[{\"text\":\"ls\"},{\"key\":\"Enter\"}]}");
        server.takeRequest();
    }

    @Test
    void aLineTheShellTakesAsIncompleteFailsSayingSoAndIsCancelled() {
        server.reply("{'matched':true," + SCREEN + ",'waitedMs':1}")
                .reply("{'written':8,'outputSeq':40}")
                .reply("{'matched':true,'continuation':true," + SCREEN + ",'waitedMs':5}")
                .reply("{'written':1,'outputSeq':60}")
                .reply("{'matched':true," + SCREEN + ",'waitedMs':3}");
        assertThatThrownBy(() -> terminal.run("echo 'x"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("the shell did not run \"echo 'x\": it waits for more of the line (an unclosed "
                        + "quote or bracket?); cleared it with Ctrl-C");
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
        assertThat(server.takeRequest().getJsonObject("params").toString()).isEqualTo("{\"action\":{\"key\":\"Ctrl+C\"}}");
        assertThat(server.takeRequest().getJsonObject("params").getInt("since")).isEqualTo(60);
    }

    @Test
    void screenAssertionsChainAndNameTheRowThatDiffers() {
        server.reply("{" + SCREEN + "}").reply("{" + SCREEN + "}");
        terminal.assertScreen().contains("12 tests").doesNotContain("FAILED").row(1, "$ make test")
                .rowContains(2, "Running").hasCursorAt(3, 3).hasSize(80, 24).containsPattern("^\\$$");
        assertThatThrownBy(() -> terminal.assertScreen().row(2, "Running 13 tests"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected row 2 to be \"Running 13 tests\" but it is \"Running 12 tests\"\n"
                        + "screen 80x24");
        server.takeRequest();
        server.takeRequest();
    }

    @Test
    void aRefusedRequestIsAnUncheckedIoExceptionWithTheServersMessage() {
        server.replyError(-32602, "unknown key \"Hyper+Q\"");
        assertThatThrownBy(() -> terminal.press("Hyper+Q")).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("unknown key \"Hyper+Q\"");
        server.takeRequest();
    }
}
