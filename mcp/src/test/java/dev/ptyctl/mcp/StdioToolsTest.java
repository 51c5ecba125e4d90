package dev.ptyctl.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The tools over stdio, to the adapter in a process of its own with its embedded server. */
class StdioToolsTest extends ToolsContract {
    private static final BlockingQueue<McpSchema.ProgressNotification> PROGRESS = new LinkedBlockingQueue<>();
    private static ToolClient client;

    @BeforeAll
    static void start() {
        client = new ToolClient(McpTestServers.stdioClient(PROGRESS::add));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
    }

    @Override
    ToolClient tools() {
        return client;
    }

    /**
     * Over stdio the SDK's client hands progress notifications over as they come. (Over HTTP its client in 2.1.0
     * holds them until the answer arrives; {@link StreamableHttpTest} checks the stream itself there.)
     */
    @Test
    void aWaitInProgressIsWokenByTheOutputItWaitsFor() throws Exception {
        String id = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        String token = "wake-" + id;
        // The progress notification proves the wait is under way before the input that produces its output is sent.
        CompletableFuture<McpSchema.CallToolResult> wait = CompletableFuture.supplyAsync(() -> tools().sdk()
                .callTool(McpSchema.CallToolRequest.builder("terminal_wait").arguments(args("terminalId", id,
                        "text", "WAKE-UP", "sinceSeq", 0, "timeoutMs", 120_000)).progressToken(token)
                        .build()));
        McpSchema.ProgressNotification note;
        do {
            note = PROGRESS.poll(60, TimeUnit.SECONDS);
            assertThat(note).as("a progress notification of the wait; the wait: %s", wait.isDone() ? wait.join()
                    : "pending").isNotNull();
        } while (!token.equals(note.progressToken()));
        assertThat(wait).isNotDone();
        tools().ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "WAKE-UP\n"))));
        McpSchema.CallToolResult result = wait.get(60, TimeUnit.SECONDS);
        @SuppressWarnings("unchecked")
        Map<String, Object> outcome = (Map<String, Object>) result.structuredContent();
        assertThat(outcome).containsEntry("matched", true).containsEntry("reason", "text");
    }

}

