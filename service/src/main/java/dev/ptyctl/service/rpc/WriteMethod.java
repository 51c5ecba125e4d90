package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.keys.KeyEncoder;
import dev.ptyctl.vt.keys.UnknownKeyException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pty/write}: one action ({@code {text}} or {@code {key}}) or a non-empty array of them, validated as a
 * whole before anything is written, then written to the PTY as one write. The result is {@code written}, the
 * number of UTF-8 bytes written, and {@code outputSeq}, the output offset at the moment of the write.
 *
 * <p>Keys are encoded with the terminal's application cursor key mode as it is when the request runs.
 */
final class WriteMethod implements RpcMethodHandler {

    /** One validated action: exactly one of the two is non-null. */
    private record Action(String text, String key) {
    }

    @Override
    public JsonObject call(JsonObject params, TerminalSession session)
            throws RpcException, IOException, InterruptedException {
        List<Action> actions = actions(new Params(params));
        boolean applicationCursorKeys = actions.stream().anyMatch(a -> a.key() != null)
                && session.inspect(Terminal::applicationCursorKeys);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (Action action : actions) {
            bytes.writeBytes(action.text() != null ? action.text().getBytes(StandardCharsets.UTF_8)
                    : encodeKey(action.key(), applicationCursorKeys));
        }
        byte[] data = bytes.toByteArray();
        long outputSeq = session.write(data);
        return RpcJson.PROVIDER.createObjectBuilder().add("written", data.length).add("outputSeq", outputSeq).build();
    }

    private static byte[] encodeKey(String key, boolean applicationCursorKeys) throws RpcException {
        try {
            return KeyEncoder.encode(key, applicationCursorKeys);
        } catch (UnknownKeyException e) {
            throw new RpcException(RpcErrorCode.INVALID_PARAMS, e.getMessage(),
                    RpcJson.PROVIDER.createObjectBuilder().add("key", key).build());
        }
    }

    private static List<Action> actions(Params params) throws RpcException {
        JsonValue action = params.value("action").orElseThrow(
                () -> RpcException.invalidParams("action is required: an object {text} or {key}, or an array of them"));
        List<Action> actions = new ArrayList<>();
        if (action instanceof JsonObject single) {
            actions.add(action("action", single));
        } else if (action instanceof JsonArray array) {
            if (array.isEmpty()) {
                throw RpcException.invalidParams("action must not be an empty array");
            }
            for (int i = 0; i < array.size(); i++) {
                String where = "action[" + i + "]";
                if (!(array.get(i) instanceof JsonObject element)) {
                    throw RpcException.invalidParams(where + " must be an object {text} or {key}");
                }
                actions.add(action(where, element));
            }
        } else {
            throw RpcException.invalidParams("action must be an object {text} or {key}, or a non-empty array of them");
        }
        for (Action a : actions) {
            if (a.key() != null) {
                encodeKey(a.key(), false);
            }
        }
        return actions;
    }

    private static Action action(String where, JsonObject object) throws RpcException {
        Params fields = new Params(object);
        boolean hasText = fields.has("text");
        boolean hasKey = fields.has("key");
        if (hasText && hasKey) {
            throw RpcException.invalidParams(where + ": text and key are mutually exclusive");
        }
        if (!hasText && !hasKey) {
            throw RpcException.invalidParams(where + " needs either text or key");
        }
        String name = hasText ? "text" : "key";
        if (!(object.get(name) instanceof JsonString value)) {
            throw RpcException.invalidParams(where + "." + name + " must be a string");
        }
        return hasText ? new Action(value.getString(), null) : new Action(null, value.getString());
    }
}
