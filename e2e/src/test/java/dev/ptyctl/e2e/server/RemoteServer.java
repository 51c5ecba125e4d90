package dev.ptyctl.e2e.server;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.TemporaryFolders;
import dev.ptyctl.testsupport.TestCertificate;
import dev.ptyctl.testsupport.Tools;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import org.opentest4j.TestAbortedException;

/**
 * The e2e suites' remote mode: with {@code -Dptyctl.e2e.remote=netns} (or {@code netns-tls}) the CLI and SDK tests
 * drive terminals of one {@code ptyctl server} that runs in a network namespace of its own ({@link NetworkNamespace}),
 * bound to that namespace's address with a token (and, for {@code netns-tls}, a certificate made for this run). The
 * clients get nothing but the server's URL, the token and the certificate to trust: the terminals' own JSON-RPC ports
 * listen on the namespace's loopback, out of reach, so everything goes through the server's HTTP(S) port.
 *
 * <p>One server per test JVM, started the first time a test asks for it (thread-safe, so parallel classes share it)
 * and stopped, with its namespace, when the JVM exits. The mode is fixed when the JVM starts (a surefire execution's
 * system property): nothing changes it while tests run. Where namespaces cannot be made (not root, no {@code ip}),
 * the tests that need the server are skipped with the reason, and fail when {@code CI=true}.
 */
public final class RemoteServer {
    /** The system property that selects the mode: {@code netns} or {@code netns-tls}; absent for local runs. */
    public static final String MODE_PROPERTY = "ptyctl.e2e.remote";
    private static final String MODE = System.getProperty(MODE_PROPERTY, "").strip();
    private static final String TOKEN = "remote-mode-t0ken-" + ProcessHandle.current().pid();

    private static RemoteServer running;
    private static String unavailable;

    private final NetworkNamespace namespace;
    private final ServerProcess server;
    private final TestCertificate certificate;
    private final SSLContext tls;
    private final HttpClient http;

    private RemoteServer(NetworkNamespace namespace, ServerProcess server, TestCertificate certificate)
            throws IOException {
        this.namespace = namespace;
        this.server = server;
        this.certificate = certificate;
        this.tls = certificate == null ? null : certificate.trustingContext();
        HttpClient.Builder http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
        if (tls != null) {
            http.sslContext(tls);
        }
        this.http = http.build();
    }

    /** Whether this test JVM runs in remote mode. */
    public static boolean active() {
        return !MODE.isEmpty();
    }

    /** Whether the remote server speaks TLS ({@code netns-tls}). */
    public static boolean tls() {
        return MODE.equals("netns-tls");
    }

