package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.testsupport.TemporaryFolders;
import dev.ptyctl.testsupport.Tools;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The CLI against a server on another host, reached through its HTTP port alone. The server runs in a network
 * namespace of its own ({@link NetworkNamespace}), bound to that namespace's address with a token; every command
 * here is given nothing but {@code PTYCTL_URL} and {@code PTYCTL_TOKEN} (or {@code --url}). The terminals' own
 * JSON-RPC ports listen on the namespace's loopback, out of this host's reach, so whatever works here went through
 * {@code /v1/terminals/{id}/rpc}. The cases are those of the local CLI suites: write, wait, read, status, resize,
 * refusals and exit codes, {@code run}, {@code kill}, and the vim-driving script of docs/cli.md.
 */
@ResourceLock(Ptyctl.OWN_SERVERS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteCliE2eTest {
    private static final String TOKEN = "remote-e2e-t0ken";
    private static final Pattern TERMINAL_ID = Pattern.compile("^([0-9a-z-]+)\\s*$", Pattern.MULTILINE);

    private NetworkNamespace namespace;
    private ServerProcess server;
    private Map<String, String> env;
    private String shell;

    /** The server's options beyond host and port (the TLS variant adds its certificate). */
    List<String> serverOptions(NetworkNamespace namespace) throws Exception {
        return List.of();
    }

    /** The variables every command gets besides {@code PTYCTL_URL} and {@code PTYCTL_TOKEN}. */
    Map<String, String> clientEnvironment() {
        return Map.of();
    }

    /** Whether the server speaks TLS. */
    boolean tls() {
        return false;
    }

    /** What the test's own HTTP client trusts to reach the server: null for plain HTTP. */
    SSLContext trust() throws IOException {
        return null;
    }

    /** Whether the server writes its event log as JSON lines. */
    boolean jsonLog() {
        return false;
    }

    @BeforeAll
    void startServerInItsOwnNetwork() throws Exception {
        Optional<String> unavailable = NetworkNamespace.unavailableReason();
        if (unavailable.isPresent() && "true".equals(System.getenv("CI"))) {
            fail(unavailable.get());
        }
        if (unavailable.isPresent()) {
            Tools.listSkipped(getClass().getSimpleName(), NetworkNamespace.NEED);
        }
        assumeTrue(unavailable.isEmpty(), () -> unavailable.orElseThrow());
        namespace = NetworkNamespace.create();
        Map<String, String> serverEnv = new HashMap<>();
        serverEnv.put("PTYCTL_TOKEN", TOKEN);
        serverEnv.put("SHELL", "/bin/bash");
        serverEnv.put("HOME", TemporaryFolders.create("ptyctl-remote-home").toString());
        List<String> args = new ArrayList<>(List.of("--host", namespace.address(), "--port", "0"));
        args.addAll(serverOptions(namespace));
        server = ServerProcess.startUnder(namespace.exec(), serverEnv, args.toArray(String[]::new));
        assertThat(server.url()).startsWith((tls() ? "https://" : "http://") + namespace.address() + ":");
        server.awaitFirstAnswer(trust());
        Map<String, String> clients = new HashMap<>(clientEnvironment());
        clients.put("PTYCTL_URL", server.url());
        clients.put("PTYCTL_TOKEN", TOKEN);
        env = Map.copyOf(clients);
        shell = newTerminal("--cwd", "/tmp");
        cli("run", "--terminal", shell, "--", "true").assertExit(0); // the shell is ready
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (namespace != null) {
            namespace.close();
        }
    }

    @Test
    void theEventLogFollowsTheTerminalsAndNeverShowsTheToken() throws Exception {
        String id = newTerminal("--", "cat");
        cli("rm", id).assertExit(0);
        cli("screen", "no-such-terminal").assertExit(4);
        String log = server.stderr();
        assertThat(log).doesNotContain(TOKEN);
        String created = log.lines().filter(line -> line.contains("terminal.created") && line.contains(id))
                .findFirst().orElseThrow(() -> new AssertionError("no terminal.created line for " + id + ":\n" + log));
        assertThat(log.lines().filter(line -> line.contains("terminal.deleted") && line.contains(id))).hasSize(1);
        assertThat(log.lines().filter(line -> line.contains("request.refused") && line.contains("404"))).isNotEmpty();
        if (jsonLog()) {
            assertThat(created).startsWith("{").contains("\"event\":\"terminal.created\"");
        } else {
            assertThat(created).contains(" terminal.created terminalId=" + id);
        }
    }

    @Test
    void theServerWarnsExactlyWhenItListensInClearText() {
        assertThat(server.stderr().contains("without TLS")).as(server.stderr()).isEqualTo(!tls());
    }

    @Test
    void theTerminalsOwnPortIsOutOfReachFromHere() throws Exception {
        String described = cli("ls", "--json").stdout();
        Matcher port = Pattern.compile("\"terminalId\":\"" + shell + "\".*?\"port\":(\\d+)").matcher(described);
        assertThat(port.find()).as(described).isTrue();

        assertThat(canConnect(namespace.address(), Integer.parseInt(port.group(1)))).isFalse();
        assertThat(canConnect(namespace.address(), Integer.parseInt(server.url().replaceAll(".*:", "")))).isTrue();
    }

    @Test
    void writeWaitAndReadGoThroughTheServersPort() throws Exception {
        var write = cli("write", "--terminal", shell, "--text", "echo remote-$((20+22))", "--key", "Enter");
        assertThat(write.exitCode()).as(write.toString()).isZero();
        var wait = cli("wait", "--terminal", shell, "--match", "remote-42\n", "--timeout", "20000");
        assertThat(wait.exitCode()).as(wait.toString()).isZero();
        var read = cli("read", "--terminal", shell);
        assertThat(read.exitCode()).as(read.toString()).isZero();
        assertThat(read.stdout()).contains("echo remote-$((20+22))\nremote-42\n");
        var json = cli("read", "--terminal", shell, "--top", "1", "--json");
        assertThat(json.stdout()).contains("\"screen\"").contains("\"cursor\"").contains("\"size\"");
    }

    @Test
    void statusAndResizeWork() throws Exception {
        String id = newTerminal("--cols", "80", "--rows", "24", "--", "cat");
        var status = cli("status", "--terminal", id);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).startsWith("running");
        cli("resize", "--terminal", id, "90", "20").assertExit(0);
        assertThat(cli("read", "--terminal", id, "--json").stdout()).contains("\"cols\":90").contains("\"rows\":20");
        cli("rm", id).assertExit(0);
    }

    @Test
    void waitThatTimesOutExitsOne() throws Exception {
        var wait = cli("wait", "--terminal", shell, "--match", "text that never appears", "--timeout", "200");
        assertThat(wait.exitCode()).as(wait.toString()).isEqualTo(1);
    }

    @Test
    void refusalsExitFourWithTheServersMessage() throws Exception {
        var key = cli("write", "--terminal", shell, "--key", "NoSuchKey");
        assertThat(key.exitCode()).as("a usage error since 5 Dec 2026: %s", key).isEqualTo(2);
        assertThat(key.stderr()).contains("NoSuchKey").doesNotContain("Exception");
        var size = cli("resize", "--terminal", shell, "100", "1001");
        assertThat(size.exitCode()).as(size.toString()).isIn(2, 4);
        assertThat(size.stderr()).contains("1001");
        var unknown = cli("status", "--terminal", "no-such-terminal");
        assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(4);
        assertThat(unknown.stderr()).as("said as rm says it (a81ec85), not as the WebSocket URL's 404")
                .isEqualTo("ptyctl: no terminal with id or session no-such-terminal on the server ('ptyctl ls' lists "
                        + "them)\n");
        Map<String, String> wrong = new HashMap<>(env);
        wrong.put("PTYCTL_TOKEN", "wrong");
        var wrongToken = Ptyctl.run(wrong, "status", "--terminal", shell);
        assertThat(wrongToken.exitCode()).as(wrongToken.toString()).isEqualTo(4);
        assertThat(wrongToken.stderr()).contains("401");
    }

    @Test
    void aServerThatIsNotListeningExitsThree() throws Exception {
        var status = Ptyctl.run(clientEnvironment(), "status", "--terminal", shell, "--url",
                (tls() ? "https://" : "http://") + namespace.address() + ":1");
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(3);
        assertThat(status.stderr()).contains(namespace.address()).doesNotContain("Exception");
    }

    @Test
    void runPrintsTheCommandsOutputAndExitsWithItsCode() throws Exception {
        var printed = cli("run", "--terminal", shell, "--", "printf 'a\\nb\\n'");
        assertThat(printed.exitCode()).as(printed.toString()).isZero();
        assertThat(printed.stdout()).isEqualTo("a\nb\n");
        cli("run", "--terminal", shell, "--", "sh -c 'exit 3'").assertExit(3);
    }

    @Test
    void killEndsTheProgramAndStatusSaysSo() throws Exception {
        String id = newTerminal("--", "cat");
        var kill = cli("kill", "--terminal", id);
        assertThat(kill.exitCode()).as(kill.toString()).isZero();
        var status = cli("status", "--terminal", id);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).startsWith("exited");
    }

    @Test
    void theDocsScriptDrivesVimWithTheUrlAlone(@TempDir Path bin) throws Exception {
        Path script = Path.of(RemoteCliE2eTest.class.getResource("/cli/drive-vim.sh").toURI());
        Path ptyctl = CliScriptE2eTest.launcher(bin);
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("PTYCTL_"));
        builder.environment().put("PATH", ptyctl.getParent() + File.pathSeparator + System.getenv("PATH"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as(output).isTrue();

        assertThat(process.exitValue()).as("script output:\n%s\nserver:\n%s", output, server).isZero();
        assertThat(output).endsWith("vim driven through ptyctl: ok\n");
    }

    private Ptyctl.Result cli(String... args) throws IOException, InterruptedException {
        return Ptyctl.run(env, args);
    }

    private String newTerminal(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "new";
        System.arraycopy(args, 0, command, 1, args.length);
        var created = cli(command);
        assertThat(created.exitCode()).as("%s\nserver:\n%s", created, server).isZero();
        Matcher id = TERMINAL_ID.matcher(created.stdout());
        assertThat(id.find()).as(created.toString()).isTrue();
        return id.group(1);
    }

    private static boolean canConnect(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 5_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
