/**
 * Wire vocabulary shared by the server and its clients: JSON-RPC method names, error codes and response lines
 * (SPEC §4), the rules for what counts as a loopback host (SPEC §8), how a host is written in a URL
 * ({@link dev.ptyctl.protocol.UriHosts}) and what counts as a line with nothing to run
 * ({@link dev.ptyctl.protocol.CommandLines}), and the advice every front door gives for a command that waits for
 * input ({@link dev.ptyctl.protocol.WaitingForInputAdvice}). It holds names, numbers, those rules and that text, so
 * both sides agree without the SDK depending on the service.
 */
package dev.ptyctl.protocol;
