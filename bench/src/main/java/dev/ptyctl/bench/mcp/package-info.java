/**
 * The MCP bench ({@code bench/mcp-run}, docs/benchmarks.md "MCP"): the cost of one tool call over stdio, as an agent's
 * host pays it, against tmux's {@code send-keys} and {@code capture-pane}, which agents script today.
 */
package dev.ptyctl.bench.mcp;
