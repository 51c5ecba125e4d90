package dev.ptyctl.mcp.tools;

/**
 * A tool call that cannot be done as asked. Its message becomes the text of an {@code isError} result and is written
 * for the agent: what was wrong and what to do next ("... call terminal_list to see your terminals").
 */
public final class ToolError extends Exception {
    private static final long serialVersionUID = 1L;

    public ToolError(String message) {
        super(message);
    }
}
