package dev.ptyctl.cli;

import dev.ptyctl.client.internal.PemTrust;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * {@code --cacert FILE} (else {@code PTYCTL_CACERT}): the PEM certificates of a private CA (or a self-signed server
 * certificate) to trust for {@code https://} servers, instead of the JDK's CA list, as {@code curl --cacert} does.
 */
final class CaCertificates {
    static final String VARIABLE = "PTYCTL_CACERT";

    private CaCertificates() {
    }

    /**
     * The file to trust: {@code --cacert}, else {@code PTYCTL_CACERT}, else null for the JDK's CAs. An empty
     * variable ({@code PTYCTL_CACERT= ptyctl ...}, the shell's way to unset it for one command) is none, as an empty
     * {@code PTYCTL_TOKEN} is no token.
     */
    static Path chosen(Path option, Function<String, String> environment) {
        if (option != null) {
            return option;
        }
        String variable = environment.apply(VARIABLE);
        return variable == null || variable.isBlank() ? null : Path.of(variable);
    }

    /**
     * A TLS context trusting exactly the certificates in {@code pem}.
     *
     * @throws UsageException when the file cannot be read or holds no certificate
     */
    static SSLContext trusting(Path pem) {
        try {
            return PemTrust.trusting(pem);
        } catch (IOException e) {
            throw new UsageException("--cacert " + pem + " cannot be read: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--cacert " + e.getMessage());
        }
    }
}
