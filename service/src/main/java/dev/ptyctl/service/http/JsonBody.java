package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import io.helidon.webserver.http.ServerRequest;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * Reads a request body as one JSON object: at most {@link #MAX_BODY_BYTES} (413 beyond, checked against
 * {@code Content-Length} first and then while reading, for chunked bodies), valid UTF-8, valid JSON (400 naming
 * the problem and where it is), and an object.
 */
final class JsonBody {
    /** Create requests are a few hundred bytes; 1 MiB leaves room for any environment and bounds memory. */
    static final int MAX_BODY_BYTES = 1024 * 1024;

    private JsonBody() {
    }

    static JsonObject read(ServerRequest req) {
        OptionalLong declared = req.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > MAX_BODY_BYTES) {
            throw tooLarge();
        }
        byte[] bytes = readLimited(req);
        if (bytes.length == 0) {
            throw ApiException.badRequest("the request body is empty: a JSON object is required");
        }
        return parseObject(decode(bytes));
    }

    private static byte[] readLimited(ServerRequest req) {
        try (InputStream in = req.content().inputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw tooLarge();
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ApiException(400, "invalid_json", "the request body is not valid UTF-8");
        }
    }

    static JsonObject parseObject(String text) {
        JsonValue structure;
        try {
            structure = JsonSupport.parseValue(text);
        } catch (JsonException e) { // JsonParsingException says where: "Unexpected char 125 at (line no=1, ...)"
            throw new ApiException(400, "invalid_json", "the request body is not valid JSON: " + e.getMessage());
        }
        if (!(structure instanceof JsonObject object)) {
            throw new ApiException(400, "invalid_json", "the request body must be a JSON object, not "
                    + structure.getValueType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return object;
    }

    private static ApiException tooLarge() {
        return new ApiException(413, "too_large", "the request body is larger than " + MAX_BODY_BYTES + " bytes");
    }
}
