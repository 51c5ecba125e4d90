package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ptyctl status}: one line, {@code running pid=P} or {@code exited code=C pid=P}. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print whether the hosted process runs.",
                "One line: \"running pid=P\" or \"exited code=C pid=P\", with \" signal=NAME\" before pid when a "
                        + "signal ended it (exited code=137 signal=SIGKILL pid=P).",
                "Example: ptyctl status | grep -q '^running'"})
final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (RpcClient client = target.connect()) {
            return ClientVerbs.status(client, json.enabled(), spec.commandLine().getOut());
        }
    }
}
