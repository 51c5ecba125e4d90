package dev.ptyctl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The list of tests skipped for a missing tool, one line each ({@code tools<TAB>test}), in {@code
 * target/missing-tools/skipped.txt} at the repository root: every module's test JVM appends to the same file, which
 * {@code ./run-tests} empties before and summarises after the build.
 */
final class MissingToolsReport {
    /** The file's name inside the folder; {@code ./run-tests} reads it by this name. */
    static final String FILE_NAME = "skipped.txt";

    private MissingToolsReport() {
    }

    /** Adds one skipped test. Lines are short and written with one append, so test JVMs never interleave them. */
    static void record(String test, List<String> tools) {
        Path file = folder().resolve(FILE_NAME);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.join(",", tools) + "\t" + test + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not list the skipped test " + test + " in " + file, e);
        }
    }

    /**
     * {@code -Dptyctl.missingTools=<folder>} when given; else {@code target/missing-tools} in the nearest folder
     * above the working directory that holds {@code run-tests} (the repository root: surefire runs each module's
     * tests in the module's folder); else under the working directory.
     */
    static Path folder() {
        String forced = System.getProperty("ptyctl.missingTools", "").trim();
        if (!forced.isEmpty()) {
            return Path.of(forced);
        }
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("run-tests"))) {
                return dir.resolve("target").resolve("missing-tools");
            }
        }
        return start.resolve("target").resolve("missing-tools");
    }
}
