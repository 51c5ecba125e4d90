package dev.ptyctl.cli;

import java.nio.file.Path;

/**
 * What {@code ptyctl serve} parsed, in JDK types: handed from {@link ServeCommand} to {@code ServeLauncher}, which
 * may live in {@link ServerSideLoader}'s class loader (hence public).
 *
 * @param command the command line to host
 * @param port the TCP port, or {@code null}
 * @param socket the Unix socket, or {@code null}
 * @param cols columns
 * @param rows rows
 * @param cwd the working directory, or {@code null}
 * @param token the token clients must send, or {@code null}
 * @param shellIntegration whether to load ptyctl's shell integration
 * @param titleReports whether the emulator answers a program's title and icon-label reports
 */
public record ServeRequest(String command, Integer port, Path socket, int cols, int rows, Path cwd, String token,
        boolean shellIntegration, boolean titleReports) {
    /** "socket PATH" or "port N", for messages. */
    public String where() {
        return socket != null ? "socket " + socket : "port " + port;
    }
}
