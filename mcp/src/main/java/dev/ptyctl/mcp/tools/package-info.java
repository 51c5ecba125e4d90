/**
 * One class per MCP tool, each a thin mapping: validate the arguments ({@link dev.ptyctl.mcp.tools.Arguments}), call
 * the terminal registry and the service's {@code control} operations, and build the result
 * ({@link dev.ptyctl.mcp.tools.ToolResult}: {@code structuredContent} plus one short text block written for a model).
 * Errors are {@code isError} results whose sentence says what to do next ({@link dev.ptyctl.mcp.tools.ToolError}).
 */
package dev.ptyctl.mcp.tools;
