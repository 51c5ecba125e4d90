package dev.ptyctl.client;

import java.time.Duration;
import java.util.Objects;

/**
 * When a {@link TerminalAttachment} tries again after its connection dropped: exponential backoff
 * with jitter. Attempt {@code n} (1 for the first retry) waits
 * {@code min(maxDelay, initialDelay × multiplier^(n-1))}, shortened by a random fraction of up to
 * {@code jitter} of it, so that many clients cut off at once by a server restart do not all come
 * back in the same millisecond. A connection that opens resets the count.
 *
 * <pre>{@code
 * ReconnectPolicy patient = new ReconnectPolicy(Duration.ofMillis(500), Duration.ofSeconds(30), 2.0, 0.5, 100);
 * TerminalAttachment.builder(server, terminalId).reconnect(patient)...
 * }</pre>
 *
 * @param initialDelay the wait before the first retry
 * @param maxDelay     the longest wait between two attempts
 * @param multiplier   how much longer each further wait is (at least 1)
 * @param jitter       the largest fraction taken off a wait at random, 0 (none) to 1
 * @param maxAttempts  how many retries in a row before giving up; 0 never reconnects
 */
public record ReconnectPolicy(Duration initialDelay, Duration maxDelay, double multiplier, double jitter,
                              int maxAttempts) {

    /**
     * The default: 200 ms, doubling up to 10 s, up to half of each wait taken off at random, and no
     * limit on attempts (an attachment keeps trying until it is closed or the server says the
     * terminal is gone).
     */
    public static final ReconnectPolicy DEFAULT =
            new ReconnectPolicy(Duration.ofMillis(200), Duration.ofSeconds(10), 2.0, 0.5, Integer.MAX_VALUE);

    /** Never reconnects: the first dropped connection closes the attachment. */
    public static final ReconnectPolicy NEVER = new ReconnectPolicy(Duration.ZERO, Duration.ZERO, 1.0, 0, 0);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the value that is out of range
     */
    public ReconnectPolicy {
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (initialDelay.isNegative()) {
            throw new IllegalArgumentException("initialDelay is negative: " + initialDelay);
        }
        if (maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("maxDelay " + maxDelay + " is shorter than initialDelay " + initialDelay);
        }
        if (!(multiplier >= 1)) {
            throw new IllegalArgumentException("multiplier must be at least 1, got " + multiplier);
        }
        if (!(jitter >= 0 && jitter <= 1)) {
            throw new IllegalArgumentException("jitter must be from 0 to 1, got " + jitter);
        }
        if (maxAttempts < 0) {
            throw new IllegalArgumentException("maxAttempts is negative: " + maxAttempts);
        }
    }

    /**
     * The wait before retry {@code attempt}.
     *
     * @param attempt 1 for the first retry after a drop
     * @param random  a number from 0 (inclusive) to 1 (exclusive): the share of the jitter to apply
     */
    public Duration delayBefore(int attempt, double random) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt counts from 1, got " + attempt);
        }
        double base = Math.min(maxDelay.toNanos(), initialDelay.toNanos() * Math.pow(multiplier, attempt - 1));
        return Duration.ofNanos(Math.round(base * (1 - jitter * random)));
    }
}
