package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalsClient;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Which ptyctl server a REST command ({@code new}, {@code ls}, {@code rm}, {@code screen}, {@code attach}) talks to,
 * from its flags and the environment: {@code --url}, else {@code PTYCTL_URL}, else {@code http://127.0.0.1:8765};
 * {@code --token}, else {@code PTYCTL_TOKEN}; {@code --cacert}, else {@code PTYCTL_CACERT}. picocli-free, so that
 * {@link ServerOptions} and {@link FastPath} share it.
 *
 * @param url {@code --url}, or {@code null}
 * @param token {@code --token}, or {@code null}
 * @param ca {@code --cacert}'s trust (else {@code PTYCTL_CACERT}'s), read once
 * @param environment the variables, blank ones already reported as unset ({@link Environment#normalized})
 */
record ServerSelection(String url, String token, CaTrust ca, Function<String, String> environment) {

    /** @param cacert {@code --cacert}, or {@code null}: read when the trust is first needed, and only then */
    ServerSelection(String url, String token, Path cacert, Function<String, String> environment) {
        this(url, token, new CaTrust(cacert, environment), environment);
    }

    /**
     * A client of the selected server, with no request sent yet: every usage error is found here, before anything
     * is connected.
     *
     * @throws UsageException when the URL is not an http(s) URL, {@code PTYCTL_HANDSHAKE_TIMEOUT} is not a number
     *                        of milliseconds, or the CA file cannot be read
     */
    TerminalsClient open() {
        return ServerConnection.open(environment, url, token, trust());
    }

    /**
     * {@link #open()}, then waits for a server that is still starting on that port ({@link StartingServerWait}): each
     * command makes its own first request, which must not be refused by a server a moment from listening.
     */
    TerminalsClient connect(PrintWriter err) throws InterruptedIOException {
        TerminalsClient client = open();
        awaitStartingServer(err);
        return client;
    }

    /** Returns once no server is starting on the selected port, or it listens ({@link StartingServerWait}). */
    void awaitStartingServer(PrintWriter err) throws InterruptedIOException {
        URI server = ServerConnection.url(environment, url);
        ListenTarget target = ListenTarget.of(server);
        StartingServerWait.of(environment, err).awaitListening(target, target::acceptsConnections);
    }

    /** The token to use: {@code --token}, else {@code PTYCTL_TOKEN}, else {@code null}. */
    String effectiveToken() {
        return token != null ? token : environment.apply(ServerConnection.TOKEN_VARIABLE);
    }

    /** {@code PTYCTL_HANDSHAKE_TIMEOUT}'s bound of the TLS handshake, or null for the SDK's default. */
    Duration handshakeTimeout() {
        return HandshakeTimeout.chosen(environment);
    }

    /** The TLS context of {@code --cacert} (else {@code PTYCTL_CACERT}), or null for the JDK's CAs; read once. */
    SSLContext trust() {
        return ca.context();
    }

    /**
     * A WebSocket attachment to {@code terminalId} of {@code server} (the {@link #open() client}'s base URL), not yet
     * connected, with the token, the trust of {@code --cacert} and the handshake's bound that the REST client has:
     * {@code attach} and {@code follow} connect with it.
     */
    TerminalAttachment.Builder attachment(URI server, String terminalId) {
        TerminalAttachment.Builder builder = TerminalAttachment.builder(server, terminalId).token(effectiveToken());
        SSLContext trust = trust();
        if (trust != null) {
            builder.sslContext(trust);
        }
        Duration handshake = handshakeTimeout();
        if (handshake != null) {
            builder.handshakeTimeout(handshake);
        }
        return builder;
    }
}
