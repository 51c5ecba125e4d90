package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.internal.ConnectionHints;
import dev.ptyctl.protocol.RpcErrorCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.NoSuchFileException;
import java.util.regex.Pattern;

/**
 * Turns a failure while a command ran into its stderr line and exit code (see {@link ExitCode}): a usage error found
 * late (2), refused by the terminal's endpoint or the server (4, a refused WebSocket upgrade too), cannot connect (3:
 * {@code RpcConnectionException}, {@code RestConnectionException} and any other I/O failure), or a bug (70, the only
 * case with a stack trace).
 * Shared by picocli's path ({@link ExitCodeMapper}) and {@link FastPath}, so both say the same.
 */
final class Failures {
    private Failures() {
    }

    private static final int HTTP_UNAUTHORIZED = 401;
    /** The refused condition the server's sentence starts with ({@code prompt: }). */
    private static final Pattern REFUSED_CONDITION = Pattern.compile("^(prompt|started): ");
    /** The server's advice at the end of its sentence, in the protocol's terms ({@code idleMs}). */
    private static final Pattern PROTOCOL_ADVICE = Pattern.compile("; wait for [^;]* instead$");
    /** How a refused token is fixed, said where the refusal is reported. */
    static final String TOKEN_HINT = "; pass the server's token with --token T or the PTYCTL_TOKEN variable";

    static int report(Exception ex, PrintWriter err) {
        int code = switch (ex) {
            case RpcException refused -> {
                err.println("ptyctl: " + refused.message() + " (code " + refused.code() + ")"
                        + (refused.code() == RpcErrorCode.UNAUTHORIZED.code() ? TOKEN_HINT : ""));
                yield ExitCode.REFUSED;
            }
            case NoSuchTerminalException unknown -> {
                err.println("ptyctl: " + unknown.getMessage());
                yield ExitCode.REFUSED;
            }
            case RestException refused -> {
                err.println("ptyctl: " + refused.message() + " (HTTP " + refused.status() + ")"
                        + (refused.status() == HTTP_UNAUTHORIZED ? TOKEN_HINT : ""));
                yield ExitCode.REFUSED;
            }
            case RestConnectionException unreachable when refusedConnection(unreachable) -> {
                URI uri = unreachable.uri();
                err.println("ptyctl: connection refused: is `ptyctl server` running on " + uri.getScheme() + "://"
                        + uri.getRawAuthority() + "? (start it, or point --url / PTYCTL_URL at it)");
                yield ExitCode.CANNOT_CONNECT;
            }
            case RpcConnectionException unreachable when refusedConnection(unreachable) -> {
                err.println("ptyctl: connection refused: is `ptyctl serve` (or a terminal of `ptyctl server`) "
                        + "listening on " + unreachable.address() + "?");
                yield ExitCode.CANNOT_CONNECT;
            }
            case AttachmentException refused when refused.httpStatus().isPresent() -> {
                err.println("ptyctl: " + refused.getMessage()
                        + (refused.httpStatus().getAsInt() == HTTP_UNAUTHORIZED ? TOKEN_HINT : ""));
                yield ExitCode.REFUSED;
            }
            case RpcConnectionException unreachable -> {
                err.println("ptyctl: " + unreachable.getMessage());
                yield ExitCode.CANNOT_CONNECT;
            }
            case UsageException usage -> {
                // found only once the command ran (the checks before it should have): still the command line's fault
                err.println("ptyctl: " + usage.getMessage());
                yield ExitCode.USAGE;
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

    /**
     * A prompt wait ({@code run}, {@code wait --prompt}) refused with invalid params: the terminal shows no prompts
     * (no shell integration). One line: the server's reason, without its advice, which names {@code pty/wait}'s
     * parameters ({@code "; wait for a match or idleMs instead"}), and what to do with this CLI instead. (Until 5 Dec
     * 2026 the server's whole sentence came first, then a second line saying the same with other advice.)
     *
     * @param verb    the command line that needs the prompts, e.g. {@code "run"}
     * @param instead what to do instead, in this CLI's verbs
     * @return {@link ExitCode#REFUSED}
     */
    static int noShellIntegration(RpcException refusal, String verb, String instead, PrintWriter err) {
        String why = PROTOCOL_ADVICE.matcher(REFUSED_CONDITION.matcher(refusal.message()).replaceFirst(""))
                .replaceFirst("");
        err.println("ptyctl: " + verb + " needs a shell with ptyctl's integration (terminals of 'ptyctl server' have "
                + "it; 'ptyctl serve' with --shell-integration), and here " + why + "; " + instead);
        err.flush();
        return ExitCode.REFUSED;
    }

    /**
     * Whether nothing listens at the address: refused by the kernel ({@link ConnectException}, which the JDK's HTTP
     * client sometimes hides behind a {@link ClosedChannelException}), or no Unix socket file there.
     */
    static boolean refusedConnection(IOException failure) {
        if (ConnectionHints.unknownHost(failure) || unreachable(failure)) {
            return false; // a ConnectException too, but nothing was asked: the host has no address, or no route
        }
        for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpConnectTimeoutException) {
                return false; // the JDK gives it a ConnectException as cause, but nothing refused: nothing answered
            }
            if (cause instanceof ConnectException || cause instanceof ClosedChannelException
                    || cause instanceof NoSuchFileException
                    || (cause instanceof SocketException && "No such file or directory".equals(cause.getMessage()))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the kernel found no route to the address ("Network is unreachable", "No route to host"). */
    private static boolean unreachable(IOException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (cause instanceof SocketException && message != null
                    && (message.contains("unreachable") || message.contains("No route to host"))) {
                return true;
            }
        }
        return false;
    }
}
