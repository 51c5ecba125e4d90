package dev.ptyctl.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed TLS certificate made at test time with the JDK's own {@code keytool} (no certificate is checked in,
 * none expires under a test): RSA 2048, valid for two days, for {@code localhost}, {@code 127.0.0.1} and any further
 * IP addresses asked for. It is written as the PEM files a server is configured with ({@link #certificate()},
 * {@link #privateKey()}: PKCS#8); being self-signed, the certificate file is also the CA file a client trusts
 * ({@code --cacert}), and {@link #trustingContext()} is that trust for Java clients.
 *
 * @param certificate the PEM certificate
 * @param privateKey  the PEM private key (unencrypted PKCS#8)
 */
public record TestCertificate(Path certificate, Path privateKey) {
    private static final String ALIAS = "ptyctl-test";
    private static final String PASSWORD = "test-only";
    private static final long KEYTOOL_TIMEOUT_SECONDS = 60;

    /**
     * Makes a certificate in {@code directory} ({@code cert.pem}, {@code key.pem}).
     *
     * @param extraAddresses IP addresses the certificate is also valid for, besides 127.0.0.1
     */
    public static TestCertificate create(Path directory, String... extraAddresses) throws IOException {
        return make(directory, List.of("-validity", "2"), extraAddresses);
    }

    /** A certificate in {@code directory} that was valid for a day until yesterday: expired. */
    public static TestCertificate expired(Path directory) throws IOException {
        return make(directory, List.of("-startdate", "-2d", "-validity", "1"));
    }

    /** @param validity keytool's options for when the certificate is valid ({@code -startdate}, {@code -validity}) */
    private static TestCertificate make(Path directory, List<String> validity, String... extraAddresses)
            throws IOException {
        Path keystore = directory.resolve("test-certificate.p12");
        StringBuilder names = new StringBuilder("SAN=dns:localhost,ip:127.0.0.1");
        for (String address : extraAddresses) {
            names.append(",ip:").append(address);
        }
        List<String> generate = new ArrayList<>(List.of("-genkeypair", "-alias", ALIAS, "-keyalg", "RSA",
                "-keysize", "2048", "-dname", "CN=ptyctl test", "-ext", names.toString(), "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD));
        generate.addAll(validity);
        keytool(generate.toArray(String[]::new));
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            PrivateKey key = (PrivateKey) store.getKey(ALIAS, PASSWORD.toCharArray());
            Certificate certificate = store.getCertificate(ALIAS);
            Path certFile = Files.writeString(directory.resolve("cert.pem"),
                    pem("CERTIFICATE", certificate.getEncoded()));
            Path keyFile = Files.writeString(directory.resolve("key.pem"), pem("PRIVATE KEY", key.getEncoded()));
            return new TestCertificate(certFile, keyFile);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the keystore keytool made: " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(keystore);
        }
    }

    /** A TLS context that trusts this certificate and nothing else. */
    public SSLContext trustingContext() throws IOException {
        try (InputStream in = Files.newInputStream(certificate)) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            trust.setCertificateEntry(ALIAS, java.security.cert.CertificateFactory.getInstance("X.509")
                    .generateCertificate(in));
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust " + certificate + ": " + e.getMessage(), e);
        }
    }

    /** A TLS context that serves this certificate with its key, for a test's own TLS server. */
    public SSLContext servingContext() throws IOException {
        try (InputStream in = Files.newInputStream(certificate)) {
            String base64 = Files.readString(privateKey).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            PrivateKey key = java.security.KeyFactory.getInstance("RSA").generatePrivate(
                    new java.security.spec.PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
            Certificate cert = java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, key, PASSWORD.toCharArray(), new Certificate[] {cert});
            javax.net.ssl.KeyManagerFactory keys = javax.net.ssl.KeyManagerFactory.getInstance(
                    javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, PASSWORD.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot serve " + certificate + ": " + e.getMessage(), e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static void keytool(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("keytool did not finish within " + KEYTOOL_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for keytool", e);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException("keytool failed (" + process.exitValue() + "): " + output.strip());
        }
    }
}
