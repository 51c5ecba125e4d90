package dev.ptyctl.service.rpc;

import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.serialize.VtSerializer;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * {@code pty/read}: the screen text (all rows or a selection), the cursor and the size (SPEC §4.2). With our
 * extension {@code scrollback: true} the text is the scrollback then the screen, the selection applying to that whole
 * text, and the result says how many scrollback lines there were ({@code scrollback}): a client that asked for them
 * can tell this answer from an older server's, which ignores the parameter and returns the screen alone. With
 * {@code joined: true} the rows a line soft-wrapped onto are joined to it, the selection counting those lines, and
 * the result says {@code joined: true}, for the same reason. With {@code format: "vt"} (ours too) {@code screen} is
 * the escape sequences that redraw the whole terminal, as the REST API's {@code screen?format=vt} gives them, and the
 * result says {@code format: "vt"}.
 */
final class ReadMethod implements RpcMethodHandler {
    /** What a {@code vt} read cannot take: it is always the whole terminal. */
    private static final List<String> TEXT_ONLY = List.of("top", "bottom", "start", "end", "scrollback", "joined");

    @Override
    public JsonObject call(JsonObject params, TerminalSession session) throws RpcException {
        Params given = new Params(params);
        String format = given.string("format").orElse("text");
        if (format.equals("vt")) {
            for (String name : TEXT_ONLY) {
                if (given.has(name)) {
                    throw RpcException.invalidParams("format \"vt\" is the whole terminal (screen and scrollback as "
                            + "escape sequences) and takes no " + name);
                }
            }
            return session.inspect(terminal -> ScreenView.of(terminal, VtSerializer.serialize(terminal))
                    .add("format", "vt").build());
        }
        if (!format.equals("text")) {
            throw RpcException.invalidParams("format must be \"text\" or \"vt\", got \"" + format + "\"");
        }
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
