package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.terminals.TerminalEvents;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /mcp} as HTTP: the security rules of the server (token, Origin, Host), sessions by {@code Mcp-Session-Id},
 * an answer stream that carries the wait's progress before its result, and a deleted session taking its terminals
 * with it. Raw HTTP where the wire matters; the SDK's client where a client's view does.
 */
class StreamableHttpTest {
    private static final String TOKEN = "mcp-test-token";
    private static final String ACCEPT = "application/json, text/event-stream";
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
            "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""";
    private static PtyctlServer server;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = McpTestServers.server(TOKEN, Map.of());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static HttpRequest.Builder post(String body) {
        return HttpRequest.newBuilder(URI.create(server.url() + "/mcp")).header("Content-Type", "application/json")
                .header("Accept", ACCEPT).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aMissingOrWrongTokenIs401() throws Exception {
        assertThat(send(post(INITIALIZE)).statusCode()).isEqualTo(401);
        assertThat(send(post(INITIALIZE).header("Authorization", "Bearer wrong")).statusCode()).isEqualTo(401);
        assertThat(send(post(INITIALIZE).header("Authorization", "Bearer " + TOKEN)).statusCode()).isEqualTo(200);
    }

    @Test
    void aForeignOriginIs403EvenWithTheToken() throws Exception {
        HttpResponse<String> foreign = send(post(INITIALIZE).header("Authorization", "Bearer " + TOKEN)
                .header("Origin", "http://evil.example"));
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(foreign.body()).contains("origin_not_allowed");
        HttpResponse<String> same = send(post(INITIALIZE).header("Authorization", "Bearer " + TOKEN)
                .header("Origin", server.url()));
        assertThat(same.statusCode()).isEqualTo(200);
    }

    @Test
    void theSdkClientWithoutTheTokenCannotConnect() {
        assertThatThrownBy(() -> McpTestServers.httpClient(server, null, null)).isNotNull();
    }

    @Test
    void requestsNeedASessionThatExists() throws Exception {
        String call = """
                {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}""";
        HttpResponse<String> none = send(post(call).header("Authorization", "Bearer " + TOKEN));
        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(none.body()).contains("Mcp-Session-Id");
        HttpResponse<String> unknown = send(post(call).header("Authorization", "Bearer " + TOKEN)
                .header("Mcp-Session-Id", "no-such-session"));
        assertThat(unknown.statusCode()).isEqualTo(404);
        HttpResponse<String> garbage = send(post("{not json").header("Authorization", "Bearer " + TOKEN));
        assertThat(garbage.statusCode()).isEqualTo(400);
        assertThat(garbage.body()).contains("not a JSON-RPC message");
    }

    @Test
    void aWaitsAnswerStreamCarriesItsProgressBeforeItsResult() throws Exception {
        String session = initialize();
        String id = createCat(session);
        HttpResponse<java.util.stream.Stream<String>> waiting = HTTP.send(post(toolCall(3, "terminal_wait",
                        "{\"terminalId\":\"" + id + "\",\"text\":\"never\",\"timeoutMs\":2500}", "p-1"))
                        .header("Authorization", "Bearer " + TOKEN).header("Mcp-Session-Id", session).build(),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(waiting.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/event-stream"));
        List<String> data = new ArrayList<>();
        waiting.body().filter(line -> line.startsWith("data:")).forEach(data::add);
        assertThat(data).hasSizeGreaterThanOrEqualTo(2);
        assertThat(data.subList(0, data.size() - 1)).allSatisfy(line -> assertThat(line)
                .contains("notifications/progress").contains("\"progressToken\":\"p-1\""));
        assertThat(data.getLast()).contains("\"id\":3").contains("\"reason\":\"timeout\"");
    }

    @Test
    void deletingTheSessionEndsItsTerminals() throws Exception {
        String session = initialize();
        String id = createCat(session);
        assertThat(server.registry().find(id)).isPresent();
        HttpResponse<String> deleted = send(HttpRequest.newBuilder(URI.create(server.url() + "/mcp"))
                .header("Authorization", "Bearer " + TOKEN).header("Mcp-Session-Id", session).DELETE());
        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(server.registry().find(id)).isEmpty();
    }

    /**
     * A DELETE that comes while a terminal_create is under way: the terminal it makes ends too. It used to be added to
     * the session after the session had closed its terminals, and ran on with no owner.
     */
    @Test
    void aTerminalCreatedWhileItsSessionIsDeletedEndsToo() throws Exception {
        RacedCreate raced = createWhileDeleted("{\"command\":[\"cat\"]}");
        assertThat(raced.exited().await(30, TimeUnit.SECONDS)).as("terminal %s of the deleted session has ended",
                raced.terminalId()).isTrue();
    }

    /**
     * The same race for a terminal made to outlive its session: it is kept, as it would have been had the DELETE come
     * a moment later (it used to be closed with the session). The DELETE cuts the create's answer off, and nothing
     * announces that a terminal was kept, so the test gives the close it used to get (at once, on the creating
     * thread) a second to come.
     */
    @Test
    void aTerminalMadeToOutliveItsSessionIsKeptWhenTheSessionIsDeletedDuringItsCreate() throws Exception {
        RacedCreate raced = createWhileDeleted("{\"command\":[\"cat\"],\"outliveSession\":true}");
        try {
            assertThat(raced.exited().await(1, TimeUnit.SECONDS)).as("terminal %s ended", raced.terminalId())
                    .isFalse();
            assertThat(server.registry().find(raced.terminalId())).hasValueSatisfying(t -> assertThat(t.running())
                    .isTrue());
        } finally {
            server.registry().closeById(raced.terminalId());
        }
    }

    /** @param exited counted down when the terminal's program exits */
    private record RacedCreate(String terminalId, CountDownLatch exited) {
    }

    /**
     * terminal_create with {@code arguments} in a new session, held where the registry announces the new terminal
     * (events are published on the creating thread) until a DELETE of its session is answered.
     */
    private RacedCreate createWhileDeleted(String arguments) throws Exception {
        String session = initialize();
        AtomicReference<String> created = new AtomicReference<>();
        CountDownLatch announced = new CountDownLatch(1);
        CountDownLatch deleted = new CountDownLatch(1);
        CountDownLatch exited = new CountDownLatch(1);
        TerminalEvents.Subscription subscription = server.registry().events().subscribe(
                new TerminalEvents.Subscriber() {
                    @Override
                    public void accept(TerminalEvent event) {
                        String id = event.data().getString("terminalId");
                        if (event.name().equals(TerminalEvent.CREATED) && created.compareAndSet(null, id)) {
                            announced.countDown();
                            try {
                                deleted.await(60, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        } else if (event.name().equals(TerminalEvent.EXITED) && id.equals(created.get())) {
                            exited.countDown();
                        }
                    }

                    @Override
                    public void closed() {
                    }
                });
        try {
            CompletableFuture<HttpResponse<String>> create = HTTP.sendAsync(post(toolCall(2, "terminal_create",
                    arguments, null)).header("Authorization", "Bearer " + TOKEN)
                    .header("Mcp-Session-Id", session).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(announced.await(60, TimeUnit.SECONDS)).isTrue();
            assertThat(send(HttpRequest.newBuilder(URI.create(server.url() + "/mcp"))
                    .header("Authorization", "Bearer " + TOKEN).header("Mcp-Session-Id", session).DELETE())
                    .statusCode()).isEqualTo(200);
            deleted.countDown();
            create.handle((response, failure) -> null).get(60, TimeUnit.SECONDS); // answered or cut off
            return new RacedCreate(created.get(), exited);
        } finally {
            deleted.countDown();
            subscription.close();
        }
    }

    @Test
    void twoSessionsEachListOnlyTheirOwnTerminals() {
        try (ToolClient first = new ToolClient(McpTestServers.httpClient(server, TOKEN, null));
             ToolClient second = new ToolClient(McpTestServers.httpClient(server, TOKEN, null))) {
            String mine = (String) first.ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
            assertThat((List<?>) second.ok("terminal_list", args()).get("terminals")).isEmpty();
            // but any terminal may be used by id
            assertThat(second.ok("terminal_read", args("terminalId", mine))).containsKey("screen");
        }
    }

    @Test
    void theViewUrlIsOnTheAddressTheClientDialled() {
        // Dialled as localhost, the server's own URL is 127.0.0.1; a server listening on 0.0.0.0 gave
        // https://0.0.0.0:8765/?t=ID, a link no person could open.
        String dialled = "http://localhost:" + server.port();
        try (ToolClient client = new ToolClient(McpClient.sync(HttpClientStreamableHttpTransport.builder(dialled)
                .endpoint("/mcp").requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + TOKEN))
                .build()).requestTimeout(McpTestServers.REQUEST_TIMEOUT).build())) {
            client.sdk().initialize();

            Map<String, Object> created = client.ok("terminal_create", args("command", List.of("/bin/cat")));

            assertThat(server.url()).doesNotStartWith(dialled);
            assertThat((String) created.get("viewUrl")).isEqualTo(dialled + "/?t=" + created.get("terminalId"));
        }
    }

    @Test
    void readonlyToolsOfferOnlyTheFourThatLook() {
        try (PtyctlServer readonly = McpTestServers.server(null, Map.of("ptyctl.mcp.tools", "readonly"))) {
            McpSyncClient client = McpTestServers.httpClient(readonly, null, null);
            assertThat(client.listTools().tools()).extracting(t -> t.name()).containsExactly("terminal_list",
                    "terminal_read", "terminal_wait", "terminal_output");
            client.closeGracefully();
        }
    }

    @Test
    void aWaitLongerThanTheCapAnswersContinueWithTheSeqToResumeFrom() {
        try (PtyctlServer capped = McpTestServers.server(null, Map.of("ptyctl.mcp.waitCapMillis", "300"));
             ToolClient client = new ToolClient(McpTestServers.httpClient(capped, null, null))) {
            String id = (String) client.ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
            Map<String, Object> first = client.ok("terminal_wait", args("terminalId", id, "text", "LATER",
                    "sinceSeq", 0, "timeoutMs", 600_000));
            assertThat(first).containsEntry("matched", false).containsEntry("reason", "continue");
            client.ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "LATER\n"))));
            assertThat(client.ok("terminal_wait", args("terminalId", id, "text", "LATER",
                    "sinceSeq", first.get("seq"), "timeoutMs", 600_000))).containsEntry("matched", true);
        }
    }

