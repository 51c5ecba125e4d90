package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/** {@code ptyctl server} as a real process: start-up, security at start, configuration, SIGTERM. */
@ResourceLock(Ptyctl.OWN_SERVERS)
class ServerE2eTest {
    private static final String SHELL_BODY = "\"shell\":\"/bin/bash\",\"args\":[\"--norc\",\"--noprofile\"],"
            + "\"env\":{\"PS1\":\"e2e> \"}";

    private static JsonObject json(String text) {
        return JsonSupport.parseObject(text);
    }

    private static JsonObject create(ServerProcess server, String session, String... headers) throws Exception {
        HttpResponse<String> response = server.request("POST", "/v1/terminals",
                "{\"sessionId\":\"" + session + "\"," + SHELL_BODY + "}", headers);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return json(response.body());
    }

    /** One JSON-RPC call on a fresh connection to a terminal's endpoint. */
    private static JsonObject rpc(int port, String method, String params) throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            return json(new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))
                    .readLine());
        }
    }

    private static boolean inProcessTable(long pid) {
        return Files.exists(Path.of("/proc", Long.toString(pid)));
    }

    @Test
    void itPrintsItsUrlServesAndLeavesNoProcessAfterSigterm() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0")) {
            String url = server.url();
            System.out.println("ptyctl server start-up: " + server.startupMillis() + " ms to 'listening'");
            assertThat(url).startsWith("http://127.0.0.1:");
            assertThat(server.stdout()).contains("token: none");
            assertThat(server.request("GET", "/observe/health", null).body()).contains("\"status\":\"UP\"");

            JsonObject terminal = create(server, "e2e-sigterm");
            int rpcPort = terminal.getJsonObject("rpc").getInt("port");
            rpc(rpcPort, "pty/write", "{\"action\":[{\"text\":\"sleep 600 & echo job=$!\"},{\"key\":\"Enter\"}]}");
            String screen = rpc(rpcPort, "pty/wait", "{\"match\":\"job=[0-9]+\",\"regex\":true,"
                    + "\"timeout\":20000}").getJsonObject("result").getString("screen");
            long job = Long.parseLong(screen.substring(screen.lastIndexOf("job=") + 4).lines().findFirst()
                    .orElseThrow().strip());
            long shell = terminal.getJsonNumber("pid").longValue();
            assertThat(inProcessTable(shell)).isTrue();

            int status = server.terminate();

            assertThat(status).as("exit status after SIGTERM\n%s", server).isIn(0, 143);
            assertThat(inProcessTable(shell)).as("shell %d", shell).isFalse();
            ProcessHandle.of(job).ifPresent(h -> h.onExit().orTimeout(10, TimeUnit.SECONDS).join());
            assertThat(inProcessTable(job)).as("background job %d", job).isFalse();
        }
    }

    @Test
    void aNonLoopbackAddressWithoutATokenIsRefused() throws Exception {
        ServerProcess server = ServerProcess.runToExit(Map.of(), "--host", "0.0.0.0", "--port", "0");
        assertThat(server.process().exitValue()).isEqualTo(2);
        assertThat(server.stderr()).contains("refusing to listen on 0.0.0.0").contains("a token is required");
    }

    @Test
    void aBusyPortIsReportedWithExitStatus3() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ServerProcess server = ServerProcess.runToExit(Map.of(), "--port",
                    Integer.toString(busy.getLocalPort()));
            assertThat(server.process().exitValue()).as(server.toString()).isEqualTo(3);
            assertThat(server.stderr()).as("only our line, no Helidon log").isEqualTo("ptyctl: cannot listen on "
                    + "127.0.0.1:" + busy.getLocalPort() + ": the address is in use (another ptyctl server?) or not "
                    + "available; try another --port, or --port 0 for any free one\n");
        }
    }

    @Test
    void mistypedKeysAndVariablesAreWarnedAboutNamingTheNearestValidOne(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("typo.yaml"), """
                ptyctl:
                  terminals:
                    maxTerminal: 3
                """);
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TERMINALS_MAXTERMINALS", "3"), "--port", "0",
                "--config", config.toString(), "-Dptyctl.terminal.cols=90")) {
            server.url();
            assertThat(server.stderr()).contains(
                    "ptyctl: warning: unknown configuration key ptyctl.terminal.cols; did you mean "
                            + "ptyctl.terminals.cols?\n",
                    "ptyctl: warning: unknown configuration key ptyctl.terminals.maxTerminal; did you mean "
                            + "ptyctl.terminals.maxTerminals?\n",
                    "ptyctl: warning: the environment variable PTYCTL_TERMINALS_MAXTERMINALS names no configuration "
                            + "key; did you mean PTYCTL_TERMINALS_MAX_TERMINALS (ptyctl.terminals.maxTerminals)?\n");
        }
    }

    @Test
    void tokenAndDashDPropertiesAreTakenOnTheCommandLine() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0", "--token", "cli-token",
                "-Dptyctl.terminals.cols=91")) {
            server.url();
            assertThat(server.stdout()).contains("token: required, from the --token option");
            assertThat(server.stderr()).doesNotContain("warning");
            assertThat(server.request("GET", "/v1/terminals", null).statusCode()).isEqualTo(401);
            assertThat(create(server, "dash-d", "Authorization", "Bearer cli-token").getInt("cols")).isEqualTo(91);
        }
    }

    @Test
    void aMalformedConfigFileIsNamedInOneLine(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("broken.yaml"), "ptyctl: [\n");
        ServerProcess server = ServerProcess.runToExit(Map.of(), "--port", "0", "--config", config.toString());
        assertThat(server.process().exitValue()).as(server.toString()).isEqualTo(2);
        assertThat(server.stderr()).startsWith("ptyctl: cannot read the config file " + config + ": ")
                .contains("(line 2, column 1)").hasLineCount(1);
    }

    @Test
    void aTokenFromTheEnvironmentIsRequiredOnRestAndJsonRpc() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", "e2e-token"), "--port", "0")) {
            server.url();
            assertThat(server.stdout()).contains("token: required, from the PTYCTL_TOKEN environment variable")
                    .doesNotContain("e2e-token");
            assertThat(server.request("GET", "/v1/terminals", null).statusCode()).isEqualTo(401);
            JsonObject terminal = create(server, "e2e-token", "Authorization", "Bearer e2e-token");
            int rpcPort = terminal.getJsonObject("rpc").getInt("port");
            assertThat(rpc(rpcPort, "pty/read", "{}").getJsonObject("error").getInt("code")).isEqualTo(-32001);
        }
    }

    @Test
    void aWebSocketWithoutTheRightTokenIsRefusedWith401AsTheProtocolReferenceSays() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", "ws-token"), "--port", "0");
                HttpClient http = HttpClient.newHttpClient()) {
            String id = create(server, "ws-token", "Authorization", "Bearer ws-token").getString("terminalId");
            URI socket = URI.create(server.url().replaceFirst("^http", "ws") + "/v1/terminals/" + id
                    + "/socket?token=wrong");
            CompletableFuture<WebSocket> upgrade = http.newWebSocketBuilder().buildAsync(socket,
                    new WebSocket.Listener() { });
            Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> upgrade.get(30, TimeUnit.SECONDS));
            assertThat(refused).hasCauseInstanceOf(WebSocketHandshakeException.class);
            assertThat(((WebSocketHandshakeException) refused.getCause()).getResponse().statusCode()).isEqualTo(401);
        }
    }

    @Test
    void aGeneratedTokenIsWrittenToAPrivateFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", "generate",
                "PTYCTL_SECURITY_TOKEN_FILE", file.toString()), "--port", "0")) {
            server.url();
            assertThat(server.stdout()).contains("token: required, generated, in " + file);
            String token = Files.readString(file).strip();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(server.stdout()).doesNotContain(token);
            assertThat(server.request("GET", "/v1/terminals", null, "Authorization", "Bearer " + token)
                    .statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aConfigFileSetsTheLimits(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("ptyctl.yaml"), """
                ptyctl:
                  terminals:
                    maxTerminals: 1
                    cols: 90
                """);
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0", "--config", config.toString())) {
            assertThat(create(server, "only").getInt("cols")).isEqualTo(90);
            HttpResponse<String> refused = server.request("POST", "/v1/terminals",
                    "{\"sessionId\":\"second\"," + SHELL_BODY + "}");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(json(refused.body()).getString("error")).isEqualTo("too_many_terminals");
        }
    }
}
