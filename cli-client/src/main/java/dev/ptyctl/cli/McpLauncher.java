package dev.ptyctl.cli;

import dev.ptyctl.mcp.RemoteBridge;
import dev.ptyctl.mcp.StdioMcp;
import dev.ptyctl.mcp.ToolSet;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Runs {@code ptyctl mcp}. With {@link ServeLauncher} and {@link ServerLauncher}, the only classes of the command line
 * that refer to the service and mcp modules: loaded through {@link ServerSideLoader} when {@code mcp} runs, never by
 * other commands.
 */
final class McpLauncher {

    private McpLauncher() {
    }

    /**
     * Serves MCP on stdio until stdin ends.
     *
     * @param url   the server to relay to, or null for an embedded one
     * @param tls   the TLS context trusting {@code --cacert}, or null for the JDK's CAs
     * @param tools {@code --tools}, or null
     * @return 0 when stdin ended, 2 for bad configuration, 3 when the server cannot start
     */
    static int run(String url, String token, SSLContext tls, String tools, Path config,
                   Function<String, String> environment, PrintWriter err) throws InterruptedException {
        try {
            if (url != null) {
                System.setOut(System.err); // stdout carries MCP only
                RemoteBridge.relay(url, token, tls, System.in, new FileOutputStream(FileDescriptor.out));
            } else {
                StdioMcp.serveStdio(new StdioMcp.Options(tools == null ? null : ToolSet.parse(tools), config),
                        environment);
            }
            return ExitCode.OK;
        } catch (IllegalArgumentException e) {
            return failed(err, e.getMessage(), ExitCode.USAGE);
        } catch (UncheckedIOException e) {
            return failed(err, e.getCause().getMessage(), ExitCode.CANNOT_CONNECT);
        } catch (IOException e) {
            return failed(err, "mcp: " + e.getMessage(), ExitCode.CANNOT_CONNECT);
        }
    }

    private static int failed(PrintWriter err, String message, int exitCode) {
        err.println("ptyctl: " + message);
        err.flush();
        return exitCode;
    }
}
