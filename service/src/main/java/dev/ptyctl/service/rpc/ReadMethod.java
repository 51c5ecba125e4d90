package dev.ptyctl.service.rpc;

import dev.ptyctl.service.pty.TerminalSession;
import jakarta.json.JsonObject;

/**
 * {@code pty/read}: the screen text (all rows or a selection), the cursor and the size (SPEC §4.2). With our
 * extension {@code scrollback: true} the text is the scrollback then the screen, the selection applying to that whole
 * text, and the result says how many scrollback lines there were ({@code scrollback}): a client that asked for them
 * can tell this answer from an older server's, which ignores the parameter and returns the screen alone. With
 * {@code joined: true} the rows a line soft-wrapped onto are joined to it, the selection counting those lines, and
 * the result says {@code joined: true}, for the same reason.
 */
final class ReadMethod implements RpcMethodHandler {

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) throws RpcException {
        Params given = new Params(params);
        RowSelection selection = RowSelection.from(given);
        boolean scrollback = given.bool("scrollback", false);
        boolean joined = given.bool("joined", false);
        return session.inspect(terminal -> {
            var result = ScreenView.of(terminal, selection.text(terminal, scrollback, joined));
            if (scrollback) {
                result.add("scrollback", terminal.scrollbackSize());
            }
            return joined ? result.add("joined", true).build() : result.build();
        });
    }
}
