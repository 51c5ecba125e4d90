package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Listeners with a {@link FakeSession}: sockets, connections and socket files, without a process. */
class RpcEndpointTest {
    private static final long TEST_BOUND_SECONDS = 30;
    private final FakeSession session = new FakeSession(20, 5);
    private RpcEndpoint endpoint;

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        if (endpoint != null) {
            endpoint.close();
        }
    }

    private RpcEndpoint tcp() throws IOException {
        endpoint = RpcEndpoint.bindTcp(0, RpcEndpoint.DEFAULT_MAX_LINE_BYTES).start(new RpcDispatcher(session, null));
        return endpoint;
    }

    private RpcEndpoint unix(Path path) throws IOException {
        endpoint = RpcEndpoint.bindUnix(path, RpcEndpoint.DEFAULT_MAX_LINE_BYTES)
                .start(new RpcDispatcher(session, null));
        return endpoint;
    }

    @Test
    void tcpListensOnLoopbackWithAnOsChosenPort() throws IOException {
        RpcEndpoint tcp = tcp();
        assertThat(tcp.address()).isEqualTo("127.0.0.1:" + tcp.port());
        assertThat(tcp.port()).isPositive();
        try (SocketClient client = SocketClient.connect(tcp.address())) {
            assertThat(client.result("pty/status", "{}").getInt("pid")).isEqualTo(4242);
        }
    }

    @Test
    void aConnectionBeyondTheLimitGetsAnErrorLineAndIsClosedWhileTheOthersAreServed() throws Exception {
        RpcEndpoint tcp = tcp();
        java.util.List<SocketClient> clients = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < RpcEndpoint.MAX_CONNECTIONS; i++) {
                clients.add(SocketClient.connect(tcp.address()));
            }
            for (SocketClient client : clients) { // every one is served, so every one counts
                assertThat(client.result("pty/status", "{}").getInt("pid")).isEqualTo(4242);
            }
            try (SocketClient extra = SocketClient.connect(tcp.address())) {
                extra.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"params\":{},\"id\":1}");
                JsonObject refused = extra.receive();
                assertThat(refused).as("an answer, not a hang").isNotNull();
                assertThat(refused.get("id")).isEqualTo(jakarta.json.JsonValue.NULL);
                assertThat(refused.getJsonObject("error").getInt("code"))
                        .isEqualTo(dev.ptyctl.protocol.RpcErrorCode.TOO_MANY_CONNECTIONS.code());
                assertThat(refused.getJsonObject("error").getString("message"))
                        .contains("already has " + RpcEndpoint.MAX_CONNECTIONS + " JSON-RPC connections open");
                assertThat(extra.receive()).as("then the connection ends").isNull();
            }
            assertThat(clients.getFirst().result("pty/status", "{}").getInt("pid")).as("the others still work")
                    .isEqualTo(4242);
        } finally {
            for (SocketClient client : clients) {
                client.close();
            }
        }
    }

    @Test
    void severalConnectionsWorkAtOnceWhileOneIsWaiting() throws Exception {
        RpcEndpoint tcp = tcp();
        try (SocketClient waiter = SocketClient.connect(tcp.address());
             SocketClient other = SocketClient.connect(tcp.address())) {
            waiter.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/wait\",\"params\":{\"match\":\"go\",\"timeout\":600000},"
                    + "\"id\":1}");
            assertThat(session.waiterBlocked.tryAcquire(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(other.result("pty/write", "{\"action\":{\"text\":\"hi\"}}").getInt("written")).isEqualTo(2);
            assertThat(other.result("pty/read", "{}").getString("screen")).isEmpty();
            session.emit("go");
            JsonObject response = waiter.receive();
            assertThat(response.getJsonObject("result").getBoolean("matched")).isTrue();
        }
    }

    @Test
    void clientThatDisconnectsDuringAWaitHurtsNobody() throws Exception {
        RpcEndpoint tcp = tcp();
        SocketClient leaving = SocketClient.connect(tcp.address());
        leaving.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/wait\",\"params\":{\"match\":\"go\",\"timeout\":600000},"
                + "\"id\":1}");
        assertThat(session.waiterBlocked.tryAcquire(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        leaving.close();
        try (SocketClient staying = SocketClient.connect(tcp.address())) {
            assertThat(staying.result("pty/status", "{}").getBoolean("running")).isTrue();
            session.emit("go");
            assertThat(staying.result("pty/wait", "{\"match\":\"go\"}").getBoolean("matched")).isTrue();
            assertThat(staying.result("pty/read", "{}").getString("screen")).isEqualTo("go\n");
        }
    }

    @Test
    void closingTheEndpointEndsConnectionsEvenDuringAWait() throws Exception {
        RpcEndpoint tcp = tcp();
        try (SocketClient waiter = SocketClient.connect(tcp.address())) {
            waiter.send("{\"jsonrpc\":\"2.0\",\"method\":\"pty/wait\",\"params\":{\"timeout\":600000},\"id\":1}");
            assertThat(session.waiterBlocked.tryAcquire(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            tcp.close();
            assertThat(waiter.receive()).isNull();
            assertThat(tcp.closed()).isCompletedWithValue(false);
        }
        assertThatThrownBy(() -> SocketClient.connect(tcp.address())).isInstanceOf(IOException.class);
    }

    @Test
    void killAnswersThenClosesTheConnectionOtherConnectionsAndTheEndpoint() throws Exception {
        RpcEndpoint tcp = tcp();
        try (SocketClient killer = SocketClient.connect(tcp.address());
             SocketClient bystander = SocketClient.connect(tcp.address())) {
            bystander.result("pty/status", "{}");
            assertThat(killer.result("pty/kill", "{}")).isEmpty();
            assertThat(killer.receive()).isNull();
            assertThat(bystander.receive()).isNull();
            assertThat(tcp.closed().get(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(session.killed).isTrue();
        }
    }

    @Test
    void unixSocketFileIsOwnerOnlyAndRemovedOnClose() throws Exception {
        Path path = dir.resolve("term.sock");
        RpcEndpoint unix = unix(path);
        assertThat(unix.address()).isEqualTo(path.toString());
        assertThat(unix.port()).isEqualTo(-1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)))
                .isEqualTo("rw-------");
        assertThat(Files.list(dir)).as("no staging leftovers").containsExactly(path);
        try (SocketClient client = SocketClient.connect(path.toString())) {
            assertThat(client.result("pty/status", "{}").getBoolean("running")).isTrue();
        }
        unix.close();
        assertThat(path).doesNotExist();
    }

    @Test
    void staleSocketFileIsReplaced() throws Exception {
        Path path = dir.resolve("stale.sock");
        ServerSocketChannel old = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        old.bind(UnixDomainSocketAddress.of(path));
        old.close();
        assertThat(path).exists();
        unix(path);
        try (SocketClient client = SocketClient.connect(path.toString())) {
            client.result("pty/status", "{}");
        }
    }

    @Test
    void liveSocketOfAnotherServerIsNotTakenOver() throws Exception {
        Path path = dir.resolve("live.sock");
        try (ServerSocketChannel other = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            other.bind(UnixDomainSocketAddress.of(path));
            assertThatThrownBy(() -> unix(path)).isInstanceOf(IOException.class)
                    .hasMessageContaining("another server is using it");
            assertThat(path).exists();
        }
    }

    @Test
    void regularFileIsNeverReplaced() throws Exception {
        Path path = dir.resolve("precious.txt");
        Files.writeString(path, "data");
        assertThatThrownBy(() -> unix(path)).isInstanceOf(IOException.class)
                .hasMessageContaining("it exists and is not a socket");
        assertThat(path).hasContent("data");
    }

    @Test
    void symbolicLinkIsRefused() throws Exception {
        Path target = dir.resolve("target");
        Files.writeString(target, "data");
        Path link = Files.createSymbolicLink(dir.resolve("link.sock"), target);
        assertThatThrownBy(() -> unix(link)).isInstanceOf(IOException.class).hasMessageContaining("symbolic link");
        assertThat(target).hasContent("data");
    }

    @Test
    void socketInAMissingDirectoryFailsClearly() {
        assertThatThrownBy(() -> unix(dir.resolve("missing/term.sock"))).isInstanceOf(IOException.class)
                .hasMessageContaining("does not exist");
    }

    @Test
    void socketFileReplacedBySomeoneElseIsLeftAloneOnClose() throws Exception {
        Path path = dir.resolve("term.sock");
        RpcEndpoint unix = unix(path);
        Files.delete(path);
        Files.writeString(path, "someone else's");
        unix.close();
        assertThat(path).hasContent("someone else's");
    }

    @Test
    void busyTcpPortFailsWithTheAddressInTheMessage() throws Exception {
        RpcEndpoint first = tcp();
        assertThatThrownBy(() -> RpcEndpoint.bindTcp(first.port(), 1024)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot listen on 127.0.0.1:" + first.port());
    }
}
