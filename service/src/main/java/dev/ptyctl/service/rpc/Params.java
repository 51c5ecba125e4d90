package dev.ptyctl.service.rpc;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Typed access to a request's params, failing with -32602 and a message that names the field. A member whose
 * value is JSON {@code null} counts as absent, so clients that write optional fields as {@code null} work.
 * Members the method does not know are ignored.
 *
 * <p>Integers: any JSON number whose value is whole ({@code 3}, {@code 3.0}, {@code 3e2}), as JavaScript's
 * {@code Number.isInteger} decides; {@code 1.5}, {@code "3"} and {@code true} are not integers.
 */
final class Params {
    /** Longer number literals than this are handled approximately (they are out of range either way). */
    private static final int LONGEST_EXACT_NUMBER = 40;
    private final JsonObject json;

    Params(JsonObject json) {
        this.json = json;
    }

    /** Whether the member is present and not {@code null}. */
    boolean has(String name) {
        JsonValue value = json.get(name);
        return value != null && value.getValueType() != JsonValue.ValueType.NULL;
    }

    /** The member if present. */
    Optional<JsonValue> value(String name) {
        return has(name) ? Optional.of(json.get(name)) : Optional.empty();
    }

    /** An integer member, saturated to the range of {@code long} (callers clamp or range-check it further). */
    OptionalLong integer(String name) throws RpcException {
        if (!has(name)) {
            return OptionalLong.empty();
        }
        if (!(json.get(name) instanceof JsonNumber number)) {
            throw RpcException.invalidParams(name + " must be an integer");
        }
        String text = number.toString();
        if (text.length() > LONGEST_EXACT_NUMBER) {
            // A number this long is far outside every range we accept: decide through double, which is linear,
            // where BigDecimal arithmetic on a megabyte of digits would not be.
            double approx = Double.parseDouble(text);
            if (approx != Math.rint(approx)) {
                throw RpcException.invalidParams(name + " must be an integer");
            }
            return OptionalLong.of(approx > 0 ? Long.MAX_VALUE : approx < 0 ? Long.MIN_VALUE : 0);
        }
        BigDecimal value = number.bigDecimalValue();
        if (!isWhole(value)) {
            throw RpcException.invalidParams(name + " must be an integer");
        }
        return OptionalLong.of(saturatedLong(value));
    }

    /** An integer member within {@code [min, max]}, or {@code fallback} when absent. */
    long integerInRange(String name, long min, long max, long fallback) throws RpcException {
        OptionalLong value = integerInRange(name, min, max);
        return value.isPresent() ? value.getAsLong() : fallback;
    }

    /** An integer member within {@code [min, max]}, if present. */
    OptionalLong integerInRange(String name, long min, long max) throws RpcException {
        String rule = name + " must be " + integerIn(min, max);
        if (has(name) && !(json.get(name) instanceof JsonNumber)) {
            throw RpcException.invalidParams(rule);
        }
        OptionalLong value;
        try {
            value = integer(name);
        } catch (RpcException e) {
            throw RpcException.invalidParams(rule);
        }
        if (value.isPresent() && (value.getAsLong() < min || value.getAsLong() > max)) {
            throw RpcException.invalidParams(rule + ", got " + json.get(name));
        }
        return value;
    }

    /** A required integer member within {@code [min, max]}. */
    long requiredIntegerInRange(String name, long min, long max) throws RpcException {
        OptionalLong value = integerInRange(name, min, max);
        if (value.isEmpty()) {
            throw RpcException.invalidParams(name + " is required (" + integerIn(min, max) + ")");
        }
        return value.getAsLong();
    }

    /** "an integer from 0 to 600000", or without an upper bound (an offset) "an integer from 0 up". */
    private static String integerIn(long min, long max) {
        return max == Long.MAX_VALUE ? "an integer from " + min + " up" : "an integer from " + min + " to " + max;
    }

    /** A string member, if present. */
    Optional<String> string(String name) throws RpcException {
        if (!has(name)) {
            return Optional.empty();
        }
        if (!(json.get(name) instanceof JsonString string)) {
            throw RpcException.invalidParams(name + " must be a string");
        }
        return Optional.of(string.getString());
    }

    /** A boolean member, or {@code fallback} when absent. */
    boolean bool(String name, boolean fallback) throws RpcException {
        if (!has(name)) {
            return fallback;
        }
        return switch (json.get(name).getValueType()) {
            case TRUE -> true;
            case FALSE -> false;
            default -> throw RpcException.invalidParams(name + " must be a boolean");
        };
    }

    private static boolean isWhole(BigDecimal value) {
        return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0;
    }

    private static long saturatedLong(BigDecimal value) {
        if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return Long.MAX_VALUE;
        }
        if (value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return Long.MIN_VALUE;
        }
        return value.longValueExact();
    }
}
