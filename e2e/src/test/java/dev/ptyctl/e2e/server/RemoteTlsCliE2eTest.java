package dev.ptyctl.e2e.server;

import dev.ptyctl.testsupport.TemporaryFolders;
import dev.ptyctl.testsupport.TestCertificate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * {@link RemoteCliE2eTest} over TLS: the server in its own network namespace gets {@code --tls-cert}/{@code --tls-key}
 * (a certificate made for this run, for the namespace's address) and {@code --log-format json}, the commands an
 * {@code https://} URL and the certificate to trust ({@code PTYCTL_CACERT}, as {@code --cacert} would give it), and
 * every case runs again.
 */
class RemoteTlsCliE2eTest extends RemoteCliE2eTest {
    private TestCertificate certificate;

    @Override
    List<String> serverOptions(NetworkNamespace namespace) throws Exception {
        Path dir = TemporaryFolders.create("ptyctl-remote-tls");
        certificate = TestCertificate.create(dir, namespace.address());
        return List.of("--tls-cert", certificate.certificate().toString(), "--tls-key",
                certificate.privateKey().toString(), "--log-format", "json");
    }

    @Override
    Map<String, String> clientEnvironment() {
        return Map.of("PTYCTL_CACERT", certificate.certificate().toString());
    }

    @Override
    SSLContext trust() throws IOException {
        return certificate.trustingContext();
    }

    @Override
    boolean tls() {
        return true;
    }

    @Override
    boolean jsonLog() {
        return true;
    }
}
