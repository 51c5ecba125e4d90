package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** {@code pty/status}: {@code {running, exitCode, pid}}, the exit code {@code null} while running. */
final class StatusMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) {
        SessionProgress progress = session.progress();
        var result = JsonSupport.objectBuilder().add("running", progress.running());
        if (progress.exitCode().isPresent()) {
            result.add("exitCode", progress.exitCode().getAsInt());
        } else {
            result.add("exitCode", JsonValue.NULL);
        }
        return result.add("pid", session.pid()).build();
    }
}
