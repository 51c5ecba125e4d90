package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --url} and {@code --token} of the commands that talk to the ptyctl server's REST API. */
final class ServerOptions {

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(names = "--url", paramLabel = "URL",
            description = "The ptyctl server (env PTYCTL_URL).%nDefault: http://127.0.0.1:8765")
    private String url;

    @Option(names = "--token", paramLabel = "T", description = "The server's token (env PTYCTL_TOKEN).")
    private String token;

    /** The token to use: {@code --token}, else {@code PTYCTL_TOKEN}, else {@code null}. */
    String token() {
        return token != null ? token : Environment.get(mixee, ServerConnection.TOKEN_VARIABLE);
    }

    /**
     * A client of the selected server.
     *
     * @throws UsageException when the URL is not an http(s) URL
     */
    TerminalsClient connect() {
        return ServerConnection.open(Environment.of(mixee), url, token);
    }
}
