package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.ProcessExit;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds a tool's result: {@code structuredContent} (the fields of the tool's output schema, in order) and one text
 * block for a model to read, usually the screen as text and then one line of facts.
 */
public final class ToolResult {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    /** Adds a field; null values are written as JSON null. */
    public ToolResult put(String name, Object value) {
        fields.put(name, value);
        return this;
    }

    /**
     * Adds {@code exitCode} and, when a signal ended the program, {@code signal} (its name): {@code exit 130} and a
     * SIGINT have the same exit code, so the code alone cannot say which it was.
     */
    public ToolResult putExit(ProcessExit end) {
        put("exitCode", end.exitCode());
        end.signalName().ifPresent(name -> put("signal", name));
        return this;
    }

    /** For a model's text after "exited": " with code 3", or " (killed by SIGKILL)" when a signal ended the program. */
    public static String exitedHow(ProcessExit end) {
        return end.signalName().map(name -> " (killed by " + name + ")").orElse(" with code " + end.exitCode());
    }

    /** For a model's text: "exit code 3", or "killed by SIGHUP, exit code 129" when a signal ended the program. */
    public static String exitFacts(ProcessExit end) {
        return end.signalName().map(name -> "killed by " + name + ", ").orElse("") + "exit code " + end.exitCode();
    }

    /** {@code {"cols": c, "rows": r}}. */
    public static Map<String, Object> size(int cols, int rows) {
        Map<String, Object> size = new LinkedHashMap<>();
        size.put("cols", cols);
        size.put("rows", rows);
        return size;
    }

    /** The result with {@code text} as its text block. */
    public McpSchema.CallToolResult withText(String text) {
        return McpSchema.CallToolResult.builder().structuredContent(fields).addTextContent(text).isError(false)
                .build();
    }

    /** An {@code isError} result whose text says what went wrong and what to do next. */
    public static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    /** {@code screen} followed by one line of facts in brackets, the text block most tools answer with. */
    public static String screenAndFacts(String screen, String facts) {
        StringBuilder text = new StringBuilder(screen);
        if (!screen.isEmpty() && !screen.endsWith("\n")) {
            text.append('\n');
        }
        return text.append('[').append(facts).append(']').toString();
    }
}
