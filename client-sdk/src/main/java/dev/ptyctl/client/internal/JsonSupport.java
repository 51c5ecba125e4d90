package dev.ptyctl.client.internal;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;

/**
 * The JSON provider, looked up once. Every static {@code jakarta.json.Json} factory call repeats
 * the provider lookup (a ServiceLoader scan of the class path), which is a measurable part of a
 * short-lived command line's run time.
 */
public final class JsonSupport {
    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonSupport() {
    }

    /** A new object builder. */
    public static JsonObjectBuilder objectBuilder() {
        return PROVIDER.createObjectBuilder();
    }

    /** A new array builder. */
    public static JsonArrayBuilder arrayBuilder() {
        return PROVIDER.createArrayBuilder();
    }

    /**
     * Parses one JSON object.
     *
     * @throws jakarta.json.JsonException when the text is not JSON
     * @throws IllegalStateException when it is JSON but not an object
     */
    public static JsonObject parseObject(String text) {
        try (var reader = PROVIDER.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }
}
