package dev.ptyctl.service.server;

/**
 * Refuses at start a replay buffer ({@code ptyctl.terminals.replayBytes}) that the server's heap cannot hold for a
 * terminal whose program floods output. The buffer grows with the output up to its size, doubling, so one such
 * terminal holds the whole size and, while it grows, half as much again. With more than a quarter of the heap, the
 * reader of the flooding terminal failed with {@code OutOfMemoryError} (measured: 2147483647 with {@code -Xmx512m},
 * {@code yes} flooding, within seconds): that terminal's output stopped for good, and the health check still said
 * UP.
 */
final class ReplayHeapCheck {
    private static final long MIB = 1024 * 1024;

    private ReplayHeapCheck() {
    }

    /**
     * @param maxHeap the most heap the JVM will use ({@link Runtime#maxMemory()})
     * @throws IllegalArgumentException when {@code replayBytes} is more than a quarter of it; the message says what to
     *                                  give instead
     */
    static void check(int replayBytes, long maxHeap) {
        long most = maxHeap / 4;
        if (replayBytes > most) {
            throw new IllegalArgumentException("ptyctl.terminals.replayBytes is " + replayBytes + " ("
                    + replayBytes / MIB + " MiB), more than a quarter of the server's heap (" + maxHeap / MIB
                    + " MiB): one terminal whose program floods output would exhaust it; give at most " + most
                    + ", or the server a larger heap (JAVA_TOOL_OPTIONS=-Xmx...)");
        }
    }
}
