package dev.ptyctl.service.rpc;

import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * {@code pty/kill}: hangs up the process and its process groups, kills them after the grace period, and answers
 * {@code {}} once the process is gone; the connection and the endpoint then close.
 */
final class KillMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) throws InterruptedException {
        session.kill();
        return JsonValue.EMPTY_JSON_OBJECT;
    }

    @Override
    public boolean closesEndpoint() {
        return true;
    }
}
