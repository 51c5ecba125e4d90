package dev.ptyctl.client.internal;

/**
 * The smoothed round-trip time of an attachment's pings, as TCP keeps it (RFC 6298): the first
 * sample is taken as it is, later ones move the estimate by an eighth of the difference, so one slow
 * pong does not make the server batch output for a client on a fast link. Thread-safe.
 */
public final class RoundTripEstimator {
    /** RFC 6298's alpha. */
    private static final double GAIN = 1.0 / 8;

    private double srttMillis = -1;

    /** Adds one measured round trip. */
    public synchronized void sample(double millis) {
        if (millis < 0) {
            return; // a pong for a ping of an earlier clock (cannot happen with a monotonic clock); ignore
        }
        srttMillis = srttMillis < 0 ? millis : srttMillis + GAIN * (millis - srttMillis);
    }

    /** The smoothed round trip in milliseconds, or -1 before the first sample. */
    public synchronized double srttMillis() {
        return srttMillis;
    }
}
