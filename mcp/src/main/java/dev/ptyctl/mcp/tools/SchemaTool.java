package dev.ptyctl.mcp.tools;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.util.Set;

/**
 * The definition part every tool shares: name, title, a description written for a model, JSON schemas for input and
 * output (written out as JSON text, which is what a reader of the code wants to check against the docs), and the
 * annotations that follow from its {@link TerminalTool.Access}.
 */
abstract class SchemaTool implements TerminalTool {
    /** Schema of a {@code terminalId} argument. */
    static final String TERMINAL_ID = """
            "terminalId": {"type": "string", "description": "The terminal's id, as terminal_create or terminal_list gave it."}""";
    /** Schema of {@code size}. */
    static final String SIZE = """
            {"type": "object", "properties": {"cols": {"type": "integer"}, "rows": {"type": "integer"}}, "required": ["cols", "rows"]}""";

    private final String name;
    private final String title;
    private final Access access;
    private final boolean destructive;
    private final String description;
    private final String inputSchema;
    private final String outputSchema;
    private final Set<String> argumentNames;

    SchemaTool(String name, String title, Access access, boolean destructive, String description, String inputSchema,
               String outputSchema) {
        this.name = name;
        this.title = title;
        this.access = access;
        this.destructive = destructive;
        this.description = description;
        this.inputSchema = inputSchema;
        this.outputSchema = outputSchema;
        JsonObject schema = JsonSupport.parseObject(inputSchema);
        this.argumentNames = schema.containsKey("properties")
                ? Set.copyOf(schema.getJsonObject("properties").keySet()) : Set.of();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Access access() {
        return access;
    }

    @Override
    public final Set<String> argumentNames() {
        return argumentNames;
    }

    @Override
    public final McpSchema.Tool definition(McpJsonMapper json) {
        boolean readOnly = access == Access.READ;
        McpSchema.ToolAnnotations annotations = new McpSchema.ToolAnnotations(title, readOnly, destructive,
                readOnly, false, null);
        return McpSchema.Tool.builder().name(name).title(title).description(description)
                .inputSchema(json, inputSchema).outputSchema(json, outputSchema).annotations(annotations).build();
    }
}
