package dev.ptyctl.mcp;

import io.helidon.config.Config;

/**
 * The adapter's settings ({@code ptyctl.mcp.*}).
 *
 * @param tools         which tools are offered
 * @param waitCapMs     the longest a single terminal_wait blocks before answering {@code reason: "continue"}
 * @param sessionIdleMs how long a Streamable HTTP session may go with no request under way and no event stream open
 *                      before it ends, taking the terminals it created with it; 0: it ends only when its client
 *                      deletes it
 */
public record McpSettings(ToolSet tools, long waitCapMs, long sessionIdleMs) {
    /** The default of {@code ptyctl.mcp.waitCapMillis}: under the ~60 s after which many MCP clients give up. */
    public static final long DEFAULT_WAIT_CAP_MS = 60_000;
    /**
     * The default of {@code ptyctl.mcp.sessionIdleMillis}, 30 minutes. A client that is only quiet (its model thinks,
     * its user is away) keeps its event stream open and is never idle; one that lost its connection for a while (a
     * laptop asleep, a proxy's restart) finds its session and shells again within this time; a crashed one leaves
     * its shells running for no longer.
     */
    public static final long DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
    /** Below this a client's ordinary pause between two calls, without an event stream, would end its session. */
    static final long MIN_SESSION_IDLE_MS = 1_000;
    /** Every tool, the default cap and idle time. */
    public static final McpSettings DEFAULTS = new McpSettings(ToolSet.ALL, DEFAULT_WAIT_CAP_MS,
            DEFAULT_SESSION_IDLE_MS);

    public McpSettings {
        if (waitCapMs < 1) {
            throw new IllegalArgumentException("ptyctl.mcp.waitCapMillis must be at least 1, got " + waitCapMs);
        }
        if (sessionIdleMs != 0 && sessionIdleMs < MIN_SESSION_IDLE_MS) {
            throw new IllegalArgumentException("ptyctl.mcp.sessionIdleMillis must be 0 (a session ends only when its "
                    + "client deletes it) or at least " + MIN_SESSION_IDLE_MS + " (milliseconds), got "
                    + sessionIdleMs);
        }
    }

    /** Reads the settings from the server's configuration; absent keys take their defaults. */
    public static McpSettings from(Config config) {
        ToolSet tools = ToolSet.parse(config.get("ptyctl.mcp.tools").asString().orElse("all"));
        return new McpSettings(tools, millis(config, "ptyctl.mcp.waitCapMillis", DEFAULT_WAIT_CAP_MS),
                millis(config, "ptyctl.mcp.sessionIdleMillis", DEFAULT_SESSION_IDLE_MS));
    }

    private static long millis(Config config, String key, long defaultValue) {
        String text = config.get(key).asString().orElse(String.valueOf(defaultValue));
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer (milliseconds), got \"" + text + "\"");
        }
    }

    /** A copy offering {@code other} tools. */
    public McpSettings withTools(ToolSet other) {
        return new McpSettings(other, waitCapMs, sessionIdleMs);
    }
}