    /**
     * The run's remote server, started on first use.
     *
     * @throws TestAbortedException when network namespaces cannot be made here (outside CI)
     */
    public static synchronized RemoteServer get() {
        if (!active()) {
            throw new IllegalStateException("not in remote mode (-D" + MODE_PROPERTY + " is not set)");
        }
        if (running != null) {
            return running;
        }
        if (unavailable == null) {
            if (!MODE.equals("netns") && !MODE.equals("netns-tls")) {
                throw new IllegalStateException("-D" + MODE_PROPERTY + " is netns or netns-tls, got \"" + MODE + "\"");
            }
            unavailable = NetworkNamespace.unavailableReason().orElse(null);
            if (unavailable != null && !"true".equals(System.getenv("CI"))) {
                // Once per run (this JVM is one surefire execution): every test of it is skipped below.
                Tools.listSkipped("every test of the e2e " + MODE + " run", NetworkNamespace.NEED);
            }
        }
        if (unavailable != null) {
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException(unavailable + "; CI=true, so remote mode fails instead of skipping");
            }
            throw new TestAbortedException("remote mode: " + unavailable);
        }
        try {
            running = start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the remote-mode ptyctl server", e);
        }
        return running;
    }

    private static RemoteServer start() throws Exception {
        NetworkNamespace namespace = NetworkNamespace.create();
        try {
            TestCertificate certificate = tls()
                    ? TestCertificate.create(TemporaryFolders.create("ptyctl-remote-tls"), namespace.address())
                    : null;
            List<String> args = new java.util.ArrayList<>(List.of("--host", namespace.address(), "--port", "0"));
            if (certificate != null) {
                args.addAll(List.of("--tls-cert", certificate.certificate().toString(), "--tls-key",
                        certificate.privateKey().toString()));
            }
            ServerProcess server = ServerProcess.startUnder(namespace.exec(), serverEnvironment(),
                    args.toArray(String[]::new));
            RemoteServer remote = new RemoteServer(namespace, server, certificate);
            Runtime.getRuntime().addShutdownHook(new Thread(remote::stop));
            server.awaitFirstAnswer(remote.tls);
            return remote;
        } catch (Exception | Error e) {
            namespace.close();
            throw e;
        }
    }

    /**
     * The shells' surroundings, as {@link SharedServer} gives them: bash as the default shell, an empty home, the
     * {@code PATH} without pyenv's shims, and the token.
     */
    private static Map<String, String> serverEnvironment() throws IOException {
        String path = Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":"))
                .filter(entry -> !entry.contains("/.pyenv/")).collect(Collectors.joining(":"));
        return Map.of("SHELL", "/bin/bash", "HOME", TemporaryFolders.create("ptyctl-remote-home").toString(),
                "PATH", path, "PTYCTL_TOKEN", TOKEN);
    }

    private void stop() {
        try {
            server.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            namespace.close();
        }
    }

    /** The server's base URL: {@code http(s)://<namespace address>:<port>}. */
    public String url() {
        try {
            return server.url();
        } catch (Exception e) {
            throw new IllegalStateException("the remote server has no URL", e);
        }
    }

    public String token() {
        return TOKEN;
    }

    /** The certificate to trust (PEM), for {@code netns-tls}. */
    public Optional<Path> caCertificate() {
        return Optional.ofNullable(certificate).map(TestCertificate::certificate);
    }

    /** A TLS context trusting the server's certificate, or null over plain HTTP. */
    public SSLContext sslContext() {
        return tls;
    }

    /** What a {@code ptyctl} command needs to reach the server: the URL, the token and the CA, as variables. */
    public Map<String, String> clientEnvironment() {
        Map<String, String> env = new HashMap<>();
        env.put("PTYCTL_URL", url());
        env.put("PTYCTL_TOKEN", TOKEN);
        caCertificate().ifPresent(ca -> env.put("PTYCTL_CACERT", ca.toString()));
        return Map.copyOf(env);
    }

    /** The namespace's address, which the server binds. */
    public String address() {
        return namespace.address();
    }

    /** What the server has written to stderr so far (its event log). */
    public String log() {
        return server.stderr();
    }

    /** Whether a TCP connection to {@code port} of the namespace's address succeeds from this host. */
    public boolean reachable(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address(), port), 5_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code POST /v1/terminals} with this body; returns the terminal's description. */
    public JsonObject create(JsonObject request) throws Exception {
        HttpResponse<String> response = send("POST", "/v1/terminals", request.toString());
        if (response.statusCode() != 201) {
            throw new AssertionError("creating a terminal answered " + response.statusCode() + ": "
                    + response.body() + "\nrequest: " + request);
        }
        return JsonSupport.parseObject(response.body());
    }

    /** {@code GET /v1/terminals/{id}}. */
    public JsonObject describe(String terminalId) throws Exception {
        HttpResponse<String> response = send("GET", "/v1/terminals/" + terminalId, null);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET terminal " + terminalId + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return JsonSupport.parseObject(response.body());
    }

    /** {@code DELETE /v1/terminals/{id}}; true when it was there. */
    public boolean delete(String terminalId) throws Exception {
        return send("DELETE", "/v1/terminals/" + terminalId, null).statusCode() == 200;
    }

    /** A request with the token; {@code body} null for none. */
    public HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url() + path))
                .header("Authorization", "Bearer " + TOKEN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The HTTP client that trusts the server (for WebSockets of the tests' own). */
    public HttpClient http() {
        return http;
    }
}
