package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

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
     * @param spec the command (for the environment and usage errors)
     * @param url {@code --url}, or {@code null}
     * @param token {@code --token}, or {@code null}
     * @throws ParameterException when the URL is not an http(s) URL
     */
    static TerminalsClient open(CommandSpec spec, String url, String token) {
        String source = url != null ? "--url" : URL_VARIABLE;
        String effectiveUrl = url != null ? url : Environment.get(spec, URL_VARIABLE);
        TerminalsClient.Builder builder = TerminalsClient.builder()
                .token(token != null ? token : Environment.get(spec, TOKEN_VARIABLE));
        if (effectiveUrl != null) {
            try {
                builder.baseUrl(effectiveUrl);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(),
                        source + " must be the server's URL, like http://127.0.0.1:8765, got \"" + effectiveUrl + "\"");
            }
        }
        return builder.build();
    }
}
