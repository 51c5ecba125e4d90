package dev.ptyctl.cli;

import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl mcp}: the MCP server over stdio. This class only parses the command line, in JDK types, so that no
 * other command loads the MCP SDK; {@link McpLauncher} runs it through {@link ServerSideLoader}.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve MCP (Model Context Protocol) on stdin/stdout, so an AI agent can drive terminals: "
                + "create them, run commands, type, wait, read the screen.",
                "By default starts its own server in this process (terminals end when stdin closes); with --url (or "
                        + "PTYCTL_URL) relays to the /mcp endpoint of a running ptyctl server instead.",
                "Nothing but MCP messages is written to stdout; messages for people go to stderr.",
                "Example (Claude Code): claude mcp add ptyctl -- /path/to/ptyctl mcp"})
final class McpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--tools", paramLabel = "SET",
            description = "Which tools agents get: readonly (list, read, wait, output), interactive (all but close) "
                    + "or all (default: ptyctl.mcp.tools, all). Only for the embedded server: a server at --url "
                    + "uses its own setting.")
    private String tools;

    @Option(names = "--url", paramLabel = "URL",
            description = "Relay to the ptyctl server at URL (env PTYCTL_URL) instead of starting one.")
    private String url;

    @Option(names = "--token", paramLabel = "T", description = "The token of the server at --url (env PTYCTL_TOKEN).")
    private String token;

    @Option(names = "--cacert", paramLabel = "FILE",
            description = "PEM certificate(s) of the CA to trust when --url is HTTPS (env PTYCTL_CACERT).")
    private Path cacert;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A YAML file overriding the built-in defaults of the embedded server.")
    private Path config;

    @Override
    public Integer call() throws Exception {
        Function<String, String> environment = spec.root().userObject() instanceof Main main
                ? main.environment() : System::getenv;
        String target = url != null ? url : Environment.get(spec, ServerConnection.URL_VARIABLE);
        if (tools != null && !tools.toLowerCase(Locale.ROOT).matches("readonly|interactive|all")) {
            throw new ParameterException(spec.commandLine(), "--tools must be readonly, interactive or all, got "
                    + tools);
        }
        if (target != null && (tools != null || config != null)) {
            throw new ParameterException(spec.commandLine(), (tools != null ? "--tools" : "--config")
                    + " applies to the embedded server only; the server at " + target + " uses its own "
                    + "configuration (ptyctl.mcp.tools)");
        }
        String bearer = token != null ? token : Environment.get(spec, ServerConnection.TOKEN_VARIABLE);
        if (cacert != null && target == null) {
            throw new ParameterException(spec.commandLine(), "--cacert goes with --url and an https:// server");
        }
        // PTYCTL_CACERT, exported for remote servers, is no mistake for the embedded one: ignored there, as the
        // commands that dial a terminal's own port ignore it.
        Path trusted = target == null ? null : CaCertificates.chosen(cacert, environment);
        SSLContext tls = trusted == null ? null : CaCertificates.trusting(trusted);
        if (target != null) {
            awaitStartingServer(target, environment);
        }
        return (Integer) ServerSideLoader.call("dev.ptyctl.cli.McpLauncher", "run",
                new Class<?>[] {String.class, String.class, SSLContext.class, String.class, Path.class,
                        Function.class, java.io.PrintWriter.class},
                target, bearer, tls, tools, config, environment, spec.commandLine().getErr());
    }

    /**
     * Waits for the server at {@code url} while a start marker says it is still starting on this machine (an agent's
     * MCP client often starts {@code ptyctl server &} and {@code ptyctl mcp --url} together): the relay's first
     * request comes with the agent's first message, which a refused connection would answer with an error. Nothing
     * waits for a URL that no starting server announces. Here, in the application's class loader, because
     * {@link McpLauncher} runs in the server-side one and cannot see this package's classes.
     */
    private void awaitStartingServer(String url, Function<String, String> environment)
            throws InterruptedIOException {
        URI server;
        try {
            server = URI.create(url);
        } catch (IllegalArgumentException e) {
            return; // the relay names what is wrong with it
        }
        if (server.getHost() != null) {
            ListenTarget listened = ListenTarget.of(server);
            StartingServerWait.of(environment, spec.commandLine().getErr())
                    .awaitListening(listened, listened::acceptsConnections);
        }
    }
}
