package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.TestCertificate;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * handshake; the options go together; a loopback server gives no clear-text warning. TLS settings that could never
 * complete a handshake (no key, another certificate's key, a file that is no PEM) stop the start with one sentence
 * that says what to give, rather than a stack trace or a server that fails every client.
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
        assertThatThrownBy(() -> startWithFiles(certificate.certificate(), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--tls-cert and --tls-key go together");
        Path missing = dir.resolve("no-such-key.pem");
        assertThat(Files.exists(missing)).isFalse();
        assertThatThrownBy(() -> startWithFiles(certificate.certificate(), missing))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--tls-key " + missing);
    }

    @Test
    void aTlsBlockWithoutAPrivateKeyIsRefusedAtStart() throws IOException {
        // A misspelt private-key: Helidon made an HTTPS listener with no key, which answered every client with a
        // handshake_failure alert and logged nothing.
        Path config = pemConfig("no-key.yaml", "privat-key", certificate.privateKey());

        assertThatThrownBy(() -> startWith(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("server.tls has no private key, so no client could complete a handshake")
                .hasMessageContaining("--tls-key");
    }

    @Test
    void aKeyThatIsNotTheCertificatesIsRefusedAtStart() throws IOException {
        TestCertificate other = TestCertificate.create(Files.createDirectories(dir.resolve("other")));

        assertThatThrownBy(() -> startWithFiles(certificate.certificate(), other.privateKey()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the TLS private key is not the certificate's (CN=ptyctl test)");
    }

    @Test
    void filesThatAreNotACertificateAndItsKeyAreRefusedSayingWhatToGive() {
        // Swapped: the certificate given as the key.
        assertThatThrownBy(() -> startWithFiles(certificate.privateKey(), certificate.certificate()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot use the TLS certificate and key (--tls-cert, --tls-key or server.tls)")
                .hasMessageContaining("give --tls-cert a PEM certificate");
    }

    @Test
    void aTlsFileMissingFromTheConfigIsRefusedNamingIt() throws IOException {
        Path missing = dir.resolve("missing-key.pem");
        Path config = pemConfig("missing.yaml", "private-key", missing);

        assertThatThrownBy(() -> startWith(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing + " does not exist");
    }

    @Test
    void aServerOptionHelidonCannotReadIsRefusedNamingTheKeyAndValue() throws IOException {
        Path payload = Files.writeString(dir.resolve("payload.yaml"), "server:\n  max-payload-size: lots\n");
        assertThatThrownBy(() -> startWith(payload))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("server.max-payload-size has an invalid value, \"lots\"");
        Path timeout = Files.writeString(dir.resolve("timeout.yaml"),
                "server:\n  idle-connection-timeout: 5 minutes\n");
        assertThatThrownBy(() -> startWith(timeout))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("server.idle-connection-timeout has an invalid value, \"5 minutes\"");
    }

    @Test
    void anExpiredCertificateIsWarnedAboutAtStart() throws IOException {
        // The server starts and listens all the same; every client that checks the certificate refuses it.
        TestCertificate expired = TestCertificate.expired(Files.createDirectories(dir.resolve("expired")));
        List<String> warnings = new ArrayList<>();

        try (PtyctlServer started = ServerMain.start(new ServerMain.Options("127.0.0.1", 0, null, null,
                expired.certificate(), expired.privateKey(), null), name -> null, new Properties(), List.of(),
                warnings::add)) {
            assertThat(started.tls()).isTrue();
        }

        assertThat(warnings).singleElement().asString()
                .startsWith("the TLS certificate (CN=ptyctl test) expired on ")
                .endsWith(": clients that check it refuse it; give the server a renewed one");
    }

    /**
     * The start maps the TLS node once, in Helidon's web server builder, and checks and warns about what that mapping
     * built: the files, served over HTTP here so that each read is counted, are read as often as Helidon's one mapping
     * reads them (its PemKeys looks each resource up twice), not three times that (before: the warning, the key check
     * and Helidon's own mapping, six reads of each).
     */
    @Test
    void theStartReadsTheTlsFilesInOneMapping() throws Exception {
        Map<String, Integer> reads = new java.util.concurrent.ConcurrentHashMap<>();
        HttpServer files = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        Map<String, Path> served = Map.of("/cert.pem", certificate.certificate(), "/key.pem", certificate.privateKey());
        files.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            reads.merge(path, 1, Integer::sum);
            byte[] body = Files.readAllBytes(served.get(path));
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        files.start();
        try {
            String base = "http://127.0.0.1:" + files.getAddress().getPort();
            Path config = Files.writeString(dir.resolve("served.yaml"), """
                    server:
                      tls:
                        private-key:
                          pem:
                            key: {resource: {uri: %s/key.pem}}
                            cert-chain: {resource: {uri: %s/cert.pem}}
                    """.formatted(base, base));

            try (PtyctlServer started = startWith(config)) {
                assertThat(started.tls()).isTrue();
            }
        } finally {
            files.stop(0);
        }

        assertThat(reads).as("reads of each file").isEqualTo(Map.of("/cert.pem", 2, "/key.pem", 2));
    }

    /** A config file with a {@code server.tls} block of PEM files, its key block under {@code keyNode}. */
    private static Path pemConfig(String name, String keyNode, Path key) throws IOException {
        return Files.writeString(dir.resolve(name), """
                server:
                  tls:
                    %s:
                      pem:
                        key: {resource: {path: %s}}
                        cert-chain: {resource: {path: %s}}
                """.formatted(keyNode, key, certificate.certificate()));
    }

    /** {@code ptyctl server --tls-cert cert --tls-key key} (either may be null: not given). */
    private static PtyctlServer startWithFiles(Path cert, Path key) throws IOException {
        return ServerMain.start(new ServerMain.Options("127.0.0.1", 0, null, null, cert, key, null), name -> null,
                new Properties());
    }

    private static PtyctlServer startWith(Path config) throws IOException {
        return ServerMain.start(new ServerMain.Options("127.0.0.1", 0, config, null, null, null, null),
                name -> null, new Properties());
    }
}
