package dev.ptyctl.mcp;

import dev.ptyctl.service.server.PtyctlServer;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The tools over Streamable HTTP at {@code /mcp} of a real {@code ptyctl server}. */
class HttpToolsTest extends ToolsContract {
    private static PtyctlServer server;
    private static ToolClient client;

    @BeforeAll
    static void start() {
        server = McpTestServers.server(null, Map.of());
        client = new ToolClient(McpTestServers.httpClient(server, null, null));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    ToolClient tools() {
        return client;
    }
}
