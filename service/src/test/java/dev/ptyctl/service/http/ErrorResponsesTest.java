package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.ws.SocketSettings;
import dev.ptyctl.service.ws.TerminalSocketEndpoint;
import dev.ptyctl.service.ws.UpgradePolicy;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.websocket.WsRouting;
import io.restassured.specification.RequestSpecification;
import java.io.DataInputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every refusal of the REST API is {@code {"error": word, "message": sentence}} with the status of SPEC §5, and
 * the message names the field or the problem.
 */
class ErrorResponsesTest {
    private static PtyctlServer server;
    private static RequestSpecification api;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
        api = TestServers.api(server);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{}                                              | sessionId is required",
            "{\"sessionId\":\"\"}                            | sessionId is required",
            "{\"sessionId\":7}                               | sessionId must be a string",
            "{\"sessionId\":\"v\",\"cols\":0}                | cols must be from 1 to 1000, got 0",
            "{\"sessionId\":\"v\",\"cols\":1001}             | cols must be from 1 to 1000, got 1001",
            "{\"sessionId\":\"v\",\"rows\":-3}               | rows must be from 1 to 1000, got -3",
            "{\"sessionId\":\"v\",\"rows\":2.5}              | rows must be an integer",
            "{\"sessionId\":\"v\",\"cols\":\"80\"}           | cols must be an integer",
            "{\"sessionId\":\"v\",\"cols\":99999999999}      | cols is out of range",
            "{\"sessionId\":\"v\",\"cwd\":\"/no/such/dir\"}  | cwd is not an existing directory: /no/such/dir",
            "{\"sessionId\":\"v\",\"shell\":\"/etc/passwd\"}   | not an executable file: /etc/passwd",
            "{\"sessionId\":\"v\",\"shell\":\"no-such-shell-x\"} | command not found: no-such-shell-x (not on the server PATH)",
            "{\"sessionId\":\"v\",\"args\":\"-l\"}           | args must be an array of strings",
            "{\"sessionId\":\"v\",\"args\":[1]}              | args must be an array of strings",
            "{\"sessionId\":\"v\",\"env\":{\"A\":1}}         | env.A must be a string",
            "{\"sessionId\":\"v\",\"env\":{\"A=B\":\"1\"}}   | env: not a usable variable name",
            "{\"sessionId\":\"v\",\"env\":{\"A\":\"a\\u0000b\"}} | env.A holds a NUL character",
            "{\"sessionId\":\"v\",\"args\":[\"-c\",\"a\\u0000b\"]} | args[1] holds a NUL character",
            "{\"sessionId\":\"v\",\"attachOnly\":\"yes\"}    | attachOnly must be true or false",
    })
    void invalidCreateRequestsAre400NamingTheField(String body, String message) {
        given(api).body(body).post("/v1/terminals").then().statusCode(400)
                .body("error", equalTo("invalid_request")).body("message", containsString(message));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "colls      | unknown field \"colls\" (did you mean \"cols\"?)",
            "SessionID  | unknown field \"SessionID\" (did you mean \"sessionId\"?)",
            "xyzzy      | unknown field \"xyzzy\"; the fields are sessionId, cwd, cols",
    })
    void anUnknownCreateFieldIs400NamingItAndTheNearestKnownOne(String field, String message) {
        given(api).body("{\"sessionId\":\"u\",\"" + field + "\":120}").post("/v1/terminals").then().statusCode(400)
                .body("error", equalTo("unknown_field")).body("message", containsString(message))
                .body("message", containsString("Ptyctl-Unknown-Fields: ignore"));
    }

    @Test
    void withTheUnknownFieldsHeaderSetToIgnoreUnknownFieldsAreIgnored() {
        String id = given(api).header("Ptyctl-Unknown-Fields", "ignore")
                .body("{\"sessionId\":\"lenient\",\"args\":[\"--norc\"],\"colls\":120,\"fromANewerClient\":{}}")
                .post("/v1/terminals").then().statusCode(201).body("cols", equalTo(100)).extract().path("terminalId");
        given(api).delete("/v1/terminals/" + id).then().statusCode(200);
    }

    @Test
    void aCwdThatIsAFileIsRefused(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "x");
        given(api).body("{\"sessionId\":\"v\",\"cwd\":\"" + file + "\"}").post("/v1/terminals").then()
                .statusCode(400).body("message", containsString("cwd is not an existing directory"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"sessionId\":                  | the request body is not valid JSON",
            "not json                         | the request body is not valid JSON",
            "[1,2]                            | must be a JSON object",
            "\"text\"                         | must be a JSON object",
            "{\"sessionId\":\"v\"} x              | text after the JSON object at character 19",
            "{\"sessionId\":\"v\"}{\"sessionId\":\"w\"} | more than one JSON value: another starts at character 18",
    })
    void malformedBodiesAre400SayingWhatIsWrong(String body, String message) {
        given(api).body(body).post("/v1/terminals").then().statusCode(400)
                .body("error", equalTo("invalid_json")).body("message", containsString(message));
    }

    @Test
    void anEmptyBodyIs400() {
        given(api).post("/v1/terminals").then().statusCode(400)
                .body("message", containsString("the request body is empty"));
    }

    @Test
    void aBodyThatIsNotUtf8Is400() {
        given(api).body(new byte[] {'{', '"', (byte) 0xC3, '"', '}'}).post("/v1/terminals").then().statusCode(400)
                .body("message", containsString("not valid UTF-8"));
    }

    @Test
    void aBodyOverTheLimitIs413() {
        String huge = "{\"sessionId\":\"v\",\"env\":{\"X\":\"" + "x".repeat(JsonBody.MAX_BODY_BYTES) + "\"}}";
        given(api).body(huge).post("/v1/terminals").then().statusCode(413).body("error", equalTo("too_large"));
    }

    @Test
    void aChunkedBodyOverTheLimitIs413() {
        byte[] huge = ("{\"sessionId\":\"v\",\"env\":{\"X\":\"" + "x".repeat(JsonBody.MAX_BODY_BYTES) + "\"}}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        given(api).body(new java.io.ByteArrayInputStream(huge)).post("/v1/terminals").then().statusCode(413)
                .body("error", equalTo("too_large"));
    }

    @Test
    void unknownScreenAndRecordingFormatsAre400() {
        String id = given(api).body(TestServers.createBody("formats")).post("/v1/terminals").path("terminalId");
        given(api).get("/v1/terminals/" + id + "/screen?format=html").then().statusCode(400)
                .body("message", containsString("format must be text or vt, got html"));
        given(api).get("/v1/terminals/" + id + "/screen?joined=yes").then().statusCode(400)
                .body("message", containsString("joined must be true or false, got yes"));
        given(api).get("/v1/terminals/" + id + "/screen?format=vt&joined=true").then().statusCode(400)
                .body("message", containsString("joined=true goes with format=text"));
        given(api).get("/v1/terminals/" + id + "/recording?format=ttyrec").then().statusCode(400)
                .body("message", containsString("format must be asciicast"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"GET,/nope", "GET,/v1", "GET,/v1/terminals/a/b/c", "GET,/v1/terminal"})
    void unknownRoutesAre404Json(String method, String path) {
        given(api).request(method, path).then().statusCode(404).contentType("application/json")
                .body("error", equalTo("not_found")).body("message", containsString(path));
    }

    /**
     * A path the server has, asked with a method it does not take, is 405 saying which it takes (it was 404 "no such
     * endpoint", as for a mistyped path).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "PUT    | /v1/terminals                    | GET, HEAD, POST   | POST creates one",
            "PATCH  | /v1/terminals/t1                 | GET, HEAD, DELETE | DELETE closes it",
            "GET    | /v1/terminals/session/s1         | DELETE      | DELETE closes the session's terminal",
            "POST   | /v1/terminals/t1/screen          | GET, HEAD         | GET reads the screen",
            "DELETE | /v1/terminals/t1/recording       | GET, HEAD         | GET downloads the recording",
            "GET    | /v1/terminals/t1/rpc             | POST        | POST a JSON-RPC request",
            "POST   | /v1/events                       | GET, HEAD         | GET streams the events",
            "POST   | /observe/metrics                 | GET, HEAD         | GET reads the meters",
            "POST   | /observe/health                  | GET, HEAD         | GET reads the server's health",
            "DELETE | /observe/health/ready            | GET, HEAD         | GET reads the server's health",
    })
    void aKnownPathAskedWithAnotherMethodIs405NamingTheMethodsItTakes(String method, String path, String allow,
                                                                       String how) {
        given(api).request(method, path).then().statusCode(405).header("Allow", allow)
                .body("error", equalTo("method_not_allowed"))
                .body("message", startsWith(method + " " + path + ": ")).body("message", containsString(how));
    }

    /** A WebSocket's path asked without the upgrade is 426 (it was 404 "no such endpoint"). */
    @Test
    void aWebSocketPathAskedWithoutTheUpgradeIs426() {
        given(api).get("/v1/terminals/t1/socket").then().statusCode(426).header("Upgrade", "websocket")
                .body("error", equalTo("upgrade_required"))
                .body("message", containsString("the terminal's socket is a WebSocket: open it with a WebSocket client"));
    }

    @Test
    void theTerminalLimitIs429() {
        PtyctlServer small = TestServers.start(TestServers.withMaxTerminals(2),
                dev.ptyctl.service.server.ServerToken.none());
        try {
            RequestSpecification limited = TestServers.api(small);
            given(limited).body(TestServers.createBody("l1")).post("/v1/terminals").then().statusCode(201);
            String second = given(limited).body(TestServers.createBody("l2")).post("/v1/terminals").then()
                    .statusCode(201).extract().path("terminalId");
            given(limited).body(TestServers.createBody("l3")).post("/v1/terminals").then().statusCode(429)
                    .body("error", equalTo("too_many_terminals")).body("message", containsString("2 terminals"));
            // An existing session is still served at the limit.
            given(limited).body(TestServers.createBody("l1")).post("/v1/terminals").then().statusCode(200);

            given(limited).delete("/v1/terminals/" + second).then().statusCode(200);
            given(limited).body(TestServers.createBody("l3")).post("/v1/terminals").then().statusCode(201);
        } finally {
            small.close();
        }
    }

    /**
     * A 500 names the exception's class and an id that the server's log line has too, never the exception's message
     * or where it was thrown: a client (unauthenticated too, on an endpoint without a token) is not shown the server's
     * file paths or internal names.
     */
    @Test
    void anUnexpectedFailureIs500JsonNamingTheClassAndAnIdOfTheLogLineNotItsMessageAndIsNotFatal() {
        List<LogRecord> logged = capturedLog();
        WebServer boom = WebServer.builder().port(0)
                .routing(r -> {
                    r.get("/boom", (req, res) -> {
                        throw new IllegalStateException("cannot read /home/alice/.config/ptyctl/token");
                    });
                    ApiErrors.register(r);
                }).build().start();
        try {
            String message = given().port(boom.port()).get("/boom").then().statusCode(500)
                    .contentType("application/json").body("error", equalTo("internal_error"))
                    .extract().path("message");
            Matcher id = Pattern.compile("^the server failed: IllegalStateException \\(error ([0-9a-f]{8}); the "
                    + "server's log has its message and stack under that id\\)$").matcher(message);
            assertThat(id.find()).as(message).isTrue();
            assertThat(message).doesNotContain("alice").doesNotContain("ErrorResponsesTest");
            assertThat(logged).anySatisfy(record -> {
                assertThat(record.getMessage()).isEqualTo("request GET /boom failed (error " + id.group(1) + ")");
                assertThat(record.getThrown()).hasMessageContaining("/home/alice");
            });
            given().port(boom.port()).get("/boom").then().statusCode(500);
        } finally {
            boom.stop();
        }
    }

    /**
     * The log line of a 500 quotes the request's path with its control characters escaped, as the event log does: the
     * path is the client's, and an ESC in it (sent as %1b) would reach the terminal of an operator reading the log.
     */
    @Test
    void theLogLineOfA500HasTheControlCharactersOfThePathEscaped() {
        List<LogRecord> logged = capturedLog();
        WebServer boom = WebServer.builder().port(0)
                .routing(r -> {
                    r.get("/boom/{what}", (req, res) -> {
                        throw new IllegalStateException("kaput");
                    });
                    ApiErrors.register(r);
                }).build().start();
        try {
            given().port(boom.port()).urlEncodingEnabled(false).get("/boom/%1b%5b2J%0d").then().statusCode(500);
            assertThat(logged).anySatisfy(record -> assertThat(record.getMessage())
                    .startsWith("request GET \"/boom/\\u001b[2J\\r\" failed (error "));
            assertThat(logged).allSatisfy(record -> assertThat(record.getMessage()).doesNotContain("\u001b"));
        } finally {
            boom.stop();
        }
    }

    /** The handler {@link #capturedLog} added, removed after each test. */
    private Handler captured;

    @AfterEach
    void stopCapturing() {
        if (captured != null) {
            Logger.getLogger(ApiErrors.class.getName()).removeHandler(captured);
        }
    }

    /** What ApiErrors logs from now until the end of the test. */
    private List<LogRecord> capturedLog() {
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        captured = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger.getLogger(ApiErrors.class.getName()).addHandler(captured);
        return logged;
    }

    /**
     * A WebSocket upgrade that fails inside the server (CI saw one answered 500 once, with an exception that had no
     * message) is answered 500 naming the exception's class and an id, and the server logs it under that id with its
     * stack.
     */
    @Test
    void anUpgradeThatFailsIs500NamingTheExceptionAndAnIdOfItsLogLineWithItsStack() throws Exception {
        List<LogRecord> logged = capturedLog();
        WsRouting.Builder ws = WsRouting.builder();
        TerminalSocketEndpoint.create(id -> {
            throw new ConcurrentModificationException(); // as a lookup iterating a map another thread changes would
        }, UpgradePolicy.ALLOW_ALL, SocketSettings.defaults()).routing(ws);
        // With the server's filters, as PtyctlServer routes: Helidon runs a routed upgrade within them, and what it
        // throws reaches the routing's error handlers (without filters, Helidon answers a bare "Internal Server Error").
        AccessRules rules = new AccessRules(Optional.empty(), Set.of(), Set.of(), true);
        WebServer failing = WebServer.builder().host("127.0.0.1").port(0).routing(r -> {
            r.addFilter(new HeadRequests()).addFilter(new RequestGuard(rules));
            ApiErrors.register(r);
        }).addRouting(ws).build().start();
        try (Socket socket = new Socket("127.0.0.1", failing.port())) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(TestServers.upgradeRequest("/v1/terminals/t1/socket", "127.0.0.1", null));
            DataInputStream in = new DataInputStream(socket.getInputStream());
            StringBuilder head = new StringBuilder();
            while (head.indexOf("\r\n\r\n") < 0) {
                head.append((char) in.readUnsignedByte());
            }
            Matcher length = Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
            assertThat(head).startsWith("HTTP/1.1 500");
            assertThat(length.find()).as("a Content-Length in %s", head).isTrue();
            String body = new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
            Matcher id = Pattern.compile("the server failed: ConcurrentModificationException \\(error ([0-9a-f]{8});")
                    .matcher(body);
            assertThat(id.find()).as(body).isTrue();
            assertThat(logged).anySatisfy(record -> {
                assertThat(record.getMessage()).isEqualTo("WebSocket upgrade GET /v1/terminals/t1/socket failed (error "
                        + id.group(1) + ")");
                assertThat(record.getThrown()).isInstanceOf(ConcurrentModificationException.class);
            });
        } finally {
            failing.stop();
        }
    }
}
