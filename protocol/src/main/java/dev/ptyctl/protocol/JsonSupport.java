package dev.ptyctl.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.util.Map;

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
    /** Parsers with Parsson's guards as they are: at most 15,000,000 characters a document, nesting 1,000 deep. */
    private static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());
    /**
     * Parsers for a server's answer ({@link #parseAnswer}): the length guard lifted, since the client's transport bounds
     * each message already (the SDK reads 64 MiB at most).
     */
    private static final JsonParserFactory ANSWER_PARSERS = PROVIDER.createParserFactory(
            Map.of("org.eclipse.parsson.maxParsingLimit", Integer.MAX_VALUE));

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
        return object(parseValue(text));
    }

    /**
     * {@link #parseObject} for a server's answer, which a client reads whole (its transport bounds the size): Parsson's
     * guard against a huge document (15,000,000 characters) would refuse a whole terminal as escape sequences
     * ({@code pty/read}'s {@code format: "vt"}, {@code screen?format=vt}) of a terminal coloured at every cell, 120
     * columns of 10,000 lines making 28 MB.
     *
     * @throws jakarta.json.JsonException as {@link #parseObject} does
     */
    public static JsonObject parseAnswer(String text) {
        return object(parse(text, ANSWER_PARSERS));
    }

    private static JsonObject object(JsonValue value) {
        if (!(value instanceof JsonObject object)) {
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
        return parse(text, PARSERS);
    }

    private static JsonValue parse(String text, JsonParserFactory parsers) {
        JsonValue value;
        int next;
        try (JsonParser parser = parsers.createParser(new StringReader(text))) {
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
