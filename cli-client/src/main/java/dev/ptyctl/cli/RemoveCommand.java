package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl rm ID...}: closes terminals ({@code DELETE /v1/terminals/{id}}, or by session). */
@Command(name = "rm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Close terminals: hang up each one's program, kill what is left after a grace period, forget "
                + "it.",
                "Returns once the programs are gone. A terminal whose program has already exited is removed from the "
                        + "list (exit 0 all the same); exit 4 when the server has no terminal with an id given (the "
                        + "others are removed all the same).",
                "Prints nothing; with --json the server's {\"closed\": true|false} for each (false: nothing live to "
                        + "close, the program had exited or the id is unknown).",
                "Example: ptyctl ls -q | xargs -r ptyctl rm"})
final class RemoveCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", arity = "1..*",
            description = "Terminal ids (see 'ptyctl ls'), or with --session session ids.")
    private List<String> ids;

    @Option(names = "--session", description = "Each ID is a session id: close that session's terminal.")
    private boolean bySession;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (TerminalsClient terminals = server.connect()) {
            return ServerVerbs.remove(terminals, ids, bySession, json.enabled(), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }
}
