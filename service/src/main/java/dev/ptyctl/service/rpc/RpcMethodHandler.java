package dev.ptyctl.service.rpc;

import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;
import java.io.IOException;

/** One JSON-RPC method: validates its params and carries the request out on the session. */
interface RpcMethodHandler {

    /**
     * @return the {@code result} member of the response
     * @throws RpcException         for invalid params (-32602) and other protocol errors
     * @throws IOException          when the session cannot do it (sent as -32000)
     * @throws InterruptedException when the connection is being closed
     */
    JsonObject call(JsonObject params, TerminalSession session)
            throws RpcException, IOException, InterruptedException;

    /** Whether a successful call ends the connection and the endpoint ({@code pty/kill}). */
    default boolean closesEndpoint() {
        return false;
    }
}
