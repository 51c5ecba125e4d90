package dev.ptyctl.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Calls tools through an SDK client and unpacks their results, with failure messages that show the whole result. */
final class ToolClient implements AutoCloseable {
    private final McpSyncClient client;

    ToolClient(McpSyncClient client) {
        this.client = client;
    }

    McpSyncClient sdk() {
        return client;
    }

    /** {@code k1, v1, k2, v2, ...} as an argument map. */
    static Map<String, Object> args(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** The structured content of a successful call. */
    @SuppressWarnings("unchecked")
    Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(tool, arguments);
        assertThat(result.isError()).as("%s %s answered %s", tool, arguments, result).isFalse();
        return (Map<String, Object>) result.structuredContent();
    }

    /**
     * terminal_send of {@code input} to a shell terminal, then terminal_wait (30 s at most) for the prompt the shell
     * draws after it: how a test ends or answers a program and learns its exit code. The wait's result, not an error.
     */
    McpSchema.CallToolResult sendAndAwaitPrompt(String terminalId, List<Map<String, Object>> input) {
        Map<String, Object> sent = ok("terminal_send", args("terminalId", terminalId, "input", input));
        McpSchema.CallToolResult waited = call("terminal_wait", args("terminalId", terminalId, "prompt", true,
                "sinceSeq", sent.get("seq"), "timeoutMs", 30_000));
        assertThat(waited.isError()).as("the prompt wait answered %s", waited).isFalse();
        return waited;
    }

    /** The text of a call that must fail. */
    String error(String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(tool, arguments);
        assertThat(result.isError()).as("%s %s answered %s", tool, arguments, result).isTrue();
        return text(result);
    }

    static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }

    /** A shell terminal ({@code shell} with ptyctl's integration), its id. */
    String shell(String shell) {
        return (String) ok("terminal_create", args("command", List.of(shell))).get("terminalId");
    }

    /**
     * A terminal running a Python program that, in raw mode as a line editor is, prints {@code > }, reads what is
     * typed up to Enter into {@code line} (the CR included), then runs {@code rest} (Python, unindented); its id once
     * the prompt shows. How a test plays a REPL that echoes typed lines its own way (late, in pieces, drawn again).
     */
    String lineReader(String rest) {
        String id = (String) ok("terminal_create", args("command", List.of("python3", "-c", """
                import os, time, tty
                tty.setraw(0)
                os.write(1, b'> ')
                line = b''
                while not line.endswith(b'\\r'):
                    line += os.read(0, 1024)
                """ + rest), "cwd", "/tmp")).get("terminalId");
        ok("terminal_wait", args("terminalId", id, "text", ">", "timeoutMs", 30_000));
        return id;
    }

    /** terminal_run in a terminal; the structured result. */
    Map<String, Object> run(String terminalId, String command) {
        return ok("terminal_run", args("terminalId", terminalId, "command", command, "timeoutMs", 60_000));
    }

    /** terminal_run in a terminal, a call that must fail; its text. */
    String runError(String terminalId, String command) {
        return error("terminal_run", args("terminalId", terminalId, "command", command, "timeoutMs", 60_000));
    }

    static long seq(Map<String, Object> result, String field) {
        return ((Number) result.get(field)).longValue();
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
