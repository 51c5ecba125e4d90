package dev.ptyctl.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * The hint for a certificate that does not name the host dialled, in both of the JDK's wordings: a test server
 * cannot be reached under a host name its certificate lacks without a name this machine resolves besides
 * {@code localhost}, so the failures are built here as the JDK's hostname check throws them.
 */
class ConnectionHintsTest {

    @Test
    void aCertificateWithoutTheDialledNameSaysWhichNameAndWhatToDo() {
        SSLHandshakeException failure = handshakeFailure("No subject alternative DNS name matching build-host found.");

        assertThat(ConnectionHints.of(URI.create("https://build-host:8765/v1/terminals"), failure))
                .isEqualTo("; the server's certificate does not name build-host: dial a name or address its subject"
                        + " alternative names list, or make it a certificate that names this one");
    }

    @Test
    void aCertificateWithoutTheDialledAddressSaysSoToo() {
        SSLHandshakeException failure = handshakeFailure(
                "No subject alternative names matching IP address 192.0.2.7 found");

        assertThat(ConnectionHints.of(URI.create("wss://192.0.2.7:8765/v1/terminals/x/rpc"), failure))
                .startsWith("; the server's certificate does not name 192.0.2.7: ");
    }

    private static SSLHandshakeException handshakeFailure(String jdkWords) {
        SSLHandshakeException failure = new SSLHandshakeException("(certificate_unknown) " + jdkWords);
        failure.initCause(new CertificateException(jdkWords));
        return failure;
    }
}
