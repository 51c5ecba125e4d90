package dev.ptyctl.service.terminals;

import dev.ptyctl.service.pty.ProgramLookup;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** Checks that a program named in a request can be executed: found as {@code execvp} would ({@link ProgramLookup}). */
final class Executables {
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
            if (ProgramLookup.find(program, cwd, path).isPresent()) {
                return;
            }
        } catch (InvalidPathException e) {
            throw TerminalRequestException.invalid(field + " is not a valid path: " + program);
        }
        // Worded as `ptyctl serve` words it: a CLI user gave a command, not a "shell" field.
        throw TerminalRequestException.invalid(program.contains("/") ? "not an executable file: " + program
                : "command not found: " + program + " (not on the server PATH)");
    }
}
