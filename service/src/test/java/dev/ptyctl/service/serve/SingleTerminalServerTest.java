package dev.ptyctl.service.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.service.rpc.SocketClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptyctl serve} end to end inside the JVM: a real {@code bash} over TCP and Unix sockets. */
class SingleTerminalServerTest {
    private static final long TEST_BOUND_SECONDS = 30;
    private static final String SHELL = "env PS1='$ ' bash --norc";
    private final List<SingleTerminalServer> servers = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void closeServers() {
        servers.forEach(SingleTerminalServer::close);
    }

    private SingleTerminalServer serveTcp(String command, String token) throws IOException {
        SingleTerminalServer server = SingleTerminalServer.start(
                new ServeOptions(command, freePort(), null, 80, 24, dir, token));
        servers.add(server);
        return server;
    }

    private SingleTerminalServer serveUnix(String command) throws IOException {
        SingleTerminalServer server = SingleTerminalServer.start(
                new ServeOptions(command, null, dir.resolve("t.sock"), 80, 24, dir, null));
        servers.add(server);
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static JsonObject waitFor(SocketClient client, String match) throws IOException {
        JsonObject result = client.result("pty/wait", "{\"match\":\"" + match + "\",\"timeout\":30000}");
        assertThat(result.getBoolean("matched")).as("%s not on screen:%n%s", match, result.getString("screen"))
                .isTrue();
        return result;
    }

    private static void assertProcessGone(long pid) {
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d alive", pid).isFalse();
    }

    private static void exerciseEveryMethod(SingleTerminalServer server) throws Exception {
        try (SocketClient client = SocketClient.connect(server.address())) {
            JsonObject status = client.result("pty/status", "{}");
            assertThat(status.getBoolean("running")).isTrue();
            assertThat(status.getJsonNumber("pid").longValue()).isEqualTo(server.pid());
            waitFor(client, "$");

            JsonObject written = client.result("pty/write", "{\"action\":[{\"text\":\"echo ümlaut-$((40+2))\"},"
                    + "{\"key\":\"Enter\"}]}");
            byte[] typed = "echo ümlaut-$((40+2))\r".getBytes(StandardCharsets.UTF_8);
            assertThat(written.getInt("written")).isEqualTo(typed.length);
            assertThat(written.getJsonNumber("outputSeq").longValue()).isPositive();
            // The output and then the next prompt, which the shell writes separately: the read below checks both.
            JsonObject waited = waitFor(client, "ümlaut-42\\n$");
            assertThat(waited.getJsonObject("size").getInt("cols")).isEqualTo(80);

            JsonObject read = client.result("pty/read", "{\"bottom\":24}");
            assertThat(read.getString("screen")).contains("\nümlaut-42\n$");
            assertThat(read.getJsonObject("cursor").getInt("row")).isEqualTo(3);
            assertThat(read.getJsonObject("cursor").getInt("col")).isEqualTo(3);
            assertThat(client.result("pty/read", "{\"start\":2,\"end\":2}").getString("screen"))
                    .isEqualTo("ümlaut-42\n");

            assertThat(client.result("pty/resize", "{\"cols\":100,\"rows\":30}")).isEmpty();
            client.result("pty/write", "{\"action\":{\"text\":\"stty size\\r\"}}");
            waitFor(client, "30 100");

            assertThat(client.result("pty/kill", "{}")).isEmpty();
            assertThat(client.receive()).isNull();
        }
        assertThat(server.awaitShutdown()).isZero();
        assertProcessGone(server.pid());
    }

    @Test
    void everyMethodWorksOverTcp() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, null);
        assertThat(server.address()).startsWith("127.0.0.1:");
        exerciseEveryMethod(server);
        assertThatThrownBy(() -> SocketClient.connect(server.address())).isInstanceOf(IOException.class);
    }

    @Test
    void everyMethodWorksOverAUnixSocketWhoseFileIsOwnerOnly() throws Exception {
        SingleTerminalServer server = serveUnix(SHELL);
        Path socket = dir.resolve("t.sock");
        assertThat(server.address()).isEqualTo(socket.toString());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket, LinkOption.NOFOLLOW_LINKS)))
                .isEqualTo("rw-------");
        exerciseEveryMethod(server);
        assertThat(socket).doesNotExist();
    }

    @Test
    void hostedProgramIsToldWhereItsEndpointIs() throws Exception {
        SingleTerminalServer tcp = serveTcp(SHELL, null);
        try (SocketClient client = SocketClient.connect(tcp.address())) {
            client.result("pty/write", "{\"action\":{\"text\":\"echo rpc=$PTYCTL_RPC\\r\"}}");
            waitFor(client, "rpc=" + tcp.address());
        }
        SingleTerminalServer unix = serveUnix(SHELL);
        try (SocketClient client = SocketClient.connect(unix.address())) {
            client.result("pty/write", "{\"action\":{\"text\":\"echo socket=$PTYCTL_SOCKET\\r\"}}");
            waitFor(client, "socket=" + dir.resolve("t.sock").toAbsolutePath());
        }
    }

    @Test
    void waitIsWokenByOutputCausedOnAnotherConnection() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, null);
        try (SocketClient writer = SocketClient.connect(server.address());
             SocketClient waiter = SocketClient.connect(server.address())) {
            // The wait starts first; only the command's output (not its echo) has "got-42". (Typing a line for a
            // `read` that has not started yet is racy: bytes that arrive while readline holds the terminal in raw
            // mode keep their CR, and the canonical-mode `read` then waits for a newline for ever.)
            waiter.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/wait\",\"params\":{\"match\":\"got-42\","
                    + "\"timeout\":600000},\"id\":\"w\"}");
            writer.result("pty/write", "{\"action\":[{\"text\":\"echo got-$((6*7))\"},{\"key\":\"Enter\"}]}");
            JsonObject response = waiter.receive();
            assertThat(response.getString("id")).isEqualTo("w");
            assertThat(response.getJsonObject("result").getBoolean("matched")).isTrue();
            assertThat(response.getJsonObject("result").getString("screen")).contains("got-42");
        }
    }

    @Test
    void regexAndIdleWaitsWork() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, null);
        try (SocketClient client = SocketClient.connect(server.address())) {
            client.result("pty/write", "{\"action\":{\"text\":\"echo num=$((6*7))\\r\"}}");
            JsonObject regex = client.result("pty/wait",
                    "{\"match\":\"^num=\\\\d+$\",\"regex\":true,\"timeout\":30000}");
            assertThat(regex.getBoolean("matched")).isTrue();
            JsonObject idle = client.result("pty/wait", "{\"idleMs\":100,\"match\":\"num=42\",\"timeout\":30000}");
            assertThat(idle.getBoolean("matched")).isTrue();
            assertThat(idle.getJsonNumber("waitedMs").longValue()).isGreaterThanOrEqualTo(100);
            assertThat(client.errorCode("pty/wait", "{\"match\":\"[\",\"regex\":true}")).isEqualTo(-32602);
        }
    }

    @Test
    void twoMebibyteLineIsRefusedAndTheSameConnectionGoesOn() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, null);
        try (SocketClient client = SocketClient.connect(server.address())) {
            client.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/write\",\"params\":{\"action\":{\"text\":\""
                    + "A".repeat(2 << 20) + "\"}},\"id\":1}");
            JsonObject refused = client.receive();
            assertThat(refused.getJsonObject("error").getInt("code")).isEqualTo(-32600);
            assertThat(refused.isNull("id")).isTrue();
            assertThat(client.result("pty/status", "{}").getBoolean("running")).isTrue();
            assertThat(client.result("pty/read", "{}").getString("screen")).doesNotContain("AAAA");
        }
    }

    @Test
    void garbageBytesGetErrorsAndTheConnectionGoesOn() throws Exception {
        SingleTerminalServer server = serveUnix(SHELL);
        try (SocketClient client = SocketClient.connect(server.address())) {
            client.sendBytes(new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, 0x01, '{', (byte) 0xc0, '\n'});
            assertThat(client.receive().getJsonObject("error").getInt("code")).isEqualTo(-32700);
            byte[] binary = new byte[4096];
            new java.util.Random(7).nextBytes(binary);
            for (int i = 0; i < binary.length; i++) {
                if (binary[i] == '\n') {
                    binary[i] = 'x';
                }
            }
            client.sendBytes(binary);
            client.sendBytes(new byte[] {'\r', '\n'});
            assertThat(client.receive().getJsonObject("error").getInt("code")).isEqualTo(-32700);
            client.send("{\"op\":\"read\"}");
            assertThat(client.receive().getJsonObject("error").getString("message")).contains("legacy {op}");
            assertThat(client.result("pty/status", "{}").getBoolean("running")).isTrue();
        }
    }

    @Test
    void clientDisconnectingDuringAWaitDoesNotDisturbOthers() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, null);
        SocketClient leaving = SocketClient.connect(server.address());
        leaving.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/wait\",\"params\":{\"match\":\"never\",\"timeout\":600000},"
                + "\"id\":1}");
        leaving.close();
        try (SocketClient staying = SocketClient.connect(server.address())) {
            staying.result("pty/write", "{\"action\":{\"text\":\"echo still-here\\r\"}}");
            waitFor(staying, "still-here");
            assertThat(staying.result("pty/status", "{}").getBoolean("running")).isTrue();
        }
    }

    @Test
    void killEscalatesToSigkillForAProgramThatIgnoresHangup() throws Exception {
        SingleTerminalServer server = serveTcp("bash --norc -c 'trap \"\" HUP; echo armed; sleep 100'", null);
        try (SocketClient client = SocketClient.connect(server.address())) {
            waitFor(client, "armed");
            assertThat(client.result("pty/kill", "{}")).isEmpty();
            assertProcessGone(server.pid());
            assertThat(client.receive()).isNull();
        }
        assertThat(server.awaitShutdown()).isZero();
    }

    @Test
    void endpointStaysUpAfterTheProgramExitsByItself() throws Exception {
        SingleTerminalServer server = serveTcp("bash --norc -c 'echo finished; exit 7'", null);
        try (SocketClient client = SocketClient.connect(server.address())) {
            JsonObject waited = client.result("pty/wait", "{\"match\":\"never\",\"timeout\":600000}");
            assertThat(waited.getBoolean("matched")).isFalse();
            JsonObject status = client.result("pty/status", "{}");
            assertThat(status.getBoolean("running")).isFalse();
            assertThat(status.getInt("exitCode")).isEqualTo(7);
            assertThat(client.result("pty/read", "{}").getString("screen")).isEqualTo("finished\n");
            JsonObject write = client.call("pty/write", "{\"action\":{\"text\":\"x\"}}");
            assertThat(write.getJsonObject("error").getInt("code")).isEqualTo(-32000);
            assertThat(write.getJsonObject("error").getString("message"))
                    .isEqualTo("the process has exited with code 7");
            assertThat(client.errorCode("pty/resize", "{\"cols\":10,\"rows\":10}")).isEqualTo(-32000);
            assertThat(client.result("pty/kill", "{}")).isEmpty();
        }
        assertThat(server.awaitShutdown()).isZero();
    }

    @Test
    void tokenIsRequiredBeforeAnyOtherMethod() throws Exception {
        SingleTerminalServer server = serveTcp(SHELL, "open-sesame");
        try (SocketClient client = SocketClient.connect(server.address())) {
            assertThat(client.errorCode("pty/read", "{}")).isEqualTo(-32001);
            assertThat(client.errorCode("pty/auth", "{\"token\":\"nope\"}")).isEqualTo(-32001);
            assertThat(client.result("pty/auth", "{\"token\":\"open-sesame\"}")).isEmpty();
            assertThat(client.result("pty/status", "{}").getBoolean("running")).isTrue();
        }
    }

    @Test
    void closeKillsTheProgramRemovesTheSocketAndEndsAwaitShutdown() throws Exception {
        SingleTerminalServer server = serveUnix(SHELL);
        CompletableFuture<Integer> shutdown = CompletableFuture.supplyAsync(() -> {
            try {
                return server.awaitShutdown();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        server.close();
        assertThat(shutdown.get(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isZero();
        assertProcessGone(server.pid());
        assertThat(dir.resolve("t.sock")).doesNotExist();
    }

    @Test
    void busyPortFailsBeforeAnythingIsSpawned() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> SingleTerminalServer.start(
                    new ServeOptions(SHELL, taken.getLocalPort(), null, 80, 24, dir, null)))
                    .isInstanceOf(IOException.class).hasMessageContaining("cannot listen on 127.0.0.1:");
        }
    }

    @Test
    void missingCommandFailsAndReleasesTheAddress() throws Exception {
        Path socket = dir.resolve("t.sock");
        assertThatThrownBy(() -> serveUnix("no-such-command-ptyctl --flag")).isInstanceOf(IOException.class)
                .hasMessage("command not found: no-such-command-ptyctl");
        assertThat(socket).doesNotExist();
    }
}
