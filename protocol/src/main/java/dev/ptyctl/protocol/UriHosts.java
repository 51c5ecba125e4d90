package dev.ptyctl.protocol;

/**
 * A host as a URL's authority (and a log's {@code host:port}) writes it: an IPv6 literal in brackets (RFC 3986
 * §3.2.2), so its colons are not read as the port's.
 */
public final class UriHosts {
    private UriHosts() {
    }

    /**
     * {@code [2001:db8::1]} for {@code 2001:db8::1}; a name, an IPv4 literal or an IPv6 literal already in brackets
     * (as {@code URI.getHost()} gives it) as it is.
     */
    public static String bracketed(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
