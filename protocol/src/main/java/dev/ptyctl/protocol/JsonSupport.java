package dev.ptyctl.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;

/**
 * The one JSON provider of every module, looked up once. Each static {@code jakarta.json.Json} factory call repeats
 * the provider lookup: a ServiceLoader scan that opens every jar of the class path for its service file and inflates
 * what it finds. In the server that was a scan per REST response and per JSON-RPC request (about two thirds of what
 * a JSON-RPC request cost, most of a keystroke's echo latency); in a short command line, a measurable part of its
 * run time. Use this class instead of {@code jakarta.json.Json}.
 */
public final class JsonSupport {
    /** The provider, for what the helpers below do not cover (parsers, generators, values). */
    public static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonSupport() {
    }

    /**
     * A new object builder.
     *
     * @return an empty builder
     */
    public static JsonObjectBuilder objectBuilder() {
        return PROVIDER.createObjectBuilder();
    }

    /**
     * A new array builder.
     *
     * @return an empty builder
     */
    public static JsonArrayBuilder arrayBuilder() {
        return PROVIDER.createArrayBuilder();
    }

    /**
     * Parses text that holds exactly one JSON object and nothing else but whitespace.
     *
     * @param text the JSON text
     * @return the object
     * @throws jakarta.json.JsonException when the text is not JSON, is JSON but not an object, or has more after the
     *                                    object ({@link TrailingTextException})
     */
    public static JsonObject parseObject(String text) {
        if (!(parseValue(text) instanceof JsonObject object)) {
            throw new JsonException("not a JSON object");
        }
        return object;
    }

    /**
     * Parses text that holds exactly one JSON value of any kind and nothing else but whitespace. A reader alone stops
     * after the first value and would silently drop whatever follows it ({@code {...} trailing}, {@code {...}{...}}).
     *
     * @param text the JSON text
     * @return the value
     * @throws jakarta.json.JsonException when the text is not one JSON value, or has more after it
     *                                    ({@link TrailingTextException})
     */
    public static JsonValue parseValue(String text) {
        JsonValue value;
        int next;
        try (JsonParser parser = PROVIDER.createParser(new StringReader(text))) {
            parser.next();
            value = parser.getValue();
            next = firstNonWhitespace(text, (int) parser.getLocation().getStreamOffset());
        } catch (JsonException e) {
            throw e;
        } catch (RuntimeException e) {
            // Parsson reports its nesting limit (1,000) as a plain RuntimeException: make it a JSON error like others.
            throw new JsonException(e.getMessage(), e);
        }
        if (next < text.length()) {
            throw new TrailingTextException(value, text, next);
        }
        return value;
    }

    /** The index of the first character from {@code from} on that is not JSON whitespace, or the text's length. */
    private static int firstNonWhitespace(String text, int from) {
        int i = Math.max(0, from);
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    /**
     * Text holds a complete JSON value followed by more than whitespace: another value (two frames packed in one
     * message) or stray text. Says which, and where (1-based, as editors count).
     */
    public static final class TrailingTextException extends JsonException {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        /** The complete value before the extra text. */
        private final transient JsonValue value;

        TrailingTextException(JsonValue value, String text, int offset) {
            super(startsAValue(text, offset)
                    ? "more than one JSON value: another starts at character " + (offset + 1)
                    : "text after the JSON " + (value.getValueType() == JsonValue.ValueType.OBJECT ? "object" : "value")
                            + " at character " + (offset + 1));
            this.value = value;
        }

        private static boolean startsAValue(String text, int offset) {
            return "{[\"-0123456789".indexOf(text.charAt(offset)) >= 0 || text.startsWith("true", offset)
                    || text.startsWith("false", offset) || text.startsWith("null", offset);
        }

        /**
         * The value the text began with, for naming what the refused text was about (a frame's client and number).
         *
         * @return the first value
         */
        public JsonValue value() {
            return value;
        }
    }
}
