package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * A command's trust for {@code https://} servers ({@link CaCertificates}: {@code --cacert}, else
 * {@code PTYCTL_CACERT}), read from the file at most once however often it is asked for: the check of the options
 * before anything connects, the connection, a session's lookup, an attachment. A file that can be read only once
 * ({@code --cacert <(vault read ...)}, a pipe) then works; read twice, the second read found the pipe empty.
 * A file that cannot be read is the same {@link UsageException} each time it is asked for.
 */
final class CaTrust {
    private final Path option;
    private final Function<String, String> environment;
    private boolean read;
    private SSLContext context;
    private UsageException failure;

    /**
     * @param option      {@code --cacert}, or null
     * @param environment the variables, for {@code PTYCTL_CACERT}
     */
    CaTrust(Path option, Function<String, String> environment) {
        this.option = option;
        this.environment = environment;
    }

    /** {@code --cacert} as given, or null. */
    Path option() {
        return option;
    }

    /**
     * The TLS context trusting the file's certificates, or null for the JDK's CAs.
     *
     * @throws UsageException when the file cannot be read or holds no certificate
     */
    synchronized SSLContext context() {
        if (!read) {
            read = true;
            Path file = CaCertificates.chosen(option, environment);
            try {
                context = file == null ? null : CaCertificates.trusting(file);
            } catch (UsageException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
        return context;
    }
}
