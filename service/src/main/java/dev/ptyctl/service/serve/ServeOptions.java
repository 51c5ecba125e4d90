package dev.ptyctl.service.serve;

import dev.ptyctl.service.pty.CommandLine;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The options of {@code ptyctl serve}. The constructor checks them and throws {@link IllegalArgumentException}
 * with a message that can be shown to the user as it is.
 *
 * @param command the command line to host, split like a POSIX shell does (see {@link CommandLine}); an
 *                unbalanced quote is refused here
 * @param port    the TCP port on 127.0.0.1 (1–65535), or null when {@code socket} is given
 * @param socket  the Unix-domain socket path, or null when {@code port} is given
 * @param cols    terminal width, 1–1000
 * @param rows    terminal height, 1–1000
 * @param cwd     the working directory, or null for the server's
 * @param token   the token clients must send with {@code pty/auth} first, or null (or blank) for none
 * @param shellIntegration whether a bash, zsh or fish command gets ptyctl's shell integration (off by default:
 *                socket-pty runs the command exactly as given), which {@code pty/wait {prompt}} and
 *                {@code ptyctl run} need
 * @param titleReports whether the emulator answers the title and icon-label reports (XTWINOPS 21, 20); off by
 *                default, as in xterm
 */
public record ServeOptions(String command, Integer port, Path socket, int cols, int rows, Path cwd, String token,
                           boolean shellIntegration, boolean titleReports) {
    /** Largest terminal width or height. */
    public static final int MAX_DIMENSION = 1000;

    /** Validates. */
    public ServeOptions {
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("the command to run is empty");
        }
        CommandLine.split(command);
        if ((port == null) == (socket == null)) {
            throw new IllegalArgumentException(port == null
                    ? "give either a port or a socket path to listen on"
                    : "give either a port or a socket path, not both");
        }
        if (port != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("port must be an integer from 1 to 65535, got " + port);
        }
        checkDimension("cols", cols);
        checkDimension("rows", rows);
        if (cwd != null && !Files.isDirectory(cwd)) {
            throw new IllegalArgumentException("working directory does not exist: " + cwd);
        }
        if (token != null && token.isBlank()) {
            token = null;
        }
    }

    /** Options without shell integration, as {@code socket-pty serve} runs its command. */
    public ServeOptions(String command, Integer port, Path socket, int cols, int rows, Path cwd, String token) {
        this(command, port, socket, cols, rows, cwd, token, false, false);
    }

    private static void checkDimension(String name, int value) {
        if (value < 1 || value > MAX_DIMENSION) {
            throw new IllegalArgumentException(name + " must be from 1 to " + MAX_DIMENSION + ", got " + value);
        }
    }
}
