package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

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

/** {@code ptyctl mcp} from the built jar, driven by the MCP SDK's client over stdio as an agent's host does. */
class McpE2eTest {

    private static McpSyncClient connect(String... args) {
        List<String> command = Ptyctl.command(args);
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(command.getFirst())
                .args(command.subList(1, command.size())).build(), McpJsonDefaults.getMapper());
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
        McpSyncClient client = connect("mcp", "--tools", "readonly");
        try {
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .containsExactly("terminal_list", "terminal_read", "terminal_wait", "terminal_output");
        } finally {
            client.closeGracefully();
        }
    }
}
