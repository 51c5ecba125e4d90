package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl rm ID}: closes a terminal ({@code DELETE /v1/terminals/{id}}, or by session). */
@Command(name = "rm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Close a terminal: hang up its program, kill what is left after a grace period, forget it.",
                "Returns once the program is gone. Exit 4 when there was no live terminal with that id (an exited "
                        + "one is forgotten all the same).",
                "Prints nothing; with --json the server's {\"closed\": true|false}.",
                "Example: ptyctl rm \"$id\" || true"})
final class RemoveCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls'), or with --session a session id.")
    private String id;

    @Option(names = "--session", description = "ID is a session id: close that session's live terminal.")
    private boolean bySession;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (TerminalsClient terminals = server.connect()) {
            return ServerVerbs.remove(terminals, id, bySession, json.enabled(), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }
}
