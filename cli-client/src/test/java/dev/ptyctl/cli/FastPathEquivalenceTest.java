package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRestServer;
import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fast path must be invisible: for every command line it takes, it prints, sends and exits exactly as picocli's
 * commands do; every command line it does not take, it leaves alone (no output, no connection) for picocli.
 */
class FastPathEquivalenceTest {
    private static final String SCREEN =
            "{'screen':'$ ls\\nfile  ünï\\n','cursor':{'row':2,'col':10},'size':{'cols':100,'rows':30}}";
    private static final String SCROLLBACK = "{'screen':'1\\n2\\n$ ls\\n','cursor':{'row':1,'col':5},"
            + "'size':{'cols':100,'rows':30},'scrollback':2}";
    private static final String JOINED = "{'screen':'a line that wrapped\\n$ \\n','cursor':{'row':3,'col':3},"
            + "'size':{'cols':10,'rows':5},'joined':true}";
    private static final String VT = "{'screen':'\\u001bc\\u001b[31mred','cursor':{'row':1,'col':4},"
            + "'size':{'cols':100,'rows':30},'format':'vt'}";
    private static final String WRITTEN = "{'written':3,'outputSeq':10}";
    private static final String MATCHED =
            "{'matched':true,'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':100,'rows':30},'waitedMs':12}";
    private static final String TIMED_OUT =
            "{'matched':false,'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':100,'rows':30},'waitedMs':500}";
    private static final String EXITED =
            "{'matched':false,'screen':'','cursor':{'row':1,'col':1},'size':{'cols':100,'rows':30},'waitedMs':0}";
    private static final String FOUND = "{'matched':true,'screen':'v2\\n','cursor':{'row':1,'col':3},"
            + "'size':{'cols':100,'rows':30},'waitedMs':12,'found':{'index':1,'text':'v2','groups':['2']}}";
    private static final String SINCE = "{'matched':true,'screen':'v2\\n','cursor':{'row':1,'col':3},"
            + "'size':{'cols':100,'rows':30},'waitedMs':12,'found':{'index':0,'text':'v2','groups':['2']},"
            + "'nextSince':9}";
    private static final String ENDED = "{'matched':false,'screen':'','cursor':{'row':1,'col':1},"
            + "'size':{'cols':100,'rows':30},'waitedMs':3,'exited':{'exitCode':137,'signal':'SIGKILL'}}";
    private static final String RUNNING = "{'running':true,'exitCode':null,'pid':99}";
    private static final String GONE = "{'running':false,'exitCode':3,'pid':99}";

    private FakeRpcServer rpc;
    private FakeRestServer rest;
    private String port;

    @BeforeEach
    void start() throws IOException {
        rpc = FakeRpcServer.startTcp();
        rest = FakeRestServer.start();
        port = Integer.toString(rpc.port());
    }

    @AfterEach
    void stop() throws IOException {
        rpc.close();
        rest.close();
    }

    /** What one run produced, and what the endpoint received. */
    private record Outcome(int exitCode, String out, String err, List<?> requests) {
    }

