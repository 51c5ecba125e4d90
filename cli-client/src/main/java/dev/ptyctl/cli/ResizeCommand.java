package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcMethod;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
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
        checkDimension("COLS", cols);
        checkDimension("ROWS", rows);
        try (RpcClient client = target.connect()) {
            if (json.enabled()) {
                JsonOption.print(spec.commandLine().getOut(), client.call(RpcMethod.RESIZE,
                        JsonSupport.objectBuilder().add("cols", cols).add("rows", rows).build()));
            } else {
                client.resize(cols, rows);
            }
        }
        return ExitCode.OK;
    }

    private void checkDimension(String name, int value) {
        if (value < 1 || value > RpcMethod.MAX_DIMENSION) {
            throw new ParameterException(spec.commandLine(),
                    name + " must be from 1 to " + RpcMethod.MAX_DIMENSION + ", got " + value);
        }
    }
}
