package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Status;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ptyctl status}: one line, {@code running pid=P} or {@code exited code=C pid=P}. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print whether the hosted process runs.",
                "One line: \"running pid=P\" or \"exited code=C pid=P\"."})
final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (RpcClient client = target.connect()) {
            if (json.enabled()) {
                JsonOption.print(out, client.call(RpcMethod.STATUS, JsonObject.EMPTY_JSON_OBJECT));
            } else {
                out.println(describe(client.status()));
                out.flush();
            }
        }
        return ExitCode.OK;
    }

    static String describe(Status status) {
        if (status.running()) {
            return "running pid=" + status.pid();
        }
        String code = status.exitCode().isPresent() ? Integer.toString(status.exitCode().getAsInt()) : "unknown";
        return "exited code=" + code + " pid=" + status.pid();
    }
}
