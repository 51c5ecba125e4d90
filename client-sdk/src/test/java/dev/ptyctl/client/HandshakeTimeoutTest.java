package dev.ptyctl.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.testsupport.TestCertificate;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TCP connect and the TLS handshake have bounds of their own: a cold client JVM's first handshake on a loaded
 * machine takes seconds of its own, and the 5 s the connect had for both ran out at load 31 (RemoteTlsCliE2eTest's
 * set-up). A failure names what ran out. The servers here are slow or silent on purpose; the short timeouts given to
 * the clients are meant to run out.
 */
class HandshakeTimeoutTest {
    @TempDir
    static Path dir;

    /** One for the class: each one is a keytool process and an RSA key, seconds on a loaded machine. */
    private static TestCertificate certificate;
    private final List<AutoCloseable> servers = new ArrayList<>();

    @BeforeAll
    static void certificate() throws IOException {
        certificate = TestCertificate.create(dir);
    }

    @AfterEach
    void stopServers() throws Exception {
        for (AutoCloseable server : servers) {
            server.close();
        }
    }

    @Test
    void anHttpsServerWhoseHandshakeOutlastsTheTcpConnectTimeoutIsStillReached() throws Exception {
        Duration connectTimeout = Duration.ofMillis(250);
        SSLServerSocket tls = tlsServer();
        CountDownLatch clientConnected = new CountDownLatch(1);
        CountDownLatch handshakeMayProceed = new CountDownLatch(1);
        List<Socket> held = new CopyOnWriteArrayList<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (SSLSocket socket = (SSLSocket) tls.accept()) {
                clientConnected.countDown();
                // the reference client's connection: accepted, never handshaken, so its connect bound runs out
                held.add(tls.accept());
                handshakeMayProceed.await(); // a handshake stalled past the client's TCP connect bound: the case
                socket.startHandshake();
                answer(socket, "{\"terminals\":[]}");
            } catch (Exception e) {
                // the client's result is what the test checks
            }
        });
        try (TerminalsClient client = TerminalsClient.builder().baseUrl(url(tls)).sslContext(trusting())
                .connectTimeout(connectTimeout).build()) {
            CompletableFuture<List<Terminal>> listed = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.list();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            clientConnected.await();
            // No sleep: the stall lasts until a client whose one connect timeout is the same 250 ms (the JDK's, as
            // the client's was before the handshake had a bound of its own) gives up on the same server, having
            // started its connect after the client's had completed: by then the client's connect bound has passed.
            HttpClient reference = HttpClient.newBuilder().connectTimeout(connectTimeout).sslContext(trusting())
                    .build();
            assertThatThrownBy(() -> reference.send(HttpRequest.newBuilder(url(tls).resolve("/v1/terminals"))
                    .build(), HttpResponse.BodyHandlers.discarding())).isInstanceOf(HttpConnectTimeoutException.class);
            handshakeMayProceed.countDown();

            assertThat(listed.get()).isEmpty();
        } finally {
            handshakeMayProceed.countDown();
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void anHttpsServerThatNeverHandshakesIsReportedWithBothBounds() throws Exception {
        ServerSocket silent = silentServer();
        try (TerminalsClient client = TerminalsClient.builder().baseUrl(url(silent)).sslContext(trusting())
                .connectTimeout(Duration.ofMillis(100)).handshakeTimeout(Duration.ofMillis(200)).build()) {
            assertThatThrownBy(client::list).isInstanceOf(RestConnectionException.class)
                    .hasMessageContaining(": no connection within 300 ms, TCP connect and TLS handshake together (is "
                            + "the server overloaded");
        }
    }

    @Test
    void aTerminalOfAServerThatNeverHandshakesFailsNamingTheHandshake() throws Exception {
        ServerSocket silent = silentServer();
        RpcClient.Builder client = RpcClient.builder().sslContext(trusting())
                .handshakeTimeout(Duration.ofMillis(300));
        // before the handshake had a bound of its own, it had none: this connect never returned
        assertTimeoutPreemptively(Bounds.HANG, () -> assertThatThrownBy(
                () -> client.connect(RpcAddress.server(url(silent), "t1")))
                .isInstanceOf(RpcConnectionException.class)
                .hasMessageContaining("connected, but no TLS handshake within 300 ms"));
    }

    @Test
    void aTerminalOfAServerThatNeverAnswersTheUpgradeFailsNamingTheUpgrade() throws Exception {
        SSLServerSocket tls = tlsServer();
        Thread.ofPlatform().daemon().start(() -> {
            try (SSLSocket socket = (SSLSocket) tls.accept()) {
                socket.startHandshake();
                socket.getInputStream().read(new byte[4096]); // the upgrade request, never answered
                socket.getInputStream().read();
            } catch (Exception e) {
                // the client's failure is what the test checks
            }
        });
        RpcClient.Builder client = RpcClient.builder().sslContext(trusting())
                .handshakeTimeout(Duration.ofMillis(500));
        assertThatThrownBy(() -> client.connect(RpcAddress.server(url(tls), "t1")))
                .isInstanceOf(RpcConnectionException.class)
                .hasMessageContaining("connected, but no answer to the WebSocket upgrade within 500 ms");
    }

    @Test
    void anAttachmentToAServerThatNeverHandshakesFailsNamingItsOwnHandshakeBound() throws Exception {
        ServerSocket silent = silentServer();
        // the connect timeout (5 s) bounded the handshake of every (re)connection before it had a bound of its own
        TerminalAttachment.Builder attachment = TerminalAttachment.builder(url(silent), "t1").sslContext(trusting())
                .reconnect(ReconnectPolicy.NEVER).handshakeTimeout(Duration.ofMillis(300));
        assertThatThrownBy(attachment::connect).isInstanceOf(AttachmentException.class)
                .hasMessageContaining("connected, but no TLS handshake within 300 ms");
    }

    @Test
    void anEventSubscriptionToAServerThatNeverHandshakesFailsNamingItsOwnHandshakeBound() throws Exception {
        ServerSocket silent = silentServer();
        // the connect timeout (5 s) bounded the handshake of every (re)connection before it had a bound of its own
        TerminalEvents.Builder events = TerminalEvents.builder(url(silent)).sslContext(trusting())
                .reconnect(ReconnectPolicy.NEVER).handshakeTimeout(Duration.ofMillis(300));
        assertThatThrownBy(events::connect).isInstanceOf(AttachmentException.class)
                .hasMessageContaining("connected, but no TLS handshake within 300 ms");
    }

    private SSLServerSocket tlsServer() throws IOException {
        SSLServerSocket tls = (SSLServerSocket) certificate.servingContext().getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress());
        servers.add(tls);
        return tls;
    }

    /** Accepts connections (the kernel does, from its backlog) and never says a word. */
    private ServerSocket silentServer() throws IOException {
        ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        servers.add(silent);
        return silent;
    }

    private static javax.net.ssl.SSLContext trusting() throws IOException {
        return certificate.trustingContext();
    }

    private static URI url(ServerSocket server) {
        return URI.create("https://127.0.0.1:" + server.getLocalPort());
    }

    /** Reads a request's head and answers it with {@code body}, closing the connection. */
    private static void answer(Socket socket, String body) throws IOException {
        InputStream in = socket.getInputStream();
        int matched = 0;
        byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
        }
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + content.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(content);
        out.flush();
    }
}
