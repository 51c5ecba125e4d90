package dev.ptyctl.service.rpc;

import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;

/** {@code pty/read}: the screen text (all rows or a selection), the cursor and the size (SPEC §4.2). */
final class ReadMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) throws RpcException {
        RowSelection selection = RowSelection.from(new Params(params));
        return session.inspect(terminal -> ScreenView.of(terminal, selection.text(terminal)).build());
    }
}
