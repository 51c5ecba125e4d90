package dev.ptyctl.bench.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Where the CPU of one throughput run went, in milliseconds per MiB: the server's threads by role (named by the
 * server: {@code pty-reader-PID}, {@code pty-screen-PID}, {@code ws-send-…}; Helidon's connections run on the
 * virtual-thread carriers {@code ForkJoinPool-…}; the JIT's compiler threads), the server's reaped children (the
 * hosted {@code cat}), this bench's own process (the WebSocket client), and every CPU's busy time. What the machine
 * spent beyond those is mostly the kernel's PTY work in its worker threads. Tells which part a change could still win
 * on, where the wall-clock rate on two shared cores moves too much to say.
 *
 * <p>A session's reader and screen threads end before the run's {@code exit} frame arrives, and an ended thread's
 * time leaves {@code /proc/PID/task}, so a watcher thread reads the server's threads every {@link #POLL_MILLIS} ms
 * and keeps the last figure of each; the last few milliseconds of an ended thread are missed. A thread's time is its
 * {@code schedstat} run time in nanoseconds: {@code stat}'s 10 ms ticks are rounded down per thread, and with half a
 * dozen busy threads that left 30–40 ms a run, 2–3 ms per MiB, as "rest of server" (the total less the roles) that
 * no thread had spent (stop 15). "Rest of server" is now the server's other threads (the collector, timers).
 */
final class CpuBreakdown implements AutoCloseable {
    /** The parts that make up the server process's own CPU time. */
    static final List<String> SERVER_PARTS = List.of("reader", "screen", "sender", "connections", "JIT",
            "rest of server");
    /** All parts, in report order; "machine" is every CPU's busy time. */
    static final List<String> PARTS = Stream.concat(SERVER_PARTS.stream(),
            Stream.of("cat", "bench client", "machine")).toList();
    private static final long POLL_MILLIS = 5;

    private final long serverPid;
    private final long[] processBefore;
    /** Nanoseconds per server thread (id and start time) at the start (threads that existed then) and the last poll. */
    private final Map<String, Long> threadsBefore = new HashMap<>();
    private final Map<String, Long> threadsLast = new ConcurrentHashMap<>();
    /** Time slices (times put on a CPU) per server thread, at the start and the last poll, keyed as above. */
    private final Map<String, Long> slicesBefore = new HashMap<>();
    private final Map<String, Long> slicesLast = new ConcurrentHashMap<>();
    private final Map<String, String> roleOfThread = new ConcurrentHashMap<>();
    /** By thread id: the last key and name read for it, and whether two reads agreed on them. */
    private final Map<String, Named> names = new ConcurrentHashMap<>();
    private final Thread watcher;
    private volatile boolean stopped;
    /** The watcher's own CPU, taken out of the bench client's figure. */
    private volatile long watcherNanos;

    private record Named(String key, String name, boolean settled) {
    }

    private CpuBreakdown(long serverPid) throws IOException {
        this.serverPid = serverPid;
        this.processBefore = processTicks();
        readThreads(threadsBefore, slicesBefore);
        this.watcher = Thread.ofPlatform().daemon().name("bench-cpu-watcher").start(this::watch);
    }

    /** Starts watching the server {@code serverPid}; {@link #msPerMib} ends it. */
    static CpuBreakdown start(long serverPid) throws IOException {
        return new CpuBreakdown(serverPid);
    }

    /** Ends the watch; milliseconds of CPU per MiB of the workload's file bytes for each of {@link #PARTS}. */
    Map<String, Double> msPerMib(CatWorkload workload) throws IOException, InterruptedException {
        close();
        readThreads(threadsLast, slicesLast);
        long[] processAfter = processTicks();
        Map<String, Double> perMib = new LinkedHashMap<>();
        byPart(threadsBefore, threadsLast).forEach((part, n) -> perMib.put(part, workload.msPerMib(n / 10_000_000.0)));
        perMib.put("cat", workload.msPerMib(processAfter[0] - processBefore[0]));
        perMib.put("bench client", workload.msPerMib(processAfter[1] - processBefore[1] - watcherNanos / 1e7));
        perMib.put("machine", workload.msPerMib(processAfter[2] - processBefore[2]));
        return perMib;
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        watcher.join();
    }

