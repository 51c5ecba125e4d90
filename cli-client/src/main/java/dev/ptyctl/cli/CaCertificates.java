package dev.ptyctl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@code --cacert FILE} (else {@code PTYCTL_CACERT}): the PEM certificates of a private CA (or a self-signed server
 * certificate) to trust for {@code https://} servers, instead of the JDK's CA list, as {@code curl --cacert} does.
 */
final class CaCertificates {
    static final String VARIABLE = "PTYCTL_CACERT";

    private CaCertificates() {
    }

    /** The file to trust: {@code --cacert}, else {@code PTYCTL_CACERT}, else null for the JDK's CAs. */
    static Path chosen(Path option, Function<String, String> environment) {
        if (option != null) {
            return option;
        }
        String variable = environment.apply(VARIABLE);
        return variable == null ? null : Path.of(variable);
    }

    /**
     * A TLS context trusting exactly the certificates in {@code pem}.
     *
     * @throws UsageException when the file cannot be read or holds no certificate
     */
    static SSLContext trusting(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509")
                    .generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new UsageException("--cacert " + pem + " holds no PEM certificate");
            }
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int i = 0;
            for (Certificate certificate : certificates) {
                trust.setCertificateEntry("ca-" + i++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UsageException("--cacert " + pem + " cannot be read: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new UsageException("--cacert " + pem + " is not a PEM certificate file: " + e.getMessage());
        }
    }
}
