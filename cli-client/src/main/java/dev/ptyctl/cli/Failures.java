package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Turns a failure while a command ran into its stderr line and exit code (see {@link ExitCode}): refused by the
 * terminal's endpoint or the server (4, a refused WebSocket upgrade too), cannot connect (3:
 * {@code RpcConnectionException}, {@code RestConnectionException} and any other I/O failure), or a bug (70, the only
 * case with a stack trace).
 * Shared by picocli's path ({@link ExitCodeMapper}) and {@link FastPath}, so both say the same.
 */
final class Failures {
    private Failures() {
    }

    static int report(Exception ex, PrintWriter err) {
        int code = switch (ex) {
            case RpcException refused -> {
                err.println("ptyctl: " + refused.message() + " (code " + refused.code() + ")");
                yield ExitCode.REFUSED;
            }
            case RestException refused -> {
                err.println("ptyctl: " + refused.message() + " (HTTP " + refused.status() + ")");
                yield ExitCode.REFUSED;
            }
            case AttachmentException refused when refused.httpStatus().isPresent() -> {
                err.println("ptyctl: " + refused.getMessage());
                yield ExitCode.REFUSED;
            }
            case RpcConnectionException unreachable -> {
                err.println("ptyctl: " + unreachable.getMessage());
                yield ExitCode.CANNOT_CONNECT;
            }
            case IOException io -> {
                err.println("ptyctl: " + io.getMessage());
                yield ExitCode.CANNOT_CONNECT;
            }
            default -> {
                err.println("ptyctl: internal error: " + ex);
                ex.printStackTrace(err);
                yield ExitCode.INTERNAL_ERROR;
            }
        };
        err.flush();
        return code;
    }
}
