package dev.ptyctl.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl mcp}: the MCP server over stdio (SPEC §7) is not written yet. The command exists so that help,
 * completion and scripts see it, and says plainly that it does nothing rather than pretending to serve.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = {"MCP server over stdio. NOT IMPLEMENTED YET: prints a message and exits 2.",
                "The MCP server comes with its own issue; until then use the REST API or the other commands."})
final class McpCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println("ptyctl: mcp is not implemented yet (the MCP server comes with its own issue); "
                + "use the REST API or the other ptyctl commands meanwhile");
        err.flush();
        return ExitCode.USAGE;
    }
}
