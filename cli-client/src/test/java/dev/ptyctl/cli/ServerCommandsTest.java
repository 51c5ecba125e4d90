package dev.ptyctl.cli;

import static dev.ptyctl.client.testing.FakeRpcServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRestServer;
import dev.ptyctl.client.testing.FakeRestServer.Request;
import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** new, ls, rm, screen and --terminal against a scripted REST server. */
class ServerCommandsTest {
    private static final String NL = System.lineSeparator();

    private FakeRestServer server;
    private String url;

    @BeforeEach
    void start() throws IOException {
        server = FakeRestServer.start();
        url = server.url().toString();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static String terminal(String id, String session, boolean running, int rpcPort) {
        return "{'terminalId':'" + id + "','sessionId':'" + session + "','pid':41235,'running':" + running + ","
                + "'exitCode':" + (running ? "null" : "129") + ",'cols':120,'rows':36,'nextOutputSeq':18,"
                + "'cwd':'/srv','shell':'/usr/bin/vim','args':['-u','NONE'],'background':false,"
                + "'createdAt':'2026-11-30T08:08:56Z','clients':1,'websocketPath':'/v1/terminals/" + id + "/socket',"
                + "'rpc':{'host':'127.0.0.1','port':" + rpcPort + "}}";
    }

    @Test
    void newSendsTheCommandAfterTheDoubleDashAndPrintsTheTerminalId() throws Exception {
        server.reply(201, terminal("4f1c2a9be07d5e31", "s1", true, 5000));

        Cli.Result result = Cli.run("new", "--url", url, "--session", "s1", "--cwd", "some/dir", "--cols", "120",
                "--rows", "36", "--env", "PS1=$ ", "--", "vim", "-u", "NONE");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("4f1c2a9be07d5e31" + NL);
        Request request = server.takeRequest();
        assertThat(request.method() + " " + request.pathAndQuery()).isEqualTo("POST /v1/terminals");
        String cwd = Path.of("some/dir").toAbsolutePath().toString();
        assertThat(json(request.body())).isEqualTo(json("{'sessionId':'s1','cwd':'" + cwd + "','cols':120,'rows':36,"
                + "'shell':'vim','args':['-u','NONE'],'env':{'PS1':'$ '}}"));
        server.assertExhausted();
    }

    @Test
    void newWithoutOptionsStartsTheServersShellInAFreshSession() throws Exception {
        server.reply(201, terminal("a", "x", true, 5000)).reply(201, terminal("b", "y", true, 5000));

        assertThat(Cli.run("new", "--url", url).exitCode()).isZero();
        assertThat(Cli.run("new", "--url", url).exitCode()).isZero();

        String first = json(server.takeRequest().body()).getString("sessionId");
        String second = json(server.takeRequest().body()).getString("sessionId");
        assertThat(first).startsWith("cli-").isNotEqualTo(second);
        server.assertExhausted();
    }

    @Test
    void newWithJsonPrintsTheServersTerminalObject() throws Exception {
        String body = terminal("4f1c2a9be07d5e31", "s1", true, 5000);
        server.reply(201, body);

        Cli.Result result = Cli.run("new", "--url", url, "--json");

        assertThat(json(result.out())).isEqualTo(json(body));
        server.takeRequest();
    }

    @Test
    void newWithASizeOutOfRangeIsAUsageErrorAndSendsNothing() {
        Cli.Result result = Cli.run("new", "--url", url, "--cols", "0");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --cols must be from 1 to 1000, got 0");
        server.assertExhausted();
    }

    @Test
    void aRefusalByTheServerExitsFourWithItsMessage() throws Exception {
        server.reply(400, "{'error':'invalid_request','message':'cwd must be an existing directory: /nope'}");

        Cli.Result result = Cli.run("new", "--url", url, "--cwd", "/nope");

        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.err()).isEqualTo("ptyctl: cwd must be an existing directory: /nope (HTTP 400)" + NL);
        server.takeRequest();
    }

