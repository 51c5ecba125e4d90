package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ptyctl status}: one line, {@code running pid=P} or {@code exited code=C pid=P}. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print whether the hosted process runs.",
                "One line: \"running pid=P\" or \"exited code=C pid=P\", with \" signal=NAME\" before pid when a "
                        + "signal ended it (exited code=137 signal=SIGKILL pid=P).",
                "Exit 0 in both cases (the line says which); with --running, 1 once the program has exited.",
                "Example: while ptyctl status --running >/dev/null; do sleep 1; done"})
final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--running", description = "Exit 1 when the program has exited (0 while it runs), for if and "
            + "while in scripts.")
    private boolean running;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (RpcClient client = target.connect()) {
            return ClientVerbs.status(client, json.enabled(), running, spec.commandLine().getOut());
        }
    }
}
