package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --url}, {@code --token} and {@code --cacert} of the commands that talk to the ptyctl server's REST API; what
 * they select is {@link ServerSelection}'s.
 */
final class ServerOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(names = "--url", paramLabel = "URL",
            description = "The ptyctl server (env PTYCTL_URL).%nDefault: http://127.0.0.1:8765")
    private String url;

    @Option(names = "--token", paramLabel = "T", description = "The server's token (env PTYCTL_TOKEN).")
    private String token;

    @Option(names = "--cacert", paramLabel = "FILE",
            description = "PEM certificate(s) of the CA to trust when --url is HTTPS (env PTYCTL_CACERT).")
    private Path cacert;

    /** The selection made, once: its CA file is read once (see {@link CaTrust}). */
    private ServerSelection selection;

    /** The server these flags and the environment select. */
    ServerSelection selection() {
        if (selection == null) {
            selection = new ServerSelection(url, token, cacert, Environment.of(mixee));
        }
        return selection;
    }

    /**
     * A client of the selected server, once a server still starting on its port listens.
     *
     * @throws UsageException when the URL is not an http(s) URL
     */
    TerminalsClient connect() throws InterruptedIOException {
        return selection().connect(mixee.commandLine().getErr());
    }
}
