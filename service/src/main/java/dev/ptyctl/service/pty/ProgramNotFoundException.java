package dev.ptyctl.service.pty;

import java.io.IOException;

/**
 * The program to host cannot be executed: no such name on {@code PATH}, or a path that is not an executable file.
 * A mistake in what the user asked for rather than a failure of the machine, so {@code ptyctl serve} reports it as a
 * usage error; the message names the program.
 */
public final class ProgramNotFoundException extends IOException {
    private static final long serialVersionUID = 1L;

    ProgramNotFoundException(String message) {
        super(message);
    }
}
