/**
 * Typed Java clients for ptyctl. {@link dev.ptyctl.client.RpcClient} speaks the per-terminal
 * JSON-RPC socket protocol (SPEC §4) over TCP or a Unix-domain socket: read the screen, type text
 * and keys, wait for output, resize and kill. Requests are immutable values
 * ({@link dev.ptyctl.client.Selection}, {@link dev.ptyctl.client.Action},
 * {@link dev.ptyctl.client.WaitRequest}); results are records; a refusal by the server is an
 * {@link dev.ptyctl.client.RpcException} and a broken conversation an
 * {@link dev.ptyctl.client.RpcConnectionException}. The public API uses only the JDK and
 * {@code jakarta.json}; implementation classes live in {@code dev.ptyctl.client.internal}.
 */
package dev.ptyctl.client;
