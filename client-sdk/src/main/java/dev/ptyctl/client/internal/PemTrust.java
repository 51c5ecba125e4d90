package dev.ptyctl.client.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A TLS context that trusts exactly the certificates of a PEM file (a private CA, or a self-signed server
 * certificate) instead of the JDK's CA list, as {@code curl --cacert} does: the CLI's {@code --cacert} and the JUnit
 * extension's {@code ptyctl.cacert} both use it.
 */
public final class PemTrust {
    private PemTrust() {
    }

    /**
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when it holds no PEM certificate; the message says which
     */
    public static SSLContext trusting(Path pem) throws IOException {
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509")
                    .generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException(pem + " holds no PEM certificate");
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
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(pem + " is not a PEM certificate file: " + e.getMessage(), e);
        }
    }
}
