package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ptyctl ls}: the server's terminals as a table ({@code GET /v1/terminals}). */
@Command(name = "ls", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List the ptyctl server's terminals, live and exited, oldest first.",
                "Columns: TERMINAL (the id other commands take), SESSION, STATE (running, or exited and the exit "
                        + "code), SIZE, CLIENTS (attached WebSocket clients), COMMAND, TITLE. No terminals: no output.",
                "With -q only the ids, one a line; with --json the server's {\"terminals\": [...]}.",
                "Example: ptyctl ls -q | xargs -r ptyctl rm"})
final class ListCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-q", "--quiet"}, description = "Print only the terminal ids.")
    private boolean quiet;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (TerminalsClient client = server.connect()) {
            return ServerVerbs.list(client, quiet, json.enabled(), spec.commandLine().getOut());
        }
    }
}
