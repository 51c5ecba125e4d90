package dev.ptyctl.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How long the e2e and fault tests wait for something that is sure to happen: a server printing its address, a
 * program's output, a page catching up. Only a hang reaches it. Each wait returns the moment its event comes, so the
 * bound costs nothing when the test passes; it is long because a loaded two-core machine (four engineers building, a
 * CI run beside them, load 8 to 20) starved cold JVMs for more than the 30 to 60 s that used to be the bounds, and
 * nine tests of one CI run failed on them although nothing was wrong. A wait that is meant to run out (a negative
 * check: "this never shows") keeps a short timeout of its own.
 */
public final class Bounds {
    /** The bound of a wait for an event that comes unless something hangs. */
    public static final Duration HANG = Duration.ofMinutes(3);

    private Bounds() {
    }

    /**
     * The machine's load averages over 1, 5 and 15 minutes, for the message of a wait that ran out: a CI log then
     * says whether the machine was starved or the program hung.
     */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2] + " on " + Runtime.getRuntime().availableProcessors()
                    + " cores";
        } catch (IOException | RuntimeException e) {
            return "unknown (" + e + ")";
        }
    }
}
