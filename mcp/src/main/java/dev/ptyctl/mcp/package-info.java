/**
 * The MCP adapter: agents drive ptyctl terminals through MCP tools. {@link dev.ptyctl.mcp.TerminalMcpServer}
 * assembles the official MCP SDK's server from the tools ({@code .tools}) and the screen resources over one
 * {@link dev.ptyctl.service.terminals.TerminalRegistry}; {@link dev.ptyctl.mcp.StdioMcp} serves it over stdio with an
 * embedded server ({@code ptyctl mcp}), {@link dev.ptyctl.mcp.RemoteBridge} relays stdio to another server's
 * {@code /mcp}, and {@code .http} serves Streamable HTTP at {@code /mcp} on {@code ptyctl server}. The MCP SDK,
 * Jackson 3 and Reactor are used in this module only.
 */
package dev.ptyctl.mcp;
