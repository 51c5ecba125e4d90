package dev.ptyctl.cli;

import static dev.ptyctl.client.testing.FakeRpcServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRpcServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClientCommandsTest {
    private static final String SCREEN =
            "{'screen':'$ ls\\nfile  ünï\\n','cursor':{'row':2,'col':10},'size':{'cols':100,'rows':30}}";
    private static final String MATCHED =
            "{'matched':true,'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':100,'rows':30},'waitedMs':12}";
    private static final String NOT_MATCHED =
            "{'matched':false,'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':100,'rows':30},'waitedMs':500}";

    private FakeRpcServer server;
    private String port;

    @BeforeEach
    void start() throws IOException {
        server = FakeRpcServer.startTcp();
        port = Integer.toString(server.port());
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    @Test
    void readPrintsTheScreenTextExactly() {
        server.reply(SCREEN);

        Cli.Result result = Cli.run("read", "--port", port);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("$ ls\nfile  ünï\n");
        assertThat(result.err()).isEmpty();
        assertThat(server.takeRequest()).isEqualTo(json("{'jsonrpc':'2.0','method':'pty/read','params':{},'id':1}"));
        server.assertExhausted();
    }

    @Test
    void readOfABlankScreenPrintsNothing() {
        server.reply("{'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24}}");

        Cli.Result result = Cli.run("read", "--port", port);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void readRowOptionsBecomeTheSelectionParams() {
        server.reply(SCREEN).reply(SCREEN).reply(SCREEN);

        assertThat(Cli.run("read", "--port", port, "--top", "3").exitCode()).isZero();
        assertThat(Cli.run("read", "--port", port, "--bottom", "5").exitCode()).isZero();
        assertThat(Cli.run("read", "--port", port, "--start", "2", "--end", "6").exitCode()).isZero();

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'top':3}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'bottom':5}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'start':2,'end':6}"));
        server.assertExhausted();
    }

    @Test
    void readStartOrEndAloneReadsToTheLastRowOrFromTheFirst() {
        server.reply(SCREEN).reply(SCREEN);

        assertThat(Cli.run("read", "--port", port, "--start", "5").exitCode()).isZero();
        assertThat(Cli.run("read", "--port", port, "--end", "3").exitCode()).isZero();

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'start':5,'end':1000}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'start':1,'end':3}"));
        server.assertExhausted();
    }

    @Test
    void readScrollbackAsksForTheScrollbackAndPrintsIt() {
        server.reply("{'screen':'1\\n2\\n$ \\n','cursor':{'row':1,'col':3},'size':{'cols':100,'rows':1},"
                + "'scrollback':2}").reply("{'screen':'2\\n$ \\n','cursor':{'row':1,'col':3},"
                + "'size':{'cols':100,'rows':1},'scrollback':2}");

        Cli.Result all = Cli.run("read", "--port", port, "--scrollback");
        Cli.Result last = Cli.run("read", "--scrollback", "--bottom", "2", "--port", port);

        assertThat(all.exitCode()).isZero();
        assertThat(all.out()).isEqualTo("1\n2\n$ \n");
        assertThat(last.out()).isEqualTo("2\n$ \n");
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'scrollback':true}"));
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'bottom':2,'scrollback':true}"));
        server.assertExhausted();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"scrollback", "joined"})
    void readScrollbackOrJoinedFromAServerThatIgnoresTheParameterFailsInsteadOfPrintingTheRows(String parameter) {
        server.reply(SCREEN).reply(SCREEN);

        Cli.Result text = Cli.run("read", "--port", port, "--" + parameter);
        Cli.Result json = Cli.run("read", "--port", port, "--" + parameter, "--json");

        for (Cli.Result result : List.of(text, json)) {
            assertThat(result.exitCode()).isEqualTo(4);
            assertThat(result.out()).isEmpty();
            assertThat(result.err()).contains("does not support pty/read's " + parameter + " parameter")
                    .contains("upgrade").doesNotContain("Exception");
        }
    }

    @Test
    void readJoinedAsksForTheLinesAsWrittenAndPrintsThem() {
        String joined = "{'screen':'a line longer than the screen is wide\\n$ \\n','cursor':{'row':3,'col':3},"
                + "'size':{'cols':20,'rows':5},'joined':true}";
        server.reply(joined).reply(joined.replace("'joined'", "'scrollback':0,'joined'"));

        Cli.Result all = Cli.run("read", "--port", port, "--joined");
        Cli.Result last = Cli.run("read", "--joined", "--scrollback", "--bottom", "1", "--port", port);

        assertThat(all.exitCode()).isZero();
        assertThat(all.out()).isEqualTo("a line longer than the screen is wide\n$ \n");
        assertThat(last.exitCode()).isZero();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'joined':true}"));
        assertThat(server.takeRequest().getJsonObject("params"))
                .isEqualTo(json("{'bottom':1,'scrollback':true,'joined':true}"));
        server.assertExhausted();
    }

    @Test
    void textThatStartsWithAnAtIsTypedAsItIsEvenWhenAFileHasThatName(@TempDir Path dir) throws IOException {
        // picocli read @NAME as "the arguments in file NAME" wherever a file of that name was
        Path notes = Files.writeString(dir.resolve("notes"), "secret\n");
        server.reply("{'written':1,'outputSeq':3}");

        Cli.Result result = Cli.run("write", "--port", port, "--json", "--text", "@" + notes);

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(server.takeRequest().getJsonObject("params").getJsonObject("action").getString("text"))
                .isEqualTo("@" + notes);
        server.assertExhausted();
    }

    @Test
    void readRowOptionsThatConflictAreUsageErrors() {
        assertThat(Cli.run("read", "--port", port, "--top", "3", "--bottom", "2").exitCode()).isEqualTo(2);
        assertThat(Cli.run("read", "--port", port, "--top", "1", "--start", "2", "--end", "3").exitCode()).isEqualTo(2);
        assertThat(Cli.run("read", "--port", port, "--bottom", "1", "--start", "2").exitCode()).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void readWithJsonPrintsTheResultObject() {
        server.reply(SCREEN);

        Cli.Result result = Cli.run("read", "--port", port, "--json");

        assertThat(result.exitCode()).isZero();
        assertThat(json(result.out())).isEqualTo(json(SCREEN));
        assertThat(result.out().lines()).hasSize(1);
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void readRowValuesBelowOneOrAReversedRangeAreUsageErrorsOnBothPaths() {
        Map<List<String>, String> refused = Map.of(
                List.of("--top", "0"), "--top must be at least 1 (rows count from 1), got 0",
                List.of("--top", "-1"), "--top must be at least 1 (rows count from 1), got -1",
                List.of("--bottom", "-3"), "--bottom must be at least 1 (rows count from 1), got -3; lines above the "
                        + "screen (tmux's capture-pane -S -N) are read with --scrollback: 'ptyctl read --scrollback "
                        + "--bottom N' is the last N lines, the scrollback's included",
                List.of("--start", "-50"), "--start must be at least 1 (rows count from 1), got -50; lines above the "
                        + "screen (tmux's capture-pane -S -N) are read with --scrollback",
                List.of("--start", "0", "--end", "2"), "--start must be at least 1 (rows count from 1), got 0",
                List.of("--start", "5", "--end", "2"), "--start must not be after --end, got --start 5 --end 2");
        refused.forEach((rows, message) -> {
            List<String> args = new ArrayList<>(List.of("read", "--port", port));
            args.addAll(rows);

            Cli.Result result = Cli.runThroughEntryPoint(args.toArray(String[]::new));

            assertThat(result.exitCode()).as("%s", args).isEqualTo(2);
            assertThat(result.err()).as("%s", args).startsWith("ptyctl: " + message)
                    .contains("Try 'ptyctl read --help'");
            assertThat(result.out()).isEmpty();
        });
        server.assertExhausted();
    }

    @Test
    void writeSendsTextAndKeysInCommandLineOrderAndPrintsNothing() {
        server.reply("{'written':7,'outputSeq':40}");

        Cli.Result result = Cli.run("write", "--port", port, "--key", "Escape", "--text", "ls", "--key", "Enter",
                "--text", "x");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(
                json("{'action':[{'key':'Escape'},{'text':'ls'},{'key':'Enter'},{'text':'x'}]}"));
        server.assertExhausted();
    }

    /**
     * Words, as tmux's send-keys takes them: one that names a key (ours or tmux's) is that key, any other is typed, so
     * a script written for {@code tmux send-keys -t work 'make test' Enter} works as {@code ptyctl write}.
     */
    @Test
    void writeTakesWordsAsTmuxSendKeysDoes() {
        server.reply("{'written':12,'outputSeq':40}");

        Cli.Result result = Cli.run("write", "--port", port, "make test", "Enter", "C-c", "q", "Escape", ":wq", "Up");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'action':[{'text':'make test'},"
                + "{'key':'Enter'},{'key':'Ctrl+c'},{'text':'q'},{'key':'Escape'},{'text':':wq'},{'key':'ArrowUp'}]}"));
        server.assertExhausted();
    }

    /** {@code -l}, tmux's {@code send-keys -l}: the words typed as they are, a key's name too. */
    @Test
    void writeLiteralTypesKeyNamesAsText() {
        server.reply("{'written':5,'outputSeq':40}");
        server.reply("{'written':5,'outputSeq':45}");

        for (String literal : List.of("-l", "--literal")) {
            Cli.Result result = Cli.run("write", "--port", port, literal, "Enter", "C-c");
            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(server.takeRequest().getJsonObject("params")).as(literal)
                    .isEqualTo(json("{'action':[{'text':'Enter'},{'text':'C-c'}]}"));
        }
        Cli.Result none = Cli.run("write", "--port", port, "-l", "--key", "Enter");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).startsWith("ptyctl: -l (--literal) types the words given as they are, and none");
        server.assertExhausted();
    }

    @Test
    void writeWithWordsAndOptionsTogetherOrNothingAtAllIsAUsageError() {
        Cli.Result both = Cli.run("write", "--port", port, "ls", "--key", "Enter");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).startsWith("ptyctl: give what to send either as words (ptyctl write 'ls -l' Enter) "
                + "or with --text, --key and --paste, not both");
        Cli.Result nothing = Cli.run("write", "--port", port);
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.err()).startsWith("ptyctl: nothing to send: give keys and text as words");
        server.assertExhausted();
    }

    @Test
    void writePasteSendsAPasteActionInItsPlace() {
        server.reply("{'written':20,'outputSeq':3}");

        Cli.Result result = Cli.run("write", "--port", port, "--paste", "echo a\necho b", "--key", "Enter");

        assertThat(result.exitCode()).isZero();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(
                json("{'action':[{'paste':'echo a\\necho b'},{'key':'Enter'}]}"));
        server.assertExhausted();
    }

    @Test
    void writeOfOneKeySendsASingleActionObject() {
        server.reply("{'written':1,'outputSeq':2}");

        assertThat(Cli.run("write", "--port", port, "--key", "Ctrl+C").exitCode()).isZero();

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'action':{'key':'Ctrl+C'}}"));
        server.assertExhausted();
    }

    @Test
    void writeWithJsonPrintsTheResult() {
        server.reply("{'written':3,'outputSeq':9}");

        Cli.Result result = Cli.run("write", "--port", port, "--json", "--text", "ls", "--key", "Enter");

        assertThat(json(result.out())).isEqualTo(json("{'written':3,'outputSeq':9}"));
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void writeTakesTmuxKeyNamesAndSendsOurs() {
        server.reply("{'written':4,'outputSeq':2}");

        assertThat(Cli.run("write", "--port", port, "--key", "C-c", "--key", "M-x", "--key", "S-Tab", "--key", "Up",
                "--key", "BSpace", "--key", "C-M-Left", "--key", "Enter").exitCode()).isZero();

        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'action':[{'key':'Ctrl+c'},"
                + "{'key':'Alt+x'},{'key':'Shift+Tab'},{'key':'ArrowUp'},{'key':'Backspace'},"
                + "{'key':'Ctrl+Alt+ArrowLeft'},{'key':'Enter'}]}"));
        server.assertExhausted();
    }

    @Test
    void anEmptyKeyNameIsAUsageErrorOnBothPaths() {
        for (String[] args : List.of(new String[] {"write", "--port", port, "--key", ""},
                new String[] {"write", "--port", port, "--text", "ls", "--key="})) {
            Cli.Result result = Cli.runThroughEntryPoint(args);

            assertThat(result.exitCode()).as("%s", List.of(args)).isEqualTo(2);
            assertThat(result.err()).as("%s", List.of(args))
                    .startsWith("ptyctl: --key needs a key name (Enter, Ctrl+C, ArrowUp, ...), got an empty one\n")
                    .contains("Try 'ptyctl write --help'").doesNotContain("Exception");
            assertThat(result.out()).isEmpty();
        }
        server.assertExhausted();
    }

    /**
     * A mistyped key is the script's mistake, found before anything is typed: exit 2 naming the key and the nearest
     * name (it went to the server, whose refusal exited 4 as if the server had failed, after the text before it was
     * not typed either).
     */
    @Test
    void anUnknownKeyNameIsAUsageErrorNamingTheNearestOnBothPaths() {
        for (String[] args : List.of(new String[] {"write", "--port", port, "--key", "Entr"},
                new String[] {"write", "--port", port, "--text", "ls", "--key=Entr"})) {
            Cli.Result result = Cli.runThroughEntryPoint(args);

            assertThat(result.exitCode()).as("%s", List.of(args)).isEqualTo(2);
            assertThat(result.err()).as("%s", List.of(args)).startsWith("ptyctl: --key Entr is not a key name (did "
                    + "you mean \"Enter\"?); see 'ptyctl write --help' for the names\n").doesNotContain("Exception");
            assertThat(result.out()).isEmpty();
        }
        Cli.Result tmuxForm = Cli.runThroughEntryPoint("write", "--port", port, "--key", "C-Entr");
        assertThat(tmuxForm.exitCode()).isEqualTo(2);
        assertThat(tmuxForm.err()).startsWith("ptyctl: --key C-Entr is not a key name (did you mean \"Ctrl+Enter\"?)");
        server.assertExhausted();
    }

    @Test
    void writeWithoutActionsIsAUsageError() {
        Cli.Result result = Cli.run("write", "--port", port);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--text").contains("--key");
        server.assertExhausted();
    }

    @Test
    void waitThatMatchesExitsZeroSilently() {
        server.reply(MATCHED);

        Cli.Result result = Cli.run("wait", "--port", port, "--match", "$ ", "--timeout", "5000");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEmpty();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'match':'$ ','timeout':5000}"));
        server.assertExhausted();
    }

    @Test
    void waitForThePromptAsksForAPromptWaitAndSaysWhenItDidNotCome() {
        server.reply(MATCHED).reply(NOT_MATCHED).reply("{'running':true,'exitCode':null,'pid':7}");

        Cli.Result back = Cli.run("wait", "--prompt", "--port", port, "--timeout", "5000");
        Cli.Result still = Cli.run("wait", "--prompt", "--port", port, "--timeout", "500");

        assertThat(back.exitCode()).isZero();
        assertThat(back.err()).isEmpty();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(json("{'prompt':true,'timeout':5000}"));
        assertThat(still.exitCode()).isEqualTo(1);
        assertThat(still.err()).isEqualTo("ptyctl: the shell did not come to its prompt within 500 ms"
                + System.lineSeparator());
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void waitForThePromptWithoutShellIntegrationSaysWhatToWaitForInstead() {
        server.replyError(-32602, "prompt: this terminal has no shell integration (it is turned off), so its prompts "
                + "cannot be seen; wait for a match or idleMs instead");

        Cli.Result result = Cli.run("wait", "--prompt", "--port", port);

        assertThat(result.exitCode()).isEqualTo(4);
        // one line: the server's reason without its advice in pty/wait's terms, which a second line contradicted
        assertThat(result.err()).isEqualTo("ptyctl: wait --prompt needs a shell with ptyctl's integration (terminals "
                + "of 'ptyctl server' have it; 'ptyctl serve' with --shell-integration), and here this terminal has no "
                + "shell integration (it is turned off), so its prompts cannot be seen; wait with 'ptyctl wait --match "
                + "TEXT' (or --idle MS) instead" + System.lineSeparator());
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void waitForThePromptTakesNoTextConditions() {
        Cli.Result result = Cli.run("wait", "--prompt", "--match", "$", "--port", port);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--prompt waits for the shell's prompt alone");
        server.assertExhausted();
    }

    @Test
    void waitThatTimesOutExitsOneAndSaysSoOnStderr() {
        server.reply(NOT_MATCHED);

        Cli.Result result = Cli.run("wait", "--port", port, "--match", "PASSED", "--timeout", "500");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("ptyctl: \"PASSED\" did not appear within 500 ms" + System.lineSeparator());
        server.takeRequest();
        server.assertExhausted();
    }

    /**
     * {@code printf 'a\tb'} is on the screen as "a       b" (as tmux's capture-pane shows it): a wait for the text as
     * the script wrote it cannot match, and the miss says why (it said only that the text did not appear).
     */
    @Test
    void aMissedMatchWithATabSaysRowsHaveNoTabs() {
        server.reply(NOT_MATCHED).reply(NOT_MATCHED);

        Cli.Result plain = Cli.run("wait", "--port", port, "--match", "a\tb", "--timeout", "500");
        Cli.Result regex = Cli.run("wait", "--port", port, "--match", "a\\tb", "--regex", "--timeout", "500");

        assertThat(plain.exitCode()).isEqualTo(1);
        assertThat(plain.err()).isEqualTo("ptyctl: \"a\tb\" did not appear within 500 ms (a tab is on the screen as "
                + "the spaces it moved over: rows hold no tab characters; use --regex with \\s+ where the tab is)"
                + System.lineSeparator());
        assertThat(regex.err()).isEqualTo("ptyctl: no match for /a\\tb/ within 500 ms (a tab is on the screen as the "
                + "spaces it moved over: rows hold no tab characters; match it with \\s+)" + System.lineSeparator());
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void aMissedMatchThatEndsInASpaceSaysRowsHaveNoTrailingSpaces() {
        server.reply(NOT_MATCHED).reply(NOT_MATCHED).reply(NOT_MATCHED);

        Cli.Result plain = Cli.run("wait", "--port", port, "--match", "$ ", "--timeout", "500");
        Cli.Result regex = Cli.run("wait", "--port", port, "--match", "^\\$ $", "--regex", "--timeout", "500");
        Cli.Result inside = Cli.run("wait", "--port", port, "--match", "$ ls", "--timeout", "500");

        assertThat(plain.exitCode()).isEqualTo(1);
        assertThat(plain.err()).isEqualTo("ptyctl: \"$ \" did not appear within 500 ms (rows are matched without "
                + "their trailing spaces: an empty prompt \"$ \" reads as \"$\"; wait for \"$\")"
                + System.lineSeparator());
        assertThat(regex.err()).isEqualTo("ptyctl: no match for /^\\$ $/ within 500 ms (rows are matched without "
                + "their trailing spaces: an empty prompt \"$ \" reads as \"$\"; end the pattern without the space)"
                + System.lineSeparator());
        assertThat(inside.err()).isEqualTo("ptyctl: \"$ ls\" did not appear within 500 ms" + System.lineSeparator());
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
        server.assertExhausted();
    }

    @Test
    void waitForSeveralTextsPrintsWhichMatchedAndWhatTheGroupCaptured() {
        server.reply("{'matched':true,'screen':'Sure (yes/no)?\\n','cursor':{'row':1,'col':16},"
                + "'size':{'cols':80,'rows':24},'waitedMs':3,'found':{'index':1,'text':'(yes/no)','groups':['yes']}}");

        Cli.Result result = Cli.run("wait", "--port", port, "--match", "Password:", "--match", "\\((yes)/no\\)",
                "--regex", "--group", "1");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("1" + System.lineSeparator() + "yes" + System.lineSeparator());
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(FakeRpcServer.json(
                "{'anyOf':['Password:','\\\\((yes)/no\\\\)'],'timeout':10000,'regex':true}"));
        server.assertExhausted();
    }

    @Test
    void waitSinceAnOffsetPrintsWhereTheNextGoesOnAfterTheIndexAndGroup() {
        server.reply("{'matched':true,'screen':'Welcome, port 2222\\n','cursor':{'row':2,'col':1},"
                + "'size':{'cols':80,'rows':24},'waitedMs':3,'found':{'index':1,'text':'Welcome, port 2222',"
                + "'groups':['2222']},'nextSince':80}")
                .reply("{'matched':true,'screen':'$ ','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':1,'found':{'index':0,'text':'$ ','groups':[]},'nextSince':92}");

        Cli.Result several = Cli.run("wait", "--port", port, "--since", "60", "--match", "Password: ", "--match",
                "Welcome, port (\\d+)", "--regex", "--group", "1");
        Cli.Result one = Cli.run("wait", "--port", port, "--since", "80", "--match", "$ ");

        assertThat(several.exitCode()).isZero();
        String nl = System.lineSeparator();
        assertThat(several.out()).isEqualTo("1" + nl + "2222" + nl + "80" + nl);
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(FakeRpcServer.json(
                "{'anyOf':['Password: ','Welcome, port (\\\\d+)'],'timeout':10000,'regex':true,'since':60}"));
        assertThat(one.out()).isEqualTo("92" + nl);
        server.takeRequest();
        server.assertExhausted();
    }

    /**
     * A loop of short waits from one --since over a long stream: the miss names where the next goes on, and
     * --continue-at sends it (the same since alone is refused once the server's output log has moved past it).
     */
    @Test
    void aMissedSinceWaitNamesItsContinueAtAndTheNextWaitSendsIt() {
        server.reply("{'matched':false,'screen':'$\\n','cursor':{'row':1,'col':2},'size':{'cols':80,'rows':24},"
                + "'waitedMs':500,'nextSince':24,'continueAt':4096}")
                .reply("{'matched':true,'screen':'DONE\\n','cursor':{'row':1,'col':4},'size':{'cols':80,'rows':24},"
                        + "'waitedMs':3,'found':{'index':0,'text':'DONE','groups':[]},'nextSince':4100}");

        Cli.Result missed = Cli.run("wait", "--port", port, "--since", "24", "--match", "DONE", "--timeout", "500");
        Cli.Result goesOn = Cli.run("wait", "--port", port, "--since", "24", "--continue-at", "4096", "--match",
                "DONE", "--timeout", "500");

        assertThat(missed.exitCode()).isEqualTo(1);
        assertThat(missed.err()).isEqualTo("ptyctl: \"DONE\" did not appear in the output after offset 24 within 500 "
                + "ms (to go on where it left off: --since 24 --continue-at 4096)" + System.lineSeparator());
        assertThat(goesOn.exitCode()).isZero();
        assertThat(goesOn.out()).isEqualTo("4100" + System.lineSeparator());
        server.takeRequest();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(FakeRpcServer.json(
                "{'match':'DONE','timeout':500,'since':24,'continueAt':4096}"));
        server.assertExhausted();
        assertThat(Cli.run("wait", "--port", port, "--continue-at", "3", "--match", "x").err())
                .contains("--continue-at needs --since");
        assertThat(Cli.run("wait", "--port", port, "--since", "9", "--continue-at", "3", "--match", "x").err())
                .contains("--continue-at 3 is before --since 9");
        assertThat(Cli.run("wait", "--port", port, "--prompt", "--continue-at", "3").exitCode()).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void sinceWithoutATextOrWithScrollbackIsAUsageError() {
        assertThat(Cli.run("wait", "--port", port, "--since", "3").err()).contains("--since needs --match");
        assertThat(Cli.run("wait", "--port", port, "--since", "3", "--match", "x", "--scrollback").err())
                .contains("--since and --scrollback are exclusive");
        assertThat(Cli.run("wait", "--port", port, "--since", "-1", "--match", "x").exitCode()).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void aPatternThatDoesNotCompileIsAUsageErrorNamingIt() {
        Cli.Result bad = Cli.run("wait", "--port", port, "--regex", "--match", "Password:", "--match", "port (\\d+");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--match 'port (\\d+' is not a valid regular expression: Unclosed group");
        server.assertExhausted();
    }

    /** An empty text is on every screen: the wait matched at once (exit 0), and a script went on too early. */
    @Test
    void anEmptyMatchIsAUsageErrorOnBothPaths() {
        for (String[] args : List.of(new String[] {"wait", "--port", port, "--match", ""},
                new String[] {"wait", "--port", port, "--regex", "--match", "x", "--match="})) {
            Cli.Result result = Cli.runThroughEntryPoint(args);

            assertThat(result.exitCode()).as("%s", List.of(args)).isEqualTo(2);
            assertThat(result.err()).as("%s", List.of(args)).startsWith("ptyctl: --match '' is on every screen, so "
                    + "the wait would end at once: give the text to wait for (or --idle MS for quiet output, --prompt "
                    + "for the shell's prompt)\n");
        }
        server.assertExhausted();
    }

    @Test
    void aGroupThePatternsDoNotHaveIsAUsageError() {
        Cli.Result plain = Cli.run("wait", "--port", port, "--match", "Password:", "--group", "1");
        Cli.Result regex = Cli.run("wait", "--port", port, "--match", "a(b)", "--match", "c", "--regex", "--group", "2");

        assertThat(plain.exitCode()).isEqualTo(2);
        assertThat(plain.err()).contains("--group 1: plain text has only group 0 (add --regex)");
        assertThat(regex.err()).contains("--group 2: no --match has that many groups");
        server.assertExhausted();
    }

    @Test
    void waitForSeveralTextsThatTheProgramsEndCutShortExitsFiveSayingHowItEnded() {
        server.reply("{'matched':false,'screen':'Permission denied\\n','cursor':{'row':2,'col':1},"
                + "'size':{'cols':80,'rows':24},'waitedMs':40,'exited':{'exitCode':5}}").reply(NOT_MATCHED);

        Cli.Result ended = Cli.run("wait", "--port", port, "--match", "Welcome", "--match", "$", "--timeout", "500");
        Cli.Result timedOut = Cli.run("wait", "--port", port, "--match", "Welcome", "--match", "$", "--timeout", "500");

        assertThat(ended.exitCode()).isEqualTo(5);
        assertThat(ended.out()).isEmpty();
        assertThat(ended.err()).isEqualTo("ptyctl: the program exited with 5; none of \"Welcome\", \"$\" is on its "
                + "final screen" + System.lineSeparator());
        assertThat(timedOut.exitCode()).isEqualTo(1);
        assertThat(timedOut.err()).isEqualTo("ptyctl: none of \"Welcome\", \"$\" appeared within 500 ms"
                + System.lineSeparator());
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void aMissedWaitWithSinceSaysItLookedInTheOutputAfterTheOffsetNotOnTheScreen() {
        server.reply("{'matched':false,'screen':'$\\n','cursor':{'row':1,'col':2},'size':{'cols':80,'rows':24},"
                + "'waitedMs':40,'exited':{'exitCode':3},'nextSince':24}")
                .reply("{'matched':false,'screen':'$\\n','cursor':{'row':1,'col':2},'size':{'cols':80,'rows':24},"
                + "'waitedMs':500,'nextSince':24}");

        Cli.Result ended = Cli.run("wait", "--port", port, "--since", "24", "--match", "never", "--timeout", "500");
        Cli.Result timedOut = Cli.run("wait", "--port", port, "--since", "24", "--match", "$ ", "--timeout", "500");

        assertThat(ended.exitCode()).isEqualTo(5);
        assertThat(ended.err()).isEqualTo("ptyctl: the program exited with 3; \"never\" is not in its output after "
                + "offset 24" + System.lineSeparator());
        assertThat(timedOut.exitCode()).isEqualTo(1);
        assertThat(timedOut.err()).as("the output keeps trailing spaces: no note about rows")
                .isEqualTo("ptyctl: \"$ \" did not appear in the output after offset 24 within 500 ms"
                        + System.lineSeparator());
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void waitThatEndsEarlyUnmatchedSaysTheProgramHasExited() {
        String exited = "{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':80,'rows':24},"
                + "'waitedMs':0}";
        server.reply(exited).reply(exited).reply(exited);

        Cli.Result withMatch = Cli.run("wait", "--port", port, "--match", "PASSED", "--timeout", "5000");
        Cli.Result withRegex = Cli.run("wait", "--port", port, "--match", "P.*D", "--regex", "--json");
        Cli.Result bare = Cli.run("wait", "--port", port);

        assertThat(withMatch.exitCode()).as("a server without exited did not say: 1, as before").isEqualTo(1);
        assertThat(withMatch.err()).isEqualTo("ptyctl: the program has exited; \"PASSED\" is not on its final screen"
                + System.lineSeparator());
        assertThat(withRegex.err()).isEqualTo("ptyctl: the program has exited; no match for /P.*D/ on its final screen"
                + System.lineSeparator());
        assertThat(bare.exitCode()).isEqualTo(1);
        assertThat(bare.err()).isEqualTo("ptyctl: the program has exited" + System.lineSeparator());
        for (int i = 0; i < 3; i++) {
            server.takeRequest();
        }
        server.assertExhausted();
    }

    @Test
    void waitSendsItsExtensionsAndDefaultTimeout() {
        server.reply(MATCHED);

        Cli.Result result = Cli.run("wait", "--port", port, "--match", "\\$ $", "--regex", "--idle", "200",
                "--scrollback");

        assertThat(result.exitCode()).isZero();
        assertThat(server.takeRequest().getJsonObject("params")).isEqualTo(
                json("{'match':'\\\\$ $','timeout':10000,'regex':true,'idleMs':200,'scrollback':true}"));
        server.assertExhausted();
    }

    @Test
    void waitWithJsonPrintsTheResultAndStillExitsOneOnAMiss() {
        server.reply(NOT_MATCHED);

        Cli.Result result = Cli.run("wait", "--port", port, "--match", "x", "--json");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(json(result.out())).isEqualTo(json(NOT_MATCHED));
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void waitOptionsThatCannotWorkAreUsageErrors() {
        assertThat(Cli.run("wait", "--port", port, "--regex").exitCode()).isEqualTo(2);
        assertThat(Cli.run("wait", "--port", port, "--match", "(", "--regex").err())
                .contains("not a valid regular expression");
        assertThat(Cli.run("wait", "--port", port, "--timeout", "-1").exitCode()).isEqualTo(2);
        assertThat(Cli.run("wait", "--port", port, "--timeout", "600001").exitCode()).isEqualTo(2);
        assertThat(Cli.run("wait", "--port", port, "--idle", "0").exitCode()).isEqualTo(2);
        assertThat(Cli.run("wait", "--port", port, "--timeout", "soon").exitCode()).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void statusPrintsRunningWithPid() {
        server.reply("{'running':true,'exitCode':null,'pid':4321}");

        Cli.Result result = Cli.run("status", "--port", port);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("running pid=4321" + System.lineSeparator());
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/status");
        server.assertExhausted();
    }

    @Test
    void statusPrintsTheExitCodeOfAnExitedProcess() {
        server.reply("{'running':false,'exitCode':3,'pid':4321}");

        Cli.Result result = Cli.run("status", "--port", port);

        assertThat(result.out()).isEqualTo("exited code=3 pid=4321" + System.lineSeparator());
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void statusRunningExitsOneOnceTheProgramHasExitedAndWithoutItZeroAsBefore() {
        server.reply("{'running':true,'exitCode':null,'pid':4321}").reply("{'running':false,'exitCode':3,'pid':4321}")
                .reply("{'running':false,'exitCode':3,'pid':4321}").reply("{'running':false,'exitCode':3,'pid':4321}");

        Cli.Result live = Cli.run("status", "--port", port, "--running");
        Cli.Result exited = Cli.run("status", "--port", port, "--running");
        Cli.Result exitedJson = Cli.run("status", "--port", port, "--running", "--json");
        Cli.Result withoutTheOption = Cli.run("status", "--port", port);

        assertThat(live.exitCode()).isZero();
        assertThat(live.out()).isEqualTo("running pid=4321" + System.lineSeparator());
        assertThat(exited.exitCode()).isEqualTo(1);
        assertThat(exited.out()).as("the line is printed all the same").isEqualTo("exited code=3 pid=4321"
                + System.lineSeparator());
        assertThat(exited.err()).isEmpty();
        assertThat(exitedJson.exitCode()).isEqualTo(1);
        assertThat(exitedJson.out()).startsWith("{\"running\":false");
        assertThat(withoutTheOption.exitCode()).as("scripts that read the line").isZero();
        for (int i = 0; i < 4; i++) {
            server.takeRequest();
        }
        server.assertExhausted();
    }

    @Test
    void statusNamesTheSignalThatEndedTheProcessAndOnlyThen() {
        server.reply("{'running':false,'exitCode':137,'signal':'SIGKILL','pid':4321}");
        assertThat(Cli.run("status", "--port", port).out())
                .isEqualTo("exited code=137 signal=SIGKILL pid=4321" + System.lineSeparator());
        server.takeRequest();
        server.reply("{'running':false,'exitCode':137,'pid':4321}"); // exit 137: the same code, no signal
        assertThat(Cli.run("status", "--port", port).out()).isEqualTo("exited code=137 pid=4321" + System.lineSeparator());
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void resizeSendsColsAndRows() {
        server.reply("{}");

        Cli.Result result = Cli.run("resize", "--port", port, "120", "40");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(server.takeRequest()).isEqualTo(
                json("{'jsonrpc':'2.0','method':'pty/resize','params':{'cols':120,'rows':40},'id':1}"));
        server.assertExhausted();
    }

    @Test
    void resizeOutsideTheAcceptedRangeIsAUsageError() {
        Cli.Result result = Cli.run("resize", "--port", port, "0", "40");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("COLS must be from 1 to 1000, got 0");
        assertThat(Cli.run("resize", "--port", port, "80").exitCode()).isEqualTo(2);
        server.assertExhausted();
    }

    @Test
    void killSucceedsAlthoughTheServerClosesTheConnection() {
        server.replyAndClose("{}");

        Cli.Result result = Cli.run("kill", "--port", port);

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/kill");
        server.assertExhausted();
    }

    @Test
    void tokenIsSentWithAuthBeforeTheRequest() {
        server.reply("{}").reply("{'running':true,'exitCode':null,'pid':1}");

        Cli.Result result = Cli.run("status", "--port", port, "--token", "s3cret");

        assertThat(result.exitCode()).isZero();
        assertThat(server.takeRequest()).isEqualTo(
                json("{'jsonrpc':'2.0','method':'pty/auth','params':{'token':'s3cret'},'id':1}"));
        assertThat(server.takeRequest().getString("method")).isEqualTo("pty/status");
        server.assertExhausted();
    }
}
