package dev.ptyctl.client.internal;

import java.time.Duration;

/** Durations in the SDK's messages, written as people read them and always with the unit the number is in. */
public final class Durations {
    private Durations() {
    }

    /**
     * "5 s" for whole seconds, "1500 ms" otherwise ("0 ms" for none or less than a millisecond). Never
     * {@link Duration#toString}'s "PT5S".
     *
     * @param duration a duration, not negative
     * @return the text
     */
    public static String describe(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 && millis > 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
