/**
 * {@code ptyctl serve}: one program in one PTY behind one JSON-RPC endpoint (TCP or Unix socket), compatible with
 * {@code socket-pty serve}. {@link dev.ptyctl.service.serve.ServeOptions} validates the options;
 * {@link dev.ptyctl.service.serve.SingleTerminalServer} spawns, binds, and waits for {@code pty/kill}.
 */
package dev.ptyctl.service.serve;
