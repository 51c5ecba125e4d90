package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.terminals.CreateRequest;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.terminals.TerminalRequestException;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/** {@code terminal_create}: starts a program (by default the user's shell, with shell integration) in a terminal. */
public final class TerminalCreateTool extends SchemaTool {
    static final int DEFAULT_COLS = 120;
    static final int DEFAULT_ROWS = 40;

    public TerminalCreateTool() {
        super("terminal_create", "Create a terminal", Access.INTERACT, false, """
                Start a program in a new terminal (a real PTY with a screen). Without `command` it is the user's \
                shell with ptyctl's shell integration, which terminal_run needs. Use it for interactive programs \
                (REPLs, vim, ssh, anything that asks questions) or to keep several shells apart; for plain \
                commands terminal_run alone is enough (it starts a shell itself). The result has the terminalId \
                for the other tools, the `seq` to wait from, and `viewUrl`, a web page where a person can watch and \
                type (hand it to the user when a password or a decision is needed). The terminal ends when this \
                MCP session ends (the client disconnects, or is gone for long), unless you set \
                `outliveSession: true`: only for something the user asked to keep running after you are done (a \
                dev server, a long job); then tell the user its terminalId and close it yourself when it is no \
                longer wanted. \
                Example: {"command": ["python3", "-q"], "name": "py"}.""", """
                {"type": "object", "properties": {
                  "command": {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "Program and arguments (argv). Default: the user's shell."},
                  "cwd": {"type": "string", "description": "Working directory (must exist). Default: the server's."},
                  "env": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Extra environment variables."},
                  "cols": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "Width, default 120."},
                  "rows": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "Height, default 40."},
                  "name": {"type": "string", "description": "A name to tell terminals apart in terminal_list."},
                  "outliveSession": {"type": "boolean", "description": "Keep it running after this MCP session ends (default false: it ends with the session)."}
                }}""", """
                {"type": "object", "properties": {
                  "terminalId": {"type": "string"}, "name": {"type": "string"}, "pid": {"type": "integer"},
                  "size": %s, "seq": {"type": "integer"}, "viewUrl": {"type": "string"},
                  "outlivesSession": {"type": "boolean"}
                }, "required": ["terminalId", "name", "pid", "size", "seq", "viewUrl"]}""".formatted(SIZE));
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError, InterruptedException {
        List<String> command = args.stringList("command");
        if (command != null && command.isEmpty()) {
            throw new ToolError("command must name a program: [\"program\", \"arg\", ...]; leave it out for a shell.");
        }
        int cols = (int) args.integer("cols", 1, 1000, DEFAULT_COLS);
        int rows = (int) args.integer("rows", 1, 1000, DEFAULT_ROWS);
        boolean outlive = args.bool("outliveSession");
        String name = args.optionalString("name").orElse(command == null ? "shell"
                : Path.of(command.getFirst()).getFileName().toString());
        HostedTerminal terminal = create(call, new CreateRequest("mcp-" + UUID.randomUUID(),
                args.optionalString("cwd").orElse(null), cols, rows, command == null ? null : command.getFirst(),
                command == null ? null : command.subList(1, command.size()), args.stringMap("env"), false, true));
        boolean owned = call.own(terminal, new SessionTerminals.Entry(terminal.terminalId(), name,
                terminal.spec().command(), outlive));
        long seq = terminal.session().progress().outputSeq();
        String viewUrl = call.viewUrl(terminal.terminalId());
        return new ToolResult().put("terminalId", terminal.terminalId()).put("name", name)
                .put("pid", terminal.session().pid()).put("size", ToolResult.size(cols, rows)).put("seq", seq)
                .put("viewUrl", viewUrl).put("outlivesSession", outlive)
                .withText("Created terminal " + terminal.terminalId() + " (\"" + name + "\": "
                        + String.join(" ", terminal.spec().command()) + ", " + cols + "x" + rows + ", seq " + seq
                        + "). A person can watch and type at " + viewUrl + (!outlive ? ""
                        : owned ? ". It outlives this MCP session: it runs until terminal_close (or the server "
                        + "stops), so tell the user its id."
                        : ". This MCP session ended while it was being created; the terminal was kept, as "
                        + "outliveSession asks: it runs until terminal_close (or the server stops), so tell the user "
                        + "its id."));
    }

    /** Spawns through the registry, turning its refusals into sentences an agent can act on. */
    static HostedTerminal create(ToolCall call, CreateRequest request) throws ToolError, InterruptedException {
        try {
            return call.registry().create(request).terminal();
        } catch (TerminalRequestException e) {
            throw new ToolError(refusal(e));
        }
    }

    /** The sentence for a refused create: the registry's reason and what the agent can do about it. */
    static String refusal(TerminalRequestException e) {
        return "Cannot create the terminal: " + e.getMessage() + switch (e.reason()) {
            case LIMIT_REACHED -> ". Close terminals you no longer need with terminal_close.";
            case INVALID -> ". Fix that argument and call terminal_create again.";
            // The agent cannot raise it, and retrying at once fails the same way: the sentence alone said "raise the
            // limit", which an agent took as something to try.
            case TASK_LIMIT -> ". The machine limits how many processes and threads the ptyctl server may have, and "
                    + "that limit is reached: close terminals you no longer need with terminal_close and try again, "
                    + "or tell the user the server's task limit must be raised; retrying without either fails the "
                    + "same way.";
            default -> ".";
        };
    }
}
