package dev.ptyctl.service.server;

import io.helidon.common.tls.Tls;
import io.helidon.common.tls.TlsConfig;
import io.helidon.config.Config;
import io.helidon.config.ConfigMappingException;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Helidon's own options of the {@code server} node ({@code server.tls}, {@code server.max-payload-size}, ...) applied
 * to the web server, with what an operator gets wrong refused at start in one sentence instead of Helidon's stack
 * trace, or instead of a server that starts and then fails every handshake:
 * <ul>
 *   <li>a TLS file that cannot be read (missing, not PEM, an encrypted key without its passphrase, a keystore with
 *   the wrong passphrase): Helidon throws while reading the node;</li>
 *   <li>a {@code server.tls} block without a private key (a misspelt {@code private-key}, a keystore whose key is
 *   under another alias than Helidon's default {@code 1}): Helidon starts an HTTPS listener that answers every
 *   client with a {@code handshake_failure} alert and logs nothing;</li>
 *   <li>a key that is not the certificate's: every client fails with "Invalid CertificateVerify signature";</li>
 *   <li>a value Helidon cannot map ({@code max-payload-size: lots}).</li>
 * </ul>
 */
final class WebServerOptions {
    /** What the two TLS settings must be, said after each TLS refusal. */
    private static final String TLS_HELP = "give --tls-cert a PEM certificate (chain, the server's first) and "
            + "--tls-key its PEM private key, unencrypted (BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY), or the same "
            + "in server.tls (docs/operations.md, TLS)";
    /** A signature algorithm for each key type a certificate commonly has; others are not checked. */
    private static final Map<String, String> SIGNATURES = Map.of("RSA", "SHA256withRSA", "EC", "SHA256withECDSA",
            "Ed25519", "Ed25519", "EdDSA", "Ed25519", "Ed448", "Ed448");
    /** How Helidon's mapping failures name the value and the key. */
    private static final Pattern MAPPING = Pattern.compile("value '(.*?)' stored under key '(.*?)'", Pattern.DOTALL);

    private WebServerOptions() {
    }

    /**
     * A web server builder with the {@code server} node applied. The TLS files are read once, by Helidon's own
     * mapping of the node; what is checked and warned about is the TLS that mapping built ({@link #warnings}).
     *
     * @throws IllegalArgumentException when the TLS settings cannot work or a value is invalid; the message says
     *                                  which setting and what to do
     */
    static WebServerConfig.Builder builder(Config serverConfig) {
        WebServerConfig.Builder builder;
        try {
            builder = WebServer.builder().config(serverConfig);
        } catch (ConfigMappingException e) {
            throw tlsRefusal(serverConfig).orElseGet(() -> invalidValue(e));
        } catch (RuntimeException e) {
            throw tlsRefusal(serverConfig).orElseGet(() -> new IllegalArgumentException(
                    "cannot use the server options (server.* in the config): " + reasons(e), e));
        }
        enabledTls(builder).ifPresent(WebServerOptions::check);
        return builder;
    }

    /**
     * What the operator should hear before the server starts: a TLS certificate outside its validity, which
     * verifying clients refuse (the JDK with "CertificateExpiredException", curl with "certificate has expired")
     * while the server itself starts and listens as if nothing were wrong.
     */
    static List<String> warnings(WebServerConfig.Builder builder, Instant now) {
        List<X509Certificate> chain = enabledTls(builder).map(TlsConfig::privateKeyCertChain).orElse(List.of());
        if (chain.isEmpty()) {
            return List.of();
        }
        X509Certificate certificate = chain.getFirst();
        String name = "the TLS certificate (" + certificate.getSubjectX500Principal().getName() + ")";
        if (now.isAfter(certificate.getNotAfter().toInstant())) {
            return List.of(name + " expired on " + certificate.getNotAfter().toInstant() + ": clients that check it "
                    + "refuse it; give the server a renewed one");
        }
        if (now.isBefore(certificate.getNotBefore().toInstant())) {
            return List.of(name + " is not valid until " + certificate.getNotBefore().toInstant() + ": clients "
                    + "that check it refuse it until then (is this machine's clock right?)");
        }
        return List.of();
    }

    /** The TLS Helidon built from the {@code server.tls} node, when there is one and it is enabled. */
    private static Optional<TlsConfig> enabledTls(WebServerConfig.Builder builder) {
        return builder.tls().map(Tls::prototype).filter(TlsConfig::enabled);
    }

    /**
     * Why the {@code server.tls} node cannot be used, when it is what failed the server options: read again on its
     * own (only after a failure), so that a TLS file that cannot be read is refused in TLS terms rather than as one of
     * the server options.
     */
    private static Optional<IllegalArgumentException> tlsRefusal(Config serverConfig) {
        Config tls = serverConfig.get("tls");
        if (!tls.exists()) {
            return Optional.empty();
        }
        try {
            TlsConfig.create(tls);
            return Optional.empty();
        } catch (ConfigMappingException e) {
            return Optional.of(invalidValue(e));
        } catch (RuntimeException e) {
            return Optional.of(new IllegalArgumentException("cannot use the TLS certificate and key (--tls-cert, "
                    + "--tls-key or server.tls): " + reasons(e) + "; " + TLS_HELP, e));
        }
    }

    /** Refuses an enabled TLS that no client could complete a handshake with. */
    private static void check(TlsConfig tls) {
        Optional<PrivateKey> key = tls.privateKey();
        if (key.isEmpty()) {
            throw new IllegalArgumentException("server.tls has no private key, so no client could complete a "
                    + "handshake: " + TLS_HELP + " (a PKCS#12 keystore: server.tls.private-key.keystore with its "
                    + "resource.path, passphrase, and key.alias when the key's alias is not \"1\")");
        }
        List<X509Certificate> chain = tls.privateKeyCertChain();
        if (!chain.isEmpty() && !pair(key.get(), chain.getFirst().getPublicKey())) {
            throw new IllegalArgumentException("the TLS private key is not the certificate's (" + chain.getFirst()
                    .getSubjectX500Principal().getName() + "), so no client could complete a handshake: give "
                    + "--tls-key the key the certificate was made with (or server.tls.private-key.pem.key)");
        }
    }

    /** Whether {@code key} signs what {@code certified} verifies; true for a key type not checked here. */
    private static boolean pair(PrivateKey key, PublicKey certified) {
        String algorithm = SIGNATURES.get(key.getAlgorithm());
        if (algorithm == null || !key.getAlgorithm().equals(certified.getAlgorithm())) {
            return algorithm == null;
        }
        byte[] probe = "ptyctl key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certified);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** Helidon's "Mapping of value 'lots' stored under key 'server.max-payload-size' has failed: ..." in brief. */
    private static IllegalArgumentException invalidValue(ConfigMappingException e) {
        Matcher mapping = MAPPING.matcher(String.valueOf(e.getMessage()));
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String why = root == e || root.getMessage() == null ? "" : " (" + root.getMessage().strip() + ")";
        return new IllegalArgumentException(mapping.find()
                ? mapping.group(2) + " has an invalid value, \"" + mapping.group(1) + "\"" + why
                : "invalid server option: " + reasons(e), e);
    }

    /** The messages of an exception and its causes, each once, without the exception class names. */
    private static String reasons(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = e; t != null && messages.size() < 4; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && !message.isBlank()
                    && messages.stream().noneMatch(seen -> seen.contains(message.strip()))) {
                messages.add(message.strip());
            }
        }
        return messages.isEmpty() ? e.getClass().getSimpleName() : String.join(": ", messages);
    }
}
