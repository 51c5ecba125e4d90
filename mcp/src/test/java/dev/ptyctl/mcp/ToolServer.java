package dev.ptyctl.mcp;

import dev.ptyctl.service.server.PtyctlServer;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@code ptyctl server} on a free loopback port, without a token, and an initialized tool client over its
 * {@code /mcp}, started before a test class's tests and closed after them:
 * {@code @RegisterExtension static final ToolServer SERVER = new ToolServer();}.
 */
final class ToolServer implements BeforeAllCallback, AfterAllCallback {
    private PtyctlServer server;
    private ToolClient tools;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = McpTestServers.server(null, Map.of());
        tools = new ToolClient(McpTestServers.httpClient(server, null, null));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            if (tools != null) {
                tools.close();
            }
        } finally {
            if (server != null) {
                server.close(); // also when the client could not start
            }
        }
    }

    PtyctlServer server() {
        return server;
    }

    ToolClient tools() {
        return tools;
    }
}
