package dev.ptyctl.protocol;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * What both sides count as a loopback host (SPEC §8): {@code localhost} and its subdomains, and IP literals in the
 * loopback range. A name is never resolved through DNS, so a rebinding attacker's name can never pass.
 */
public final class LoopbackNames {
    private LoopbackNames() {
    }

    /**
     * Whether {@code host} (a name or an IP literal, IPv6 with or without its URI brackets) is a loopback host.
     */
    public static boolean isLoopback(String host) {
        String name = host.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return true;
        }
        if (!isIpLiteral(name)) {
            return false;
        }
        try {
            return InetAddress.getByName(name).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean isIpLiteral(String name) {
        return name.contains(":") || !name.isEmpty() && name.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }
}
