/**
 * Every JSON-RPC method of a terminal through the server's own HTTP port, so a client on another machine or behind
 * a proxy needs no other port: {@code POST /v1/terminals/{id}/rpc} (one request or a batch per HTTP request,
 * {@link dev.ptyctl.service.remote.RpcOverHttp}) and the WebSocket {@code GET /v1/terminals/{id}/rpc} (one message
 * per text frame, pipelined, {@link dev.ptyctl.service.remote.RpcSocketEndpoint}). Both hand every message to the
 * terminal's own {@link dev.ptyctl.service.rpc.RpcDispatcher}, the one its TCP endpoint uses, so methods, results
 * and errors are the same; the token, Origin and Host rules are the REST ones, applied before a request gets here.
 */
package dev.ptyctl.service.remote;
