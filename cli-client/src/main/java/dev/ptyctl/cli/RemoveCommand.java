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
                "Returns once the program is gone. A terminal whose program has already exited is removed from the "
                        + "list (exit 0 all the same); exit 4 when the server has no terminal with that id.",
                "Prints nothing; with --json the server's {\"closed\": true|false} (false: it had exited).",
                "Example: for t in $(ptyctl ls -q); do ptyctl rm \"$t\"; done"})
final class RemoveCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls'), or with --session a session id.")
    private String id;

    @Option(names = "--session", description = "ID is a session id: close that session's terminal.")
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
