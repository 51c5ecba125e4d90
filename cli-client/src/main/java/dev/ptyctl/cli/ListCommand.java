package dev.ptyctl.cli;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArrayBuilder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ptyctl ls}: the server's terminals as a table ({@code GET /v1/terminals}). */
@Command(name = "ls", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List the ptyctl server's terminals, live and exited, oldest first.",
                "Columns: TERMINAL (the id other commands take), SESSION, STATE (running, or exited and the exit "
                        + "code), SIZE, CLIENTS (attached WebSocket clients), COMMAND, TITLE. No terminals: no output.",
                "With -q only the ids, one a line; with --json the server's {\"terminals\": [...]}.",
                "Example: for t in $(ptyctl ls -q); do ptyctl rm \"$t\"; done"})
final class ListCommand implements Callable<Integer> {
    private static final List<String> HEADER = List.of("TERMINAL", "SESSION", "STATE", "SIZE", "CLIENTS", "COMMAND",
            "TITLE");

    @Spec
    private CommandSpec spec;

    @Option(names = {"-q", "--quiet"}, description = "Print only the terminal ids.")
    private boolean quiet;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Terminal> terminals;
        try (TerminalsClient client = server.connect()) {
            terminals = client.list();
        }
        if (json.enabled()) {
            JsonArrayBuilder array = JsonSupport.arrayBuilder();
            terminals.forEach(terminal -> array.add(terminal.json()));
            JsonOption.print(out, JsonSupport.objectBuilder().add("terminals", array).build());
        } else if (quiet) {
            terminals.forEach(terminal -> out.println(terminal.terminalId()));
        } else if (!terminals.isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(HEADER);
            terminals.forEach(terminal -> rows.add(row(terminal)));
            Table.print(out, rows);
        }
        out.flush();
        return ExitCode.OK;
    }

    private static List<String> row(Terminal terminal) {
        String state = terminal.running() ? "running" : terminal.exit()
                .map(end -> end.signalName().map(name -> "killed " + name).orElse("exited " + end.exitCode()))
                .orElse("exited ?");
        return List.of(terminal.terminalId(), terminal.sessionId(), state,
                terminal.size().cols() + "x" + terminal.size().rows(), Integer.toString(terminal.clients()),
                String.join(" ", terminal.command()), terminal.liveTitle().orElse(""));
    }
}
