package dev.ptyctl.bench.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Many idle terminals: the server's used heap after a full GC, its resident memory and thread count, before and
 * after creating them, and the CPU the server process uses over a quiet interval with none and with all of them
 * (nothing should poll: ≈ 0 %).
 */
final class IdleTerminals {
    /** Ticks of /proc/PID/stat per second (USER_HZ; 100 on every Linux build that matters). */
    private static final double TICKS_PER_SECOND = 100.0;

    /**
     * @param terminals     how many were created
     * @param createSeconds how long creating them took
     * @param heapBefore    used heap after GC with none, bytes
     * @param heapAfter     used heap after GC with all of them, bytes
     * @param rssBeforeKb   resident set before, kB
     * @param rssAfterKb    resident set after, kB
     * @param threadsBefore server threads before
     * @param threadsAfter  server threads after
     * @param cpuIdleEmpty  server CPU over the quiet interval with no terminals, % of one core
     * @param cpuIdleFull   the same with all terminals alive
     * @param quietSeconds  length of each quiet interval
     * @param withClients   the same measures once a WebSocket client has attached to each terminal and sent its size
     */
    record Result(int terminals, double createSeconds, long heapBefore, long heapAfter, long rssBeforeKb,
                  long rssAfterKb, long threadsBefore, long threadsAfter, double cpuIdleEmpty, double cpuIdleFull,
                  double quietSeconds, Attached withClients) {
    }

    /**
     * Idle terminals with a client each, as a browser tab left open holds one: heap, resident memory, threads and CPU,
     * as in {@link Result}.
     */
    record Attached(long heap, long rssKb, long threads, double cpuIdle) {
    }

    private IdleTerminals() {
    }

    static Result measure(PtyctlServerProcess server, int count, double quietSeconds) throws Exception {
        Thread.sleep(2000); // let the JIT and earlier terminals' teardown finish
        double cpuEmpty = idleCpu(server, quietSeconds);
        long heapBefore = server.usedHeapAfterGc();
        long rssBefore = server.status("VmRSS");
        long threadsBefore = server.status("Threads");

        List<String> ids = new ArrayList<>(count);
        try {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                ids.add(server.create("bench-idle-" + i, "/bin/cat", List.of(), 100, 30).terminalId());
            }
            double createSeconds = (System.nanoTime() - start) / 1e9;
            // The creations' after-effects settle: compilation, the first GC cycles, and each terminal's reader
            // handing its master to the server's idle watcher 30 s after the terminal's last output (since stop 15;
            // inside the quiet interval those 500 hand-overs cost 0.9 % of a core).
            Thread.sleep(33_000);
            double cpuFull = idleCpu(server, quietSeconds);
            long heapAfter = server.usedHeapAfterGc();
            long rssAfter = server.status("VmRSS");
            long threadsAfter = server.status("Threads");
            Attached withClients = withClients(server, ids, quietSeconds);
            return new Result(count, createSeconds, heapBefore, heapAfter, rssBefore, rssAfter, threadsBefore,
                    threadsAfter, cpuEmpty, cpuFull, quietSeconds, withClients);
        } finally {
            deleteAll(server, ids);
        }
    }

    /**
     * Attaches a client to each terminal, which sends its size as a browser does (120×40, so the terminal resizes),
     * then measures as before once every thread that is meant to end when idle has had its 30 s.
     */
    private static Attached withClients(PtyctlServerProcess server, List<String> ids, double quietSeconds)
            throws Exception {
        List<TerminalSocketClient> clients = new ArrayList<>(ids.size());
        try {
            for (String id : ids) {
                TerminalSocketClient client = TerminalSocketClient.connect(server, id);
                clients.add(client);
                client.resize(1, 120, 40);
            }
            Thread.sleep(33_000);
            double cpu = idleCpu(server, quietSeconds);
            return new Attached(server.usedHeapAfterGc(), server.status("VmRSS"), server.status("Threads"), cpu);
        } finally {
            clients.forEach(TerminalSocketClient::abort);
        }
    }

    /** The server's CPU over {@code seconds} of doing nothing, as a percentage of one core. */
    private static double idleCpu(PtyctlServerProcess server, double seconds) throws Exception {
        long before = server.cpuTicks();
        long start = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        long ticks = server.cpuTicks() - before;
        double elapsed = (System.nanoTime() - start) / 1e9;
        return ticks / TICKS_PER_SECOND / elapsed * 100.0;
    }

    private static void deleteAll(PtyctlServerProcess server, List<String> ids) throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            List<Future<?>> deletions = new ArrayList<>();
            for (String id : ids) {
                deletions.add(pool.submit(() -> {
                    server.delete(id);
                    return null;
                }));
            }
            for (Future<?> f : deletions) {
                f.get();
            }
        }
    }
}
