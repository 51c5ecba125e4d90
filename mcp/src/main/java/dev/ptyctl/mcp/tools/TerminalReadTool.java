package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.control.ScreenSnapshot;
import dev.ptyctl.service.pty.TerminalSession;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code terminal_read}: the screen as text, and what an agent must know beside it. */
public final class TerminalReadTool extends SchemaTool {
    /** More history than a model should read at once; terminal_output pages through the rest. */
    static final int MAX_SCROLLBACK = 10_000;

    public TerminalReadTool() {
        super("terminal_read", "Read a terminal's screen", Access.READ, false, """
                Read what the terminal shows now, as text (rows without trailing spaces, blank rows at the bottom \
                dropped), like a screenshot. `scrollback: N` adds up to N lines that scrolled off the top. \
                `joined: true` gives the lines as the program wrote them: a line wider than the screen (a URL, a \
                path, a long message) is one line instead of several rows, so copy URLs from that. Also \
                tells the cursor position, size, whether a full-screen program has the alternate screen up \
                (`altScreen`), whether typed input is hidden (`inputHidden`: a password prompt; ask the user, or \
                hand them the viewUrl, rather than guessing) and the title. Use it to look at TUIs (vim, top, less) \
                and prompts; for what a command printed use terminal_run or terminal_output. \
                Example: {"terminalId": "...", "scrollback": 20}.""", """
                {"type": "object", "properties": {
                  %s,
                  "scrollback": {"type": "integer", "minimum": 0, "maximum": %d, "description": "Lines of history above the screen to include, default 0."},
                  "joined": {"type": "boolean", "description": "Join the rows a line wider than the screen wrapped onto, so each line reads whole (URLs, paths); scrollback then counts such lines. Default false."}
                }, "required": ["terminalId"]}""".formatted(TERMINAL_ID, MAX_SCROLLBACK), """
                {"type": "object", "properties": {
                  "screen": {"type": "string"},
                  "cursor": {"type": "object", "properties": {"row": {"type": "integer"}, "col": {"type": "integer"}}, "required": ["row", "col"]},
                  "size": %s, "altScreen": {"type": "boolean"}, "inputHidden": {"type": "boolean"},
                  "title": {"type": "string"}, "seq": {"type": "integer"}
                }, "required": ["screen", "cursor", "size", "altScreen", "inputHidden", "title", "seq"]}"""
                        .formatted(SIZE));
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError {
        String id = args.string("terminalId");
        int scrollback = (int) args.integer("scrollback", 0, MAX_SCROLLBACK, 0);
        boolean joined = args.bool("joined");
        TerminalSession session = call.terminal(id).session();
        // The look before the screen: output in between is shown again by the next wait rather than never.
        call.session().looked(id, ScreenChanges.look(session, call.session().lastLook(id)));
        ScreenSnapshot screen = ScreenSnapshot.take(session, scrollback, joined);
        Map<String, Object> cursor = new LinkedHashMap<>();
        cursor.put("row", screen.cursorRow());
        cursor.put("col", screen.cursorCol());
        return new ToolResult().put("screen", screen.screen()).put("cursor", cursor)
                .put("size", ToolResult.size(screen.cols(), screen.rows())).put("altScreen", screen.altScreen())
                .put("inputHidden", screen.inputHidden()).put("title", screen.title()).put("seq", screen.seq())
                .withText(ToolResult.screenAndFacts(screen.screen(), facts(screen)));
    }

    /** The one line of facts after a screen. */
    static String facts(ScreenSnapshot screen) {
        StringBuilder facts = new StringBuilder();
        facts.append("cursor ").append(screen.cursorRow()).append(',').append(screen.cursorCol()).append(" · ")
                .append(screen.cols()).append('x').append(screen.rows()).append(" · seq ").append(screen.seq());
        if (screen.altScreen()) {
            facts.append(" · full-screen program");
        }
        if (screen.inputHidden()) {
            facts.append(" · input hidden (a password prompt: ask the user)");
        }
        if (!screen.title().isEmpty()) {
            facts.append(" · title \"").append(screen.title()).append('"');
        }
        screen.exit().ifPresent(end -> facts.append(" · exited").append(ToolResult.exitedHow(end)));
        return facts.toString();
    }
}
