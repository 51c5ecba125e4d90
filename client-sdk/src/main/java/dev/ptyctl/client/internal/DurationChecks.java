package dev.ptyctl.client.internal;

import java.time.Duration;
import java.util.Objects;

/** The checks of the SDK's builders on the durations they are given: a clear message naming the option. */
public final class DurationChecks {
    private DurationChecks() {
    }

    /**
     * {@code duration}, when it is zero or more.
     *
     * @throws IllegalArgumentException naming {@code name} when it is negative
     */
    public static Duration notNegative(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " is negative: " + duration);
        }
        return duration;
    }

    /**
     * {@code duration}, when it is more than zero.
     *
     * @throws IllegalArgumentException naming {@code name} when it is zero or negative
     */
    public static Duration positive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
        return duration;
    }
}
