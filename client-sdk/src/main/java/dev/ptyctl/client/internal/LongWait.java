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
 *
 * <p>A wait on the output after an offset ({@code since}) is asked again with the {@code continueAt} of the answer
 * before ({@link Continued}): the same {@code since} alone is refused once the server's output log (2 MiB by default)
 * no longer keeps it, which a stream does within seconds, and would search everything since it again.
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

    /** One {@code pty/wait} request that may go on with the one before it. */
    @FunctionalInterface
    public interface Continued {
        /**
         * Sends the wait and returns the server's answer.
         *
         * @param continueAt the {@code continueAt} of the previous request's answer, to send as is; -1 for the first
         *                   request, or when the server gave none (a wait on the screen, an older server)
         */
        JsonObject send(Duration timeout, long continueAt) throws IOException;
    }

    private LongWait() {
    }

    /**
     * Waits up to {@code timeout}, in requests of at most {@link #MAX}; the answer is the last request's, with
     * {@code waitedMs} the whole wait's.
     */
    public static JsonObject wait(RpcClient client, Duration timeout, Request request) throws IOException {
        return wait(client, timeout, (each, continueAt) -> request.send(each));
    }

    /** {@link #wait(RpcClient, Duration, Request)} for a wait that goes on with the one before it. */
    public static JsonObject wait(RpcClient client, Duration timeout, Continued request) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long continueAt = -1;
        long waitedMs = 0;
        Duration left = timeout; // the first request asks for the timeout as given, to the millisecond
        while (true) {
            boolean capped = left.compareTo(MAX) > 0;
            JsonObject answer = request.send(capped ? MAX : left, continueAt);
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
            continueAt = answer.get("continueAt") instanceof JsonNumber at ? at.longValue() : -1;
        }
    }
}
