package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl serve}: hosts one command in one terminal on one JSON-RPC endpoint, like
 * {@code socket-pty serve}. This class only parses and checks the command line; its fields and
 * method signatures use JDK types alone, so picocli's reflection over every subcommand at start-up
 * never loads the service module. The server is started by {@link ServeLauncher}.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Host one command in a terminal on one JSON-RPC endpoint.",
                "Compatible with 'socket-pty serve'.",
                "Give exactly one of --port and --socket. Prints the address, then serves until "
                        + "'ptyctl kill' (exit 0) or SIGTERM.",
                "Example: ptyctl serve --cmd bash --shell-integration --port 5174 &"})
final class ServeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--cmd", paramLabel = "C", required = true, description = "The command to host, e.g. bash.")
    private String command;

    @Option(names = "--port", paramLabel = "N", description = "Listen on 127.0.0.1, TCP port N (1-65535).")
    private Integer port;

    @Option(names = "--socket", paramLabel = "PATH", description = "Listen on a Unix socket (created mode 0600).")
    private Path socket;

    @Option(names = "--cols", paramLabel = "N", defaultValue = "100", description = "Columns (default: ${DEFAULT-VALUE}).")
    private int cols;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "30", description = "Rows (default: ${DEFAULT-VALUE}).")
    private int rows;

    @Option(names = "--cwd", paramLabel = "DIR", description = "Working directory (default: the current one).")
    private Path cwd;

    @Option(names = "--token", paramLabel = "T",
            description = "Require clients to send this token with pty/auth first.")
    private String token;

    @Option(names = "--shell-integration",
            description = "Load ptyctl's integration into a bash, zsh or fish command (prompt marks, exit codes), "
                    + "so that 'ptyctl run' works. Off by default: the command runs exactly as given.")
    private boolean shellIntegration;

    @Option(names = "--title-reports",
            description = "Answer a program that asks for the window title or icon label (CSI 21 t, CSI 20 t). "
                    + "Off by default, as in xterm: a title may come from another program, and the report types it "
                    + "into the input.")
    private boolean titleReports;

    @Override
    public Integer call() throws Exception {
        if (port != null && socket != null) {
            throw usage("--port and --socket cannot be used together; give one");
        }
        if (port == null && socket == null) {
            throw usage("give --port N or --socket PATH");
        }
        if (port != null && (port < 1 || port > 65_535)) {
            throw usage("--port must be a port number from 1 to 65535, got " + port);
        }
        // Clients refused meanwhile wait for this address (docs/cli.md, "A server that is still starting").
        OwnStartMarker.announce("serve", port != null ? ListenTarget.port(port) : ListenTarget.socket(socket));
        var request = new ServeRequest(command, port, socket, cols, rows, cwd, token, shellIntegration,
                titleReports);
        return (Integer) ServerSideLoader.call("dev.ptyctl.cli.ServeLauncher", "serve",
                new Class<?>[] {ServeRequest.class, CommandLine.class}, request, spec.commandLine());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
