package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;

/**
 * {@code pty/resize}: {@code cols} and {@code rows}, integers 1–1000; the emulator reflows and the program gets
 * SIGWINCH.
 */
final class ResizeMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session)
            throws RpcException, IOException, InterruptedException {
        Params p = new Params(params);
        int cols = (int) p.requiredIntegerInRange("cols", 1, RpcMethod.MAX_DIMENSION);
        int rows = (int) p.requiredIntegerInRange("rows", 1, RpcMethod.MAX_DIMENSION);
        session.resize(cols, rows);
        return JsonValue.EMPTY_JSON_OBJECT;
    }
}
