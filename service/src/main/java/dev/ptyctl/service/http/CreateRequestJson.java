package dev.ptyctl.service.http;

import dev.ptyctl.service.terminals.CreateRequest;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the body of {@code POST /v1/terminals} into a {@link CreateRequest}, checking each field's JSON type
 * (400 naming the field). Values are checked later, against the file system and the limits, by the registry.
 * Unknown fields are ignored, so newer clients can talk to this server. A null field counts as absent.
 */
final class CreateRequestJson {
    private CreateRequestJson() {
    }

    static CreateRequest parse(JsonObject body) {
        return new CreateRequest(
                string(body, "sessionId"),
                string(body, "cwd"),
                integer(body, "cols"),
                integer(body, "rows"),
                string(body, "shell"),
                stringList(body, "args"),
                stringMap(body, "env"),
                bool(body, "attachOnly"),
                bool(body, "background"));
    }

    private static JsonValue field(JsonObject body, String name) {
        JsonValue value = body.get(name);
        return value == null || value.getValueType() == JsonValue.ValueType.NULL ? null : value;
    }

    private static String string(JsonObject body, String name) {
        JsonValue value = field(body, name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof JsonString s)) {
            throw ApiException.badRequest(name + " must be a string");
        }
        return s.getString();
    }

    private static Integer integer(JsonObject body, String name) {
        JsonValue value = field(body, name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof JsonNumber n) || !n.isIntegral()) {
            throw ApiException.badRequest(name + " must be an integer");
        }
        try {
            return n.intValueExact();
        } catch (ArithmeticException e) {
            throw ApiException.badRequest(name + " is out of range: " + n);
        }
    }

    private static boolean bool(JsonObject body, String name) {
        JsonValue value = field(body, name);
        if (value == null) {
            return false;
        }
        if (value != JsonValue.TRUE && value != JsonValue.FALSE) {
            throw ApiException.badRequest(name + " must be true or false");
        }
        return value == JsonValue.TRUE;
    }

    private static List<String> stringList(JsonObject body, String name) {
        JsonValue value = field(body, name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof JsonArray array)) {
            throw ApiException.badRequest(name + " must be an array of strings");
        }
        List<String> list = new ArrayList<>(array.size());
        for (JsonValue item : array) {
            if (!(item instanceof JsonString s)) {
                throw ApiException.badRequest(name + " must be an array of strings");
            }
            list.add(s.getString());
        }
        return list;
    }

    private static Map<String, String> stringMap(JsonObject body, String name) {
        JsonValue value = field(body, name);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof JsonObject object)) {
            throw ApiException.badRequest(name + " must be an object of strings");
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
            if (!(entry.getValue() instanceof JsonString s)) {
                throw ApiException.badRequest(name + "." + entry.getKey() + " must be a string");
            }
            map.put(entry.getKey(), s.getString());
        }
        return map;
    }
}
