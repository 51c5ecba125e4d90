package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ptyctl kill}: terminates the hosted process; the endpoint closes (and {@code serve} exits). */
@Command(name = "kill", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Terminate the hosted process and close its endpoint.",
                "Ends the process group (hang-up, then kill after a grace period); a 'ptyctl serve' "
                        + "process then exits 0. Prints nothing; with --json the result {}.",
                "Example: ptyctl kill --port 5174"})
final class KillCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (RpcClient client = target.connect()) {
            return ClientVerbs.kill(client, json.enabled(), spec.commandLine().getOut());
        }
    }
}
