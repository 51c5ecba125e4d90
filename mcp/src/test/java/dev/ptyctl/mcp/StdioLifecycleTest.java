package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import dev.ptyctl.service.server.ServerSettings;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.service.terminals.TerminalEvents;
import io.helidon.config.Config;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The stdio adapter as a process: what ends it, what it leaves behind, and {@code --url}. */
class StdioLifecycleTest {

    @Test
    void closingStdinEndsTheAdapterAndEveryProcessItStarted() throws Exception {
        Process adapter = new ProcessBuilder(McpTestServers.commandLine(List.of()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(adapter.getInputStream(),
                StandardCharsets.UTF_8));
        OutputStream in = adapter.getOutputStream();
        send(in, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""");
        assertThat(out.readLine()).contains("\"id\":1").contains("ptyctl");
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(in, """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"terminal_run","arguments":\
                {"command":"sleep 1000 & echo BG=$! SHELL=$$","timeoutMs":60000}}}""");
        String answer = out.readLine();
        Matcher pids = Pattern.compile("BG=(\\d+) SHELL=(\\d+)").matcher(answer);
        assertThat(pids.find()).as(answer).isTrue();
        ProcessHandle background = ProcessHandle.of(Long.parseLong(pids.group(1))).orElseThrow();
        ProcessHandle shell = ProcessHandle.of(Long.parseLong(pids.group(2))).orElseThrow();
        in.close();
        assertThat(adapter.waitFor(60, TimeUnit.SECONDS)).as("the adapter exits when stdin ends").isTrue();
        assertThat(out.lines().toList()).as("nothing but MCP messages on stdout")
                .allSatisfy(line -> assertThat(line).startsWith("{\"jsonrpc\""));
        assertThat(adapter.exitValue()).isZero();
        assertThat(running(shell.pid())).as("the shell").isFalse();
        assertThat(running(background.pid())).as("the shell's background job").isFalse();
    }

    @Test
    void withUrlItRelaysToTheServersMcpAndItsSessionEndsWithStdin() throws Exception {
        try (PtyctlServer server = McpTestServers.server(null, Map.of())) {
            StdioClientTransport transport = new StdioClientTransport(McpTestServers.stdioParameters(List.of(),
                    "--url", server.url()), McpJsonDefaults.getMapper());
            McpSyncClient client = McpClient.sync(transport).requestTimeout(McpTestServers.REQUEST_TIMEOUT)
                    .initializationTimeout(McpTestServers.REQUEST_TIMEOUT).build();
            client.initialize();
            ToolClient tools = new ToolClient(client);
            Map<String, Object> ran = tools.ok("terminal_run", args("command", "echo via-$((40+2))"));
            assertThat(ran).containsEntry("output", "via-42").containsEntry("exitCode", 0);
            String id = (String) ran.get("terminalId");
            assertThat(server.registry().find(id)).isPresent();
            CountDownLatch exited = new CountDownLatch(1);
            server.registry().events().subscribe(new TerminalEvents.Subscriber() {
                @Override
                public void accept(TerminalEvent event) {
                    if (event.name().equals(TerminalEvent.EXITED)
                            && id.equals(event.data().getString("terminalId"))) {
                        exited.countDown();
                    }
                }

                @Override
                public void closed() {
                }
            });
            client.closeGracefully();
            assertThat(exited.await(60, TimeUnit.SECONDS)).as("the session's shell ends with it").isTrue();
        }
    }

    @Test
    void withUrlAWrongTokenAnswersTheRequestWithTheReason() throws Exception {
        // The refusal went to stderr alone: the client's initialize waited for its own timeout.
        try (PtyctlServer server = McpTestServers.server("the-right-token", Map.of())) {
            JsonObject error = initializeThroughAdapter(server.url(), "a-wrong-token");

            assertThat(error.getString("id")).isEqualTo("init-1");
            assertThat(error.getJsonObject("error").getString("message"))
                    .isEqualTo(server.url() + "/mcp refused the request (HTTP 401): give its token with --token "
                            + "or PTYCTL_TOKEN");
        }
    }

    @Test
    void withUrlAViewTokenIsAnsweredWithTheServersReasonNotAnOriginRefusal() throws Exception {
        // A 403 was always worded "this origin or host is not allowed", also for the view token, which the server
        // refuses every POST with its own sentence saying what to give instead.
        ServerSettings settings = ServerSettings.defaults().withAddress("127.0.0.1", 0).withSecurity(
                new SecurityConfig("the-full-token", "", "a-view-token", List.of(), List.of()));
        try (PtyctlServer server = PtyctlServer.start(settings,
                new ServerToken(Optional.of("the-full-token"), "test"), Config.empty(), Config.empty())) {
            JsonObject error = initializeThroughAdapter(server.url(), "a-view-token");

            assertThat(error.getJsonObject("error").getString("message"))
                    .isEqualTo(server.url() + "/mcp refused the request (HTTP 403): the view token may only read "
                            + "(GET); POST needs the full token");
        }
    }

    /** The answer {@code ptyctl mcp --url URL --token T} writes to an {@code initialize} (id {@code init-1}). */
    private static JsonObject initializeThroughAdapter(String url, String token) throws Exception {
        List<String> command = new ArrayList<>(McpTestServers.commandLine(List.of()));
        command.addAll(List.of("--url", url, "--token", token));
        Process adapter = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(adapter.getInputStream(),
                    StandardCharsets.UTF_8));
            send(adapter.getOutputStream(), """
                    {"jsonrpc":"2.0","id":"init-1","method":"initialize","params":{"protocolVersion":\
                    "2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""");
            String answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            return JsonSupport.parseObject(answer);
        } finally {
            adapter.destroy();
            adapter.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * Whether the process still runs: a zombie has ended (it waits to be reaped by PID 1 once its parent, the shell,
     * is gone too, which is outside the adapter's hands).
     */
    static boolean running(long pid) throws java.io.IOException {
        java.nio.file.Path stat = java.nio.file.Path.of("/proc", Long.toString(pid), "stat");
        if (!java.nio.file.Files.exists(stat)) {
            return false;
        }
        String text;
        try {
            text = java.nio.file.Files.readString(stat);
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
        char state = text.charAt(text.lastIndexOf(')') + 2);
        return state != 'Z' && state != 'X';
    }

    private static void send(OutputStream in, String line) throws java.io.IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }
}
