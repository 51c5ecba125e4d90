package dev.ptyctl.client.internal;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Reads typed members out of result objects, failing with a message that names the member when the
 * server sent something else.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /** The string member {@code name}. */
    public static String string(JsonObject object, String name) {
        if (object.get(name) instanceof JsonString s) {
            return s.getString();
        }
        throw malformed(name, "a string", object);
    }

    /** The integral number member {@code name}. */
    public static long integer(JsonObject object, String name) {
        if (object.get(name) instanceof JsonNumber n && n.isIntegral()) {
            return n.longValue();
        }
        throw malformed(name, "an integer", object);
    }

    /** The integral number member {@code name} as an int. */
    public static int intValue(JsonObject object, String name) {
        long value = integer(object, name);
        if (value != (int) value) {
            throw malformed(name, "an int", object);
        }
        return (int) value;
    }

    /** The integral member {@code name}, or {@code fallback} when absent or {@code null}. */
    public static long optionalInteger(JsonObject object, String name, long fallback) {
        JsonValue value = object.get(name);
        return value == null || value == JsonValue.NULL ? fallback : integer(object, name);
    }

    /** The boolean member {@code name}. */
    public static boolean bool(JsonObject object, String name) {
        JsonValue value = object.get(name);
        if (value == JsonValue.TRUE) {
            return true;
        }
        if (value == JsonValue.FALSE) {
            return false;
        }
        throw malformed(name, "a boolean", object);
    }

    /** The object member {@code name}. */
    public static JsonObject object(JsonObject object, String name) {
        if (object.get(name) instanceof JsonObject o) {
            return o;
        }
        throw malformed(name, "an object", object);
    }

    private static IllegalArgumentException malformed(String name, String expected, JsonObject object) {
        JsonValue actual = object.get(name);
        String got = actual == null ? "nothing" : actual.toString();
        return new IllegalArgumentException("result member \"" + name + "\" should be " + expected + ", got " + got);
    }
}
