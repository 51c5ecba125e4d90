package dev.ptyctl.client.internal;

import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * What to do about a connection to a server that failed in one of the ways a first remote set-up does: a host name
 * that resolves to nothing, an {@code https://} server whose certificate this client does not trust, or whose
 * certificate does not name the host dialled, an {@code http://} URL aimed at a server that speaks TLS, and an
 * {@code https://} URL aimed at one that does not. The JDK's own words for these ("UnresolvedAddressException" with no
 * message, "PKIX path building failed", "parsing HTTP/1.1 status line", "Unrecognized SSL message") name neither the
 * cause nor the setting that fixes it.
 */
public final class ConnectionHints {
    private ConnectionHints() {
    }

    /** A sentence to add after the failure's own message (starting with "; "), or "" when there is none. */
    public static String of(URI uri, Throwable failure) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean tls = scheme.equals("https") || scheme.equals("wss");
        if (unknownHost(failure)) {
            return "; no address is known for " + uri.getHost() + ": check the host name in the URL (--url,"
                    + " PTYCTL_URL), or this machine's DNS or /etc/hosts";
        }
        if (tls && causedBy(failure, CertPathBuilderException.class)) {
            return "; the server's certificate is not one this client trusts: give the PEM file of its CA (or of the"
                    + " self-signed certificate itself) with --cacert FILE or PTYCTL_CACERT (the test DSL: ptyctl.cacert;"
                    + " the SDK's builders: sslContext(...))";
        }
        if (tls && causedBy(failure, CertificateException.class) && mentions(failure, "no subject alternative")) {
            return "; the server's certificate does not name " + uri.getHost() + ": dial a name or address its"
                    + " subject alternative names list, or make it a certificate that names this one";
        }
        if (tls && mentions(failure, "unrecognized ssl message")) {
            return "; the server answered in clear text, not TLS: its URL is http://" + uri.getRawAuthority()
                    + " (or give it --tls-cert and --tls-key, or server.tls in its config, for https)";
        }
        if (!tls && mentions(failure, "status line")) {
            return "; the answer was not HTTP: if the server speaks TLS (--tls-cert, or server.tls in its config),"
                    + " its URL is https://" + uri.getRawAuthority();
        }
        return "";
    }

    /**
     * Whether the host name resolved to no address: the JDK's HTTP client says so with an
     * {@link UnresolvedAddressException} and no message, a socket with an {@link UnknownHostException} whose message
     * is the name alone.
     */
    public static boolean unknownHost(Throwable failure) {
        return causedBy(failure, UnresolvedAddressException.class) || causedBy(failure, UnknownHostException.class);
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        return anyInChain(failure, type::isInstance);
    }

    private static boolean mentions(Throwable failure, String words) {
        return anyInChain(failure, t -> t.getMessage() != null
                && t.getMessage().toLowerCase(Locale.ROOT).contains(words));
    }

    /** Whether {@code failure} or one of its causes passes {@code test}. */
    private static boolean anyInChain(Throwable failure, Predicate<Throwable> test) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (test.test(t)) {
                return true;
            }
        }
        return false;
    }
}
