package dev.ptyctl.mcp;

import io.helidon.config.Config;

/**
 * The adapter's settings ({@code ptyctl.mcp.*}).
 *
 * @param tools     which tools are offered
 * @param waitCapMs the longest a single terminal_wait blocks before answering {@code reason: "continue"}
 */
public record McpSettings(ToolSet tools, long waitCapMs) {
    /** The default of {@code ptyctl.mcp.waitCapMillis}: under the ~60 s after which many MCP clients give up. */
    public static final long DEFAULT_WAIT_CAP_MS = 60_000;
    /** Every tool, the default cap. */
    public static final McpSettings DEFAULTS = new McpSettings(ToolSet.ALL, DEFAULT_WAIT_CAP_MS);

    public McpSettings {
        if (waitCapMs < 1) {
            throw new IllegalArgumentException("ptyctl.mcp.waitCapMillis must be at least 1, got " + waitCapMs);
        }
    }

    /** Reads the settings from the server's configuration; absent keys take their defaults. */
    public static McpSettings from(Config config) {
        ToolSet tools = ToolSet.parse(config.get("ptyctl.mcp.tools").asString().orElse("all"));
        String cap = config.get("ptyctl.mcp.waitCapMillis").asString().orElse(String.valueOf(DEFAULT_WAIT_CAP_MS));
        try {
            return new McpSettings(tools, Long.parseLong(cap.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ptyctl.mcp.waitCapMillis must be an integer (milliseconds), got \""
                    + cap + "\"");
        }
    }

    /** A copy offering {@code other} tools. */
    public McpSettings withTools(ToolSet other) {
        return new McpSettings(other, waitCapMs);
    }
}