    /**
     * A text printed across the cap: the continue answer's continueAt (with the same sinceSeq) goes on where the wait
     * left off and finds it, where the screen's seq that the answer named before skipped its start ("LA" printed
     * before the cap, "TER" after).
     */
    @Test
    void aWaitGoingOnFromContinueAtFindsATextPrintedAcrossTheCap() {
        try (PtyctlServer capped = McpTestServers.server(null, Map.of("ptyctl.mcp.waitCapMillis", "300"));
             ToolClient client = new ToolClient(McpTestServers.httpClient(capped, null, null))) {
            String id = (String) client.ok("terminal_create", args("command", List.of("sh", "-c",
                    "stty -echo; printf LA; read x; printf TER; sleep 600"))).get("terminalId");
            client.ok("terminal_wait", args("terminalId", id, "text", "LA", "timeoutMs", 30_000));
            McpSchema.CallToolResult capped1 = client.call("terminal_wait", args("terminalId", id, "text", "LATER",
                    "sinceSeq", 0, "timeoutMs", 600_000));
            @SuppressWarnings("unchecked")
            Map<String, Object> first = (Map<String, Object>) capped1.structuredContent();
            assertThat(first).containsEntry("matched", false).containsEntry("reason", "continue");
            long continueAt = ToolClient.seq(first, "continueAt");
            assertThat(ToolClient.text(capped1)).contains("call terminal_wait again with sinceSeq 0 and continueAt "
                    + continueAt);
            client.ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "\n"))));
            client.ok("terminal_wait", args("terminalId", id, "text", "LATER", "timeoutMs", 30_000));
            assertThat(client.ok("terminal_wait", args("terminalId", id, "text", "LATER", "sinceSeq", first.get("seq"),
                    "timeoutMs", 600_000))).as("from the screen's seq: LA is behind it").containsEntry("matched", false);
            assertThat(client.ok("terminal_wait", args("terminalId", id, "text", "LATER", "sinceSeq", 0,
                    "continueAt", continueAt, "timeoutMs", 600_000))).containsEntry("matched", true);
            assertThat(client.error("terminal_wait", args("terminalId", id, "prompt", true, "sinceSeq", 0,
                    "continueAt", 1))).contains("continueAt needs sinceSeq with text, regex or any");
        }
    }

    private static String initialize() throws Exception {
        HttpResponse<String> init = send(post(INITIALIZE).header("Authorization", "Bearer " + TOKEN));
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .header("Authorization", "Bearer " + TOKEN).header("Mcp-Session-Id", session));
        return session;
    }

    /** Creates a terminal running cat in the session (call id 2); returns its id. */
    private static String createCat(String session) throws Exception {
        String created = send(post(toolCall(2, "terminal_create", "{\"command\":[\"cat\"]}", null))
                .header("Authorization", "Bearer " + TOKEN).header("Mcp-Session-Id", session)).body();
        return field(created, "terminalId");
    }

    private static String toolCall(int id, String tool, String arguments, String progressToken) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + (progressToken == null ? ""
                : ",\"_meta\":{\"progressToken\":\"" + progressToken + "\"}") + "}}";
    }

    private static String field(String body, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(body);
        assertThat(m.find()).as("%s in %s", name, body).isTrue();
        return m.group(1);
    }
}
