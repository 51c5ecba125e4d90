package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How many characters a model reads in one agent-like session through the SDK's client over stdio (bash 120x40: a
 * failing build log, a sed, a Python REPL, vim, htop, a long output, a timed-out wait): the numbers of docs/mcp.md's
 * terminal_wait measurement. Run on demand, {@code -Dptyctl.measure=true}; it prints a table per part (the text block
 * of each terminal_wait answer, and its structuredContent as JSON) and asserts only that the session went through.
 */
@EnabledIfSystemProperty(named = "ptyctl.measure", matches = "true")
class AgentSessionMeasure {
    private final Map<String, int[]> parts = new LinkedHashMap<>();
    private ToolClient tools;
    private String id;
    private String part;

    @Test
    void measureTheTextOfOneAgentSession() throws java.io.IOException {
        Tools.require("python3");
        Tools.require("vim");
        Tools.require("htop");
        tools = new ToolClient(McpTestServers.stdioClient(null));
        try {
            id = (String) tools.ok("terminal_create", args("command", List.of("bash"), "cwd", "/tmp",
                    "cols", 120, "rows", 40, "env", Map.of("PS1", "$ "))).get("terminalId");
            part = "long output, timeout, first prompt";
            measured(true, "prompt", true, "sinceSeq", 0);
            part = "build";
            typed("for i in $(seq 1 120); do echo \"[INFO] Compiling module-$i (12 source files) ... ok\"; done; "
                    + "echo '[ERROR] src/main/java/Foo.java:[12,5] cannot find symbol'; echo '[ERROR]   symbol: "
                    + "class Bar'; echo '[INFO] BUILD FAILURE'; echo '[INFO] Total time: 12.3 s'; false",
                    "prompt", true);
            typed("sed -n '3p' /etc/passwd", "prompt", true);
            part = "REPL";
            typed("python3 -q", "regex", ">>> $");
            typed("x = [i * i for i in range(10)]", "regex", ">>> $");
            typed("print(sum(x))", "text", "285");
            typed("def f(n):\n    return n * 2\n", "regex", ">>> $");
            typed("f(21)", "text", "42");
            typed("import time; time.sleep(0.5); print('slept')", "text", "slept");
            sent(List.of(Map.of("key", "C-d")), "prompt", true);
            part = "vim";
            typed("vim -u NONE /tmp/agent-notes-" + id + ".txt", "text", "~");
            sent(List.of(Map.of("text", "ihello from the agent"), Map.of("key", "Escape")), "text",
                    "hello from the agent");
            sent(List.of(Map.of("text", ":w"), Map.of("key", "Enter")), "text", "written");
            sent(List.of(Map.of("text", ":q"), Map.of("key", "Enter")), "prompt", true);
            part = "htop";
            typed("htop -d 10", "text", "Load average");
            measured(false, "text", "never shown", "timeoutMs", 1500);
            measured(false, "text", "never shown", "timeoutMs", 1500);
            sent(List.of(Map.of("text", "q")), "prompt", true);
            part = "long output, timeout, first prompt";
            typed("seq 1 3000", "prompt", true);
            measured(false, "text", "never shown", "timeoutMs", 500);
            typed("echo done", "prompt", true);
        } finally {
            tools.close();
        }
        int[] all = new int[3];
        StringBuilder table = new StringBuilder("| part | waits | text | structuredContent |\n| --- | --- | --- | --- |\n");
        parts.forEach((name, sums) -> {
            table.append("| ").append(name).append(" | ").append(sums[0]).append(" | ").append(sums[1]).append(" | ")
                    .append(sums[2]).append(" |\n");
            for (int i = 0; i < 3; i++) {
                all[i] += sums[i];
            }
        });
        table.append("| all | ").append(all[0]).append(" | ").append(all[1]).append(" | ").append(all[2]).append(" |\n");
        System.out.println(table);
        assertThat(all[0]).isEqualTo(21);
    }

    private void typed(String line, Object... condition) throws java.io.IOException {
        sent(List.of(Map.of("text", line), Map.of("key", "Enter")), condition);
    }

    private void sent(List<Map<String, Object>> input, Object... condition) throws java.io.IOException {
        Map<String, Object> sent = tools.ok("terminal_send", args("terminalId", id, "input", input));
        Object[] withSince = new Object[condition.length + 2];
        System.arraycopy(condition, 0, withSince, 0, condition.length);
        withSince[condition.length] = "sinceSeq";
        withSince[condition.length + 1] = sent.get("seq");
        measured(true, withSince);
    }

    /** One terminal_wait, counted; {@code condition} as name, value pairs. */
    private void measured(boolean mustMatch, Object... condition) throws java.io.IOException {
        Map<String, Object> arguments = args(condition);
        arguments.put("terminalId", id);
        arguments.putIfAbsent("timeoutMs", 30_000);
        McpSchema.CallToolResult result = tools.call("terminal_wait", arguments);
        assertThat(result.isError()).as("%s", result).isFalse();
        if (mustMatch) {
            assertThat(ToolsContract.map(result.structuredContent())).as("%s", arguments)
                    .containsEntry("matched", true);
        }
        String text = ToolClient.text(result);
        System.out.println("---- " + part + " " + arguments + " (" + text.length() + ")\n" + text);
        int[] sums = parts.computeIfAbsent(part, name -> new int[3]);
        sums[0]++;
        sums[1] += text.length();
        sums[2] += McpJsonDefaults.getMapper().writeValueAsString(result.structuredContent()).length();
    }
}
