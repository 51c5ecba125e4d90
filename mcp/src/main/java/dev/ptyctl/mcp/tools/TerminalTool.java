package dev.ptyctl.mcp.tools;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Set;

/**
 * One MCP tool over the terminals: its definition (name, description for a model, input and output schemas,
 * annotations), which {@link Access} it needs (what {@code --tools} filters on) and the call.
 */
public interface TerminalTool {

    /** What a tool does to terminals, from least to most. */
    enum Access {
        /** Only looks: list, read, wait, output. */
        READ,
        /** Creates terminals and types into them. */
        INTERACT,
        /** Ends them. */
        CLOSE
    }

    String name();

    Access access();

    /** The names of the arguments the input schema declares. */
    Set<String> argumentNames();

    /** The tool as {@code tools/list} shows it. */
    McpSchema.Tool definition(McpJsonMapper json);

    /**
     * Does the call.
     *
     * @throws ToolError for anything the agent can fix; the message says how
     */
    McpSchema.CallToolResult call(ToolCall call, Arguments arguments)
            throws ToolError, IOException, InterruptedException;
}
