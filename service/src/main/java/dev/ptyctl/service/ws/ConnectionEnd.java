package dev.ptyctl.service.ws;

/**
 * Learns when a WebSocket connection ends, however it ends. Helidon tells a listener about a close frame or a failing
 * frame, but not about a connection that just ends (a dropped network, {@code abort()}): its reading thread ends
 * silently. {@code onOpen} runs on that thread, one per connection, so a virtual thread joining it learns of every
 * end, without polling. Every socket endpoint needs this, or an idle client's resources (a sender waiting for output,
 * an event subscription) would stay for ever.
 */
public final class ConnectionEnd {
    private ConnectionEnd() {
    }

    /**
     * Runs {@code ended} once the calling thread, the connection's own (call it from {@code onOpen}), has ended.
     *
     * @param watcherName the watching thread's name, for thread dumps
     */
    public static void whenThisConnectionEnds(String watcherName, Runnable ended) {
        Thread connectionThread = Thread.currentThread();
        Thread.ofVirtual().name(watcherName).start(() -> {
            try {
                connectionThread.join();
            } catch (InterruptedException e) {
                return;
            }
            ended.run();
        });
    }
}
