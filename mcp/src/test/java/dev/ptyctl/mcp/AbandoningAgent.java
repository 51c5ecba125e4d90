package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.util.Map;

/**
 * An agent in a process of its own, for a test to kill: the MCP SDK's client over Streamable HTTP to the server at
 * {@code args[0]} creates a shell with terminal_create, starts its session's own shell with terminal_run (leaving a
 * background job in it), then prints {@code terminals ID1 ID2 background [1] PID PID} (bash's job notice, then the
 * echo) and waits for its end, never deleting
 * its session: what a crashed agent leaves behind.
 */
public final class AbandoningAgent {
    private AbandoningAgent() {
    }

    public static void main(String[] args) throws Exception {
        ToolClient client = new ToolClient(McpClient.sync(HttpClientStreamableHttpTransport.builder(args[0])
                .endpoint("/mcp").build()).requestTimeout(McpTestServers.REQUEST_TIMEOUT).build());
        client.sdk().initialize();
        String created = (String) client.ok("terminal_create", args("name", "work")).get("terminalId");
        Map<String, Object> ran = client.ok("terminal_run", args("command", "sleep 600 & echo $!"));
        System.out.println("terminals " + created + " " + ran.get("terminalId") + " background "
                + ((String) ran.get("output")).replace('\n', ' '));
        System.out.flush();
        System.in.read(); // killed while it waits here
    }
}
