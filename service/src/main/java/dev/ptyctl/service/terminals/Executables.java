package dev.ptyctl.service.terminals;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** Checks that a program named in a request can be executed, the way {@code execvp} would find it. */
final class Executables {
    /** Where {@code execvp} looks when {@code PATH} is unset. */
    private static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private Executables() {
    }

    /**
     * @param field the request field, for the message
     * @param program a path (containing {@code /}, relative to {@code cwd}) or a name searched on {@code path}
     */
    static void check(String field, String program, Path cwd, String path) throws TerminalRequestException {
        if (program.isBlank()) {
            throw TerminalRequestException.invalid(field + " is empty");
        }
        try {
            if (program.contains("/")) {
                if (!isExecutableFile(cwd.resolve(program))) {
                    throw TerminalRequestException.invalid(field + " is not an executable file: " + program);
                }
                return;
            }
            for (String dir : (path == null ? DEFAULT_PATH : path).split(":")) {
                if (isExecutableFile(cwd.resolve(dir.isEmpty() ? "." : dir).resolve(program))) {
                    return;
                }
            }
        } catch (InvalidPathException e) {
            throw TerminalRequestException.invalid(field + " is not a valid path: " + program);
        }
        throw TerminalRequestException.invalid(field + " was not found on PATH: " + program);
    }

    private static boolean isExecutableFile(Path file) {
        return Files.isRegularFile(file) && Files.isExecutable(file);
    }
}
