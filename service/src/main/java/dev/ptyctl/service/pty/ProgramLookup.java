package dev.ptyctl.service.pty;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the file a program name stands for, the way {@code execvp} does. A request is checked with it before a
 * terminal is created (so that a misspelt shell is a 400 naming the field), and {@link PtySession} starts the file it
 * finds ({@code posix_spawn} takes a path, not a name).
 */
public final class ProgramLookup {
    /** Where {@code execvp} looks when {@code PATH} is unset. */
    private static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private ProgramLookup() {
    }

    /**
     * The absolute path of the executable file {@code program} names: {@code program} itself, relative to
     * {@code cwd}, when it contains a slash; else the first match along {@code path} (the default search path when
     * null), whose empty entries mean {@code cwd}.
     *
     * @return the file, or empty when there is no executable file there
     * @throws InvalidPathException when {@code program} or a {@code path} entry is not a valid path
     */
    public static Optional<Path> find(String program, Path cwd, String path) {
        if (program.contains("/")) {
            return executableFile(cwd.resolve(program));
        }
        for (String dir : (path == null ? DEFAULT_PATH : path).split(":")) {
            Optional<Path> file = executableFile(cwd.resolve(dir.isEmpty() ? "." : dir).resolve(program));
            if (file.isPresent()) {
                return file;
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> executableFile(Path file) {
        return Files.isRegularFile(file) && Files.isExecutable(file) ? Optional.of(file.toAbsolutePath())
                : Optional.empty();
    }
}
