package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a matched wait found ({@code pty/wait}'s {@code found}): which of its texts, what that matched on the screen,
 * a regular expression's groups, and where it starts. pexpect's {@code expect} index and {@code child.match}.
 *
 * <pre>{@code
 * WaitResult r = client.waitFor(WaitRequest.builder().anyOf("Password:", "(yes/no)?").build());
 * switch (r.found().orElseThrow().index()) {
 *     case 0 -> client.writeLine(password);
 *     case 1 -> client.writeLine("yes");
 * }
 * String port = client.waitFor(WaitRequest.builder().match("port (\\d+)").regex(true).build())
 *         .found().orElseThrow().group(1);
 * }</pre>
 *
 * @param index  which text matched, 0-based in the order asked (0 for a single match)
 * @param text   the text it matched on the screen
 * @param groups a regular expression's groups 1…n, empty for a group that took no part; none for a substring
 * @param named  a regular expression's named groups that took part, by name
 * @param start  the cell where the match starts (1-based; in a line that wrapped, the cell of its first character);
 *               with {@link WaitRequest.Builder#scrollback} a row of 0 or less is a line above the screen: 0 the one
 *               right above it, -1 the one above that. Empty for a wait with {@code since} (the match is in the
 *               output, not on a cell), and from a server before 5 Dec 2026 for the scrollback and wrapped lines
 */
public record WaitMatch(int index, String text, List<Optional<String>> groups, Map<String, String> named,
                        Optional<Cursor> start) {
    /** Copies the lists. */
    public WaitMatch {
        Objects.requireNonNull(text, "text");
        groups = List.copyOf(groups);
        named = Map.copyOf(named);
        Objects.requireNonNull(start, "start");
    }

    /**
     * Group {@code n} as {@link java.util.regex.Matcher#group(int)} gives it: 0 the whole text, {@code null} for a
     * group that took no part.
     *
     * @throws IndexOutOfBoundsException when the expression has no such group
     */
    public String group(int n) {
        if (n == 0) {
            return text;
        }
        if (n < 0 || n > groups.size()) {
            throw new IndexOutOfBoundsException("no group " + n + ": the match has " + groups.size() + " groups");
        }
        return groups.get(n - 1).orElse(null);
    }

    /** The named group {@code name}, {@code null} when it took no part (or there is none by that name). */
    public String group(String name) {
        return named.get(name);
    }

    /**
     * Reads {@code {index, text, groups, named?, row?, col?}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static WaitMatch fromJson(JsonObject json) {
        List<Optional<String>> groups = new ArrayList<>();
        if (json.get("groups") instanceof JsonArray array) {
            for (JsonValue group : array) {
                groups.add(group instanceof JsonString s ? Optional.of(s.getString()) : Optional.empty());
            }
        }
        Map<String, String> named = new LinkedHashMap<>();
        if (json.get("named") instanceof JsonObject names) {
            names.forEach((name, value) -> {
                if (value instanceof JsonString s) {
                    named.put(name, s.getString());
                }
            });
        }
        Optional<Cursor> start = json.get("row") instanceof JsonNumber ? Optional.of(Cursor.fromJson(json))
                : Optional.empty();
        return new WaitMatch(JsonFields.intValue(json, "index"), JsonFields.string(json, "text"), groups, named, start);
    }
}
