package dev.ptyctl.mcp.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tool call's arguments with checks whose messages name the argument and say what it must be. Unknown argument
 * names are refused (a misspelt {@code timeoutMS} silently ignored would make an agent wait with the default).
 */
public final class Arguments {
    private final String tool;
    private final Map<String, Object> values;

    public Arguments(String tool, Map<String, Object> values, Set<String> known) throws ToolError {
        this.tool = tool;
        this.values = values == null ? Map.of() : values;
        Set<String> unknown = new TreeSet<>(this.values.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new ToolError(tool + " has no argument " + String.join(", ", unknown) + "; its arguments are "
                    + String.join(", ", new TreeSet<>(known)) + ".");
        }
    }

    /** Whether the argument was given (and is not null). */
    public boolean has(String name) {
        return values.get(name) != null;
    }

    public String string(String name) throws ToolError {
        return optionalString(name).orElseThrow(() -> new ToolError(tool + " needs " + name + " (a string)."));
    }

    public Optional<String> optionalString(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof String text) {
            return Optional.of(text);
        }
        throw new ToolError(name + " must be a string, got " + describe(value) + ".");
    }

    public long integer(String name, long min, long max, long fallback) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
            throw new ToolError(name + " must be an integer, got " + describe(value) + ".");
        }
        long n = number.longValue();
        if (n < min || n > max) {
            throw new ToolError(name + " must be from " + min + " to " + max + ", got " + n + ".");
        }
        return n;
    }

    public long requiredInteger(String name, long min, long max) throws ToolError {
        if (!has(name)) {
            throw new ToolError(tool + " needs " + name + " (an integer from " + min + " to " + max + ").");
        }
        return integer(name, min, max, 0);
    }

    public boolean bool(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean flag) {
            return flag;
        }
        throw new ToolError(name + " must be true or false, got " + describe(value) + ".");
    }

    /** A list of strings, or null when absent. */
    public List<String> stringList(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list)) {
            throw new ToolError(name + " must be an array of strings, got " + describe(value) + ".");
        }
        List<String> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String text)) {
                throw new ToolError(name + " must hold only strings, got " + describe(item) + ".");
            }
            out.add(text);
        }
        return out;
    }

    /** An object of string values, empty when absent. */
    public Map<String, String> stringMap(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new ToolError(name + " must be an object of strings, got " + describe(value) + ".");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getValue() instanceof String text)) {
                throw new ToolError(name + "." + entry.getKey() + " must be a string, got "
                        + describe(entry.getValue()) + ".");
            }
            out.put(String.valueOf(entry.getKey()), text);
        }
        return out;
    }

    /** The raw value (for arrays of objects the tool checks itself). */
    public Object raw(String name) {
        return values.get(name);
    }

    static String describe(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> "the string \"" + s + "\"";
            case Number n -> "the number " + n;
            case Boolean b -> b.toString();
            case List<?> l -> "an array";
            case Map<?, ?> m -> "an object";
            default -> value.getClass().getSimpleName();
        };
    }
}
