package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRpcServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ptyctl run} against a scripted JSON-RPC endpoint: how the run's outcome becomes output and an exit code.
 * The typing and waiting is the SDK's {@code RpcCommandRun} (its own tests); {@code RunE2eTest} runs real shells.
 */
class RunCommandTest {
    private static final String SCREEN = "'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24}";
    private static final String AT_PROMPT = "{'matched':true," + SCREEN + ",'waitedMs':1}";
    /** A busy refusal whose shell did not report the command line, only the program. */
    private static final String BUSY_WITH_LESS = "{'matched':false," + SCREEN + ",'waitedMs':0,"
            + "'busy':{'program':'less','fullScreen':false}}";

    private FakeRpcServer server;
    private String port;

    @BeforeEach
    void start() throws IOException {
        server = FakeRpcServer.startTcp();
        port = Integer.toString(server.port());
    }

    @AfterEach
    void stop() throws IOException {
        server.assertExhausted();
        server.close();
    }

    private void takeRequests(int count) {
        for (int i = 0; i < count; i++) {
            server.takeRequest();
        }
    }

    @Test
    void theCommandsOutputIsPrintedAndItsExitCodeIsTheRuns() {
        server.reply(AT_PROMPT).reply("{'written':3,'outputSeq':40}").reply("{'matched':true," + SCREEN
                + ",'waitedMs':5,'command':{'output':'a\\nb\\n','truncated':false,'exitCode':4}}");
        Cli.Result result = Cli.run("run", "--port", port, "--", "ls a b");
        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.out()).isEqualTo("a\nb\n");
        assertThat(result.err()).isEmpty();
        takeRequests(3);
    }

    @Test
    void aTerminalWithoutShellIntegrationIsNamedWithWhatToDoWithThisCli() {
        server.replyError(-32602, "prompt: this terminal has no shell integration (it is turned off), so its prompts "
                + "cannot be seen; wait for a match or idleMs instead");
        Cli.Result result = Cli.run("run", "--port", port, "--", "ls");
        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.err()).isEqualTo("ptyctl: run needs a shell with ptyctl's integration (terminals of "
                + "'ptyctl server' have it; 'ptyctl serve' with --shell-integration), and here this terminal has no "
                + "shell integration (it is turned off), so its prompts cannot be seen; type with 'ptyctl write' and "
                + "wait with 'ptyctl wait --match TEXT' (or --idle MS) instead" + System.lineSeparator());
        takeRequests(1);
    }

    @Test
    void aRefusedLineWhoseCtrlCWasLostIsClearedByAnotherWhileTheShellRuns() {
        // The wait after the first Ctrl-C comes back unmatched at once here; the shell still runs, so it was not an
        // exit (which ptyctl run used to guess from a wait that ended early) and another Ctrl-C brings the prompt.
        server.reply(AT_PROMPT).reply("{'written':4,'outputSeq':40}").reply(AT_PROMPT)
                .reply("{'written':1,'outputSeq':60}").reply("{'matched':false," + SCREEN + ",'waitedMs':0}")
                .reply("{'running':true,'exitCode':null,'pid':7}")
                .reply("{'written':1,'outputSeq':61}").reply(AT_PROMPT);
        Cli.Result result = Cli.run("run", "--port", port, "--", "if ;");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("ptyctl: the shell did not run \"if ;\" (a syntax error?); its screen "
                + "shows why\n");
        takeRequests(8);
    }

    @Test
    void aBusyShellIsRefusedAtOnceWithExit75NamingTheCommandAndTyping() {
        server.reply("{'matched':false," + SCREEN + ",'waitedMs':0,'busy':{'commandLine':'vim notes.txt',"
                + "'program':'vim','fullScreen':true}}");
        Cli.Result result = Cli.run("run", "--port", port, "--", "ls");
        assertThat(result.exitCode()).isEqualTo(75);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("ptyctl: nothing was typed: the shell is busy running `vim notes.txt` (a "
                + "full-screen program: 'ptyctl read' shows it), and the command would have gone to it. End it first "
                + "('ptyctl write --key Escape --text :q --key Enter' (:q! instead of :q discards unsaved changes), "
                + "or 'ptyctl write --key Ctrl+C') or wait until it finishes ('ptyctl wait --prompt --timeout MS'), "
                + "then run again; 'ptyctl run --queue' waits for it by itself\n");
        assertThat(server.takeRequest().getJsonObject("params").getString("ifBusy")).isEqualTo("return");
    }

    @Test
    void withJsonABusyRefusalPrintsTheServersAnswerWithWhatHoldsTheShell() {
        server.reply(BUSY_WITH_LESS);
        Cli.Result result = Cli.run("run", "--json", "--port", port, "--", "ls");
        assertThat(result.exitCode()).isEqualTo(75);
        assertThat(result.out()).contains("\"busy\":{\"program\":\"less\",\"fullScreen\":false}");
        assertThat(result.err()).startsWith("ptyctl: nothing was typed: the shell is busy running less");
        takeRequests(1);
    }

    @Test
    void theProgramHoldingTheShellIsNamedWhenTheShellDidNotReportTheLine() {
        server.reply(BUSY_WITH_LESS);
        Cli.Result result = Cli.run("run", "--port", port, "--", "ls");
        assertThat(result.exitCode()).isEqualTo(75);
        assertThat(result.err()).startsWith("ptyctl: nothing was typed: the shell is busy running less, and the "
                + "command would have gone to it. End it first ('ptyctl write --text q', or 'ptyctl write --key "
                + "Ctrl+C')");
        takeRequests(1);
    }

    @Test
    void withQueueTheFirstPromptWaitWaitsForABusyShell() {
        server.reply(AT_PROMPT).reply("{'written':3,'outputSeq':40}").reply("{'matched':true," + SCREEN
                + ",'waitedMs':5,'command':{'output':'','truncated':false,'exitCode':0}}");
        Cli.Result result = Cli.run("run", "--queue", "--port", port, "--", "true");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(server.takeRequest().getJsonObject("params").containsKey("ifBusy")).isFalse();
        takeRequests(2);
    }
}
