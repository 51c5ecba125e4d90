package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.pty.TaskLimitException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Several clients on one terminal: size arbitration (SPEC §5.4), query answering (§5.5), viewers (§8). */
class SharedTerminalSocketTest {
    private final SocketTestServer server = new SocketTestServer(SocketSettings.defaults());
    private final FakeTerminal terminal = server.add(new FakeTerminal("t", 1 << 16));

    @AfterEach
    void stop() {
        server.close();
    }

    private WsTestClient attach(String query) throws InterruptedException {
        WsTestClient client = server.connect("t", "protocol=2&lastOutputSeq=0" + query);
        client.next(ServerFrame.Ready.class);
        client.next(ServerFrame.Size.class);
        return client;
    }

    private static void allSee(ServerFrame.Size size, WsTestClient... clients) throws InterruptedException {
        for (WsTestClient client : clients) {
            client.await(ServerFrame.Size.class, size::equals);
        }
    }

    @Test
    void threeClientsArbitrateTheSizeThroughFocusHideAndDisconnect() throws Exception {
        WsTestClient a = attach("");
        WsTestClient b = attach("");
        WsTestClient c = attach("");

        a.send(new ClientFrame.Resize("a", 1, 100, 30));
        allSee(new ServerFrame.Size(100, 30), a, b, c);
        b.send(new ClientFrame.Resize("b", 1, 90, 20));
        c.send(new ClientFrame.Resize("c", 1, 120, 40));
        b.awaitAck(1);
        c.awaitAck(1);
        assertThat(terminal.resizes).as("the first client to show the terminal sets its size")
                .containsExactly("100x30");

        b.send(new ClientFrame.Command("focus", "b", 2));
        allSee(new ServerFrame.Size(90, 20), a, b, c);

        c.send(new ClientFrame.Input("c", 2, "typed", true));
        allSee(new ServerFrame.Size(120, 40), a, b, c);

        c.send(new ClientFrame.Command("hide", "c", 3));
        allSee(new ServerFrame.Size(90, 20), a, b, c);

        b.abort();
        allSee(new ServerFrame.Size(100, 30), a, c);

        assertThat(terminal.resizes).containsExactly("100x30", "90x20", "120x40", "90x20", "100x30");
        assertThat(terminal.written).containsExactly("typed");
    }

    @Test
    void aResizeTheServerHasNoThreadForIsAnsweredWithAnErrorFrameAndWorksOnceItHas() throws Exception {
        WsTestClient a = attach("");
        String why = "the server cannot start another thread (unable to create native thread); raise its task limit "
                + "(systemd's TasksMax, a container's pids limit, ulimit -u) or close terminals";
        terminal.resizeFailure = new TaskLimitException(why, null);
        a.send(new ClientFrame.Resize("a", 1, 100, 30));
        assertThat(a.await(ServerFrame.Error.class, e -> true))
                .isEqualTo(new ServerFrame.Error("resize failed: " + why, Optional.of(1L)));
        a.awaitAck(1);

        terminal.resizeFailure = null;
        a.send(new ClientFrame.Resize("a", 2, 100, 30));
        allSee(new ServerFrame.Size(100, 30), a);
        assertThat(terminal.resizes).containsExactly("100x30");
    }

    @Test
    void clientsAreToldOfAResizeMadeByOtherMeans() throws Exception {
        WsTestClient client = attach("");

        terminal.session().resize(132, 43); // as a JSON-RPC pty/resize would
        server.endpoint.sizeChanged("t");

        client.await(ServerFrame.Size.class, new ServerFrame.Size(132, 43)::equals);
    }

    @Test
    void aQueryReplyIsAppliedOnlyFromTheClientWhoseSizeThePtyHas() throws Exception {
        WsTestClient owner = attach("");
        WsTestClient other = attach("");
        owner.send(new ClientFrame.Resize("owner", 1, 100, 30));
        owner.awaitAck(1);

        other.send(new ClientFrame.Input("other", 1, "\u001b[5;5R", false));
        owner.send(new ClientFrame.Input("owner", 2, "\u001b[1;1R", false));
        other.awaitAck(1);
        owner.awaitAck(2);

        assertThat(terminal.written).containsExactly("\u001b[1;1R");
        assertThat(terminal.resizes).as("a reply is not use: it takes no size").containsExactly("100x30");
    }

    @Test
    void theServerAnswersQueriesExactlyWhileNoClientSetsTheSize() throws Exception {
        WsTestClient client = attach("");
        assertThat(terminal.nextAnswerQueries()).isTrue();

        client.send(new ClientFrame.Resize("c", 1, 100, 30));
        client.awaitAck(1);
        assertThat(terminal.nextAnswerQueries()).isFalse();

        client.send(new ClientFrame.Command("hide", "c", 2));
        client.awaitAck(2);
        assertThat(terminal.nextAnswerQueries()).isTrue();
    }

    @Test
    void answerQueriesServerOrClientsFixesWhoAnswers() throws Exception {
        for (String mode : new String[] {"server", "clients"}) {
            try (SocketTestServer fixed = new SocketTestServer(new SocketSettings(1 << 20, mode, 1 << 20))) {
                FakeTerminal fake = fixed.add(new FakeTerminal("t", 1024));
                WsTestClient client = fixed.connect("t", "lastOutputSeq=0");
                client.send(new ClientFrame.Resize("c", 1, 100, 30));
                client.awaitAck(1);

                assertThat(fake.answerQueries).as(mode).containsExactly(mode.equals("server"));
            }
        }
    }

    @Test
    void aViewerReceivesEverythingButMayNotTypeResizeClearOrClose() throws Exception {
        WsTestClient viewer = attach("&mode=view");
        terminal.emit("shared");
        assertThat(new String(viewer.await(BinaryOutputFrame.class, f -> true).data(), StandardCharsets.UTF_8))
                .isEqualTo("shared");

        String[] refused = {new ClientFrame.Input("v", 1, "rm -rf ~\n", true).toJson(),
            new ClientFrame.Resize("v", 2, 50, 10).toJson(), new ClientFrame.Command("clear", "v", 3).toJson(),
            new ClientFrame.Command("close", "v", 4).toJson()};
        for (int i = 0; i < refused.length; i++) {
            viewer.sendText(refused[i]);
            ServerFrame.Error error = viewer.await(ServerFrame.Error.class, e -> true);
            assertThat(error.message()).contains("view mode");
            assertThat(error.clientSeq()).contains(i + 1L);
            viewer.awaitAck(i + 1);
        }
        viewer.send(new ClientFrame.Command("focus", "v", 5));
        viewer.send(new ClientFrame.Command("hide", "v", 6));
        viewer.send(new ClientFrame.Ping(BigDecimal.TEN, 5));
        viewer.awaitAck(5);
        viewer.awaitAck(6);
        viewer.await(ServerFrame.Pong.class, p -> true);

        assertThat(terminal.written).isEmpty();
        assertThat(terminal.resizes).isEmpty();
        assertThat(terminal.closed).isFalse();
    }

    @Test
    void aViewerNeverSetsTheSizeAndIsToldWhenOthersDo() throws Exception {
        WsTestClient viewer = attach("&mode=view");
        WsTestClient user = attach("");

        user.send(new ClientFrame.Resize("u", 1, 132, 43));

        viewer.await(ServerFrame.Size.class, new ServerFrame.Size(132, 43)::equals);
        user.abort();
        viewer.send(new ClientFrame.Command("focus", "v", 1));
        viewer.awaitAck(1);
        assertThat(terminal.resizes).containsExactly("132x43");
    }
}
