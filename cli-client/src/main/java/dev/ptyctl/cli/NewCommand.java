package dev.ptyctl.cli;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.TerminalsClient;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl new [-- CMD ARGS]}: starts a terminal on the ptyctl server ({@code POST /v1/terminals}) and prints
 * its id, so a script can say {@code id=$(ptyctl new -- vim notes.txt)}.
 */
@Command(name = "new", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a terminal on the ptyctl server and print its id.",
                "Runs CMD ARGS (after --), or the server's default shell. Without --session each call gets a new "
                        + "session, so a new terminal; with --session, a session that already has a live terminal "
                        + "gets that one back (the other options are then not applied).",
                "Example: id=$(ptyctl new --cols 120 -- vim -u NONE notes.txt); ptyctl write --terminal \"$id\" "
                        + "--text ihello",
                "Prints the terminal id; with --json the server's terminal object."})
final class NewCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--session", paramLabel = "ID",
            description = "The session the terminal belongs to (default: a new one, cli-<random>).")
    private String session;

    @Option(names = "--cwd", paramLabel = "DIR",
            description = "Working directory; a relative one is taken from here (default: the server's).")
    private Path cwd;

    @Option(names = "--cols", paramLabel = "N", description = "Columns, 1-1000 (default: the server's, 100).")
    private Integer cols;

    @Option(names = "--rows", paramLabel = "N", description = "Rows, 1-1000 (default: the server's, 30).")
    private Integer rows;

    // Strings, checked here: picocli's own message for a map option without '=' says "option option".
    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "An environment variable for CMD; repeatable.")
    private List<String> env = List.of();

    @Parameters(paramLabel = "CMD", arity = "0..*",
            description = "The program and its arguments, after -- (default: the server's shell).")
    private List<String> command = List.of();

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        CreateTerminalRequest request = NewTerminalRequest.of(session, cwd, cols, rows, env, command);
        try (TerminalsClient terminals = server.connect()) {
            return ServerVerbs.create(terminals, request, json.enabled(), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }
}
