package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.oneOf;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5.6 on the real server: a client that stops reading is sent about {@code clientBacklogBytes} and no more; the
 * rest waits in the shared log, and once the client reads again it is caught up from its cursor (here with a reset,
 * the log having moved on). Its own socket, not the JDK's WebSocket client, so that the test decides what it reads.
 */
class ClientBacklogTest {
    private static final int BACKLOG = 64 * 1024;
    /** Four times the default 2 MiB log, so the stalled client's cursor is gone when it reads again. */
    private static final int OUTPUT = 8 << 20;
    private static final int OP_TEXT = 1;
    private static final int OP_BINARY = 2;
    private static final int KIND_OUTPUT = 1;
    private static final int KIND_RESET = 2;

    @Test
    void aClientThatStopsReadingIsSentAboutItsBacklogThenCaughtUpWithAReset() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (PtyctlServer server = PtyctlServer.start(TestServers.withClientBacklogBytes(BACKLOG), ServerToken.none(),
                Config.empty())) {
            double pausesBefore = PrometheusText.scrape(http, server).sum("ptyctl_backlog_pauses_total", Map.of());
            String id = TestServers.createGated(server, "backlog",
                    "head -c " + OUTPUT + " /dev/zero | tr '\\\\000' x");
            try (Socket stalled = upgrade(server, id)) {
                SocketFrames reader = SocketFrames.attach(http, server, id, "protocol=2&lastOutputSeq=0");
                reader.go();
                // The reading client gets every byte and then the exit frame, all while the other one reads nothing.
                long end = reader.next("exit").getJsonNumber("seq").longValue();
                assertThat(end).isEqualTo(OUTPUT);

                DataInputStream in = new DataInputStream(stalled.getInputStream());
                long before = 0;
                while (true) {
                    byte[] frame = nextPayload(in);
                    if (frame.length > 0 && frame[0] == KIND_RESET) {
                        break;
                    }
                    if (frame.length > 0 && frame[0] == KIND_OUTPUT) {
                        before += frame.length - 9;
                    }
                }
                // What was on its way when the client stopped: the socket's send buffer (Linux doubles the figure),
                // the client's small receive window and the frame the sender was writing. Without the send buffer
                // bound Linux grows that buffer to megabytes.
                System.out.printf("stalled client: %d KiB sent before the reset%n", before >> 10);
                assertThat(before).as("output sent to the client that read nothing")
                        .isGreaterThan(0).isLessThan(4L * BACKLOG + 64 * 1024);
                assertThat(PrometheusText.scrape(http, server).sum("ptyctl_backlog_pauses_total", Map.of())
                        - pausesBefore).as("the pause is counted (metrics)").isGreaterThanOrEqualTo(1);
            } finally {
                // 404 once the program has ended (no live terminal), which is the usual case here
                given(TestServers.api(server)).delete("/v1/terminals/" + id).then().statusCode(oneOf(200, 404));
            }
        } finally {
            http.shutdownNow();
        }
    }

    /** A WebSocket upgrade on a socket with a small receive buffer; reads the response head and nothing after it. */
    private static Socket upgrade(PtyctlServer server, String id) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(16 * 1024); // before connecting, so the window it offers stays small
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(TestServers.upgradeRequest("/v1/terminals/" + id
                + "/socket?protocol=2&lastOutputSeq=0", "127.0.0.1:" + server.port(), null));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            assertThat(b).as("the upgrade response ended early: %s", head).isNotNegative();
            head.append((char) b);
        }
        assertThat(head.toString()).startsWith("HTTP/1.1 101");
        return socket;
    }

    /** The payload of the next text or binary frame (the server's frames are unmasked and unfragmented). */
    private static byte[] nextPayload(DataInputStream in) throws IOException {
        while (true) {
            int b0 = in.readUnsignedByte();
            int b1 = in.readUnsignedByte();
            long length = b1 & 0x7F;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            byte[] payload = new byte[(int) length];
            in.readFully(payload);
            int opcode = b0 & 0x0F;
            if (opcode == OP_BINARY) {
                return payload;
            }
            if (opcode == OP_TEXT) {
                return new byte[0];
            }
        }
    }
}
