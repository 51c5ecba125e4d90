package dev.ptyctl.client.dsl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Snapshot files that no snapshot assertion used, tui-test's "obsolete snapshots": a test renamed or removed, or a
 * snapshot renamed, leaves its old golden file behind, where it is never compared again. Every snapshot assertion of
 * this JVM notes the file it read or wrote; {@link #of} lists a test class's files in {@code __snapshots__/} that none
 * did. {@code @WithTerminal} asks once every test of a class has run and passed (a test that did not run, failed or
 * was skipped may not have reached its snapshot), reports them, and deletes them when snapshots are being updated
 * ({@value TerminalAssert#UPDATE_PROPERTY}), as tui-test's {@code -u} does.
 */
public final class UnusedSnapshots {
    private static final Set<Path> USED = ConcurrentHashMap.newKeySet();

    private UnusedSnapshots() {
    }

    /** Notes that a snapshot assertion read or wrote {@code file}. */
    static void used(Path file) {
        USED.add(file.toAbsolutePath().normalize());
    }

    /**
     * The golden files of {@code testClass} ({@code __snapshots__/<TestClass>.*.snap} next to its source) that no
     * snapshot assertion of this JVM read or wrote, in name order.
     *
     * @param settings where {@value TerminalAssert#SOURCES_PROPERTY} is read (the source root), as the assertions read it
     */
    public static List<Path> of(Class<?> testClass, Function<String, Optional<String>> settings) {
        Class<?> outermost = SnapshotOwner.outermost(testClass);
        Path folder = SnapshotFiles.folder(outermost, settings.apply(TerminalAssert.SOURCES_PROPERTY)
                .filter(value -> !value.isBlank()));
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        String prefix = outermost.getSimpleName() + ".";
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().startsWith(prefix)
                            && file.getFileName().toString().endsWith(".snap"))
                    .filter(file -> !USED.contains(file.toAbsolutePath().normalize()))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list snapshots in " + folder, e);
        }
    }
}
