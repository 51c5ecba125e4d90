package dev.ptyctl.cli;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Which terminal endpoint a client command talks to: {@code --port N [--host H]} or
 * {@code --socket PATH}, else the environment.
 *
 * <p>Order: flags first; then {@code PTYCTL_SOCKET} or {@code PTYCTL_PORT} (setting both is an
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

    @Option(names = "--token", paramLabel = "T",
            description = "Token for endpoints that require one (env PTYCTL_TOKEN).")
    private String token;

    /** Connects to the selected endpoint, authenticating when a token is known. */
    RpcClient connect() throws IOException {
        RpcAddress address = address();
        String effectiveToken = token != null ? token : env("PTYCTL_TOKEN");
        return RpcClient.builder().token(effectiveToken).connect(address);
    }

    /**
     * The selected endpoint.
     *
     * @throws ParameterException when nothing or something contradictory selects it
     */
    RpcAddress address() {
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
        throw usage("no terminal given: use --port N or --socket PATH, or set PTYCTL_PORT, PTYCTL_SOCKET or PTYCTL_RPC");
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

    /** An environment variable, with empty treated as unset (as shells do with {@code VAR=}). */
    private String env(String name) {
        Function<String, String> environment = mixee.root().userObject() instanceof Main main
                ? main.environment() : System::getenv;
        String value = environment.apply(name);
        return value == null || value.isBlank() ? null : value;
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
