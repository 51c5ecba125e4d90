package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.server.RemoteServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ptyctl mcp} from the built jar, driven by the MCP SDK's client over stdio as an agent's host does; in the e2e
 * remote mode as the bridge to a server reached through its HTTP(S) port alone.
 */
class McpE2eTest {

    /**
     * {@code ptyctl ARGS} as an MCP server on stdio; in the e2e remote mode {@code ptyctl mcp} relays to the remote
     * server's {@code /mcp}, given only its URL, token and certificate (as {@code PTYCTL_*} variables).
     */
    private static McpSyncClient connect(String... args) {
        List<String> command = Ptyctl.command(args);
        ServerParameters.Builder parameters = ServerParameters.builder(command.getFirst())
                .args(command.subList(1, command.size()));
        if (RemoteServer.active()) {
            parameters.env(RemoteServer.get().clientEnvironment());
        }
        StdioClientTransport transport = new StdioClientTransport(parameters.build(), McpJsonDefaults.getMapper());
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(120)).build();
        client.initialize();
        return client;
    }

    @Test
    void theJarServesMcpOnStdioAndRunsACommandInAShell() {
        McpSyncClient client = connect("mcp");
        try {
            assertThat(client.listTools().tools()).hasSize(9);
            McpSchema.CallToolResult ran = client.callTool(new McpSchema.CallToolRequest("terminal_run",
                    Map.of("command", "echo e2e-$((40+2)); false")));
            assertThat(ran.isError()).as("%s", ran).isFalse();
            @SuppressWarnings("unchecked")
            Map<String, Object> result = (Map<String, Object>) ran.structuredContent();
            assertThat(result).containsEntry("output", "e2e-42").containsEntry("exitCode", 1);
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void readonlyOffersOnlyTheToolsThatLook() {
        ServedTerminal.assumeLocal("--tools sets the embedded server's tools; a server at a URL has its own");
        McpSyncClient client = connect("mcp", "--tools", "readonly");
        try {
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .containsExactly("terminal_list", "terminal_read", "terminal_wait", "terminal_output");
        } finally {
            client.closeGracefully();
        }
    }
}
