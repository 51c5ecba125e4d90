package dev.ptyctl.client;

import static dev.ptyctl.client.testing.FakeRpcServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.testing.FakeRestServer;
import dev.ptyctl.client.testing.FakeRestServer.Request;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TerminalsClientTest {
    static final String TERMINAL = "{'terminalId':'4f1c2a9be07d5e31','sessionId':'s1','pid':41235,'running':true,"
            + "'exitCode':null,'cols':120,'rows':36,'nextOutputSeq':18,'cwd':'/srv/project','shell':'/bin/zsh',"
            + "'args':['-l'],'background':false,'createdAt':'2026-11-30T08:08:56.309265495Z','clients':0,"
            + "'websocketPath':'/v1/terminals/4f1c2a9be07d5e31/socket','rpc':{'host':'127.0.0.1','port':34141}}";
    private static final String EXITED = "{'terminalId':'00000000000000ab','sessionId':'s2','pid':7,'running':false,"
            + "'exitCode':129,'cols':100,'rows':30,'nextOutputSeq':0,'cwd':'/','shell':'/bin/bash','args':[],"
            + "'background':true,'createdAt':'2026-11-30T08:00:00Z','clients':2,"
            + "'websocketPath':'/v1/terminals/00000000000000ab/socket','rpc':{'host':'127.0.0.1','port':5000},"
            + "'liveTitle':'vim notes.txt','terminalActivity':'idle','prompt':{'state':'at_prompt'}}";

    private FakeRestServer server;
    private TerminalsClient client;

    @BeforeEach
    void start() throws IOException {
        server = FakeRestServer.start();
        client = TerminalsClient.of(server.url());
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void createPostsOnlyTheSessionWhenNothingElseIsSetAndReadsTheTerminal() throws Exception {
        server.reply(201, TERMINAL);

        Terminal terminal = client.create(CreateTerminalRequest.builder("s1").build());

        Request request = server.takeRequest();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.pathAndQuery()).isEqualTo("/v1/terminals");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        assertThat(json(request.body())).isEqualTo(json("{'sessionId':'s1'}"));
        assertThat(request.header("Authorization")).isNull();
        assertThat(terminal.terminalId()).isEqualTo("4f1c2a9be07d5e31");
        assertThat(terminal.sessionId()).isEqualTo("s1");
        assertThat(terminal.pid()).isEqualTo(41235);
        assertThat(terminal.running()).isTrue();
        assertThat(terminal.exitCode()).isEmpty();
        assertThat(terminal.size()).isEqualTo(new TerminalSize(120, 36));
        assertThat(terminal.nextOutputSeq()).isEqualTo(18);
        assertThat(terminal.cwd()).isEqualTo("/srv/project");
        assertThat(terminal.command()).containsExactly("/bin/zsh", "-l");
        assertThat(terminal.createdAt()).isEqualTo(Instant.parse("2026-11-30T08:08:56.309265495Z"));
        assertThat(terminal.websocketPath()).isEqualTo("/v1/terminals/4f1c2a9be07d5e31/socket");
        assertThat(terminal.rpc()).isEqualTo(RpcAddress.tcp("127.0.0.1", 34141));
        assertThat(terminal.liveTitle()).isEmpty();
        assertThat(terminal.json()).isEqualTo(json(TERMINAL));
        server.assertExhausted();
    }

    /** 201: this request started the terminal; 200: the session's live terminal came back, the request not applied. */
    @Test
    void createOrReuseTellsAStartedTerminalFromTheSessionsLiveOne() throws Exception {
        server.reply(201, TERMINAL);
        server.reply(200, TERMINAL);

        CreatedTerminal started = client.createOrReuse(CreateTerminalRequest.builder("s1").build());
        CreatedTerminal reused = client.createOrReuse(CreateTerminalRequest.builder("s1").command("make").build());

        assertThat(started.spawned()).isTrue();
        assertThat(reused.spawned()).isFalse();
        assertThat(reused.terminal().terminalId()).isEqualTo(started.terminal().terminalId()).isEqualTo("4f1c2a9be07d5e31");
        server.takeRequest();
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void createSendsEveryFieldThatWasSet() throws Exception {
        server.reply(200, TERMINAL);

        client.create(CreateTerminalRequest.builder("s1").cwd("/srv/project").size(120, 36)
                .command("/bin/zsh", "-l").env("PS1", "$ ").env(Map.of("A", "1"))
                .attachOnly(true).background(true).build());

        assertThat(json(server.takeRequest().body())).isEqualTo(json("{'sessionId':'s1','cwd':'/srv/project',"
                + "'cols':120,'rows':36,'shell':'/bin/zsh','args':['-l'],'env':{'A':'1','PS1':'$ '},"
                + "'attachOnly':true,'background':true}"));
        server.assertExhausted();
    }

    @Test
    void aTokenIsSentAsABearerHeaderOnEveryRequest() throws Exception {
        server.reply(200, "{'terminals':[]}").reply(200, "{'closed':true}");
        try (TerminalsClient withToken = TerminalsClient.builder().baseUrl(server.url()).token("s3cret").build()) {
            withToken.list();
            withToken.delete("t1");
        }

        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer s3cret");
        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer s3cret");
        server.assertExhausted();
    }

    @Test
    void anEmptyTokenMeansNoToken() throws Exception {
        server.reply(200, "{'terminals':[]}");
        try (TerminalsClient noToken = TerminalsClient.builder().baseUrl(server.url()).token("").build()) {
            noToken.list();
        }
        assertThat(server.takeRequest().header("Authorization")).isNull();
    }

    @Test
    void listReadsEveryTerminalWithExitCodeTitleAndMembersItDoesNotModel() throws Exception {
        server.reply(200, "{'terminals':[" + TERMINAL + "," + EXITED + "]}");

        List<Terminal> terminals = client.list();

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals");
        assertThat(terminals).extracting(Terminal::terminalId).containsExactly("4f1c2a9be07d5e31", "00000000000000ab");
        Terminal exited = terminals.get(1);
        assertThat(exited.running()).isFalse();
        assertThat(exited.exitCode()).isEqualTo(OptionalInt.of(129));
        assertThat(exited.background()).isTrue();
        assertThat(exited.clients()).isEqualTo(2);
        assertThat(exited.command()).containsExactly("/bin/bash");
        assertThat(exited.liveTitle()).isEqualTo(Optional.of("vim notes.txt"));
        assertThat(exited.terminalActivity()).isEqualTo(Optional.of("idle"));
        assertThat(exited.json().getJsonObject("prompt").getString("state")).isEqualTo("at_prompt");
    }

    @Test
    void getOfAnUnknownTerminalIsARefusalWithStatusCodeWordAndMessage() throws Exception {
        server.reply(404, "{'error':'not_found','message':'no terminal with id nope'}");

        assertThatThrownBy(() -> client.get("nope"))
                .isInstanceOfSatisfying(RestException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.error()).isEqualTo("not_found");
                    assertThat(e.message()).isEqualTo("no terminal with id nope");
                })
                .hasMessage("no terminal with id nope (HTTP 404 not_found)");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/nope");
    }

    @Test
    void deleteTellsWhetherALiveTerminalWasClosed() throws Exception {
        server.reply(200, "{'closed':true}").reply(404, "{'closed':false}");

        assertThat(client.delete("4f1c2a9be07d5e31")).isTrue();
        assertThat(client.delete("4f1c2a9be07d5e31")).isFalse();

        Request first = server.takeRequest();
        assertThat(first.method()).isEqualTo("DELETE");
        assertThat(first.pathAndQuery()).isEqualTo("/v1/terminals/4f1c2a9be07d5e31");
        server.takeRequest();
        server.assertExhausted();
    }

    @Test
    void removeTellsAnExitedTerminalFromAnUnknownOneInOneRequestEach() throws Exception {
        String unknown = "{'closed':false,'error':'not_found','message':'no terminal with id nope'}";
        server.reply(200, "{'closed':true}").reply(404, "{'closed':false}").reply(404, unknown)
                .reply(404, "{'closed':false,'error':'not_found','message':'no terminal in session s9'}");

        assertThat(client.remove("a1")).as("live: closed").isTrue();
        assertThat(client.remove("b2")).as("exited: forgotten, no error").isFalse();
        assertThatThrownBy(() -> client.remove("nope")).isInstanceOfSatisfying(RestException.class, e -> {
            assertThat(e.status()).isEqualTo(404);
            assertThat(e.message()).isEqualTo("no terminal with id nope");
        });
        assertThatThrownBy(() -> client.removeSession("s9")).isInstanceOfSatisfying(RestException.class,
                e -> assertThat(e.message()).isEqualTo("no terminal in session s9"));

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/a1");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/b2");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/nope");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/session/s9");
        server.assertExhausted();
    }

    @Test
    void deleteOfAnUnknownTerminalIsFalseAsBefore() throws Exception {
        server.reply(404, "{'closed':false,'error':'not_found','message':'no terminal with id nope'}");

        assertThat(client.delete("nope")).isFalse();
    }

    @Test
    void deleteRefusedForAnotherReasonThrows() throws Exception {
        server.reply(401, "{'error':'unauthorized','message':'a bearer token is required'}");

        assertThatThrownBy(() -> client.delete("t1")).isInstanceOfSatisfying(RestException.class,
                e -> assertThat(e.status()).isEqualTo(401));
    }

    @Test
    void deleteSessionEncodesTheSessionIdAsOnePathSegment() throws Exception {
        server.reply(200, "{'closed':true}");

        server.reply(200, "{'closed':true}");

        assertThat(client.deleteSession("my session/1+2")).isTrue();
        assertThat(client.deleteSession("..")).isTrue();

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/session/my%20session%2F1%2B2");
        assertThat(server.takeRequest().pathAndQuery()).as("not a step up the path").isEqualTo(
                "/v1/terminals/session/%2E%2E");
    }

    @Test
    void screenAsksForTheFormatAndReturnsTheScreenText() throws Exception {
        server.reply(200, "{'format':'text','screen':'$ ls\\nREADME.md\\n'}")
                .reply(200, "{'format':'vt','screen':'\\u001bc$ ls'}");

        assertThat(client.screen("t1")).isEqualTo("$ ls\nREADME.md\n");
        assertThat(client.screen("t1", ScreenFormat.VT)).isEqualTo("\u001bc$ ls");

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=text");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=vt");
    }

    @Test
    void screenJoinedAsksForJoinedRowsAndIsEmptyWhenTheServerIgnoredIt() throws Exception {
        server.reply(200, "{'format':'text','screen':'a long line\\n','joined':true}")
                .reply(200, "{'format':'text','screen':'a lo\\nng line\\n'}");

        assertThat(client.screenJoined("t1")).contains("a long line\n");
        assertThat(client.screenJoined("t1")).as("an older server's rows").isEmpty();

        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=text&joined=true");
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/screen?format=text&joined=true");
    }

    @Test
    void recordingReturnsTheAsciicastFileVerbatim() throws Exception {
        String cast = "{\"version\":2,\"width\":100,\"height\":30}\n[0.0,\"o\",\"hi\"]\n";
        server.replyRaw(200, "application/x-asciicast", cast);

        assertThat(client.recording("t1")).isEqualTo(cast);
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/v1/terminals/t1/recording?format=asciicast");
    }

    @Test
    void anErrorPageThatIsNotJsonIsQuotedInTheRefusal() {
        server.replyRaw(502, "text/html", "<html><body>Bad   Gateway</body></html>");

        assertThatThrownBy(() -> client.list()).isInstanceOfSatisfying(RestException.class, e -> {
            assertThat(e.status()).isEqualTo(502);
            assertThat(e.error()).isEmpty();
            assertThat(e.message()).contains("/v1/terminals answered 502: <html><body>Bad Gateway</body></html>");
        });
    }

    @Test
    void aSuccessfulAnswerThatIsNotTheApisJsonIsAConnectionProblemNamingTheMember() {
        server.reply(200, "{'terminals':[{'terminalId':'t1'}]}").replyRaw(200, "text/plain", "hello");

        assertThatThrownBy(() -> client.list()).isInstanceOf(RestConnectionException.class)
                .hasMessageContaining("malformed answer").hasMessageContaining("\"sessionId\"");
        assertThatThrownBy(() -> client.get("t1")).isInstanceOf(RestConnectionException.class)
                .hasMessageContaining("not a JSON object: hello");
    }

    @Test
    void aServerThatIsNotListeningIsAConnectionProblemNamingTheUri() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        URI url = URI.create("http://127.0.0.1:" + port);
        try (TerminalsClient nobody = TerminalsClient.of(url)) {
            assertThatThrownBy(nobody::list).isInstanceOfSatisfying(RestConnectionException.class, e -> {
                assertThat(e.uri()).isEqualTo(URI.create(url + "/v1/terminals"));
                // the JDK's client says no more than "ClosedChannelException" here
                assertThat(e.getMessage()).isEqualTo("cannot connect to " + url + "/v1/terminals: connection refused:"
                        + " nothing listens on 127.0.0.1:" + port + " (is the ptyctl server running there, on that"
                        + " port?)");
            });
        }
    }

    @Test
    void aServerThatDoesNotAnswerInTimeIsAConnectionProblem() {
        server.hang();
        try (TerminalsClient impatient = TerminalsClient.builder().baseUrl(server.url())
                .requestTimeout(Duration.ofMillis(200)).build()) {
            assertThatThrownBy(impatient::list).isInstanceOf(RestConnectionException.class)
                    .hasMessageContaining("no answer from " + server.url() + "/v1/terminals within 200 ms");
        }
    }

    @Test
    void aBaseUrlWithAPathPrefixAndTrailingSlashIsKept() throws Exception {
        server.reply(200, "{'terminals':[]}");
        try (TerminalsClient proxied = TerminalsClient.builder().baseUrl(server.url() + "/ptyctl/").build()) {
            proxied.list();
        }
        assertThat(server.takeRequest().pathAndQuery()).isEqualTo("/ptyctl/v1/terminals");
    }

    @Test
    void aBaseUrlThatIsNotHttpIsRefusedWithTheValue() {
        assertThatThrownBy(() -> TerminalsClient.builder().baseUrl("127.0.0.1:8765"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the server URL must look like http://host:port, got 127.0.0.1:8765");
        assertThatThrownBy(() -> TerminalsClient.builder().baseUrl("ftp://host/"))
                .hasMessageContaining("got ftp://host/");
        assertThatThrownBy(() -> TerminalsClient.builder().baseUrl("http://a b"))
                .hasMessageContaining("got http://a b");
    }

    @Test
    void aCommandMustNameAProgram() {
        assertThatThrownBy(() -> CreateTerminalRequest.builder("s").command(List.of()))
                .hasMessage("command is empty: name at least the program");
    }
}
