package dev.ptyctl.client.internal;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;

/**
 * A {@code pty/wait} of any length: the server takes at most {@link #MAX} per request (it refuses a longer timeout as
 * invalid params, so waiting 30 minutes for a build failed at once), so a longer wait is made of several, each asking
 * the same. The next one is asked only when an answer is unmatched because its own timeout ran out: not when it is
 * decided (matched, or answered early with {@code busy} or {@code waitingForInput}), nor when the program has exited
 * (a wait then answers at once, which would spin; the answer says so with {@code exited}, an older server's is
 * learnt from {@code pty/status}).
 */
public final class LongWait {
    /** The longest timeout the server takes for one {@code pty/wait}. */
    public static final Duration MAX = Duration.ofMillis(RpcMethod.MAX_WAIT_TIMEOUT_MS);

    /** One {@code pty/wait} request with the given timeout, as the caller makes it. */
    @FunctionalInterface
    public interface Request {
        /** Sends the wait and returns the server's answer. */
        JsonObject send(Duration timeout) throws IOException;
    }

    private LongWait() {
    }

    /**
     * Waits up to {@code timeout}, in requests of at most {@link #MAX}; the answer is the last request's, with
     * {@code waitedMs} the whole wait's.
     */
    public static JsonObject wait(RpcClient client, Duration timeout, Request request) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long waitedMs = 0;
        Duration left = timeout; // the first request asks for the timeout as given, to the millisecond
        while (true) {
            boolean capped = left.compareTo(MAX) > 0;
            JsonObject answer = request.send(capped ? MAX : left);
            if (answer.get("waitedMs") instanceof JsonNumber waited) {
                waitedMs += waited.longValue();
            }
            if (!capped || answer.getBoolean("matched", false) || answer.containsKey("busy")
                    || answer.containsKey("waitingForInput") || answer.containsKey("exited")
                    || !client.status().running()) {
                return waitedMs == 0 || !answer.containsKey("waitedMs") ? answer
                        : JsonSupport.PROVIDER.createObjectBuilder(answer).add("waitedMs", waitedMs).build();
            }
            left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        }
    }
}
