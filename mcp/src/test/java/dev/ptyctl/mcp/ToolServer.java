package dev.ptyctl.mcp;

import dev.ptyctl.service.server.PtyctlServer;
import java.util.Map;

/**
 * A {@code ptyctl server} on a free loopback port, without a token, and an initialized tool client over its
 * {@code /mcp}: what a test class of the tools starts before its tests and closes after them.
 */
record ToolServer(PtyctlServer server, ToolClient tools) implements AutoCloseable {
    static ToolServer start() {
        PtyctlServer server = McpTestServers.server(null, Map.of());
        try {
            return new ToolServer(server, new ToolClient(McpTestServers.httpClient(server, null, null)));
        } catch (RuntimeException | Error e) {
            server.close(); // no client: the server would outlive the class
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            tools.close();
        } finally {
            server.close();
        }
    }
}
