package dev.ptyctl.cli.render;

import jakarta.json.JsonReaderFactory;
import jakarta.json.spi.JsonProvider;
import java.util.Map;

/**
 * The JSON reader factory render uses. {@code jakarta.json.Json.createReader} looks the provider up
 * through the service loader on every call, which would dominate reading a long asciicast file one
 * event line at a time; the factory is looked up once.
 */
final class Json {
    static final JsonReaderFactory READERS = JsonProvider.provider().createReaderFactory(Map.of());

    private Json() {
    }
}
