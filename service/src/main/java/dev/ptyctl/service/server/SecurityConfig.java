package dev.ptyctl.service.server;

import java.util.List;

/**
 * The {@code ptyctl.security} configuration as written (SPEC §8); {@link ServerToken#resolve} turns
 * {@code token}/{@code tokenFile} into the token in force.
 *
 * @param token          the token, {@code "generate"} for a random one, or empty for none
 * @param tokenFile      where a generated token is written; empty for {@link ServerToken#DEFAULT_TOKEN_FILE}
 * @param viewToken      a second token that may only watch: REST reads, WebSocket attaches as {@code mode=view};
 *                       empty for none (needs {@code token})
 * @param allowedOrigins extra origins allowed to use the API and open WebSockets
 * @param allowedHosts   extra {@code Host} names accepted while bound to loopback
 */
public record SecurityConfig(String token, String tokenFile, String viewToken, List<String> allowedOrigins,
                             List<String> allowedHosts) {
    /** No token, no extras. */
    public static final SecurityConfig DEFAULTS = new SecurityConfig("", "", List.of(), List.of());

    /** Without a view token. */
    public SecurityConfig(String token, String tokenFile, List<String> allowedOrigins, List<String> allowedHosts) {
        this(token, tokenFile, "", allowedOrigins, allowedHosts);
    }

    /** Normalizes nulls and copies the lists. */
    public SecurityConfig {
        token = token == null ? "" : token.strip();
        tokenFile = tokenFile == null ? "" : tokenFile.strip();
        viewToken = viewToken == null ? "" : viewToken.strip();
        allowedOrigins = List.copyOf(allowedOrigins);
        allowedHosts = List.copyOf(allowedHosts);
    }

    /** A copy with another token setting. */
    public SecurityConfig withToken(String newToken) {
        return new SecurityConfig(newToken, tokenFile, viewToken, allowedOrigins, allowedHosts);
    }
}
