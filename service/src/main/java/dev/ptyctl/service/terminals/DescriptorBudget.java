package dev.ptyctl.service.terminals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Whether the server has descriptors to spare for another terminal, read from {@code /proc/self} (Linux; elsewhere
 * there is no check). A create that ran the process out of descriptors failed with "Too many open files", and so did
 * the next accept of the web server's listener, which Helidon then ends for good ("this server socket is terminating
 * now", measured with {@code ulimit -n 200}): the server kept running with its HTTP port dead. So a create is refused
 * while fewer than {@link #reserve} descriptors would be left after it, as at {@code maxTerminals}.
 */
final class DescriptorBudget {
    /**
     * What a live terminal holds, 7 (the PTY master, pty4j's pipe, the reader's wake-up pipe, its JSON-RPC port, the
     * reaper's pidfd; docs/operations.md), and one more that its start uses for a moment.
     */
    static final int PER_TERMINAL = 8;
    /**
     * How old a count may be when far from the line: counting costs about 0.2 ms with 100 descriptors open and 2 ms
     * with 2,000 (a create costs 6-9 ms of CPU), so while the last count was under half of what terminals may use, a
     * create adds {@link #PER_TERMINAL} to it instead, for at most this long (connections change it meanwhile).
     */
    private static final long RECOUNT_NANOS = 1_000_000_000L;
    private static final Path LIMITS = Path.of("/proc/self/limits");
    private static final Path OPEN = Path.of("/proc/self/fd");

    private final OptionalLong limit;
    private long lastCount = -1;
    private long countedAt;
    private int createsSinceCount;

    private DescriptorBudget(OptionalLong limit) {
        this.limit = limit;
    }

    /**
     * This process's budget. Its limit is read once: the JVM raises its soft limit to the hard one as it starts, and
     * nothing changes it later but {@code prlimit}.
     */
    static DescriptorBudget ofThisProcess() {
        return new DescriptorBudget(softLimit());
    }

    /**
     * Descriptors kept free for everything but terminals (client connections, the listener's accepts, files the JDK
     * opens): a sixteenth of the limit, at least 64, so that a few dozen clients can still connect, read and delete.
     */
    static long reserve(long limit) {
        return Math.max(64, limit / 16);
    }

    /**
     * Why another terminal cannot be started now, or empty when it can (or the counts cannot be read). Not thread-safe:
     * the registry asks under its lock, once per create it is about to start.
     */
    Optional<String> shortage() {
        if (limit.isEmpty()) {
            return Optional.empty();
        }
        long max = limit.getAsLong();
        long usable = max - reserve(max);
        long estimate = lastCount + (long) PER_TERMINAL * (createsSinceCount + 1);
        if (lastCount < 0 || estimate > usable / 2 || System.nanoTime() - countedAt > RECOUNT_NANOS) {
            OptionalLong open = openDescriptors();
            if (open.isEmpty()) {
                return Optional.empty();
            }
            lastCount = open.getAsLong();
            countedAt = System.nanoTime();
            createsSinceCount = 0;
            estimate = lastCount + PER_TERMINAL;
        }
        if (estimate <= usable) {
            createsSinceCount++;
            return Optional.empty();
        }
        return Optional.of("the server has " + lastCount + " of its " + max + " file descriptors open (ulimit -n) "
                + "and keeps " + reserve(max) + " free for connections; a terminal needs about " + PER_TERMINAL
                + ": raise the limit (its hard limit, which the server takes at start) or close terminals");
    }

    /**
     * {@link #shortage()} from a fresh count, for a readiness probe: no create follows it. Under the registry's lock.
     */
    Optional<String> shortageNow() {
        lastCount = -1;
        Optional<String> shortage = shortage();
        if (shortage.isEmpty()) {
            createsSinceCount = 0; // none was started
        }
        return shortage;
    }

    private static OptionalLong openDescriptors() {
        try (Stream<Path> entries = Files.list(OPEN)) {
            return OptionalLong.of(entries.count());
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The soft {@code Max open files} of this process, or empty where it cannot be read. */
    private static OptionalLong softLimit() {
        try {
            for (String line : Files.readAllLines(LIMITS)) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).strip().split("\\s+")[0];
                    return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc hidden: no check
        }
        return OptionalLong.empty();
    }
}
