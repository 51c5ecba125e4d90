package dev.ptyctl.cli;

import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place that turns failures into exit codes and stderr messages (see {@link ExitCode}).
 * Messages start with {@code ptyctl:} and never carry a stack trace, except for unexpected
 * exceptions, which are bugs.
 */
final class ExitCodeMapper implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** A usage error from parsing or from a command's own checks: message, hint, exit 2. */
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        String message = ex.getMessage();
        // Some picocli messages carry their own "Error: " prefix; ours already say "ptyctl:".
        err.println("ptyctl: " + (message.startsWith("Error: ") ? message.substring("Error: ".length()) : message));
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * A failure while a command ran: refused by the terminal's endpoint or the server (4), cannot connect (3,
     * {@code RpcConnectionException}, {@code RestConnectionException} and any other I/O failure), or a bug (70).
     */
    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        int code = switch (ex) {
            case RpcException refused -> {
                err.println("ptyctl: " + refused.message() + " (code " + refused.code() + ")");
                yield ExitCode.REFUSED;
            }
            case RestException refused -> {
                err.println("ptyctl: " + refused.message() + " (HTTP " + refused.status() + ")");
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
