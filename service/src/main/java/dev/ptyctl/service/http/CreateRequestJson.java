package dev.ptyctl.service.http;

import dev.ptyctl.service.terminals.CreateRequest;
import dev.ptyctl.vt.keys.NearestName;
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
 * A null field counts as absent.
 *
 * <p>An unknown field is refused (400 {@code unknown_field}, naming it and the nearest known one): a typo such as
 * {@code colls} would otherwise be dropped without a word and the terminal made at the default size. A client that
 * sends fields this server may not know (written for a newer one) opts in to having them ignored with the header
 * {@value #UNKNOWN_FIELDS_HEADER}{@code : ignore}.
 */
final class CreateRequestJson {
    /** The header with which a client has unknown fields ignored rather than refused; its value is {@code ignore}. */
    static final String UNKNOWN_FIELDS_HEADER = "Ptyctl-Unknown-Fields";
    static final List<String> FIELDS = List.of("sessionId", "cwd", "cols", "rows", "shell", "args", "env",
            "attachOnly", "background");
    /** A known name this many edits or fewer from an unknown one is offered as what was meant. */
    private static final int MAX_SUGGESTION_EDITS = 2;

    private CreateRequestJson() {
    }

    /**
     * @param ignoreUnknown whether unknown fields are ignored ({@link #UNKNOWN_FIELDS_HEADER}) rather than refused
     */
    static CreateRequest parse(JsonObject body, boolean ignoreUnknown) {
        if (!ignoreUnknown) {
            refuseUnknownFields(body);
        }
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

    private static void refuseUnknownFields(JsonObject body) {
        for (String name : body.keySet()) {
            if (!FIELDS.contains(name)) {
                String meant = nearest(name).map(known -> " (did you mean \"" + known + "\"?)").orElse("");
                throw new ApiException(400, "unknown_field", "unknown field \"" + name + "\"" + meant
                        + "; the fields are " + String.join(", ", FIELDS) + ". Send the header "
                        + UNKNOWN_FIELDS_HEADER + ": ignore to have unknown fields ignored");
            }
        }
    }

    /** The known field closest to {@code name}, ignoring case, when it is a small slip away. */
    static java.util.Optional<String> nearest(String name) {
        return NearestName.within(name, FIELDS, MAX_SUGGESTION_EDITS);
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
