package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code ptyctl.mcp.sessionIdleMillis}: an agent that goes away without deleting its session (a crash, a kill, a lost
 * network) does not leave its shells running until the server stops. Its session ends once idle for the configured
 * time and the processes of the terminals it created end with it; terminals it did not create, and those it created
 * to outlive it, keep running. Real HTTP, real PTYs, the SDK's own client in a process that is killed.
 */
class AbandonedSessionsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aKilledAgentsTerminalsEndWithItsSessionAndNobodyElsesDo() throws Exception {
        try (PtyctlServer server = McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "1000"));
             ToolClient other = new ToolClient(McpTestServers.httpClient(server, null, null))) {
            // A terminal of another agent's session, one made to outlive its session, and one a person made (REST).
            String othersShell = other.shell("bash");
            String kept = (String) other.ok("terminal_create", args("command", List.of("sleep", "600"),
                    "outliveSession", true)).get("terminalId");
            String persons = createOverRest(server);

            Process agent = new ProcessBuilder(agentCommandLine(server.url()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String line = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            Matcher printed = Pattern.compile("terminals (\\S+) (\\S+) background .*?(\\d+)$").matcher(String.valueOf(line));
            assertThat(printed.find()).as("the agent's report: %s", line).isTrue();
            List<ProcessHandle> abandoned = new ArrayList<>();
            abandoned.add(process(server, printed.group(1)));
            abandoned.add(process(server, printed.group(2)));
            abandoned.add(ProcessHandle.of(Long.parseLong(printed.group(3))).orElseThrow());

            agent.destroyForcibly(); // SIGKILL: no DELETE, no shutdown hook
            assertThat(agent.waitFor(60, TimeUnit.SECONDS)).isTrue();

            for (ProcessHandle each : abandoned) {
                each.onExit().get(60, TimeUnit.SECONDS); // its shells, and the background job of one
            }
            assertThat(server.registry().find(printed.group(1))).isEmpty();
            assertThat(server.registry().find(printed.group(2))).isEmpty();
            assertThat(process(server, othersShell).isAlive()).as("another session's shell").isTrue();
            assertThat(process(server, kept).isAlive()).as("a terminal made to outlive its session").isTrue();
            assertThat(process(server, persons).isAlive()).as("a terminal made over REST").isTrue();
            // the other agent, whose client keeps its event stream open, still has its session and shell
            assertThat(other.run(othersShell, "echo still-$((1+1))")).containsEntry("output", "still-2");
        }
    }

    @Test
    void aRelayKilledWithSigkillLeavesNoShellBehind() throws Exception {
        // ptyctl mcp --url deletes its session when stdin ends or on SIGTERM; SIGKILL gives it no chance.
        try (PtyctlServer server = McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "1000"))) {
            McpSyncClient client = McpClient.sync(new StdioClientTransport(McpTestServers.stdioParameters(List.of(),
                    "--url", server.url()), McpJsonDefaults.getMapper()))
                    .requestTimeout(McpTestServers.REQUEST_TIMEOUT)
                    .initializationTimeout(McpTestServers.REQUEST_TIMEOUT).build();
            client.initialize();
            String shell = (String) new ToolClient(client).ok("terminal_run", args("command", "true"))
                    .get("terminalId");
            ProcessHandle shellProcess = process(server, shell);
            // the one java child: the others are the server's shells (its command line is cut before --url)
            ProcessHandle relay = ProcessHandle.current().children()
                    .filter(p -> p.info().command().orElse("").endsWith("/java")).findFirst().orElseThrow();

            relay.destroyForcibly();

            shellProcess.onExit().get(60, TimeUnit.SECONDS);
            assertThat(server.registry().find(shell)).isEmpty();
            client.close();
        }
    }

    @Test
    void aRelayWhoseEventStreamWasCutOpensItAgainSoItsQuietSessionLives() throws Exception {
        // a laptop that slept, a network change: the relay's GET stream breaks while the agent runs on
        try (PtyctlServer server = McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "1000"));
             EventStreamCutter proxy = new EventStreamCutter(URI.create(server.url()).getPort())) {
            McpSyncClient client = McpClient.sync(new StdioClientTransport(McpTestServers.stdioParameters(List.of(),
                    "--url", proxy.url()), McpJsonDefaults.getMapper()))
                    .requestTimeout(McpTestServers.REQUEST_TIMEOUT)
                    .initializationTimeout(McpTestServers.REQUEST_TIMEOUT).build();
            client.initialize();
            ToolClient tools = new ToolClient(client);
            String shell = (String) tools.ok("terminal_run", args("command", "cd /tmp")).get("terminalId");
            proxy.awaitEventStreams(1);

            proxy.cutEventStreams();

            proxy.awaitEventStreams(2); // opened again
            Thread.sleep(3_000); // quiet for three idle periods: only the open stream keeps the session
            assertThat(tools.run(shell, "pwd")).as("the same session and shell").containsEntry("output", "/tmp");
            client.close();
        }
    }

    /** A TCP relay to the server that can cut the connections carrying a GET (the relay's event stream). */
    private static final class EventStreamCutter implements AutoCloseable {
        private final java.net.ServerSocket listener = new java.net.ServerSocket(0, 50,
                java.net.InetAddress.getLoopbackAddress());
        private final List<java.net.Socket> streams = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final java.util.concurrent.Semaphore opened = new java.util.concurrent.Semaphore(0);
        private int awaited;

        EventStreamCutter(int serverPort) throws java.io.IOException {
            Thread.ofVirtual().start(() -> {
                while (!listener.isClosed()) {
                    try {
                        java.net.Socket client = listener.accept();
                        java.net.Socket upstream = new java.net.Socket(listener.getInetAddress(), serverPort);
                        Thread.ofVirtual().start(() -> copy(client, upstream, true));
                        Thread.ofVirtual().start(() -> copy(upstream, client, false));
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
        }

        String url() {
            return "http://127.0.0.1:" + listener.getLocalPort();
        }

        private void copy(java.net.Socket from, java.net.Socket to, boolean requests) {
            byte[] buffer = new byte[16384];
            try (from; to) {
                for (int n; (n = from.getInputStream().read(buffer)) > 0; ) {
                    if (requests && new String(buffer, 0, Math.min(n, 4), StandardCharsets.US_ASCII).equals("GET ")) {
                        streams.add(from);
                        opened.release();
                    }
                    to.getOutputStream().write(buffer, 0, n);
                }
            } catch (java.io.IOException e) {
                // cut, or ended
            }
        }

        void awaitEventStreams(int count) throws InterruptedException {
            assertThat(opened.tryAcquire(count - awaited, 30, TimeUnit.SECONDS)).as("event stream %d opened", count)
                    .isTrue();
            awaited = count;
        }

        void cutEventStreams() throws java.io.IOException {
            for (java.net.Socket stream : streams) {
                stream.close();
            }
        }

        @Override
        public void close() throws java.io.IOException {
            listener.close();
        }
    }

    @Test
    void aTerminalMadeToOutliveItsSessionSurvivesItsDeletion() throws Exception {
        try (PtyctlServer server = McpTestServers.server(null, Map.of())) {
            String kept;
            ProcessHandle keptProcess;
            ProcessHandle endedProcess;
            try (ToolClient agent = new ToolClient(McpTestServers.httpClient(server, null, null))) {
                Map<String, Object> created = agent.ok("terminal_create", args("command", List.of("sleep", "600"),
                        "outliveSession", true));
                assertThat(created).containsEntry("outlivesSession", true);
                assertThat(ToolClient.text(agent.call("terminal_list", args()))).contains("outlives this session");
                kept = (String) created.get("terminalId");
                keptProcess = process(server, kept);
                endedProcess = process(server, (String) agent.ok("terminal_create", args("command",
                        List.of("sleep", "600"))).get("terminalId"));
            } // the SDK's client deletes its session as it closes
            endedProcess.onExit().get(60, TimeUnit.SECONDS);
            assertThat(keptProcess.isAlive()).isTrue();
            assertThat(server.registry().find(kept)).isPresent();
            // a later session finds it among the server's terminals, uses it by id, and may close it
            try (ToolClient later = new ToolClient(McpTestServers.httpClient(server, null, null))) {
                assertThat((List<?>) later.ok("terminal_list", args()).get("terminals")).isEmpty();
                assertThat((List<?>) later.ok("terminal_list", args("all", true)).get("terminals"))
                        .anySatisfy(t -> assertThat(ToolsContract.map(t)).containsEntry("terminalId", kept)
                                .containsEntry("mine", false).containsEntry("state", "running")
                                .containsEntry("command", List.of("sleep", "600")));
                assertThat(ToolClient.text(later.call("terminal_list", args("all", true))))
                        .contains(kept + "  sleep  running  (not this session's)");
                later.ok("terminal_close", args("terminalId", kept, "force", true));
                keptProcess.onExit().get(60, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void anIdleTimeThatIsNoNumberOrTooShortStopsTheStartWithTheReason() {
        assertThatThrownBy(() -> McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "30m")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ptyctl.mcp.sessionIdleMillis must be an integer (milliseconds), got \"30m\"");
        assertThatThrownBy(() -> McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "500")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ptyctl.mcp.sessionIdleMillis must be 0 (a session ends only when its client deletes "
                        + "it) or at least 1000 (milliseconds), got 500");
        assertThatThrownBy(() -> McpTestServers.server(null, Map.of("ptyctl.mcp.sessionIdleMillis", "-1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got -1");
    }

    private static ProcessHandle process(PtyctlServer server, String terminalId) {
        HostedTerminal terminal = server.registry().find(terminalId).orElseThrow(
                () -> new AssertionError("no terminal " + terminalId));
        return ProcessHandle.of(terminal.session().pid()).orElseThrow(
                () -> new AssertionError("terminal " + terminalId + " has no process"));
    }

    /** A terminal made as the CLI and the web page make one: POST /v1/terminals. Its id. */
    private static String createOverRest(PtyctlServer server) throws Exception {
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"sessionId\":\"a-person\",\"shell\":\"sleep\","
                        + "\"args\":[\"600\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        Matcher id = Pattern.compile("\"(?:terminalId|id)\"\\s*:\\s*\"([^\"]+)\"").matcher(created.body());
        assertThat(id.find()).as(created.body()).isTrue();
        return id.group(1);
    }

    private static List<String> agentCommandLine(String url) {
        List<String> command = new ArrayList<>(McpTestServers.commandLine(List.of()));
        command.set(command.size() - 1, AbandoningAgent.class.getName());
        command.add(url);
        return command;
    }
}
