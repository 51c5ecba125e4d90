package dev.ptyctl.fault;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;

/** The suite's size, seed and report. */
final class Fault {
    private Fault() {
    }

    /** Whether the full sizes run ({@code -Dfault.full=true}). */
    static boolean full() {
        return Boolean.getBoolean("fault.full");
    }

    /** {@code ci} in every build, {@code full} with {@code -Dfault.full=true}. */
    static int size(int ci, int full) {
        return full() ? full : ci;
    }

    /** A random source seeded from {@code -Dfault.seed} (22 by default) and the test's own salt. */
    static Random random(String salt) {
        return new Random(Long.getLong("fault.seed", 22) * 31 + salt.hashCode());
    }

    /**
     * Appends one figure to {@code target/fault-report.md} and prints it: what was measured, the value, and the
     * command that reproduces it.
     */
    static void report(String area, String figure, String value, String testClass) {
        String command = "mvn -B -o verify -pl fault -am -Dtest=" + testClass + " -Dsurefire.failIfNoSpecifiedTests=false"
                + (full() ? " -Dfault.full=true" : "");
        String line = "| " + area + " | " + figure + " | " + value + " | `" + command + "` |\n";
        System.out.print("fault: " + line);
        String file = System.getProperty("fault.report");
        if (file == null) {
            return;
        }
        try {
            Path path = Path.of(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
