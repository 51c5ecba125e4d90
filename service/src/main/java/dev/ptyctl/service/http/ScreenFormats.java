package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import dev.ptyctl.vt.serialize.VtSerializer;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The bodies of {@code GET /v1/terminals/{id}/screen} (SPEC §5.1): {@code text} is scrollback then screen as plain
 * text; {@code vt} is the escape sequences that reproduce screen and scrollback, starting with {@code ESC c}
 * (SPEC §3's vt serializer). Both are taken under the session lock, so they show one moment of the output.
 */
final class ScreenFormats {
    private ScreenFormats() {
    }

    /**
     * Scrollback then screen; with {@code joined} the rows a line soft-wrapped onto joined to it, and
     * {@code "joined": true} in the body (a client can tell an older server, which ignores the parameter).
     */
    static JsonObject text(HostedTerminal terminal, boolean joined) {
        if (joined) {
            return body("text", terminal.session().inspect(t -> TextSerializer.unwrapped(t, true)))
                    .add("joined", true).build();
        }
        return body("text", terminal.session().inspect(TextSerializer::withScrollback)).build();
    }

    static JsonObject vt(HostedTerminal terminal) {
        return body("vt", terminal.session().inspect(VtSerializer::serialize)).build();
    }

    private static JsonObjectBuilder body(String format, String screen) {
        return JsonSupport.objectBuilder().add("format", format).add("screen", screen);
    }
}
