package dev.ptyctl.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.testsupport.TestCertificate;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mistakes of a first remote set-up, which the JDK reports in words that name neither cause nor cure: an
 * {@code https://} server whose self-signed certificate the client was not given, an {@code http://} URL aimed at a
 * server that speaks TLS, and an {@code https://} URL aimed at one that does not. The failure says what to do.
 */
class RemoteSetupMistakesTest {
    @TempDir
    Path dir;

    @Test
    void anUntrustedCertificateNamesTheCacertSetting() throws Exception {
        TestCertificate certificate = TestCertificate.create(dir);
        try (SSLServerSocket tls = (SSLServerSocket) certificate.servingContext().getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> handshakeForever(tls));
            try (TerminalsClient client = TerminalsClient.of(URI.create("https://127.0.0.1:" + tls.getLocalPort()))) {
                assertThatThrownBy(client::list).isInstanceOf(RestConnectionException.class)
                        .hasMessageContaining("PKIX path building failed")
                        .hasMessageContaining("the server's certificate is not one this client trusts")
                        .hasMessageContaining("--cacert FILE or PTYCTL_CACERT");
            }
        }
    }

    @Test
    void plainHttpToATlsServerSuggestsHttps() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            // what a TLS server answers to bytes that are no TLS handshake: an alert record
            answerEach(server, new byte[] {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x50});
            try (TerminalsClient client = TerminalsClient.of(URI.create("http://127.0.0.1:" + server.getLocalPort()))) {
                assertThatThrownBy(client::list).isInstanceOf(RestConnectionException.class)
                        .hasMessageContaining("the answer was not HTTP: if the server speaks TLS (--tls-cert, or "
                                + "server.tls in its config), its URL is https://127.0.0.1:" + server.getLocalPort());
            }
        }
    }

    @Test
    void httpsToAClearTextServerSuggestsHttp() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            // what ptyctl server without TLS answers to a TLS ClientHello: an HTTP error
            answerEach(server, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            try (TerminalsClient client = TerminalsClient.of(URI.create("https://127.0.0.1:" + server.getLocalPort()))) {
                assertThatThrownBy(client::list).isInstanceOf(RestConnectionException.class)
                        .hasMessageContaining("the server answered in clear text, not TLS: its URL is "
                                + "http://127.0.0.1:" + server.getLocalPort());
            }
        }
    }

    /**
     * Answers every connection's first bytes with {@code reply}, then reads on until the client closes, on threads of
     * their own. Every connection: the JDK's HTTP client makes a GET again on a new connection when the first one is
     * reset, and an unanswered second one ran into the 35 s handshake bound (CI). Reads on: closing with the client's
     * ClientHello still unread sends a reset, which can reach the client before the reply does.
     */
    private static void answerEach(ServerSocket server, byte[] reply) {
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread.ofVirtual().start(() -> answer(socket, reply));
                } catch (Exception e) {
                    return; // the test is over
                }
            }
        });
    }

    private static void answer(Socket socket, byte[] reply) {
        try (socket; OutputStream out = socket.getOutputStream()) {
            socket.getInputStream().read(new byte[512]);
            out.write(reply);
            socket.shutdownOutput();
            socket.getInputStream().transferTo(OutputStream.nullOutputStream());
        } catch (Exception e) {
            // the client's failure is what the test checks
        }
    }

    private static void handshakeForever(SSLServerSocket tls) {
        while (!tls.isClosed()) {
            try (SSLSocket socket = (SSLSocket) tls.accept()) {
                socket.startHandshake();
            } catch (Exception e) {
                // the client refuses the certificate: expected
            }
        }
    }
}
