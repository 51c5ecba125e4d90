package dev.ptyctl.service.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * {@code ptyctl server --tls-cert FILE --tls-key FILE}: a PEM certificate chain and its PEM private key, handed to
 * Helidon as its own {@code server.tls} keys ({@code server.tls.private-key.pem.cert-chain.resource.path} and
 * {@code server.tls.private-key.pem.key.resource.path}), so the options and a {@code server.tls} block in a config
 * file are one and the same setting. The options win over the config, as {@code --host} and {@code --port} do.
 */
final class TlsFiles {
    static final String CERT_KEY = "server.tls.private-key.pem.cert-chain.resource.path";
    static final String KEY_KEY = "server.tls.private-key.pem.key.resource.path";

    private TlsFiles() {
    }

    /**
     * The properties with the TLS keys set from the two files, or the properties as they are when neither is given.
     *
     * @throws IllegalArgumentException when only one is given, or a file cannot be read
     */
    static Properties apply(Properties properties, Path cert, Path key) {
        if (cert == null && key == null) {
            return properties;
        }
        if (cert == null || key == null) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: give the certificate (PEM) "
                    + "and its private key (PEM)");
        }
        readable(cert, "--tls-cert");
        readable(key, "--tls-key");
        Properties withTls = new Properties();
        properties.stringPropertyNames().forEach(name -> withTls.setProperty(name, properties.getProperty(name)));
        withTls.setProperty(CERT_KEY, cert.toAbsolutePath().toString());
        withTls.setProperty(KEY_KEY, key.toAbsolutePath().toString());
        return withTls;
    }

    private static void readable(Path file, String option) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IllegalArgumentException(option + " " + file + " is not a readable file");
        }
    }
}