    @Test
    void lsPrintsATableOfTheTerminals() throws Exception {
        server.reply(200, "{'terminals':[" + terminal("4f1c2a9be07d5e31", "s1", true, 5000) + ","
                + terminal("00000000000000ab", "a-longer-session", false, 5001) + "]}");

        Cli.Result result = Cli.run("ls", "--url", url);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out().lines()).containsExactly(
                "TERMINAL          SESSION           STATE       SIZE    CLIENTS  COMMAND               TITLE",
                "4f1c2a9be07d5e31  s1                running     120x36  1        /usr/bin/vim -u NONE",
                "00000000000000ab  a-longer-session  exited 129  120x36  1        /usr/bin/vim -u NONE");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals");
    }

    @Test
    void lsKeepsOneLinePerTerminalAndItsColumnsAlignedWhateverTheValuesHold() throws Exception {
        String wide = terminal("4f1c2a9be07d5e31", "s1", true, 5000).replace("'args':['-u','NONE']",
                "'args':['-c','echo a\\nb']").replace("'clients':1", "'clients':1,'liveTitle':'\u65e5\u672c x'");
        server.reply(200, "{'terminals':[" + wide + "," + terminal("00000000000000ab", "s2", true, 5001) + "]}");

        Cli.Result result = Cli.run("ls", "--url", url);

        assertThat(result.out().lines()).containsExactly(
                "TERMINAL          SESSION  STATE    SIZE    CLIENTS  COMMAND                      TITLE",
                "4f1c2a9be07d5e31  s1       running  120x36  1        /usr/bin/vim -c 'echo a\\nb'  \u65e5\u672c x",
                "00000000000000ab  s2       running  120x36  1        /usr/bin/vim -u NONE");
    }

    @Test
    void lsFormatPrintsTheTemplateOfEachTerminalSoThatScriptsCanSplitOnTabs() throws Exception {
        String exited = terminal("00000000000000ab", "my session", false, 5001);
        server.reply(200, "{'terminals':[" + terminal("4f1c2a9be07d5e31", "s1", true, 5000) + "," + exited + "]}");

        Cli.Result result = Cli.run("ls", "--url", url, "--format", "{terminal}\\t{state}\\t{command}\\t{exitcode}");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines()).containsExactly(
                "4f1c2a9be07d5e31\trunning\t/usr/bin/vim -u NONE\t",
                "00000000000000ab\texited 129\t/usr/bin/vim -u NONE\t129");
    }

    @Test
    void lsFormatNamingNoFieldIsAUsageErrorListingTheFields() {
        Cli.Result result = Cli.run("ls", "--url", url, "--format", "{id} {cmd}");
        Cli.Result withQuiet = Cli.run("ls", "--url", url, "-q", "-f", "{terminal}");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --format names no field {id}; the fields are terminal, session, "
                + "state, size, clients, command, title, pid, exitcode, cwd, created");
        assertThat(withQuiet.exitCode()).isEqualTo(2);
        assertThat(withQuiet.err()).startsWith("ptyctl: --format chooses what ls prints, as -q and --json do");
        server.assertExhausted();
    }

    @Test
    void aProgramsOwnOptionWithoutTheDoubleDashIsRefusedSayingWhereItGoes() {
        Cli.Result vim = Cli.run("new", "--url", url, "vim", "-u", "NONE");
        Cli.Result run = Cli.run("run", "--port", "5174", "ls", "--color", "it's");
        Cli.Result typo = Cli.run("new", "--url", url, "--sesion", "s1");
        // options of the command before the program: a flag (no value) and one with its value after =
        Cli.Result queued = Cli.run("run", "--queue", "ls", "-la");
        Cli.Result sized = Cli.run("new", "--cols=120", "--json", "vim", "-u", "NONE");

        assertThat(vim.exitCode()).isEqualTo(2);
        assertThat(vim.err()).as("not picocli's 'Possible solutions: --url'").isEqualTo("ptyctl: Unknown option: '-u'"
                + NL + "ptyctl: the program's own options go after --, with the program: ptyctl new --url " + url
                + " -- vim -u NONE" + NL + "Try 'ptyctl new --help' for more information." + NL);
        assertThat(run.err()).contains("ptyctl: the program's own options go after --, with the program: "
                + "ptyctl run --port 5174 -- ls --color 'it'\\''s'" + NL).doesNotContain("did you mean");
        assertThat(queued.err()).contains("with the program: ptyctl run --queue -- ls -la" + NL);
        assertThat(sized.err()).contains("with the program: ptyctl new --cols=120 --json -- vim -u NONE" + NL)
                .doesNotContain("Possible solutions");
        assertThat(typo.err()).as("an option of new itself").contains("did you mean --session?")
                .doesNotContain("after --");
        server.assertExhausted();
    }

    @Test
    void lsQuietPrintsOnlyIdsAndJsonTheServersObject() throws Exception {
        String body = "{'terminals':[" + terminal("4f1c2a9be07d5e31", "s1", true, 5000) + "]}";
        server.reply(200, body).reply(200, body).reply(200, "{'terminals':[]}");

        assertThat(Cli.run("ls", "--url", url, "-q").out()).isEqualTo("4f1c2a9be07d5e31" + NL);
        assertThat(json(Cli.run("ls", "--url", url, "--json").out())).isEqualTo(json(body));
        assertThat(Cli.run("ls", "--url", url).out()).as("no terminals, no output").isEmpty();
    }

    @Test
    void rmClosesByIdOrSessionAndExitsFourForATerminalTheServerDoesNotHave() throws Exception {
        server.reply(200, "{'closed':true}").reply(200, "{'closed':true}")
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal with id 4f1c2a9be07d5e31'}")
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal in session "
                        + "4f1c2a9be07d5e31'}");

        assertThat(Cli.run("rm", "--url", url, "4f1c2a9be07d5e31").exitCode()).isZero();
        Cli.Result bySession = Cli.run("rm", "--url", url, "--session", "my session", "--json");
        Cli.Result gone = Cli.run("rm", "--url", url, "4f1c2a9be07d5e31");

        assertThat(bySession.out()).isEqualTo("{\"closed\":true}" + NL);
        assertThat(gone.exitCode()).isEqualTo(4);
        assertThat(gone.err()).isEqualTo("ptyctl: no terminal with id or session 4f1c2a9be07d5e31 on the server "
                + "('ptyctl ls' lists them)" + NL);
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/4f1c2a9be07d5e31");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/my%20session");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/4f1c2a9be07d5e31");
        assertThat(requestLine()).as("nor a session so named").isEqualTo(
                "DELETE /v1/terminals/session/4f1c2a9be07d5e31");
        server.assertExhausted();
    }

    /** {@code rm work}, as tmux's {@code kill-session -t work}: no terminal has that id, so the session so named. */
    @Test
    void rmOfASessionNameRemovesItsTerminal() throws Exception {
        server.reply(404, "{'closed':false,'error':'not_found','message':'no terminal with id work'}")
                .reply(200, "{'closed':true}");

        Cli.Result result = Cli.runThroughEntryPoint("rm", "--url", url, "work");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/work");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/work");
        server.assertExhausted();
    }

    /**
     * A path-like session name ({@code new --session build/main}) is never an id: the server reads its '/' (sent as
     * %2F) as a separator, so DELETE /v1/terminals/build%2Fmain and /v1/terminals/session/build%2Fmain both met
     * "no such endpoint" and rm said the server had no such terminal or session (seen against a real server). The
     * terminal is found in the list and removed by its id, with --session too.
     */
    @Test
    void rmOfAPathLikeSessionNameRemovesItsTerminalByItsId() throws Exception {
        String list = "{'terminals':[" + terminal("00000000000000e1", "build/main", false, 5000) + ","
                + terminal("00000000000000c3", "build/main", true, 5001) + "]}";
        server.reply(200, list).reply(200, "{'closed':true}").reply(200, list).reply(200, "{'closed':true}")
                .reply(200, "{'terminals':[]}");

        Cli.Result byName = Cli.runThroughEntryPoint("rm", "--url", url, "build/main");
        Cli.Result bySession = Cli.runThroughEntryPoint("rm", "--url", url, "--session", "build/main");
        Cli.Result neither = Cli.runThroughEntryPoint("rm", "--url", url, "build/next");

        assertThat(byName.exitCode()).as(byName.err()).isZero();
        assertThat(bySession.exitCode()).as(bySession.err()).isZero();
        for (int i = 0; i < 2; i++) {
            assertThat(requestLine()).isEqualTo("GET /v1/terminals");
            assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/00000000000000c3");
        }
        assertThat(neither.exitCode()).isEqualTo(4);
        assertThat(neither.err()).isEqualTo("ptyctl: no terminal with id or session build/next on the server "
                + "('ptyctl ls' lists them)" + NL);
        assertThat(requestLine()).isEqualTo("GET /v1/terminals");
        server.assertExhausted();
    }

    @Test
    void rmOfATerminalWhoseProgramHasExitedRemovesItAndExitsZeroInOneRequest() throws Exception {
        // an exited terminal's delete: 404 closed false, without the error members of an unknown one
        server.reply(404, "{'closed':false}").reply(404, "{'closed':false}")
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal in session s3'}");

        Cli.Result byId = Cli.run("rm", "--url", url, "4f1c2a9be07d5e31", "--json");
        Cli.Result bySession = Cli.run("rm", "--url", url, "--session", "s2");
        Cli.Result noSuchSession = Cli.run("rm", "--url", url, "--session", "s3");

        assertThat(byId.exitCode()).as(byId.err()).isZero();
        assertThat(byId.out()).isEqualTo("{\"closed\":false}" + NL);
        assertThat(bySession.exitCode()).as(bySession.err()).isZero();
        assertThat(bySession.err()).isEmpty();
        assertThat(noSuchSession.exitCode()).isEqualTo(4);
        assertThat(noSuchSession.err()).startsWith("ptyctl: no terminal in session s3 on the server");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/4f1c2a9be07d5e31");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/s2");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/s3");
        server.assertExhausted();
    }

    @Test
    void rmOfSeveralSessionsSaysTheUnknownOnes() throws Exception {
        String unknown = "{'closed':false,'error':'not_found','message':'no terminal in session s'}";
        server.reply(200, "{'closed':true}").reply(404, unknown).reply(404, "{'closed':false}").reply(404, unknown);

        Cli.Result result = Cli.run("rm", "--url", url, "--session", "s1", "s2", "s3", "s1");

        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.err()).isEqualTo("ptyctl: no terminal in session s2 on the server ('ptyctl ls' lists them)"
                + NL + "ptyctl: no terminal in session s1 on the server ('ptyctl ls' lists them)" + NL);
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/s1");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/s2");
        assertThat(requestLine()).as("s3's terminal has exited: still removed").isEqualTo(
                "DELETE /v1/terminals/session/s3");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/s1");
        server.assertExhausted();
    }

    @Test
    void rmRemovesEveryTerminalGivenAndExitsFourWhenOneIsUnknownWithTheOthersRemoved() throws Exception {
        server.reply(200, "{'closed':true}")
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal with id b2'}")
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal in session b2'}")
                .reply(404, "{'closed':false}");

        Cli.Result result = Cli.run("rm", "--url", url, "a1", "b2", "c3", "--json");

        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.out()).isEqualTo("{\"closed\":true}" + NL + "{\"closed\":false}" + NL + "{\"closed\":false}"
                + NL);
        assertThat(result.err())
                .isEqualTo("ptyctl: no terminal with id or session b2 on the server ('ptyctl ls' lists them)" + NL);
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/a1");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/b2");
        assertThat(requestLine()).isEqualTo("DELETE /v1/terminals/session/b2");
        assertThat(requestLine()).as("the one after the unknown is still removed").isEqualTo("DELETE /v1/terminals/c3");
        server.assertExhausted();
    }

    private String requestLine() throws InterruptedException {
        Request request = server.takeRequest();
        return request.method() + " " + request.pathAndQuery();
    }

    /** {@code screen work}, as tmux's {@code capture-pane -p -t work}: the session's live terminal, once no id is work. */
    @Test
    void screenOfASessionNameReadsItsLiveTerminal() throws Exception {
        server.reply(404, "{'error':'not_found','message':'no terminal with id work'}")
                .reply(200, "{'terminals':[" + terminal("00000000000000a7", "work", true, 5002) + "]}")
                .reply(200, "{'format':'text','screen':'$ make\\n'}")
                .reply(404, "{'error':'not_found','message':'no terminal with id idle'}")
                .reply(200, "{'terminals':[" + terminal("00000000000000a7", "work", true, 5002) + "]}");

        Cli.Result work = Cli.runThroughEntryPoint("screen", "--url", url, "work");
        Cli.Result neither = Cli.runThroughEntryPoint("screen", "--url", url, "idle");

        assertThat(work.out()).as(work.err()).isEqualTo("$ make\n");
        assertThat(requestLine()).isEqualTo("GET /v1/terminals/work/screen?format=text");
        assertThat(requestLine()).isEqualTo("GET /v1/terminals");
        assertThat(requestLine()).isEqualTo("GET /v1/terminals/00000000000000a7/screen?format=text");
        assertThat(neither.exitCode()).isEqualTo(4);
        assertThat(neither.err()).isEqualTo("ptyctl: no terminal with id or session idle on the server ('ptyctl ls' "
                + "lists them)" + NL);
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void screenJoinedAsksForTheLinesAsWrittenAndAnOldServerIsRefused() throws Exception {
        server.reply(200, "{'format':'text','screen':'a long line\\n','joined':true}")
                .reply(200, "{'format':'text','screen':'a long line\\n','joined':true}")
                .reply(200, "{'format':'text','screen':'a lo\\nng line\\n'}");

        Cli.Result text = Cli.run("screen", "--url", url, "t1", "--joined");
        Cli.Result json = Cli.run("screen", "--url", url, "t1", "--joined", "--json");
        Cli.Result old = Cli.run("screen", "--url", url, "t1", "--joined");
        Cli.Result both = Cli.run("screen", "--url", url, "t1", "--joined", "--vt");

        assertThat(text.out()).isEqualTo("a long line\n");
        assertThat(json(json.out())).isEqualTo(json("{'format':'text','screen':'a long line\\n','joined':true}"));
        assertThat(requestLine()).isEqualTo("GET /v1/terminals/t1/screen?format=text&joined=true");
        assertThat(requestLine()).isEqualTo("GET /v1/terminals/t1/screen?format=text&joined=true");
        assertThat(old.exitCode()).isEqualTo(4);
        assertThat(old.out()).isEmpty();
        assertThat(old.err()).startsWith("ptyctl: the server at " + url).contains("does not support the screen's "
                + "joined parameter").contains("upgrade");
        server.takeRequest();
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("--vt").contains("--joined");
        server.assertExhausted();
    }

    @Test
    void screenPrintsTextOrEscapeSequencesOrJson() throws Exception {
        server.reply(200, "{'format':'text','screen':'$ ls\\nREADME.md\\n'}")
                .reply(200, "{'format':'vt','screen':'\\u001bc$ ls'}")
                .reply(200, "{'format':'text','screen':'$\\n'}");

        assertThat(Cli.run("screen", "--url", url, "t1").out()).isEqualTo("$ ls\nREADME.md\n");
        assertThat(Cli.run("screen", "--url", url, "t1", "--vt").out()).isEqualTo("\u001bc$ ls");
        assertThat(json(Cli.run("screen", "--url", url, "t1", "--json").out()))
                .isEqualTo(json("{'format':'text','screen':'$\\n'}"));

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=text");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=vt");
        server.takeRequest();
    }

    @Test
    void theUrlAndTokenComeFromTheEnvironment() throws Exception {
        server.reply(200, "{'terminals':[]}");

        Cli.Result result = Cli.run(Map.of("PTYCTL_URL", url, "PTYCTL_TOKEN", "s3cret"), "ls");

        assertThat(result.exitCode()).isZero();
        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer s3cret");
    }

    @Test
    void aUrlThatIsNotHttpIsAUsageErrorNamingItsSource() {
        assertThat(Cli.run("ls", "--url", "localhost:8765").err())
                .startsWith("ptyctl: --url must be the server's URL, like http://127.0.0.1:8765, got \"localhost:8765\"");
        Cli.Result fromEnv = Cli.run(Map.of("PTYCTL_URL", "8765"), "ls");
        assertThat(fromEnv.exitCode()).isEqualTo(2);
        assertThat(fromEnv.err()).startsWith("ptyctl: PTYCTL_URL must be the server's URL");
    }

    @Test
    void aServerThatIsNotRunningExitsThreeNamingTheUrl() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }

        Cli.Result result = Cli.run("ls", "--url", "http://127.0.0.1:" + port);

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.err()).startsWith("ptyctl: connection refused: is `ptyctl server` running on "
                + "http://127.0.0.1:" + port + "? (start it, or point --url / PTYCTL_URL at it)")
                .doesNotContain("\tat ", "Exception");
    }

    @Test
    void aHostNameThatResolvesToNothingIsNotCalledARefusal() {
        // .invalid never resolves (RFC 6761). The JDK reports it as a ConnectException, which was taken for a
        // refusal: "connection refused: is `ptyctl server` running on ...?" sent the operator to the wrong end.
        Cli.Result rest = Cli.run("ls", "--url", "http://build-host.invalid:8765");

        assertThat(rest.exitCode()).isEqualTo(3);
        assertThat(rest.err()).startsWith("ptyctl: cannot connect to http://build-host.invalid:8765/v1/terminals: "
                + "unknown host; no address is known for build-host.invalid: check the host name in the URL")
                .doesNotContain("refused", "Exception", "\tat ");

        Cli.Result rpc = Cli.run("read", "--terminal", "t1", "--url", "https://build-host.invalid:8765");

        assertThat(rpc.exitCode()).isEqualTo(3);
        assertThat(rpc.err()).contains("unknown host; no address is known for build-host.invalid")
                .doesNotContain("refused", "Exception", "\tat ");
    }

    @Test
    void aServerThatNeverAnswersIsAConnectTimeoutNotARefusal() throws Exception {
        // The kernel completes the TCP connection into the backlog; nothing ever accepts it, so the TLS handshake
        // never finishes: what a server too busy to answer looks like from the client. The handshake's bound (30 s
        // unset) is shortened here; the TCP connect keeps its 5 s.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Result result = Cli.run(Map.of("PTYCTL_HANDSHAKE_TIMEOUT", "1000"), "ls", "--url",
                    "https://127.0.0.1:" + silent.getLocalPort());

            assertThat(result.exitCode()).isEqualTo(3);
            assertThat(result.err()).startsWith("ptyctl: cannot connect to https://127.0.0.1:" + silent.getLocalPort()
                    + "/v1/terminals: no connection within 6 s, TCP connect and TLS handshake together (is the server "
                    + "overloaded, or a firewall dropping the packets?)").doesNotContain("refused", "\tat ",
                    "Exception");
        }
    }

    @Test
    void aHandshakeTimeoutThatIsNoNumberOfMillisecondsIsAUsageError() {
        for (String wrong : new String[] {"5s", "0", "-1"}) {
            Cli.Result result = Cli.run(Map.of("PTYCTL_HANDSHAKE_TIMEOUT", wrong), "ls", "--url",
                    "https://127.0.0.1:1");

            assertThat(result.exitCode()).as(wrong).isEqualTo(2);
            assertThat(result.err()).startsWith("ptyctl: PTYCTL_HANDSHAKE_TIMEOUT must be a number of milliseconds "
                    + "above 0, got \"" + wrong + "\"");
        }
    }

    @Test
    void terminalIsReachedThroughTheServersOwnPortWithTheToken() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            var script = ServerRpcScript.play(ws, "{'running':true,'exitCode':null,'pid':41235}");

            Cli.Result result = Cli.run(Map.of("PTYCTL_URL", ws.url().toString(), "PTYCTL_TOKEN", "t0k"), "status",
                    "--terminal", "4f1c2a9be07d5e31");

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo("running pid=41235" + NL);
            ServerRpcScript seen = ServerRpcScript.seen(script);
            assertThat(seen.path()).isEqualTo("/v1/terminals/4f1c2a9be07d5e31/rpc");
            assertThat(seen.authorization()).isEqualTo("Bearer t0k");
            assertThat(seen.requests()).extracting(r -> r.getString("method")).containsExactly("pty/status");
        }
    }

    @Test
    void terminalTakesPrecedenceOverTheEnvironmentsEndpoints() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            var script = ServerRpcScript.play(ws, "{'written':1,'outputSeq':3}");

            Cli.Result result = Cli.run(Map.of("PTYCTL_RPC", "127.0.0.1:1", "PTYCTL_PORT", "1"),
                    "write", "--terminal", "t1", "--url", ws.url().toString(), "--key", "Enter");

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(ServerRpcScript.seen(script).requests()).hasSize(1);
        }
    }

    @Test
    void theTerminalIdVariableSelectsAServerTerminalWhenNothingElseDoes() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            var script = ServerRpcScript.play(ws, "{'running':true,'exitCode':null,'pid':7}");

            Cli.Result result = Cli.run(Map.of("PTYCTL_URL", ws.url().toString(), "PTYCTL_TERMINAL_ID", "t9"),
                    "status");

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo("running pid=7" + NL);
            assertThat(ServerRpcScript.seen(script).path()).isEqualTo("/v1/terminals/t9/rpc");
        }
    }

    @Test
    void insideAHostedShellItsOwnPortWinsOverTheTerminalIdVariable() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            Cli.Result result = Cli.run(Map.of("PTYCTL_URL", ws.url().toString(), "PTYCTL_TERMINAL_ID", "t9",
                    "PTYCTL_RPC", "127.0.0.1:1"), "status");

            assertThat(result.exitCode()).as("port 1 refuses: %s", result.err()).isEqualTo(3);
            assertThat(result.err()).contains("127.0.0.1:1");
        }
    }

    @Test
    void anUnknownTerminalExitsFourSayingSoAndWhereTheIdsAreListedAsRmDoes() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            // ptyctl server refuses the upgrade with its sentence as plain text; the JSON body of the REST API too
            ws.refuseNext(404, "no terminal with id nope");
            ws.refuseNext(200, "{\"terminals\":[]}"); // nor a session so named
            ws.refuseNext(404, "{\"error\":\"not_found\",\"message\":\"no terminal with id nope\"}");
            ws.refuseNext(200, "{\"terminals\":[]}");

            Cli.Result write = Cli.run("write", "--terminal", "nope", "--url", ws.url().toString(), "--text", "x");
            Cli.Result read = Cli.run("read", "--terminal", "nope", "--url", ws.url().toString());

            for (Cli.Result result : List.of(write, read)) {
                assertThat(result.exitCode()).isEqualTo(4);
                assertThat(result.err()).isEqualTo("ptyctl: no terminal with id or session nope on the server "
                        + "('ptyctl ls' lists them)" + NL);
            }
        }
    }

    /**
     * {@code ptyctl new --session work}, then {@code --terminal work}, as tmux's {@code -t work} names the session: once
     * the server has no terminal with that id, the session's live terminal is the one meant (it said "no terminal
     * with id work").
     */
    @Test
    void aSessionNameSelectsItsLiveTerminal() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            ws.refuseNext(404, "no terminal with id work");
            ws.refuseNext(200, ("{'terminals':[" + terminal("00000000000000e1", "work", false, 5000) + ","
                    + terminal("00000000000000b2", "other", true, 5001) + ","
                    + terminal("00000000000000a7", "work", true, 5002) + "]}").replace('\'', '"'));
            var script = ServerRpcScript.play(ws, "{'running':true,'exitCode':null,'pid':7}");

            Cli.Result result = Cli.runThroughEntryPoint("status", "--terminal", "work", "--url", ws.url().toString());

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo("running pid=7" + NL);
            assertThat(ServerRpcScript.seen(script).path()).isEqualTo("/v1/terminals/00000000000000a7/rpc");
        }
    }

    /**
     * {@code --terminal build/main} (a path-like session name) reaches the session's terminal: asked as an id first,
     * the upgrade to /v1/terminals/build%2Fmain/rpc met the server's "no such endpoint" (it reads the %2F as a '/'),
     * which is no "no terminal with id", so the session was never looked up and the command failed (exit 4); "."
     * reached "no terminal with id rpc". Such a name is looked up in the list at once.
     */
    @Test
    void aPathLikeSessionNameSelectsItsTerminalWithoutAskingForItAsAnId() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            ws.refuseNext(200, ("{'terminals':[" + terminal("00000000000000a7", "build/main", true, 5002)
                    + "]}").replace('\'', '"'));
            var script = ServerRpcScript.play(ws, "{'running':true,'exitCode':null,'pid':7}");

            Cli.Result result = Cli.runThroughEntryPoint("status", "--terminal", "build/main", "--url",
                    ws.url().toString());

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo("running pid=7" + NL);
            assertThat(ServerRpcScript.seen(script).path()).isEqualTo("/v1/terminals/00000000000000a7/rpc");
        }
    }

    @Test
    void aMissingTokenSaysHowToPassIt() throws Exception {
        server.reply(401, "{'error':'unauthorized','message':'a valid token is required'}");

        Cli.Result result = Cli.run("ls", "--url", url);

        assertThat(result.exitCode()).isEqualTo(4);
        assertThat(result.err()).isEqualTo("ptyctl: a valid token is required (HTTP 401); pass the server's token "
                + "with --token T or the PTYCTL_TOKEN variable" + NL);
    }

    @Test
    void terminalWithPortOrHostAndUrlWithoutTerminalAreUsageErrors() {
        assertThat(Cli.run("read", "--terminal", "t1", "--port", "5000").err())
                .startsWith("ptyctl: --terminal, --port and --socket each select the terminal; give one");
        assertThat(Cli.run("read", "--terminal", "t1", "--host", "h").err())
                .startsWith("ptyctl: --host goes with a port, not with --terminal");
        Cli.Result urlAlone = Cli.run("read", "--url", url, "--port", "5000");
        assertThat(urlAlone.exitCode()).isEqualTo(2);
        assertThat(urlAlone.err()).startsWith("ptyctl: --url goes with --terminal ID");
        server.assertExhausted();
    }
}
