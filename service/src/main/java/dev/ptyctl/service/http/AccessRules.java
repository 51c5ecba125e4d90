package dev.ptyctl.service.http;

import dev.ptyctl.protocol.LoopbackNames;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who may use the server (SPEC §8), one rule per method, shared by the REST filter and the WebSocket upgrade:
 *
 * <ul>
 *   <li><b>Host</b>: while the server listens on loopback, the {@code Host} header must name a loopback address
 *       ({@code 127.0.0.0/8}, {@code [::1]}, {@code localhost}) or one of {@code allowedHosts}. A web page that
 *       rebinds its own DNS name to 127.0.0.1 still sends its own name, so it is refused (DNS rebinding).</li>
 *   <li><b>Origin</b>: absent (not a browser), same-origin (the origin's host and port are the {@code Host}
 *       header's) or listed in {@code allowedOrigins}. This stops other sites' pages from driving terminals, over
 *       WebSocket (cross-site WebSocket hijacking) and over REST (a cross-site form POST needs no preflight).</li>
 *   <li><b>Token</b>: when the server has one, {@code Authorization: Bearer T}, or {@code ?token=T} where a browser
 *       cannot set headers (WebSocket, EventSource). Compared in constant time. The optional view token passes the
 *       same check with the {@link Scope#VIEW} scope: callers then allow only reading.</li>
 * </ul>
 */
public final class AccessRules {
    private final byte[] token;
    private final byte[] viewToken;
    private final Set<String> allowedOrigins;
    private final Set<String> allowedHosts;
    private final boolean loopbackBound;

    /** What a request that passed the checks may do. */
    public enum Scope {
        /** Everything (the full token, or no token configured). */
        FULL,
        /** Only watch (the view token): read terminals, attach as a viewer. */
        VIEW
    }

    /** Why a request was refused: the status and the error body. */
    public record Refusal(int status, String error, String message) {
    }

    /**
     * @param token          the server's token, or empty for none
     * @param allowedOrigins extra origins ({@code scheme://host[:port]})
     * @param allowedHosts   extra {@code Host} names accepted while bound to loopback
     * @param loopbackBound  whether the server listens on a loopback address only
     */
    public AccessRules(Optional<String> token, Set<String> allowedOrigins, Set<String> allowedHosts,
                       boolean loopbackBound) {
        this(token, Optional.empty(), allowedOrigins, allowedHosts, loopbackBound);
    }

    /**
     * @param token          the server's token, or empty for none
     * @param viewToken      the token of the view scope, or empty for none; only with a token
     * @param allowedOrigins extra origins ({@code scheme://host[:port]})
     * @param allowedHosts   extra {@code Host} names accepted while bound to loopback
     * @param loopbackBound  whether the server listens on a loopback address only
     */
    public AccessRules(Optional<String> token, Optional<String> viewToken, Set<String> allowedOrigins,
                       Set<String> allowedHosts, boolean loopbackBound) {
        this.token = bytes(token);
        this.viewToken = this.token == null ? null : bytes(viewToken);
        this.allowedOrigins = allowedOrigins.stream().map(AccessRules::normalizeOrigin).collect(Collectors.toSet());
        this.allowedHosts = allowedHosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        this.loopbackBound = loopbackBound;
    }

    private static byte[] bytes(Optional<String> token) {
        return token.filter(t -> !t.isEmpty()).map(t -> t.getBytes(StandardCharsets.UTF_8)).orElse(null);
    }

    /** Whether clients must present a token. */
    public boolean requiresToken() {
        return token != null;
    }

    /** The Host rule; {@code host} is the header's value, if any. */
    public Optional<Refusal> checkHost(Optional<String> host) {
        if (!loopbackBound || host.isEmpty()) {
            return Optional.empty(); // HTTP/1.1 requires Host; browsers always send it, so absence is not a page
        }
        String name = hostName(host.get());
        if (LoopbackNames.isLoopback(name) || allowedHosts.contains(name)) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(403, "host_not_allowed", "Host " + host.get() + " is not allowed: the "
                + "server listens on loopback and accepts only loopback names or ptyctl.security.allowedHosts"));
    }

    /** The Origin rule, given the request's {@code Origin} and {@code Host} headers. */
    public Optional<Refusal> checkOrigin(Optional<String> origin, Optional<String> host) {
        if (origin.isEmpty()) {
            return Optional.empty();
        }
        String normalized = normalizeOrigin(origin.get());
        if (allowedOrigins.contains(normalized) || host.map(h -> sameOrigin(normalized, h)).orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(403, "origin_not_allowed", "Origin " + origin.get() + " is not allowed: "
                + "only same-origin pages and ptyctl.security.allowedOrigins may use this server"));
    }

    /** The token rule, given the {@code Authorization} header and a {@code token} query parameter, if allowed. */
    public Optional<Refusal> checkToken(Optional<String> authorization, Optional<String> queryToken) {
        if (token == null) {
            return Optional.empty();
        }
        Optional<String> given = presented(authorization, queryToken);
        if (given.isEmpty()) {
            return Optional.of(new Refusal(401, "unauthorized",
                    "a token is required: send Authorization: Bearer <token>"));
        }
        byte[] presented = given.get().getBytes(StandardCharsets.UTF_8);
        boolean full = MessageDigest.isEqual(token, presented);
        boolean view = viewToken != null && MessageDigest.isEqual(viewToken, presented);
        if (!full && !view) {
            return Optional.of(new Refusal(401, "unauthorized", "the token is wrong"));
        }
        return Optional.empty();
    }

    /**
     * The scope of a request that passed {@link #checkToken}: {@link Scope#VIEW} exactly when it presented the view
     * token.
     */
    public Scope scope(Optional<String> authorization, Optional<String> queryToken) {
        if (viewToken == null) {
            return Scope.FULL;
        }
        return presented(authorization, queryToken).filter(g -> MessageDigest.isEqual(viewToken, g.getBytes(StandardCharsets.UTF_8))).isPresent()
                ? Scope.VIEW : Scope.FULL;
    }

    /** The token a request presents: the bearer token of its Authorization header, else the query parameter. */
    private static Optional<String> presented(Optional<String> authorization, Optional<String> queryToken) {
        return authorization.filter(a -> a.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(a -> a.substring(7).strip()).or(() -> queryToken);
    }

    /** The refusal of a request the view scope may not make: anything but reading. */
    public static Refusal viewOnly(String method) {
        return new Refusal(403, "view_only", "the view token may only read (GET); " + method
                + " needs the full token");
    }

    /** Host, then Origin, then token: the first refusal, if any. */
    public Optional<Refusal> check(Optional<String> host, Optional<String> origin, Optional<String> authorization,
                                   Optional<String> queryToken) {
        return checkHost(host).or(() -> checkOrigin(origin, host)).or(() -> checkToken(authorization, queryToken));
    }

    /** The host name of a {@code Host} header value ({@code name}, {@code name:port}, {@code [v6]:port}). */
    static String hostName(String hostHeader) {
        String value = hostHeader.strip().toLowerCase(Locale.ROOT);
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            return close > 0 ? value.substring(1, close) : value;
        }
        int colon = value.lastIndexOf(':');
        return colon >= 0 && value.indexOf(':') == colon ? value.substring(0, colon) : value;
    }

    /** {@code http://Example.com:80/} → {@code http://example.com}: scheme and host lower case, default port off. */
    static String normalizeOrigin(String origin) {
        try {
            URI uri = new URI(origin.strip());
            if (uri.getScheme() == null || uri.getHost() == null) {
                return origin.strip().toLowerCase(Locale.ROOT);
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80)
                    || (scheme.equals("https") && port == 443);
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
        } catch (URISyntaxException e) {
            return origin.strip().toLowerCase(Locale.ROOT);
        }
    }

    /** Whether a normalized origin names the host and port the request was sent to. */
    private static boolean sameOrigin(String normalizedOrigin, String hostHeader) {
        int schemeEnd = normalizedOrigin.indexOf("://");
        if (schemeEnd < 0) {
            return false;
        }
        String scheme = normalizedOrigin.substring(0, schemeEnd);
        String host = hostHeader.strip().toLowerCase(Locale.ROOT);
        String defaultPort = scheme.equals("https") ? ":443" : ":80";
        if (host.endsWith(defaultPort)) {
            host = host.substring(0, host.length() - defaultPort.length());
        }
        return (scheme.equals("http") || scheme.equals("https"))
                && normalizedOrigin.substring(schemeEnd + 3).equals(host);
    }
}
