/**
 * The per-terminal JSON-RPC 2.0 socket protocol (SPEC §4): newline-delimited framing with a line limit
 * ({@link dev.ptyctl.service.rpc.LineReader}), the envelope rules ({@link dev.ptyctl.service.rpc.Envelope}), one
 * class per method ({@code ReadMethod}, {@code WriteMethod}, ...), a dispatcher that applies authentication and
 * turns failures into error responses ({@link dev.ptyctl.service.rpc.RpcDispatcher}), one
 * {@link dev.ptyctl.service.rpc.RpcConnection} per client executing its requests in order, and the TCP and
 * Unix-domain listeners ({@link dev.ptyctl.service.rpc.RpcEndpoint}).
 */
package dev.ptyctl.service.rpc;
