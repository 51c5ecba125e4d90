/**
 * The ptyctl server. Programs hosted in pseudo-terminals ({@code pty}); the per-terminal JSON-RPC socket protocol
 * ({@code rpc}); the single-terminal {@code ptyctl serve} ({@code serve}); the multi-terminal {@code ptyctl server}:
 * Helidon start-up and configuration ({@code server}), the registry of hosted terminals ({@code terminals}), REST,
 * SSE and the security checks ({@code http}), each terminal's output log with byte offsets ({@code output}) and the
 * WebSocket attachment with replay, acks and flow control ({@code ws}); and what the server learns from shells with
 * ptyctl's integration: prompts, titles ({@code shell}).
 */
package dev.ptyctl.service;
