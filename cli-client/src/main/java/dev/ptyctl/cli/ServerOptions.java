package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --url}, {@code --token} and {@code --cacert} of the commands that talk to the ptyctl server's REST API. */
final class ServerOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(names = "--url", paramLabel = "URL",
            description = "The ptyctl server (env PTYCTL_URL).%nDefault: http://127.0.0.1:8765")
    private String url;

    @Option(names = "--token", paramLabel = "T", description = "The server's token (env PTYCTL_TOKEN).")
    private String token;

    @Option(names = "--cacert", paramLabel = "FILE",
            description = "PEM certificate(s) of the CA to trust when --url is HTTPS (env PTYCTL_CACERT).")
    private Path cacert;

    /** The token to use: {@code --token}, else {@code PTYCTL_TOKEN}, else {@code null}. */
    String token() {
        return token != null ? token : Environment.get(mixee, ServerConnection.TOKEN_VARIABLE);
    }

    /**
     * A client of the selected server.
     *
     * @throws UsageException when the URL is not an http(s) URL
     */
    TerminalsClient connect() throws InterruptedIOException {
        Function<String, String> environment = Environment.of(mixee);
        TerminalsClient client = ServerConnection.open(environment, url, token, trust());
        // Each command makes its own first request; a server still starting on that port is waited for before it.
        URI server = ServerConnection.url(environment, url);
        ListenTarget target = ListenTarget.of(server);
        StartingServerWait.of(environment, mixee.commandLine().getErr())
                .awaitListening(target, target::acceptsConnections);
        return client;
    }

    /** {@code PTYCTL_HANDSHAKE_TIMEOUT}'s bound of the TLS handshake, or null for the SDK's default. */
    java.time.Duration handshakeTimeout() {
        return HandshakeTimeout.chosen(Environment.of(mixee));
    }

    /** The TLS context of {@code --cacert} (else {@code PTYCTL_CACERT}), or null for the JDK's CAs. */
    SSLContext trust() {
        Path file = CaCertificates.chosen(cacert, Environment.of(mixee));
        return file == null ? null : CaCertificates.trusting(file);
    }
}
