package dev.ptyctl.mcp;

import dev.ptyctl.testsupport.TemporaryFolders;
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
    private static final BlockingQueue<List<McpSchema.ResourceContents>> UPDATES = new LinkedBlockingQueue<>();
    private static ToolClient client;

    @BeforeAll
    static void start() {
        client = new ToolClient(McpTestServers.stdioClient(PROGRESS::add, UPDATES::add));
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


    /**
     * An agent's session, kept as a transcript in {@code target/agent-transcript.md}: create a shell, run a command
     * that fails, read its exit code, fix the cause, run it again.
     */
    @Test
    void anAgentRunsAFailingCommandFixesItAndRunsItAgain() throws Exception {
        java.nio.file.Path dir = TemporaryFolders.create("agent"); // deleted when the test JVM ends
        StringBuilder transcript = new StringBuilder("# An agent-style session through the MCP SDK client (stdio)\n");
        Map<String, Object> created = logged(transcript, "terminal_create", args("cwd", dir.toString(),
                "name", "work"));
        String shell = (String) created.get("terminalId");
        Map<String, Object> failed = logged(transcript, "terminal_run", args("terminalId", shell,
                "command", "cat notes.txt"));
        assertThat(failed).containsEntry("exitCode", 1);
        assertThat((String) failed.get("output")).contains("No such file or directory");
        logged(transcript, "terminal_run", args("terminalId", shell, "command", "echo 'hello from the agent' > notes.txt"));
        Map<String, Object> fixed = logged(transcript, "terminal_run", args("terminalId", shell,
                "command", "cat notes.txt"));
        assertThat(fixed).containsEntry("exitCode", 0).containsEntry("output", "hello from the agent");
        logged(transcript, "terminal_close", args("terminalId", shell));
        java.nio.file.Files.writeString(java.nio.file.Path.of("target", "agent-transcript.md"), transcript);
    }

    private static Map<String, Object> logged(StringBuilder transcript, String tool, Map<String, Object> arguments) {
        io.modelcontextprotocol.spec.McpSchema.CallToolResult result = client.call(tool, arguments);
        transcript.append("\n→ ").append(tool).append(' ').append(arguments).append('\n')
                .append("← ").append(result.structuredContent()).append('\n')
                .append("  text: ").append(ToolClient.text(result).replace("\n", "\\n")).append('\n');
        assertThat(result.isError()).as("%s", result).isFalse();
        return ToolsContract.map(result.structuredContent());
    }

    @Test
    void aSubscribedScreenSendsUpdatesWhenItChanges() throws Exception {
        String shell = client.shell("bash");
        client.run(shell, "true");
        String uri = "terminal://" + shell + "/screen";
        client.sdk().subscribeResource(new McpSchema.SubscribeRequest(uri));
        UPDATES.clear();
        client.run(shell, "echo UPDATED-SCREEN");
        while (true) {
            List<McpSchema.ResourceContents> update = UPDATES.poll(60, TimeUnit.SECONDS);
            assertThat(update).as("an update of " + uri).isNotNull();
            if (update.getFirst().uri().equals(uri)
                    && ((McpSchema.TextResourceContents) update.getFirst()).text().contains("UPDATED-SCREEN")) {
                break;
            }
        }
        client.sdk().unsubscribeResource(new McpSchema.UnsubscribeRequest(uri));
    }
}
