package dev.ptyctl.cli;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.TerminalsClient;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Which terminal endpoint a client command talks to: {@code --port N [--host H]}, {@code --socket PATH} or
 * {@code --terminal ID} (looked up on the server at {@code --url}), else the environment.
 *
 * <p>Order: flags first (one of the three ways); then {@code PTYCTL_SOCKET} or {@code PTYCTL_PORT} (setting both is an
 * error, as giving both flags is); then {@code PTYCTL_RPC=host:port}, which the server exports
 * into the shells it hosts. {@code --host} (default 127.0.0.1) applies to whichever port is used.
 * {@code --token} (or {@code PTYCTL_TOKEN}) is sent with {@code pty/auth} before the request.
 */
final class TargetOptions {
    static final String DEFAULT_HOST = "127.0.0.1";

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(names = "--port", paramLabel = "N",
            description = "TCP port of the terminal's JSON-RPC endpoint (env PTYCTL_PORT).")
    private Integer port;

    @Option(names = "--host", paramLabel = "H", description = "Host of that port (default: 127.0.0.1).")
    private String host;

    @Option(names = "--socket", paramLabel = "PATH",
            description = "Unix socket of the terminal's JSON-RPC endpoint (env PTYCTL_SOCKET).")
    private Path socket;

    @Option(names = "--terminal", paramLabel = "ID",
            description = "A terminal of the ptyctl server at --url, by id (see 'ptyctl ls').")
    private String terminal;

    @Option(names = "--url", paramLabel = "URL",
            description = "The ptyctl server for --terminal (env PTYCTL_URL; default: http://127.0.0.1:8765).")
    private String url;

    @Option(names = "--token", paramLabel = "T",
            description = "Token for servers and endpoints that require one (env PTYCTL_TOKEN).")
    private String token;

    /**
     * Connects to the selected endpoint, authenticating when a token is known. With {@code --terminal} the
     * endpoint is first looked up on the server (a REST request).
     */
    RpcClient connect() throws IOException {
        RpcAddress address = terminal != null ? lookUpTerminal() : address();
        String effectiveToken = token != null ? token : env(ServerConnection.TOKEN_VARIABLE);
        return RpcClient.builder().token(effectiveToken).connect(address);
    }

    private RpcAddress lookUpTerminal() throws IOException {
        if (port != null || socket != null) {
            throw usage("--terminal, --port and --socket each select the terminal; give one");
        }
        if (host != null) {
            throw usage("--host goes with a port, not with --terminal");
        }
        try (TerminalsClient server = ServerConnection.open(mixee, url, token)) {
            return server.get(terminal).rpc();
        }
    }

    /**
     * The selected endpoint.
     *
     * @throws ParameterException when nothing or something contradictory selects it
     */
    RpcAddress address() {
        if (url != null) {
            throw usage("--url goes with --terminal ID");
        }
        if (port != null && socket != null) {
            throw usage("--port and --socket cannot be used together; give one");
        }
        if (socket != null) {
            return unixSocket(socket, "--socket");
        }
        if (port != null) {
            return tcp(port, "--port");
        }
        String envSocket = env("PTYCTL_SOCKET");
        String envPort = env("PTYCTL_PORT");
        if (envSocket != null && envPort != null) {
            throw usage("PTYCTL_PORT and PTYCTL_SOCKET are both set; choose with --port or --socket");
        }
        if (envSocket != null) {
            return unixSocket(Path.of(envSocket), "PTYCTL_SOCKET");
        }
        if (envPort != null) {
            return tcp(parsePort(envPort, "PTYCTL_PORT"), "PTYCTL_PORT");
        }
        String rpc = env("PTYCTL_RPC");
        if (rpc != null) {
            return fromRpcVariable(rpc);
        }
        throw usage("no terminal given: use --port N, --socket PATH or --terminal ID, or set PTYCTL_PORT, "
                + "PTYCTL_SOCKET or PTYCTL_RPC");
    }

    private RpcAddress unixSocket(Path path, String source) {
        if (host != null) {
            throw usage("--host goes with a port, not with " + source);
        }
        return RpcAddress.unix(path);
    }

    private RpcAddress tcp(int value, String source) {
        if (value < 1 || value > 65_535) {
            throw usage(source + " must be a port number from 1 to 65535, got " + value);
        }
        return RpcAddress.tcp(host != null ? host : DEFAULT_HOST, value);
    }

    private RpcAddress fromRpcVariable(String rpc) {
        RpcAddress.Tcp parsed;
        try {
            parsed = (RpcAddress.Tcp) RpcAddress.parseHostPort(rpc);
        } catch (IllegalArgumentException e) {
            throw usage("PTYCTL_RPC must be host:port, got \"" + rpc + "\"");
        }
        return host == null ? parsed : RpcAddress.tcp(host, parsed.port());
    }

    private int parsePort(String text, String source) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw usage(source + " must be a port number from 1 to 65535, got \"" + text + "\"");
        }
    }

    private String env(String name) {
        return Environment.get(mixee, name);
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
