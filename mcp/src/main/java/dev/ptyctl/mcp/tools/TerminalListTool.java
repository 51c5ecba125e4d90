package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.shell.LiveTitle;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code terminal_list}: the terminals this MCP session created, running or exited. */
public final class TerminalListTool extends SchemaTool {

    public TerminalListTool() {
        super("terminal_list", "List terminals", Access.READ, false, """
                List the terminals this session created: id, name, command, whether it still runs (`state`), its \
                exit code (and `signal`, the signal's name, when a signal killed it), the title the program shows now (ptyctl's shell integration sets it to the running command, and to the shell and its directory at the prompt), `activity` (working/idle, from the title), the command the \
                shell runs now (`runningCommand`) and the last command's exit code (`lastExitCode`; for a command that \
                ended the shell, such as `exit 3`, the shell's exit status). Use it to find \
                a terminal id again or to see which terminals are busy. Closed terminals stay listed as exited. \
                `outlivesSession: true` marks one created to keep running after this session ends. With \
                `all: true` it also lists the server's other terminals (a person's, the CLI's, another session's, \
                one an earlier session left running), marked `mine: false`: any of them can be used by id.""",
                """
                {"type": "object", "properties": {
                  "all": {"type": "boolean", "description": "Also list the terminals this session did not create (default false)."}
                }}""", """
                {"type": "object", "properties": {"terminals": {"type": "array", "items": {"type": "object", "properties": {
                  "terminalId": {"type": "string"}, "name": {"type": "string"},
                  "command": {"type": "array", "items": {"type": "string"}},
                  "state": {"type": "string", "enum": ["running", "exited"]},
                  "exitCode": {"type": ["integer", "null"]}, "signal": {"type": "string"},
                  "title": {"type": ["string", "null"]},
                  "activity": {"type": ["string", "null"]}, "runningCommand": {"type": ["string", "null"]},
                  "lastExitCode": {"type": ["integer", "null"]}, "outlivesSession": {"type": "boolean"},
                  "mine": {"type": "boolean"}
                }, "required": ["terminalId", "name", "command", "state", "exitCode"]}}}, "required": ["terminals"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError {
        List<Map<String, Object>> terminals = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        List<SessionTerminals.Entry> mine = call.session().entries();
        List<SessionTerminals.Entry> listed = new ArrayList<>(mine);
        if (args.bool("all")) {
            Set<String> own = mine.stream().map(SessionTerminals.Entry::terminalId).collect(Collectors.toSet());
            call.registry().list().stream().filter(t -> !own.contains(t.terminalId()))
                    .map(t -> new SessionTerminals.Entry(t.terminalId(),
                            Path.of(t.spec().command().getFirst()).getFileName().toString(), t.spec().command(),
                            false))
                    .forEach(listed::add);
        }
        for (SessionTerminals.Entry entry : listed) {
            Map<String, Object> item = describe(call, entry);
            boolean others = !mine.contains(entry);
            if (others) {
                item.put("mine", false);
            }
            terminals.add(item);
            text.append(entry.terminalId()).append("  ").append(entry.name()).append("  ")
                    .append(item.get("state"));
            if (item.get("signal") != null) {
                text.append(" (killed by ").append(item.get("signal")).append(')');
            } else if (item.get("exitCode") != null) {
                text.append(" (exit ").append(item.get("exitCode")).append(')');
            }
            if (entry.outlivesSession()) {
                text.append("  (outlives this session)");
            }
            if (others) {
                text.append("  (not this session's)");
            }
            if (item.get("runningCommand") != null) {
                text.append("  running: ").append(item.get("runningCommand"));
            }
            text.append('\n');
        }
        if (terminals.isEmpty()) {
            text.append(args.bool("all") ? "The server has no terminals" : "This session has no terminals yet")
                    .append(": terminal_create starts one, terminal_run uses a shell it starts itself.");
        }
        return new ToolResult().put("terminals", terminals).withText(text.toString().strip());
    }

    private static Map<String, Object> describe(ToolCall call, SessionTerminals.Entry entry) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("terminalId", entry.terminalId());
        item.put("name", entry.name());
        item.put("command", entry.command());
        Optional<ProcessExit> closed = call.session().closedExit(entry.terminalId());
        Optional<HostedTerminal> found = closed.isPresent() ? Optional.empty()
                : call.registry().find(entry.terminalId());
        // Not closed here and no longer in the registry: another client removed it; its exit code is gone with it.
        Optional<ProcessExit> exit = found.isPresent() ? found.get().session().progress().exit() : closed;
        boolean running = found.isPresent() && exit.isEmpty();
        item.put("state", running ? "running" : "exited");
        item.put("exitCode", exit.map(ProcessExit::exitCode).orElse(null));
        // Only when a signal ended it: exit 130 and SIGINT have the same exit code.
        exit.flatMap(ProcessExit::signalName).ifPresent(name -> item.put("signal", name));
        // The title the program shows now, not the server's recorded one: that is recorded only once a title has held
        // for half a second (for its events), so a list right after python ended still said "python3 -q" while the
        // shell was back at its prompt. An exited program has none.
        Optional<LiveTitle> title = found.filter(t -> running)
                .flatMap(t -> LiveTitle.fromRaw(t.session().inspect(terminal -> terminal.title())));
        item.put("title", title.map(LiveTitle::title).orElse(null));
        item.put("activity", title.flatMap(LiveTitle::activity).map(LiveTitle.Activity::wireName).orElse(null));
        Optional<PromptTracker> prompts = found.flatMap(HostedTerminal::prompts);
        // A shell that ended (its own exit, a kill) never marked its last command finished: none runs any more.
        item.put("runningCommand", prompts.filter(p -> running).flatMap(PromptTracker::runningCommand)
                .flatMap(PromptTracker.CommandSummary::commandLine).orElse(null));
        // A closed terminal has left the registry: its last exit code was kept when it was closed.
        OptionalInt lastExit = closed.isPresent() ? call.session().closedLastExitCode(entry.terminalId())
                : prompts.map(PromptTracker::lastExitCode).orElse(OptionalInt.empty());
        item.put("lastExitCode", lastExit.isPresent() ? lastExit.getAsInt() : null);
        if (entry.outlivesSession()) {
            item.put("outlivesSession", true);
        }
        return item;
    }
}
