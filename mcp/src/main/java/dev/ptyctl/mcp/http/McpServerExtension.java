package dev.ptyctl.mcp.http;

import dev.ptyctl.mcp.McpSettings;
import dev.ptyctl.mcp.TerminalMcpServer;
import dev.ptyctl.service.server.ServerExtension;
import io.helidon.webserver.http.HttpRouting;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;

/**
 * Adds {@code /mcp} (Streamable HTTP) to {@code ptyctl server}; found by the server through
 * {@link java.util.ServiceLoader} when the mcp module is on its class path. Tool handlers run on the request's own
 * (virtual) thread: a long {@code terminal_wait} costs no pool thread.
 */
public final class McpServerExtension implements ServerExtension {
    private volatile TerminalMcpServer mcp;

    @Override
    public void routing(HttpRouting.Builder routing, Context context) {
        McpJsonMapper json = McpJsonDefaults.getMapper();
        McpSettings settings = McpSettings.from(context.config());
        TerminalMcpServer server = new TerminalMcpServer(context.registry(), settings, context.baseUrl());
        StreamableHttpTransport transport = new StreamableHttpTransport(json, settings.sessionIdleMs(),
                server::openSession, server::endSession);
        server.build(McpServer.sync(transport).immediateExecution(true), json);
        mcp = server;
        routing.register("/mcp", transport);
    }

    @Override
    public void close() {
        TerminalMcpServer server = mcp;
        if (server != null) {
            server.close();
        }
    }
}