    @Test
    void readWriteWaitAndStatusBehaveTheSameOnBothPaths() {
        same(1, s -> s.reply(SCREEN), "read", "--port", port);
        same(1, s -> s.reply(SCREEN), "read", "--top", "3", "--port", port);
        same(1, s -> s.reply(SCREEN), "read", "--port", port, "--bottom", "2", "--json");
        same(1, s -> s.reply(SCREEN), "read", "--start", "2", "--end", "4", "--port", port);
        same(1, s -> s.reply(SCREEN), "read", "--start", "2", "--port", port);
        same(1, s -> s.reply(SCREEN), "read", "--port", port, "--end", "4");
        same(1, s -> s.reply(SCROLLBACK), "read", "--scrollback", "--port", port, "--bottom", "2");
        same(1, s -> s.reply(SCROLLBACK), "read", "--port", port, "--scrollback", "--json");
        same(1, s -> s.reply(JOINED), "read", "--joined", "--port", port);
        same(1, s -> s.reply(JOINED), "read", "--port", port, "--joined", "--scrollback", "--bottom", "1", "--json");
        same(1, s -> s.reply(SCREEN), "read", "--port", port, "--joined"); // a server without the parameter
        same(1, s -> s.reply(VT), "read", "--vt", "--port", port);
        same(1, s -> s.reply(VT), "read", "-e", "--port", port, "--json");
        same(1, s -> s.reply(SCREEN), "read", "-e", "--port", port); // a server without the parameter
        same(1, s -> s.reply(WRITTEN), "write", "--port", port, "--text", "ls -l", "--key", "Enter", "--text", "é");
        same(1, s -> s.reply(WRITTEN), "write", "--key", "Enter", "--json", "--port", port);
        same(1, s -> s.reply(WRITTEN), "write", "--port", port, "--text", "@pom.xml"); // text, not a file's lines
        same(1, s -> s.reply(WRITTEN), "write", "--key", "C-c", "--port", port, "--key", "M-Up");
        same(1, s -> s.reply(WRITTEN), "write", "make test", "--port", port, "Enter", "C-c", "é");
        same(1, s -> s.reply(WRITTEN), "write", "--literal", "--port", port, "Enter", "C-c");
        same(1, s -> s.reply(WRITTEN), "write", "--port", port, "--paste", "for f in *\ndo wc -l $f\ndone",
                "--key", "Enter");
        same(1, s -> s.reply(MATCHED), "wait", "--port", port, "--match", "$", "--regex", "--idle", "200",
                "--scrollback");
        same(1, s -> s.reply(TIMED_OUT), "wait", "--port", port, "--match", "PASSED", "--timeout", "500");
        same(1, s -> s.reply(TIMED_OUT), "wait", "--port", port, "--idle", "100", "--timeout", "500", "--json");
        same(1, s -> s.reply(EXITED), "wait", "--port", port, "--match", "P.*D", "--regex");
        same(1, s -> s.reply(FOUND), "wait", "--port", port, "--match", "Password:", "--match", "v(\\d+)", "--regex",
                "--group", "1");
        same(1, s -> s.reply(SINCE), "wait", "--port", port, "--since", "7", "--match", "v(\\d+)", "--regex",
                "--group", "1");
        same(1, s -> s.reply(SINCE), "wait", "--port", port, "--since", "7", "--continue-at", "9", "--match", "v");
        same(1, s -> s.reply(ENDED), "wait", "--port", port, "--match", "a", "--match", "b");
        same(1, s -> s.reply(MATCHED), "wait", "--prompt", "--port", port);
        same(2, s -> s.reply(TIMED_OUT).reply(RUNNING), "wait", "--port", port, "--prompt", "--timeout", "500");
        same(2, s -> s.reply(EXITED).reply(GONE), "wait", "--prompt", "--json", "--port", port);
        same(1, s -> s.replyError(-32602, "prompt: no shell integration"), "wait", "--prompt", "--port", port);
        same(1, s -> s.reply(RUNNING), "status", "--port", port);
        same(1, s -> s.reply(RUNNING), "status", "--running", "--port", port);
        same(1, s -> s.reply(GONE), "status", "--port", port, "--running");
        same(1, s -> s.reply(GONE), "status", "--port", port, "--running", "--json");
        same(1, s -> s.reply(GONE), "status", "--port", port, "--json");
        same(1, s -> s.reply("{}"), "resize", "--port", port, "120", "40");
        same(1, s -> s.reply("{}"), "resize", "120", "--port", port, "40", "--json");
        same(1, s -> s.reply("{}"), "kill", "--port", port);
        same(1, s -> s.reply("{}"), "kill", "--json", "--port", port);
    }

