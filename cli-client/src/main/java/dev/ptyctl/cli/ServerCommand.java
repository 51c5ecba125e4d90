package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl server}: the REST + WebSocket terminal service (SPEC §5, §8). This class only parses the command
 * line, in JDK types, so picocli's reflection over the subcommands never loads the server; {@link ServerLauncher}
 * starts it.
 */
@Command(name = "server", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the terminal service: REST, WebSocket and a JSON-RPC endpoint per terminal.",
                "Configuration: config/application.yaml (built in), then --config FILE, environment variables "
                        + "(PTYCTL_TOKEN, PTYCTL_TERMINALS_MAX_TERMINALS, ...) and -D system properties; "
                        + "--host and --port win over all of them.",
                "Prints its URL and where the token comes from, then serves until SIGTERM."})
final class ServerCommand implements Callable<Integer> {

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

    @Override
    public Integer call() throws Exception {
        if (port != null && (port < 0 || port > 65_535)) {
            throw new ParameterException(spec.commandLine(), "--port must be from 0 to 65535, got " + port);
        }
        if (host != null && host.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--host is empty");
        }
        Function<String, String> environment = spec.root().userObject() instanceof Main main
                ? main.environment() : System::getenv;
        return (Integer) ServerSideLoader.call("dev.ptyctl.cli.ServerLauncher", "run",
                new Class<?>[] {ServerRequest.class, Function.class, CommandLine.class},
                new ServerRequest(host, port, config), environment, spec.commandLine());
    }
}
