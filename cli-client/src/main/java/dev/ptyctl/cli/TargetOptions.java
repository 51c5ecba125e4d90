package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The flags that select a client command's terminal endpoint: {@code --port N [--host H]}, {@code --socket PATH}
 * or {@code --terminal ID [--url URL] [--cacert FILE]}, and {@code --token}. The rules (and the environment variables that stand in
 * for the flags) are {@link EndpointSelection}'s.
 */
final class TargetOptions {

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
            description = "A terminal of the ptyctl server at --url, by id or by the name of its session (see "
                    + "'ptyctl ls'; env PTYCTL_TERMINAL_ID).")
    private String terminal;

    @Option(names = "--url", paramLabel = "URL",
            description = "The ptyctl server for --terminal (env PTYCTL_URL).%n"
                    + "Default: http://127.0.0.1:8765")
    private String url;

    @Option(names = "--token", paramLabel = "T",
            description = "Token for servers and endpoints that require one (env PTYCTL_TOKEN).")
    private String token;

    @Option(names = "--cacert", paramLabel = "FILE",
            description = "PEM certificate(s) of the CA to trust when --url is HTTPS (env PTYCTL_CACERT).")
    private Path cacert;

    /**
     * Connects to the selected endpoint, authenticating when a token is known.
     *
     * @throws UsageException when nothing or something contradictory selects it
     */
    RpcClient connect() throws IOException {
        return selection().connect(mixee.commandLine().getErr());
    }

    /** The selection these flags and the environment make. */
    EndpointSelection selection() {
        return new EndpointSelection(port, host, socket, terminal, url, token, cacert, Environment.of(mixee));
    }
}