    private void watch() {
        while (!stopped) {
            try {
                readThreads(threadsLast, slicesLast);
                Thread.sleep(POLL_MILLIS);
            } catch (IOException | InterruptedException e) {
                break;
            }
        }
        watcherNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** The server's reaped children, this process, the machine's busy time: ticks each. */
    private long[] processTicks() throws IOException {
        String[] server = statFields(Path.of("/proc", Long.toString(serverPid), "stat"));
        String[] self = statFields(Path.of("/proc/self/stat"));
        return new long[] {
            Long.parseLong(server[14]) + Long.parseLong(server[15]),
            Long.parseLong(self[12]) + Long.parseLong(self[13]),
            MachineCpu.now().busyTicks()};
    }

    /**
     * Ends the watch as {@link #msPerMib} does (call after it); how often each server part's threads were put on a
     * CPU per MiB: nearly every time slice of the reader, screen and sender threads starts with a wake-up that
     * another thread (or the kernel's PTY worker) paid for.
     */
    Map<String, Double> slicesPerMib(CatWorkload workload) {
        Map<String, Double> perMib = new LinkedHashMap<>();
        byPart(slicesBefore, slicesLast).forEach((part, n) -> perMib.put(part, n / workload.mib()));
        return perMib;
    }

    /** Each server part's growth of a per-thread count from {@code before} to {@code last} (0 for a new thread). */
    private Map<String, Long> byPart(Map<String, Long> before, Map<String, Long> last) {
        Map<String, Long> parts = new LinkedHashMap<>();
        SERVER_PARTS.forEach(part -> parts.put(part, 0L));
        for (Map.Entry<String, Long> thread : last.entrySet()) {
            parts.merge(roleOfThread.get(thread.getKey()),
                    thread.getValue() - before.getOrDefault(thread.getKey(), 0L), Long::sum);
        }
        return parts;
    }

    private void readThreads(Map<String, Long> into, Map<String, Long> slicesInto) throws IOException {
        Path tasks = Path.of("/proc", Long.toString(serverPid), "task");
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String id = thread.getFileName().toString();
                try {
                    // schedstat: nanoseconds on a CPU, nanoseconds waiting for one, time slices.
                    String schedstat = Files.readString(thread.resolve("schedstat"));
                    String[] fields = schedstat.trim().split(" ");
                    long ran = Long.parseLong(fields[0]);
                    Named named = names.get(id);
                    // Less time than the last read: the id now belongs to a thread started later.
                    if (named == null || !named.settled() || ran < into.getOrDefault(named.key(), 0L)) {
                        named = name(thread, id, named);
                    }
                    into.put(named.key(), ran);
                    slicesInto.put(named.key(), Long.parseLong(fields[2]));
                } catch (NoSuchFileException gone) {
                    // ended between the listing and the read
                }
            }
        }
    }

    /**
     * Reads the thread's name and start time ({@code stat}). A thread id can be reused by a thread started later:
     * the start time tells them apart. A thread just started still has its creator's name for a moment, so a name
     * counts once two reads agree; after that only {@code schedstat} is read, which halves the watcher's reads.
     */
    private Named name(Path thread, String id, Named before) throws IOException {
        String[] stat = statFields(thread.resolve("stat"));
        String key = id + "@" + stat[20];
        roleOfThread.put(key, role(stat[0]));
        Named named = new Named(key, stat[0],
                before != null && before.key().equals(key) && before.name().equals(stat[0]));
        names.put(id, named);
        return named;
    }

    private static String role(String threadName) {
        if (threadName.startsWith("pty-reader")) {
            return "reader";
        } else if (threadName.startsWith("pty-screen")) {
            return "screen";
        } else if (threadName.startsWith("ws-send")) {
            return "sender";
        } else if (threadName.startsWith("ForkJoinPool")) {
            return "connections";
        } else if (threadName.contains("CompilerThre")) {
            return "JIT";
        }
        return "rest of server";
    }

    /**
     * The fields of a {@code /proc/…/stat} line: index 0 is the command name (which may hold spaces), index 1 the
     * state, so field N of proc(5) is at index N - 2.
     */
    private static String[] statFields(Path stat) throws IOException {
        String line = Files.readString(stat);
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        String[] rest = line.substring(close + 2).trim().split(" ");
        String[] fields = new String[rest.length + 1];
        fields[0] = line.substring(open + 1, close);
        System.arraycopy(rest, 0, fields, 1, rest.length);
        return fields;
    }
}
