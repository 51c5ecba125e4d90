package dev.ptyctl.cli;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Whether a host a client aims at is this machine, so that a start marker (which only knows a port of this machine)
 * counts for it: {@code localhost}, a loopback address (127.0.0.0/8, ::1), the wildcard (0.0.0.0, ::), or an address
 * bound to one of this machine's network interfaces. A name is resolved (the client has just resolved it to connect,
 * so the JDK's cache answers); one that does not resolve is not this machine.
 */
final class ThisMachine {
    private ThisMachine() {
    }

    /** Whether {@code host} (a name, an IPv4 address, or an IPv6 one with or without brackets) is this machine. */
    static boolean isAddressOf(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (bare.isEmpty()) {
            return false;
        }
        if (bare.toLowerCase(Locale.ROOT).equals("localhost")) {
            return true;
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(bare)) {
                if (address.isLoopbackAddress() || address.isAnyLocalAddress()
                        || NetworkInterface.getByInetAddress(address) != null) {
                    return true;
                }
            }
            return false;
        } catch (UnknownHostException | SocketException | RuntimeException notHere) {
            return false;
        }
    }
}