    @Test
    void newLsRmAndScreenBehaveTheSameOnBothPaths() {
        String url = rest.url().toString();
        String terminal = ServerCommandsTest.terminal("4f1c2a9be07d5e31", "s1", true, 5000);
        String list = "{'terminals':[" + terminal + "," + ServerCommandsTest.terminal("00000000000000ab", "s2", false,
                5001) + "]}";
        sameOnServer(Map.of(), 1, s -> s.reply(201, terminal), "new", "--url", url, "--session", "s1", "--cwd",
                "some/dir", "--cols", "120", "--rows", "36", "--env", "PS1=$ ", "--env", "A=b=c", "--", "vim", "-u",
                "NONE", "--", "x");
        sameOnServer(Map.of(), 1, s -> s.reply(201, terminal), "new", "--session", "s1", "--json", "--url", url,
                "--");
        sameOnServer(Map.of(), 1, s -> s.reply(400, "{'error':'invalid_request','message':'cwd must be an existing "
                + "directory: /nope'}"), "new", "--session", "s", "--url", url, "--cwd", "/nope");
        sameOnServer(Map.of(), 1, s -> s.reply(201, terminal), "new", "--session", "@pom.xml", "--url", url, "--",
                "cat", "@pom.xml");
        sameOnServer(Map.of(), 1, s -> s.reply(200, list), "ls", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(200, list), "ls", "-q", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(200, list), "ls", "--url", url, "--quiet", "--json");
        sameOnServer(Map.of(), 1, s -> s.reply(200, "{'terminals':[]}"), "ls", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(200, list), "ls", "--url", url, "--format",
                "{terminal}\\t{state}\\t{command} {exitcode}");
        sameOnServer(Map.of(), 1, s -> s.reply(200, list), "ls", "-f", "{session}", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(401, "{'error':'unauthorized','message':'a token is required'}"),
                "ls", "--url", url, "--token", "wrong");
        String unknown = "{'closed':false,'error':'not_found','message':'no terminal with id t9'}";
        sameOnServer(Map.of(), 1, s -> s.reply(200, "{'closed':true}"), "rm", "4f1c2a9be07d5e31", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(404, "{'closed':false}"), "rm", "--url", url, "--session", "s2",
                "--json");
        String unknownSession = "{'closed':false,'error':'not_found','message':'no terminal in session t9'}";
        sameOnServer(Map.of(), 2, s -> s.reply(404, unknown).reply(404, unknownSession), "rm", "t9", "--url", url);
        sameOnServer(Map.of(), 3, s -> s.reply(404, unknown).reply(404, unknownSession).reply(200, "{'closed':true}"),
                "rm", "t9", "4f1c2a9be07d5e31", "--url", url);
        sameOnServer(Map.of(), 1, s -> s.reply(200, "{'format':'text','screen':'$ ls\\n'}"), "screen", "--url", url,
                "4f1c2a9be07d5e31");
        sameOnServer(Map.of("PTYCTL_URL", url, "PTYCTL_TOKEN", "t0k"), 1,
                s -> s.reply(200, "{'format':'vt','screen':'\\u001b[H$'}"), "screen", "--vt", "--json", "t1");
        sameOnServer(Map.of("PTYCTL_URL", url), 1, s -> s.reply(200, "{'format':'text','screen':'a b\\n',"
                + "'joined':true}"), "screen", "t1", "--joined");
        sameOnServer(Map.of("PTYCTL_URL", url), 1, s -> s.reply(200, "{'format':'text','screen':'a\\nb\\n'}"),
                "screen", "--json", "--joined", "t1");
        sameOnServer(Map.of("PTYCTL_URL", url), 2, s -> s.reply(404, "{'error':'not_found','message':'no terminal with "
                + "id t9'}").reply(200, "{'terminals':[]}"), "screen", "t9"); // nor a session t9
    }

