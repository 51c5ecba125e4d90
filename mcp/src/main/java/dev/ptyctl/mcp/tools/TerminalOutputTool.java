package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.output.OutputText;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code terminal_output}: the output log as plain text, page by page. */
public final class TerminalOutputTool extends SchemaTool {

    public TerminalOutputTool() {
        super("terminal_output", "Read a terminal's output log", Access.READ, false, """
                Read what a terminal printed after a point, as plain text (colours and cursor movements removed, \
                \\r\\n as \\n, a line redrawn after \\r, such as a progress bar, as its last drawing): the way to \
                read long or fast output that scrolled off the screen. Pages by seq: \
                start with sinceSeq 0 (or a seq another tool returned), then pass `nextSeq` while `hasMore` is \
                true. At most maxBytes of text per page. `bytesMissed` > 0 means the oldest output was no longer \
                kept (the server keeps the last 2 MiB by default). \
                Example: {"terminalId": "...", "sinceSeq": 0, "maxBytes": 8000}.""", """
                {"type": "object", "properties": {
                  %s,
                  "sinceSeq": {"type": "integer", "minimum": 0, "description": "Default 0: from the start."},
                  "maxBytes": {"type": "integer", "minimum": 1, "maximum": 4194304, "description": "Default 16384."}
                }, "required": ["terminalId"]}""".formatted(TERMINAL_ID), """
                {"type": "object", "properties": {
                  "text": {"type": "string"}, "nextSeq": {"type": "integer"}, "hasMore": {"type": "boolean"},
                  "bytesMissed": {"type": "integer"}
                }, "required": ["text", "nextSeq", "hasMore", "bytesMissed"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError {
        String id = args.string("terminalId");
        long since = args.integer("sinceSeq", 0, Long.MAX_VALUE, 0);
        int maxBytes = (int) args.integer("maxBytes", 1, 4 << 20, TerminalRunTool.DEFAULT_MAX_BYTES);
        OutputText.Page page = OutputText.read(call.terminal(id).output(), since, maxBytes);
        StringBuilder facts = new StringBuilder("next seq ").append(page.nextSeq());
        if (page.hasMore()) {
            facts.append(" · more output: call again with sinceSeq ").append(page.nextSeq());
        }
        if (page.bytesMissed() > 0) {
            facts.append(" · ").append(page.bytesMissed()).append(" older bytes were no longer kept");
        }
        return new ToolResult().put("text", page.text()).put("nextSeq", page.nextSeq())
                .put("hasMore", page.hasMore()).put("bytesMissed", page.bytesMissed())
                .withText(ToolResult.screenAndFacts(page.text(), facts.toString()));
    }
}
