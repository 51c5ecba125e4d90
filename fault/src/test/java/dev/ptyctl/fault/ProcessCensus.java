package dev.ptyctl.fault;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What this JVM holds, from the operating system's side: open file descriptors, live threads, child processes and
 * the zombies among them (exited children nobody has reaped).
 */
record ProcessCensus(long fds, int threads, long children, long zombies) {
    static ProcessCensus take() {
        long self = ProcessHandle.current().pid();
        long children = ProcessHandle.current().descendants().count();
        return new ProcessCensus(count(Path.of("/proc/self/fd")), serverThreads(), children, zombiesOf(self));
    }

    /** Direct children of {@code parent} in state Z. */
    static long zombiesOf(long parent) {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> isZombieChildOf(p, parent)).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean isZombieChildOf(Path proc, long parent) {
        try {
            String stat = Files.readString(proc.resolve("stat"));
            // "pid (comm) S ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields[0].equals("Z") && Long.parseLong(fields[1]) == parent;
        } catch (IOException | RuntimeException e) {
            return false; // the process went away while we looked
        }
    }

    private static long count(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Takes censuses until {@code settled} holds or {@code attempts} have been taken, each after the JVM's cleaners had
     * a chance to run (closed channels, exited threads): what is left then is a leak, not a lag. Returns the last.
     */
    static ProcessCensus settle(java.util.function.Predicate<ProcessCensus> settled, int attempts)
            throws InterruptedException {
        ProcessCensus census = take();
        for (int i = 0; i < attempts && !settled.test(census); i++) {
            System.gc();
            Thread.sleep(100); // bounded settling of exiting threads and reapers; the result is asserted, not timed
            census = take();
        }
        return census;
    }

    /**
     * Live platform threads, except the pool of the suite's own REST client ({@code HttpClient-N-Worker-M}), which
     * grows and shrinks with the client's requests and is no part of the server.
     */
    static int serverThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !t.getName().startsWith("HttpClient-")).count();
    }

    /** The names of the live platform threads, sorted, for messages. */
    static String threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList().toString();
    }

    /** Heap in use after a full GC, in bytes. */
    static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
