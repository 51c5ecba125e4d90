package dev.ptyctl.client;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * One thing to send to the terminal with {@code pty/write}: literal text, or a named key (see
 * {@link Key} for the names). Several actions in one write are applied in order.
 *
 * <pre>{@code
 * client.write(Action.text("make test"), Action.key(Key.ENTER));
 * client.write(Action.key(Key.ctrl('c')));
 * }</pre>
 */
public sealed interface Action {

    /** Text typed as is (UTF-8 encoded on the wire). */
    static Action text(String text) {
        return new Text(text);
    }

    /**
     * Text sent as a terminal sends a paste (ptyctl's extension of {@code pty/write}): line breaks as Enter, and
     * wrapped in bracketed-paste markers while the program asks for them, so a shell takes a multi-line command as
     * one command line instead of running each line.
     */
    static Action paste(String text) {
        return new Paste(text);
    }

    /**
     * Exact bytes, as they are (ptyctl's extension of {@code pty/write}, sent base64-encoded): for input that is not
     * UTF-8 text, such as a mouse report in the default encoding past column or row 95, whose coordinates are single
     * bytes 0x80–0xFF. The array is copied.
     */
    static Action bytes(byte[] bytes) {
        return new Bytes(bytes);
    }

    /** A key press by name, e.g. {@code "Enter"}, {@code "Ctrl+C"}, {@code "Alt+ArrowUp"}. */
    static Action key(String name) {
        return new KeyPress(name);
    }

    /**
     * The {@code pty/write} params for these actions: one action is sent as an object (as every
     * socket-pty server understands), several as an array.
     *
     * @throws IllegalArgumentException when the list is empty
     */
    static JsonObject writeParams(List<Action> actions) {
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("write needs at least one action");
        }
        if (actions.size() == 1) {
            return JsonSupport.objectBuilder().add("action", actions.getFirst().toJson()).build();
        }
        JsonArrayBuilder array = JsonSupport.arrayBuilder();
        actions.forEach(action -> array.add(action.toJson()));
        return JsonSupport.objectBuilder().add("action", array).build();
    }

    /** The wire form: {@code {"text": ...}}, {@code {"key": ...}}, {@code {"paste": ...}} or {@code {"bytes": ...}}. */
    JsonObject toJson();

    /**
     * Literal text, e.g. {@code Action.text("git status")}, sent as UTF-8 bytes exactly as given.
     *
     * @param text the characters to type
     */
    record Text(String text) implements Action {
        /** Checks the text is present. */
        public Text {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public JsonObject toJson() {
            return JsonSupport.objectBuilder().add("text", text).build();
        }
    }

    /**
     * Pasted text, e.g. {@code Action.paste("for f in *\ndo wc -l $f\ndone")}; needs a ptyctl server (socket-pty
     * servers know only text and key).
     *
     * @param text the text to paste
     */
    record Paste(String text) implements Action {
        /** Checks the text is present. */
        public Paste {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public JsonObject toJson() {
            return JsonSupport.objectBuilder().add("paste", text).build();
        }
    }

    /**
     * Exact bytes, e.g. {@code Action.bytes(report)}; needs a ptyctl server (socket-pty servers know only text and key).
     *
     * @param bytes the bytes to write, copied
     */
    record Bytes(byte[] bytes) implements Action {
        /** Checks the bytes are present, and keeps a copy of them. */
        public Bytes {
            bytes = Objects.requireNonNull(bytes, "bytes").clone();
        }

        /** A copy of the bytes: the record's own cannot be changed from outside. */
        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public JsonObject toJson() {
            return JsonSupport.objectBuilder().add("bytes", java.util.Base64.getEncoder().encodeToString(bytes)).build();
        }
    }

    /**
     * A named key, e.g. {@code Action.key(Key.ctrl('c'))}; the server turns it into bytes honouring
     * the terminal's modes.
     *
     * @param key the key name (docs/protocol-jsonrpc.md), case-sensitive
     */
    record KeyPress(String key) implements Action {
        /** Checks the name is present and not empty. */
        public KeyPress {
            Objects.requireNonNull(key, "key");
            if (key.isEmpty()) {
                throw new IllegalArgumentException("key name is empty");
            }
        }

        @Override
        public JsonObject toJson() {
            return JsonSupport.objectBuilder().add("key", key).build();
        }
    }
}
