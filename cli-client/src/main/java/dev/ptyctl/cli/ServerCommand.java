package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl server}: the REST + WebSocket terminal service (docs/rest.md, docs/operations.md). This class only parses the command
 * line, in JDK types, so picocli's reflection over the subcommands never loads the server; {@link ServerLauncher}
 * starts it.
 */
@Command(name = "server", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the terminal service: REST, WebSocket and a JSON-RPC endpoint per terminal.",
                "Configuration: config/application.yaml (built in), then --config FILE, environment variables "
                        + "(PTYCTL_TOKEN, PTYCTL_TERMINALS_MAX_TERMINALS, ...) and -Dkey=value options "
                        + "(-Dptyctl.terminals.maxTerminals=32); --host, --port and --token win over all of them. "
                        + "Unknown keys and PTYCTL_ variables are warned about on stderr. Every key: docs/operations.md.",
                "Prints its URL and where the token comes from, then serves until SIGTERM.",
                "Example: ptyctl server --port 0 &   (any free port: the URL it prints says which)"})
final class ServerCommand implements Callable<Integer> {

    /** {@code server.port} of the built-in configuration (config/application.yaml). */
    static final int DEFAULT_PORT = 8765;

    @Spec
    private CommandSpec spec;

    @Option(names = "--host", paramLabel = "H",
            description = "Address to listen on (default: server.host, 127.0.0.1). Any address but loopback "
                    + "needs a token.")
    private String host;

    @Option(names = "--port", paramLabel = "N", description = "TCP port (default: server.port, 8765; 0 = any free).")
    private Integer port;

    @Option(names = "--config", paramLabel = "FILE", description = "A YAML file overriding the built-in defaults.")
    private Path config;

    @Option(names = "--token", paramLabel = "T",
            description = "Require this token from every client (env PTYCTL_TOKEN; 'generate' for a random one, "
                    + "written to the token file).")
    private String token;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "A configuration key, as a system property; repeatable.%n"
                    + "Example: -Dptyctl.terminals.cols=120")
    private Map<String, String> properties = Map.of();

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "Serve HTTPS with this PEM certificate (chain); needs --tls-key (config: server.tls).")
    private Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "The PEM private key of --tls-cert.")
    private Path tlsKey;

    @Option(names = "--log-format", paramLabel = "FORMAT",
            description = "The event log on stderr: text or json lines (default: ptyctl.log.format, text).")
    private String logFormat;

    @Override
    public Integer call() throws Exception {
        if (port != null && (port < 0 || port > 65_535)) {
            throw new ParameterException(spec.commandLine(), "--port must be from 0 to 65535, got " + port);
        }
        if (host != null && host.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--host is empty");
        }
        // Clients refused meanwhile wait for this port (docs/cli.md, "A server that is still starting"); without
        // --port, the default: a port set in the configuration is known only once the server listens.
        int announced = port != null ? port : DEFAULT_PORT;
        OwnStartMarker.announce("server", announced > 0 ? ListenTarget.port(announced) : null);
        Function<String, String> environment = spec.root().userObject() instanceof Main main
                ? main.environment() : System::getenv;
        return (Integer) ServerSideLoader.call("dev.ptyctl.cli.ServerLauncher", "run",
                new Class<?>[] {ServerRequest.class, Function.class, CommandLine.class},
                new ServerRequest(host, port, config, token, properties, tlsCert, tlsKey,
                        logFormat), environment, spec.commandLine());
    }
}
