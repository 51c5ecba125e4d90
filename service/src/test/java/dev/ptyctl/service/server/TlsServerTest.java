package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.TestCertificate;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ptyctl server --tls-cert F --tls-key F} with a certificate made for this run: the server speaks HTTPS and
 * WSS only, a client that trusts the certificate reaches REST and JSON-RPC, one that does not is refused by the
 * handshake; the options go together; a loopback server gives no clear-text warning.
 */
class TlsServerTest {
    @TempDir
    static Path dir;
    private static TestCertificate certificate;
    private static PtyctlServer server;
    private static HttpClient trusting;

    @BeforeAll
    static void startServer() throws Exception {
        certificate = TestCertificate.create(dir);
        server = ServerMain.start(new ServerMain.Options("127.0.0.1", 0, null, null, certificate.certificate(),
                certificate.privateKey(), null), Map.of("SHELL", "/bin/bash")::get, new Properties());
        trusting = HttpClient.newBuilder().sslContext(certificate.trustingContext()).build();
    }

    @AfterAll
    static void stopServer() {
        trusting.shutdownNow();
        server.close();
    }

    @Test
    void theServerSpeaksHttpsAndSaysSoInItsUrl() {
        assertThat(server.tls()).isTrue();
        assertThat(server.url()).isEqualTo("https://127.0.0.1:" + server.port());
        assertThat(ServerMain.warning(server)).isEmpty();
    }

    @Test
    void restAndJsonRpcWorkForAClientThatTrustsTheCertificate() throws Exception {
        HttpResponse<String> created = trusting.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"sessionId\":\"tls\",\"shell\":\"/bin/cat\"}"))
                .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String id = JsonSupport.parseObject(created.body()).getString("terminalId");

        try (RpcClient rpc = RpcClient.builder().sslContext(certificate.trustingContext())
                .connect(RpcAddress.server(URI.create(server.url()), id))) {
            rpc.write(dev.ptyctl.client.Action.text("over tls\r"));
            assertThat(rpc.waitFor("over tls", java.time.Duration.ofSeconds(20)).matched()).isTrue();
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateFailsTheHandshake() {
        HttpClient defaults = HttpClient.newHttpClient();
        try {
            assertThatThrownBy(() -> defaults.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/terminals"))
                    .build(), HttpResponse.BodyHandlers.ofString())).isInstanceOf(SSLHandshakeException.class);
        } finally {
            defaults.shutdownNow();
        }
    }

    @Test
    void theTlsOptionsGoTogetherAndMustBeReadableFiles() throws IOException {
        assertThatThrownBy(() -> ServerMain.start(new ServerMain.Options("127.0.0.1", 0, null, null,
                certificate.certificate(), null, null), name -> null, new Properties()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--tls-cert and --tls-key go together");
        Path missing = dir.resolve("no-such-key.pem");
        assertThat(Files.exists(missing)).isFalse();
        assertThatThrownBy(() -> ServerMain.start(new ServerMain.Options("127.0.0.1", 0, null, null,
                certificate.certificate(), missing, null), name -> null, new Properties()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--tls-key " + missing);
    }
}
