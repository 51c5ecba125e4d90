package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * {@code pty/status}: {@code {running, exitCode, pid}}, the exit code {@code null} while running; after a signal ended
 * the program, also {@code signal} (its name: {@code exit 130} and SIGINT both have exit code 130).
 */
final class StatusMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) {
        SessionProgress progress = session.progress();
        var result = JsonSupport.objectBuilder().add("running", progress.running());
        if (progress.exit().isPresent()) {
            progress.exit().get().addTo(result);
        } else {
            result.add("exitCode", JsonValue.NULL);
        }
        return result.add("pid", session.pid()).build();
    }
}
