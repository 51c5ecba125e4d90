package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl resize COLS ROWS}: resizes the terminal; silent unless {@code --json}. */
@Command(name = "resize", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Resize the terminal to COLS x ROWS.",
                "Each is 1-1000. Prints nothing; with --json the result {}.",
                "Example: ptyctl resize 120 40"})
final class ResizeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "COLS", description = "Columns.")
    private int cols;

    @Parameters(index = "1", paramLabel = "ROWS", description = "Rows.")
    private int rows;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        TerminalSize.checked("COLS", cols);
        TerminalSize.checked("ROWS", rows);
        try (RpcClient client = target.connect()) {
            return ClientVerbs.resize(client, cols, rows, json.enabled(), spec.commandLine().getOut());
        }
    }
}
