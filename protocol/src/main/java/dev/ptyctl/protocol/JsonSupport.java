package dev.ptyctl.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
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
     * Parses one JSON object.
     *
     * @param text the JSON text
     * @return the object
     * @throws jakarta.json.JsonException when the text is not JSON, or is JSON but not an object
     */
    public static JsonObject parseObject(String text) {
        try (var reader = PROVIDER.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    /**
     * Parses one JSON value of any kind.
     *
     * @param text the JSON text
     * @return the value
     * @throws jakarta.json.JsonException when the text is not one JSON value
     */
    public static JsonValue parseValue(String text) {
        try (var reader = PROVIDER.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }
}
