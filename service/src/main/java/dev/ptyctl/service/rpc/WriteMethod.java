package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.service.control.PasteReadiness;
import dev.ptyctl.service.control.TerminalInput;
import dev.ptyctl.service.control.TerminalInput.Action;
import dev.ptyctl.service.control.TerminalInput.Kind;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.vt.keys.UnknownKeyException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * {@code pty/write}: one action ({@code {text}}, {@code {key}} or, ours, {@code {paste}} and {@code {bytes}}, base64 for
 * what is not text) or a non-empty array of them, validated as a
 * whole before anything is written, then written to the PTY as one write. The result is {@code written}, the
 * number of UTF-8 bytes written, and {@code outputSeq}, the output offset at the moment of the write; ours, with shell
 * integration, {@code promptsDrawn} (the shell's prompts so far, new and continuation ones), and with a paste
 * {@code bracketedPaste} (whether it was bracketed).
 *
 * <p>Keys are encoded with the terminal's application cursor key mode, and pastes with its bracketed paste mode,
 * as they are when the request runs ({@link TerminalInput}, our key names only); a paste of several lines to a shell at
 * its prompt first waits for its line editor to turn bracketed paste on ({@link PasteReadiness}).
 */
final class WriteMethod implements RpcMethodHandler {
    private final PromptTracker prompts;

    /** @param prompts the shell's prompt marks, or null without shell integration */
    WriteMethod(PromptTracker prompts) {
        this.prompts = prompts;
    }

    @Override
    public JsonObject call(JsonObject params, TerminalSession session)
            throws RpcException, IOException, InterruptedException {
        List<Action> actions = actions(new Params(params));
        PasteReadiness.await(session, prompts, actions);
        // only where prompts can be seen (an integrated shell): a server's tracker of a terminal running cat has none
        long promptsBefore = PromptTracker.whyPromptsUnseen(prompts).isEmpty() ? prompts.promptsDrawn() : -1;
        TerminalInput.Sent sent = TerminalInput.write(session, actions, TerminalInput.Dialect.JSON_RPC); // keys checked
        JsonObjectBuilder result = JsonSupport.objectBuilder().add("written", sent.written())
                .add("outputSeq", sent.seq());
        if (promptsBefore >= 0) {
            // ours, for a run of several lines in a shell that reads them one by one (no bracketed paste): it waits
            // for pty/wait's prompts = this + the lines typed (a prompt, or a continuation prompt, after each)
            result.add("promptsDrawn", promptsBefore);
        }
        if (actions.stream().anyMatch(a -> a.kind() == Kind.PASTE)) {
            result.add("bracketedPaste", sent.bracketedPaste());
        }
        return result.build();
    }

    private static void checkKey(String key) throws RpcException {
        try {
            TerminalInput.key(key, false, TerminalInput.Dialect.JSON_RPC);
        } catch (UnknownKeyException e) {
            throw new RpcException(RpcErrorCode.INVALID_PARAMS, e.getMessage(),
                    JsonSupport.objectBuilder().add("key", key).build());
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
            if (a.kind() == Kind.KEY) {
                checkKey(a.value());
            }
        }
        return actions;
    }

    private static Action action(String where, JsonObject object) throws RpcException {
        Params fields = new Params(object);
        List<Kind> present = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            if (fields.has(name(kind))) {
                present.add(kind);
            }
        }
        if (present.size() > 1) {
            throw RpcException.invalidParams(where + ": " + (present.contains(Kind.BYTES) ? "text, key, paste and bytes"
                    : present.contains(Kind.PASTE) ? "text, key and paste" : "text and key") + " are mutually exclusive");
        }
        if (present.isEmpty()) {
            throw RpcException.invalidParams(where + " needs either text or key");
        }
        Kind kind = present.getFirst();
        if (!(object.get(name(kind)) instanceof JsonString value)) {
            throw RpcException.invalidParams(where + "." + name(kind) + " must be a string");
        }
        if (kind == Kind.BYTES) {
            try {
                Base64.getDecoder().decode(value.getString());
            } catch (IllegalArgumentException e) {
                throw RpcException.invalidParams(where + ".bytes must be base64 (RFC 4648, padded): " + e.getMessage());
            }
        }
        return new Action(kind, value.getString());
    }

    private static String name(Kind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
