package dev.ptyctl.e2e.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Linux network namespace of its own with a veth pair to this one: the far end is a separate host as far as the
 * network goes (its own loopback, its own address), so a server started in it ({@link #exec()}) is reachable from
 * here only through the address it binds, never through its 127.0.0.1. Addresses are a random /30 out of
 * 198.18.0.0/15, the block RFC 2544 sets aside for such test set-ups, so two runs on one machine do not collide.
 * Needs root and iproute2's {@code ip}; {@link #unavailableReason()} says why not when it cannot be made.
 */
final class NetworkNamespace implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long COMMAND_TIMEOUT_SECONDS = 20;

    private final String name;
    private final String hostAddress;
    private final String namespaceAddress;

    private NetworkNamespace(String name, String hostAddress, String namespaceAddress) {
        this.name = name;
        this.hostAddress = hostAddress;
        this.namespaceAddress = namespaceAddress;
    }

    /** What the remote tests need, as {@code ./run-tests}' summary of skipped tests names it. */
    static final String NEED = "network namespaces (root and iproute2's ip)";

    /** Why namespaces cannot be made here (not root, no {@code ip}, no permission), or empty when they can. */
    static Optional<String> unavailableReason() {
        // Random, not the pid: the remote classes probe at the same time when test classes run in parallel.
        String probe = "ptyctl-probe-" + Integer.toHexString(RANDOM.nextInt());
        try {
            run("ip", "netns", "add", probe);
            run("ip", "netns", "del", probe);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot create a network namespace (needs root and iproute2's ip): " + e.getMessage());
        }
    }

    /** Creates the namespace, the veth pair and the addresses; the namespace's loopback is up too. */
    static NetworkNamespace create() throws IOException {
        String tag = Integer.toHexString(0x100000 + RANDOM.nextInt(0xefffff));
        int third = RANDOM.nextInt(512);
        String prefix = "198." + (18 + third / 256) + "." + (third % 256) + ".";
        int base = RANDOM.nextInt(64) * 4;
        NetworkNamespace namespace = new NetworkNamespace("ptyctl-e2e-" + tag, prefix + (base + 1),
                prefix + (base + 2));
        String hostSide = "pte" + tag + "h";
        String farSide = "pte" + tag + "n";
        try {
            run("ip", "netns", "add", namespace.name);
            run("ip", "link", "add", hostSide, "type", "veth", "peer", "name", farSide);
            run("ip", "link", "set", farSide, "netns", namespace.name);
            run("ip", "addr", "add", namespace.hostAddress + "/30", "dev", hostSide);
            run("ip", "link", "set", hostSide, "up");
            namespace.runInside("ip", "addr", "add", namespace.namespaceAddress + "/30", "dev", farSide);
            namespace.runInside("ip", "link", "set", farSide, "up");
            namespace.runInside("ip", "link", "set", "lo", "up");
            return namespace;
        } catch (IOException | RuntimeException e) {
            namespace.close();
            throw e;
        }
    }

    /** The namespace's own address, the one a server in it binds and clients here dial. */
    String address() {
        return namespaceAddress;
    }

    /** The prefix that runs a command inside the namespace. */
    List<String> exec() {
        return List.of("ip", "netns", "exec", name);
    }

    private void runInside(String... command) throws IOException {
        List<String> full = new ArrayList<>(exec());
        full.addAll(List.of(command));
        run(full.toArray(String[]::new));
    }

    private static void run(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running " + String.join(" ", command), e);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + process.exitValue() + "): " + output);
        }
    }

    /** Deletes the namespace; the veth pair goes with it. */
    @Override
    public void close() {
        try {
            run("ip", "netns", "del", name);
        } catch (IOException e) {
            System.err.println("NetworkNamespace: " + e.getMessage());
        }
    }
}
