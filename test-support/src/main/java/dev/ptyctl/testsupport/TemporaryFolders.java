package dev.ptyctl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Temporary folders a test makes outside JUnit's {@code @TempDir} (a server's home, a browser profile, certificates),
 * deleted with all they hold: by whoever is done with one ({@link #delete}), and, for those a failing test never got
 * to delete, when the test JVM ends. Every e2e run used to leave its folders in /tmp: 239 {@code ptyctl-e2e-home*}
 * and 117 {@code ptyctl-chromium-profile*} folders, among others, had piled up on the shared machine.
 */
public final class TemporaryFolders {
    /**
     * Deleting a tree that a program still writes into (a shell saving its history as its server stops, a browser
     * quitting) can meet a file that appeared after the walk: the walk is made again, at most this many times.
     */
    private static final int ATTEMPTS = 3;
    private static final Set<Path> LEFT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LEFT.forEach(TemporaryFolders::deleteQuietly),
                "temporary-folders-delete"));
    }

    private TemporaryFolders() {
    }

    /** A new folder in the system's temporary folder, its name starting with {@code prefix}. */
    public static Path create(String prefix) throws IOException {
        Path folder = Files.createTempDirectory(prefix);
        LEFT.add(folder);
        return folder;
    }

    /**
     * Has {@code folder}, made by someone else (the tests' HOME, whose path the build chooses), deleted with the
     * others when the test JVM ends, unless {@link #delete} got to it first.
     */
    public static void deleteAtExit(Path folder) {
        LEFT.add(folder);
    }

    /**
     * Deletes {@code folder} and everything in it (nothing when it is gone already).
     *
     * @throws UncheckedIOException when it cannot be deleted
     */
    public static void delete(Path folder) {
        for (int attempt = 1; ; attempt++) {
            try {
                deleteTree(folder);
                LEFT.remove(folder);
                return;
            } catch (DirectoryNotEmptyException appeared) {
                if (attempt == ATTEMPTS) {
                    throw new UncheckedIOException("files keep appearing in " + folder, appeared);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + folder, e);
            }
        }
    }

    private static void deleteQuietly(Path folder) {
        try {
            delete(folder);
        } catch (UncheckedIOException e) {
            System.err.println("TemporaryFolders: " + e.getMessage() + ": " + e.getCause());
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        List<Path> deepestFirst;
        try (Stream<Path> walk = Files.walk(folder)) {
            deepestFirst = walk.sorted(Comparator.reverseOrder()).toList();
        } catch (NoSuchFileException gone) {
            return;
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                deleteTree(folder); // a file went away during the walk: walk what is left
                return;
            }
            throw e.getCause();
        }
        for (Path path : deepestFirst) {
            Files.deleteIfExists(path);
        }
    }
}
