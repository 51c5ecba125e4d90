package dev.ptyctl.mcp;

import dev.ptyctl.mcp.tools.TerminalTool;
import java.util.Locale;

/**
 * Which tools an MCP client gets ({@code ptyctl.mcp.tools}, {@code ptyctl mcp --tools}): {@code readonly} (list,
 * read, wait, output), {@code interactive} (all but close) or {@code all}.
 */
public enum ToolSet {
    READONLY, INTERACTIVE, ALL;

    /** Parses a setting; the message of a bad one lists the choices. */
    public static ToolSet parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tools must be readonly, interactive or all, got \"" + text + "\"");
        }
    }

    /** Whether a tool that needs {@code access} is offered. */
    public boolean allows(TerminalTool.Access access) {
        return switch (this) {
            case READONLY -> access == TerminalTool.Access.READ;
            case INTERACTIVE -> access != TerminalTool.Access.CLOSE;
            case ALL -> true;
        };
    }
}
