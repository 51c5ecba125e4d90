package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.pty.SessionExitedException;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;

/** {@code terminal_resize}: changes a terminal's size (the program gets SIGWINCH). */
public final class TerminalResizeTool extends SchemaTool {

    public TerminalResizeTool() {
        super("terminal_resize", "Resize a terminal", Access.INTERACT, false, """
                Change a terminal's size in columns and rows; the program is told (SIGWINCH) and redraws. Use it \
                when a full-screen program needs more room, or to make long lines fit. \
                Example: {"terminalId": "...", "cols": 200, "rows": 50}.""", """
                {"type": "object", "properties": {
                  %s,
                  "cols": {"type": "integer", "minimum": 1, "maximum": 1000},
                  "rows": {"type": "integer", "minimum": 1, "maximum": 1000}
                }, "required": ["terminalId", "cols", "rows"]}""".formatted(TERMINAL_ID), """
                {"type": "object", "properties": {"size": %s}, "required": ["size"]}""".formatted(SIZE));
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args)
            throws ToolError, IOException, InterruptedException {
        String id = args.string("terminalId");
        int cols = (int) args.requiredInteger("cols", 1, 1000);
        int rows = (int) args.requiredInteger("rows", 1, 1000);
        try {
            call.liveTerminal(id).session().resize(cols, rows);
        } catch (SessionExitedException e) {
            call.liveTerminal(id);
            throw new ToolError("Terminal " + id + " has exited; it cannot be resized.");
        }
        return new ToolResult().put("size", ToolResult.size(cols, rows))
                .withText("Terminal " + id + " is now " + cols + "x" + rows + ".");
    }
}
