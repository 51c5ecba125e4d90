/**
 * Streamable HTTP at {@code /mcp} on {@code ptyctl server}: the MCP SDK's server transport SPI implemented on Helidon
 * routing (no second HTTP server), added to the server through its {@code ServerExtension} point. Requests pass the
 * server's own guard first (Host, Origin, token).
 */
package dev.ptyctl.mcp.http;
