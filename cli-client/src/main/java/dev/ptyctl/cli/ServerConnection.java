package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Opens a {@link TerminalsClient} for the ptyctl server: {@code --url}, else {@code PTYCTL_URL}, else
 * {@code http://127.0.0.1:8765}; {@code --token}, else {@code PTYCTL_TOKEN}, sent as the bearer token.
 */
final class ServerConnection {
    static final String URL_VARIABLE = "PTYCTL_URL";
    static final String TOKEN_VARIABLE = "PTYCTL_TOKEN";

    private ServerConnection() {
    }

    /**
     * Checks the URL without opening anything.
     *
     * @param environment the variables, blank ones already reported as unset
     * @param url {@code --url}, or {@code null}
     * @throws UsageException when the URL is not an http(s) URL
     */
    static void check(Function<String, String> environment, String url) {
        builder(environment, url, null);
    }

    /**
     * A client of the selected server (no request is sent yet).
     *
     * @param environment the variables, blank ones already reported as unset
     * @param url {@code --url}, or {@code null}
     * @param token {@code --token}, or {@code null}
     * @throws UsageException when the URL is not an http(s) URL
     */
    static TerminalsClient open(Function<String, String> environment, String url, String token) {
        return builder(environment, url, token).build();
    }

    /** {@link #open(Function, String, String)}, trusting {@code trust} (null: the JDK's CAs) for https. */
    static TerminalsClient open(Function<String, String> environment, String url, String token, SSLContext trust) {
        TerminalsClient.Builder builder = builder(environment, url, token);
        if (trust != null) {
            builder.sslContext(trust);
        }
        return builder.build();
    }

    /**
     * The server's URL: {@code --url}, else {@code PTYCTL_URL}, else {@link TerminalsClient#DEFAULT_URL}.
     *
     * @throws UsageException when the URL is not an http(s) URL
     */
    static URI url(Function<String, String> environment, String url) {
        String source = url != null ? "--url" : URL_VARIABLE;
        String effectiveUrl = url != null ? url : environment.apply(URL_VARIABLE);
        if (effectiveUrl == null) {
            return TerminalsClient.DEFAULT_URL;
        }
        try {
            URI uri = new URI(effectiveUrl.strip());
            TerminalsClient.builder().baseUrl(uri); // the same checks as every other server command
            return uri;
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new UsageException(
                    source + " must be the server's URL, like http://127.0.0.1:8765, got \"" + effectiveUrl + "\"");
        }
    }

    private static TerminalsClient.Builder builder(Function<String, String> environment, String url, String token) {
        TerminalsClient.Builder builder = TerminalsClient.builder().baseUrl(url(environment, url))
                .token(token != null ? token : environment.apply(TOKEN_VARIABLE));
        java.time.Duration handshake = HandshakeTimeout.chosen(environment);
        return handshake == null ? builder : builder.handshakeTimeout(handshake);
    }
}
