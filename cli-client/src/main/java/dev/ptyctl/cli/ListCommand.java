package dev.ptyctl.cli;

import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ptyctl ls}: the server's terminals as a table ({@code GET /v1/terminals}). */
@Command(name = "ls", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List the ptyctl server's terminals, live and exited, oldest first.",
                "Columns: TERMINAL (the id other commands take), SESSION, STATE (running, exited N or killed SIGNAL), "
                        + "SIZE, CLIENTS (attached WebSocket clients), COMMAND, TITLE. No terminals: no output. On a "
                        + "terminal, COMMAND and TITLE are cut to its width; to a pipe or a file they are whole.",
                "The table is for reading: COMMAND, TITLE and STATE hold spaces. For scripts: -q (the ids), "
                        + "--format (fields of your choice, e.g. tab-separated) or --json (the server's "
                        + "{\"terminals\": [...]}).",
                "Examples: ptyctl ls -q | xargs -r ptyctl rm",
                "          ptyctl ls --format '{terminal}\\t{state}\\t{command}'"})
final class ListCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-q", "--quiet"}, description = "Print only the terminal ids.")
    private boolean quiet;

    @Option(names = {"-f", "--format"}, paramLabel = "TEMPLATE",
            description = "Print one line per terminal: TEMPLATE with each {field} replaced; \\t is a tab, \\n a "
                    + "newline. Fields: terminal, session, state, size, clients, command, title, pid, exitcode "
                    + "(empty while running), cwd, created.")
    private String format;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        if (format != null && (quiet || json.enabled())) {
            throw new UsageException("--format chooses what ls prints, as -q and --json do; give one of them");
        }
        ListFormat template = format == null ? null : ListFormat.parse(format);
        try (TerminalsClient client = server.connect()) {
            return ServerVerbs.list(client, quiet, json.enabled(), template,
                    () -> ScreenWidth.ofStandardOutput(Environment.of(spec)), spec.commandLine().getOut());
        }
    }
}
