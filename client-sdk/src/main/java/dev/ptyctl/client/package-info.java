/**
 * Typed Java clients for ptyctl. {@link dev.ptyctl.client.RpcClient} speaks the per-terminal
 * JSON-RPC socket protocol (docs/protocol-jsonrpc.md) over TCP or a Unix-domain socket: read the screen, type text
 * and keys, wait for output, resize and kill. Requests are immutable values
 * ({@link dev.ptyctl.client.Selection}, {@link dev.ptyctl.client.Action},
 * {@link dev.ptyctl.client.WaitRequest}); results are records; a refusal by the server is an
 * {@link dev.ptyctl.client.RpcException} and a broken conversation an
 * {@link dev.ptyctl.client.RpcConnectionException}. {@link dev.ptyctl.client.TerminalsClient} is the
 * REST client of {@code ptyctl server} (create, list, get, delete, screen, recording), and
 * {@link dev.ptyctl.client.TerminalAttachment} a live WebSocket view of one terminal (protocol 2,
 * frames applied exactly once across reconnects, output resumed without loss, backoff, ping).
 * The test DSL is in {@code dev.ptyctl.client.dsl}, its JUnit 5 extension in
 * {@code dev.ptyctl.client.junit}. The public API uses only the JDK and
 * {@code jakarta.json}; implementation classes live in {@code dev.ptyctl.client.internal}.
 */
package dev.ptyctl.client;
