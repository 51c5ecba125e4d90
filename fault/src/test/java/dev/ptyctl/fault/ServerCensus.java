package dev.ptyctl.fault;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a server process holds, read from outside it ({@code /proc}, {@code jcmd}) so that the reading costs the
 * server nothing but the full collection: open descriptors, threads, resident memory, the heap left after a full
 * collection, its hosted programs (every descendant) and the zombies among its children.
 */
record ServerCensus(long fds, long threads, long rssKib, long heapKib, long descendants, long zombies) {
    /**
     * "used 12345K" on each line of {@code GC.heap_info} that totals a generation (serial, parallel) or the whole heap
     * (G1, ZGC); the per-region lines below them carry no "total".
     */
    private static final Pattern HEAP_USED =
            Pattern.compile("(?m)^ ?[A-Za-z][^\\n]*?\\btotal\\b[^\\n]*?\\bused (\\d+)([KMG])");

    /** Counts only: no full collection, for the waits until the counts settle. */
    static ServerCensus counts(long pid) {
        return new ServerCensus(fds(pid), status(pid, "Threads"), status(pid, "VmRSS"), -1,
                ProcessHandle.of(pid).map(p -> p.descendants().count()).orElse(0L), ProcessCensus.zombiesOf(pid));
    }

    /** Counts plus the heap in use after a full collection ({@code jcmd GC.run}). */
    static ServerCensus withHeap(long pid) {
        jcmd(pid, "GC.run");
        String info = jcmd(pid, "GC.heap_info");
        Matcher m = HEAP_USED.matcher(info);
        long kib = 0;
        while (m.find()) {
            kib += Long.parseLong(m.group(1)) * switch (m.group(2)) {
                case "G" -> 1024L * 1024;
                case "M" -> 1024L;
                default -> 1L;
            };
        }
        ServerCensus c = counts(pid);
        return new ServerCensus(c.fds, c.threads, c.rssKib, kib, c.descendants, c.zombies);
    }

    /** Whether no count is above {@code base}'s and nothing is left of the hosted programs. */
    boolean backTo(ServerCensus base) {
        return fds <= base.fds && threads <= base.threads && descendants == 0 && zombies == 0;
    }

    /** The head of the table of {@link #row}s. */
    static final String HEADER = "| when | fds | threads | RSS MiB | heap after GC MiB | hosted processes | zombies "
            + "| terminals |\n| --- | --- | --- | --- | --- | --- | --- | --- |";

    /** One row of a Markdown table, with the number of terminals the server lists. */
    String row(String label, int terminals) {
        return String.format("| %s | %d | %d | %.1f | %s | %d | %d | %d |", label, fds, threads, rssKib / 1024.0,
                heapKib < 0 ? "–" : String.format("%.1f", heapKib / 1024.0), descendants, zombies, terminals);
    }

    private static long fds(long pid) {
        try (Stream<Path> entries = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return entries.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A number of {@code /proc/PID/status}, e.g. "Threads" or "VmRSS" (kB). */
    private static long status(long pid, String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(key + ":")) {
                    return Long.parseLong(line.substring(key.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no " + key + " in /proc/" + pid + "/status");
    }

    private static String jcmd(long pid, String command) {
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException("jcmd " + command + " failed: " + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