    @Test
    void runBehavesTheSameOnBothPaths() {
        String screen = "'screen':'$ \\n','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24}";
        String atPrompt = "{'matched':true," + screen + ",'waitedMs':1}";
        String finished = "{'matched':true," + screen + ",'waitedMs':5,'command':{'output':'a\\nb\\n',"
                + "'truncated':false,'exitCode':4}}";
        String busy = "{'matched':false," + screen + ",'waitedMs':0,'busy':{'program':'less','fullScreen':false}}";
        Consumer<FakeRpcServer> runs = s -> s.reply(atPrompt).reply(WRITTEN).reply(finished);
        sameRun(600000, 3, runs, "run", "--port", port, "--", "ls", "a b");
        sameRun(5000, 3, runs, "run", "--json", "--port", port, "--timeout", "5000", "--", "ls --all");
        sameRun(600000, 3, runs, "run", "--queue", "--port", port, "--", "true");
        sameRun(600000, 3, runs, "run", "--port", port, "--", "echo", "@pom.xml");
        sameRun(600000, 1, s -> s.reply(busy), "run", "--port", port, "--", "ls");
        sameRun(600000, 1, s -> s.replyError(-32602, "prompt: no shell integration"), "run", "--port", port, "--",
                "ls");
    }

    @Test
    void failuresReadTheSameOnBothPaths() throws IOException {
        same(1, s -> s.replyError(-32000, "the process has exited"), "write", "--port", port, "--key", "Enter");
        same(1, FakeRpcServer::closeWithoutReply, "status", "--port", port);
        same(1, s -> s.replyError(-32001, "Unauthorized"), "read", "--port", port, "--token", "wrong");
        same(1, s -> s.reply(SCREEN), "read", "--port", port, "--scrollback"); // a server without the parameter
        int closedPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = free.getLocalPort();
        }
        same(0, s -> { }, "read", "--port", Integer.toString(closedPort));
        sameOnServer(Map.of(), 0, s -> { }, "ls", "--url", "http://127.0.0.1:" + closedPort);
    }

    @Test
    void theEnvironmentAndATokenSelectAndAuthenticateTheSameWay() {
        Map<String, String> env = Map.of("PTYCTL_PORT", port, "PTYCTL_TOKEN", "t0k");
        same(env, 2, s -> s.reply("{}").reply(RUNNING), "status");
        same(Map.of("PTYCTL_RPC", "127.0.0.1:" + port), 1, s -> s.reply(SCREEN), "read");
    }

    @Test
    void terminalGoesThroughTheServersPortTheSameWay() throws Exception {
        try (FakeWebSocketServer ws = FakeWebSocketServer.start()) {
            Map<String, String> env = Map.of("PTYCTL_URL", ws.url().toString());
            String[] args = {"write", "--terminal", "t1", "--key", "Enter"};
            var fastScript = ServerRpcScript.play(ws, WRITTEN);
            Outcome fast = fastPath(env, 0, args);
            var picocliScript = ServerRpcScript.play(ws, WRITTEN);
            Outcome picocli = picocli(env, 0, args);

            assertThat(fast).isEqualTo(picocli);
            assertThat(ServerRpcScript.seen(fastScript)).isEqualTo(ServerRpcScript.seen(picocliScript));
            for (int path = 0; path < 2; path++) { // no such terminal, nor a session so named
                ws.refuseNext(404, "{\"error\":\"not_found\",\"message\":\"no terminal with id t2\"}");
                ws.refuseNext(200, "{\"terminals\":[]}");
            }
            assertThat(fastPath(env, 0, "status", "--terminal", "t2"))
                    .isEqualTo(picocli(env, 0, "status", "--terminal", "t2"));
        }
    }

    @Test
    void commandLinesThatAreNotPlainAreLeftToPicocliUntouched() {
        List<List<String>> notPlain = List.of(
                List.of(), List.of("--help"), List.of("read", "--help"), List.of("write", "-h"), List.of("status", "-V"),
                List.of("serve", "--cmd", "cat", "--port", port), List.of("write", "--port", port),
                List.of("read", "--port", port, "--top", "1", "--bottom", "2"),
                List.of("read", "--port", port, "--top", "1", "--top", "2"),
                List.of("read", "--port", port, "--top", "+1"), List.of("read", "--port", port, "--top", "-1"),
                List.of("read", "--port", port, "--top", "0"), List.of("read", "--port", port, "--start", "3", "--end", "2"),
                List.of("read", "--port=" + port), List.of("read", "--port", "0"), List.of("read", "--port", "99999"),
                List.of("read", "--port", port, "--socket", "/tmp/x.sock"), List.of("read"),
                List.of("read", "--url", "http://127.0.0.1:1", "--port", port),
                List.of("read", "--terminal", "t1", "--port", port),
                List.of("read", "--terminal", "t1", "--url", "nonsense"),
                List.of("write", "--port", port, "--text", "-x"), List.of("write", "--port", port, "ls", "--key", "Enter"),
                List.of("write", "--port", port, "--text"), List.of("write", "--port", port, "--key", ""),
                List.of("status", "--port", port, "--bogus"),
                List.of("status", "--port", port, "extra"), List.of("status", "--port", port, "--json", "--json"),
                List.of("wait", "--port", port, "--timeout", "700000"), List.of("wait", "--port", port, "--regex"),
                List.of("wait", "--port", port, "--regex", "--match", "("),
                List.of("wait", "--port", port, "--idle", "0"), List.of("wait", "--port", port, "--timeout", "1e3"),
                List.of("wait", "--port", port, "--", "x"), List.of("wait", "--port", port, "--prompt", "--match", "$"),
                List.of("wait", "--port", port, "--prompt", "--idle", "100"),
                List.of("wait", "--port", port, "--since", "3"), List.of("wait", "--port", port, "--since", "x"),
                List.of("run", "--port", port), List.of("run", "--port", port, "ls"),
                List.of("run", "--port", port, "--"),
                List.of("run", "--port", port, "--timeout", "700000", "--", "ls"), List.of("run", "-h"),
                List.of("run", "--port", port, "--regex", "--", "ls"),
                List.of("resize", "--port", port, "120"), List.of("resize", "--port", port, "0", "40"),
                List.of("resize", "--port", port, "120", "1001"), List.of("resize", "--port", port, "a", "40"),
                List.of("resize", "--port", port, "1", "2", "3"), List.of("kill", "--port", port, "now"),
                List.of("ls", "--help"), List.of("ls", "--port", port), List.of("ls", "-q", "--quiet"),
                List.of("ls", "--url", "nonsense"), List.of("ls", "--cacert", "/nonexistent/ca.pem"),
                List.of("ls", "extra"), List.of("ls", "--format", "{nope}"), List.of("ls", "--format", "{terminal"),
                List.of("ls", "-q", "--format", "{terminal}"), List.of("ls", "--json", "-f", "{terminal}"),
                List.of("status", "-f", "x"), List.of("status", "--running", "--running"), List.of("new", "bash"), List.of("new", "--cols", "0"),
                List.of("new", "--rows", "1001"), List.of("new", "--env", "X"), List.of("new", "--session", ""),
                List.of("new", "--cwd"), List.of("rm"),
                List.of("rm", "--", "a"), List.of("screen"), List.of("screen", "t1", "--vt",
                "--vt"), List.of("screen", "t1", "--vt", "--joined"), List.of("read", "--joined", "--joined"),
                List.of("read", "--port", port, "--vt", "--top", "2"), List.of("read", "-e", "--port", port, "--joined"),
                List.of("read", "-e", "--scrollback", "--port", port), List.of("read", "-e", "--vt", "--port", port));
        for (List<String> args : notPlain) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = FastPath.run(args.toArray(String[]::new), name -> null, new PrintWriter(out),
                    new PrintWriter(err));
            assertThat(status).as("%s", args).isEqualTo(FastPath.NOT_HANDLED);
            assertThat(out.toString() + err).as("%s", args).isEmpty();
        }
        rpc.assertExhausted();
        rest.assertExhausted();
    }

    @Test
    void theEntryPointGivesPicocliWhatTheFastPathLeaves() {
        Cli.Result result = Cli.runThroughEntryPoint("read", "--port", "0");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --port must be a port number from 1 to 65535, got 0")
                .contains("Try 'ptyctl read --help'");
    }

    /** {@link #same} for the server's commands: both paths against {@code script}, which answers what they ask. */
    private void sameOnServer(Map<String, String> env, int requests, Consumer<FakeRestServer> script,
            String... args) {
        script.accept(rest);
        Outcome fast = fastPath(env, 0, args);
        fast = new Outcome(fast.exitCode(), fast.out(), fast.err(), takeRest(requests));
        script.accept(rest);
        Cli.Result picocli = Cli.run(env, args);
        assertThat(fast).as("fast path vs picocli for %s", List.of(args))
                .isEqualTo(new Outcome(picocli.exitCode(), picocli.out(), picocli.err(), takeRest(requests)));
        rest.assertExhausted();
    }

    private List<FakeRestServer.Request> takeRest(int count) {
        List<FakeRestServer.Request> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try {
                requests.add(rest.takeRequest());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        return requests;
    }

    /** Runs both paths on the same command line, each against {@code script}, which answers {@code requests}. */
    private void same(int requests, Consumer<FakeRpcServer> script, String... args) {
        same(Map.of(), requests, script, args);
    }

    private void same(Map<String, String> env, int requests, Consumer<FakeRpcServer> script, String... args) {
        script.accept(rpc);
        Outcome fast = fastPath(env, requests, args);
        script.accept(rpc);
        Outcome picocli = picocli(env, requests, args);
        assertThat(fast).as("fast path vs picocli for %s", List.of(args)).isEqualTo(picocli);
        rpc.assertExhausted();
    }

    /**
     * {@link #same} for {@code run}, whose waits ask for what is left of its deadline, which differs by the time each
     * path took: compared without their {@code timeout}, each checked to be within {@code timeoutMs}.
     */
    private void sameRun(long timeoutMs, int requests, Consumer<FakeRpcServer> script, String... args) {
        script.accept(rpc);
        Outcome fast = withoutTimeouts(fastPath(Map.of(), requests, args), timeoutMs);
        script.accept(rpc);
        Outcome picocli = withoutTimeouts(picocli(Map.of(), requests, args), timeoutMs);
        assertThat(fast).as("fast path vs picocli for %s", List.of(args)).isEqualTo(picocli);
        rpc.assertExhausted();
    }

    private static Outcome withoutTimeouts(Outcome outcome, long timeoutMs) {
        List<JsonObject> requests = new ArrayList<>();
        for (Object each : outcome.requests()) {
            JsonObject request = (JsonObject) each;
            JsonObject params = request.getJsonObject("params");
            if (params.containsKey("timeout")) {
                assertThat(params.getJsonNumber("timeout").longValue()).isBetween(1L, timeoutMs);
                params = Json.createObjectBuilder(params).remove("timeout").build();
            }
            requests.add(Json.createObjectBuilder(request).add("params", params).build());
        }
        return new Outcome(outcome.exitCode(), outcome.out(), outcome.err(), requests);
    }

    private Outcome fastPath(Map<String, String> env, int requests, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = FastPath.run(args, new HashMap<>(env)::get, new PrintWriter(out), new PrintWriter(err));
        assertThat(status).as("the fast path takes %s", List.of(args)).isNotEqualTo(FastPath.NOT_HANDLED);
        return new Outcome(status, out.toString(), err.toString(), take(requests));
    }

    private Outcome picocli(Map<String, String> env, int requests, String... args) {
        Cli.Result result = Cli.run(env, args);
        return new Outcome(result.exitCode(), result.out(), result.err(), take(requests));
    }

    private List<JsonObject> take(int count) {
        List<JsonObject> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            requests.add(rpc.takeRequest());
        }
        return requests;
    }
}
