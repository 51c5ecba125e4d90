package dev.ptyctl.service.remote;

import dev.ptyctl.protocol.UnknownTerminal;
import dev.ptyctl.service.http.ApiException;
import dev.ptyctl.service.rpc.RpcBatch;
import dev.ptyctl.service.rpc.RpcDispatcher;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * {@code POST /v1/terminals/{id}/rpc}: the body is one JSON-RPC request or a batch (an array), the response body its
 * JSON-RPC response(s), status 200 whatever the JSON-RPC outcome, as over the socket. Each HTTP request is a
 * connection of its own that the bearer token already authenticated. A {@code pty/wait} holds the request until it
 * returns (up to its own timeout). An unknown terminal is a REST 404; a body over {@code ptyctl.rpc.maxLineBytes} is
 * answered 413 with the JSON-RPC -32600 error the socket gives an overlong line.
 */
public final class RpcOverHttp implements Handler {
    /** The route, in Helidon's path pattern syntax. */
    public static final String PATH = "/v1/terminals/{id}/rpc";

    private final Function<String, Optional<HostedTerminal>> terminals;
    private final int maxBodyBytes;

    /**
     * @param terminals    finds a terminal by id, live or exited (an exited one still answers {@code pty/read})
     * @param maxBodyBytes {@code ptyctl.rpc.maxLineBytes}
     */
    public RpcOverHttp(Function<String, Optional<HostedTerminal>> terminals, int maxBodyBytes) {
        this.terminals = terminals;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void handle(ServerRequest req, ServerResponse res) throws InterruptedException {
        String id = req.path().pathParameters().get("id");
        HostedTerminal terminal = terminals.apply(id)
                .orElseThrow(() -> new ApiException(404, "not_found", UnknownTerminal.message(id)));
        byte[] body = readLimited(req);
        if (body == null) {
            send(res, Status.REQUEST_ENTITY_TOO_LARGE_413, RpcDispatcher.lineTooLong(maxBodyBytes).response());
            return;
        }
        RpcDispatcher dispatcher = terminal.rpcDispatcher();
        RpcDispatcher.Reply reply = RpcBatch.handle(dispatcher, body, dispatcher.newAuthenticatedConnection());
        if (reply.response() == null) {
            throw new ApiException(400, "invalid_request",
                    "the request body is empty: a JSON-RPC request or a batch is required");
        }
        if (reply.closeEndpoint()) {
            terminal.closeRpcEndpoint(); // before the answer, so a client that got it finds the endpoint closed
        }
        send(res, Status.OK_200, reply.response());
    }

    private static void send(ServerResponse res, Status status, String body) {
        res.status(status).header(HeaderNames.CONTENT_TYPE, "application/json").send(body);
    }

    /** The body, or null when it is larger than the limit (by its Content-Length or while reading). */
    private byte[] readLimited(ServerRequest req) {
        OptionalLong declared = req.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > maxBodyBytes) {
            return null;
        }
        try (InputStream in = req.content().inputStream()) {
            byte[] bytes = in.readNBytes(maxBodyBytes + 1);
            return bytes.length > maxBodyBytes ? null : bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
