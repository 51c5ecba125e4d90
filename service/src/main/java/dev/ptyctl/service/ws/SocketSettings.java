package dev.ptyctl.service.ws;

import java.time.Duration;

/**
 * How the WebSocket endpoint treats its clients (SPEC §5.5, §5.6, §8).
 *
 * @param clientBacklogBytes the most output the server holds for one client (SPEC §5.6). Output is pulled from the
 *                           shared log by each client's sender, which holds one frame at a time, never a queue: a
 *                           client whose socket stops draining is simply sent nothing until it drains, then caught
 *                           up from its last delivered seq (the bytes if the log still has them, else a reset). What
 *                           is unsent then sits in the kernel's send buffer of the client's socket, which the server
 *                           sets to this size ({@code PtyctlServer}); this setting also caps the frame size (64 KiB)
 * @param answerQueries      who answers the program's terminal queries: {@code auto} (the server while no client
 *                           sets the size, else that client), {@code server} or {@code clients}
 * @param maxFrameBytes      the largest client message accepted; a larger one is answered with an error frame and
 *                           dropped, the connection stays open
 * @param senderIdle         how long a client's sender goes without sending before it gives its platform thread up
 *                           for a virtual one ({@link ClientSender}); not a configuration key, 30 s but in tests
 * @param keepalive          how often a client that was sent nothing is pinged ({@link #keepaliveFor} of the
 *                           server's idle connection timeout)
 */
public record SocketSettings(int clientBacklogBytes, String answerQueries, int maxFrameBytes, Duration senderIdle,
                             Duration keepalive) {
    /** SPEC §8 {@code clientBacklogBytes}: 1 MiB. */
    public static final int DEFAULT_CLIENT_BACKLOG_BYTES = 1 << 20;
    /** SPEC §8 {@code answerQueries}. */
    public static final String DEFAULT_ANSWER_QUERIES = "auto";
    /** The same 1 MiB limit the JSON-RPC protocol puts on a line: far above any paste, far below trouble. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 1 << 20;

    /**
     * The most WebSocket clients one terminal takes at once; the next upgrade is refused with 429. Each client costs
     * a sending thread while output flows and up to {@code clientBacklogBytes} of socket buffer, so without a bound
     * one terminal's clients could take the whole server; 256 is far beyond any shared session.
     */
    public static final int MAX_CLIENTS_PER_TERMINAL = 256;

    /**
     * The longest ping interval: under the idle timeouts of common proxies (often a minute) and of Helidon (5 minutes);
     * the client's automatic pong counts as traffic for both.
     */
    public static final Duration MAX_KEEPALIVE = Duration.ofSeconds(45);

    /** The settings of SPEC §8 with the usual sender idle time and ping interval. */
    public SocketSettings(int clientBacklogBytes, String answerQueries, int maxFrameBytes) {
        this(clientBacklogBytes, answerQueries, maxFrameBytes, ClientSender.IDLE_HAND_OVER, MAX_KEEPALIVE);
    }

    /**
     * The ping interval of a server whose idle connection timeout is {@code idleTimeout}, for every WebSocket it
     * holds (terminal, JSON-RPC): {@link #MAX_KEEPALIVE}, or a third of a shorter idle timeout, so that two pings can
     * go unanswered before the server gives up on the connection.
     */
    public static Duration keepaliveFor(Duration idleTimeout) {
        Duration third = idleTimeout.dividedBy(3);
        return third.isZero() || third.isNegative() || third.compareTo(MAX_KEEPALIVE) > 0 ? MAX_KEEPALIVE : third;
    }

    /** Validates. */
    public SocketSettings {
        if (clientBacklogBytes < 1) {
            throw new IllegalArgumentException("clientBacklogBytes must be positive, got " + clientBacklogBytes);
        }
        if (!answerQueries.equals("auto") && !answerQueries.equals("server") && !answerQueries.equals("clients")) {
            throw new IllegalArgumentException("answerQueries must be auto, server or clients, got " + answerQueries);
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("maxFrameBytes must be positive, got " + maxFrameBytes);
        }
        if (senderIdle.isNegative() || senderIdle.isZero()) {
            throw new IllegalArgumentException("senderIdle must be positive, got " + senderIdle);
        }
        if (keepalive.isNegative() || keepalive.isZero()) {
            throw new IllegalArgumentException("keepalive must be positive, got " + keepalive);
        }
    }

    /** These settings with clients pinged every {@code interval}. */
    public SocketSettings withKeepalive(Duration interval) {
        return new SocketSettings(clientBacklogBytes, answerQueries, maxFrameBytes, senderIdle, interval);
    }

    /** The SPEC §8 defaults. */
    public static SocketSettings defaults() {
        return new SocketSettings(DEFAULT_CLIENT_BACKLOG_BYTES, DEFAULT_ANSWER_QUERIES, DEFAULT_MAX_FRAME_BYTES);
    }
}
