package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client of an idle terminal holds no platform thread: its sender hands over to a virtual thread after the idle
 * time, and gets a platform thread back with the next output, losing nothing on the way.
 */
class IdleSenderTest {
    /**
     * Long enough that the platform thread brought back by output is still there when the test looks, right after
     * the output arrived, however loaded the machine; short enough for a quick test.
     */
    private static final Duration IDLE = Duration.ofSeconds(1);
    /** A terminal id of this test's own: a sender of another test's {@code t1} may still be ending. */
    private static final String TERMINAL = "idle-sender";
    private static final String SENDER = "ws-send-" + TERMINAL;

    private final SocketTestServer server = new SocketTestServer(new SocketSettings(1 << 20, "auto", 1 << 20, IDLE, SocketSettings.MAX_KEEPALIVE));
    private final FakeTerminal terminal = server.add(new FakeTerminal(TERMINAL, 1 << 20));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anIdleClientsSenderGivesUpItsPlatformThreadAndOutputBringsItBackWithEveryByte() throws Exception {
        WsTestClient client = server.connect(TERMINAL, "protocol=2&lastOutputSeq=0");
        client.next(ServerFrame.Ready.class);
        client.next(ServerFrame.Size.class);

        for (int round = 1; round <= 2; round++) {
            awaitPlatformThread(false);
            // A key's echo, then a stream: frames grow from the first, small buffer to the largest on the way.
            String key = "key" + round;
            terminal.emit(key);
            client.awaitOutput(out -> out.endsWith(key));
            awaitPlatformThread(true);
            String stream = ("round " + round + " ").repeat(20_000);
            terminal.emit(stream);
            client.awaitOutput(out -> out.endsWith(stream));
        }
        String all = client.awaitOutput(out -> true);
        StringBuilder expected = new StringBuilder();
        for (int round = 1; round <= 2; round++) {
            expected.append("key").append(round).append(("round " + round + " ").repeat(20_000));
        }
        assertThat(all).isEqualTo(expected.toString());
    }

    @Test
    void anIdleClientStillGetsAcksAndSizesFromItsVirtualThread() throws Exception {
        WsTestClient client = server.connect(TERMINAL, "protocol=2&lastOutputSeq=0");
        client.next(ServerFrame.Ready.class);
        client.next(ServerFrame.Size.class);
        awaitPlatformThread(false);

        client.send(new ClientFrame.Input("c", 1, "typed", true));
        assertThat(client.awaitAck(1).outputSeq()).isZero();
        client.send(new ClientFrame.Resize("c", 2, 90, 20));
        assertThat(client.await(ServerFrame.Size.class, size -> true)).isEqualTo(new ServerFrame.Size(90, 20));
        assertThat(terminal.written).containsExactly("typed");

        terminal.exit(3);
        assertThat(client.await(ServerFrame.Exit.class, exit -> true).exitCode()).isEqualTo(3);
    }

    /** Waits until a platform thread named {@link #SENDER} is, or is not, alive; a virtual one is never listed. */
    private static void awaitPlatformThread(boolean alive) throws InterruptedException {
        long deadline = System.nanoTime() + WsTestClient.FRAME_BOUND.toNanos();
        for (Optional<Thread> thread = platformSender(); thread.isPresent() != alive; thread = platformSender()) {
            assertThat(System.nanoTime() - deadline).as("a platform %s %s", SENDER, alive ? "again" : "gone")
                    .isNegative();
            if (thread.isPresent()) {
                thread.get().join(IDLE.toMillis() * 2); // ends once its idle time is up
            } else {
                Thread.sleep(5); // a thread being started: no event to wait on
            }
        }
    }

    private static Optional<Thread> platformSender() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(SENDER) && t.isAlive()).findFirst();
    }
}
