package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.control.ScreenPatterns;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code pty/wait}'s texts on the wire: {@code match} (with {@code regex}) as before, or {@code anyOf}, several at
 * once, pexpect's {@code expect([...])}; and the {@code found} member that says which one matched.
 *
 * <p>{@code anyOf} is a non-empty array of at most {@link #MAX_ALTERNATIVES} items, each a string (a substring, or a
 * regular expression when the request has {@code regex: true}) or an object {@code {match, regex?}} whose own
 * {@code regex} wins: {@code ["password:", {"match": "\\(yes/no(/\\[fingerprint\\])?\\)", "regex": true}]}.
 */
final class WaitPatternParams {
    /** Ample for any script's list of outcomes, and a bound on the work of one look at the screen. */
    static final int MAX_ALTERNATIVES = 64;

    private WaitPatternParams() {
    }

    /**
     * The texts of a wait, {@code null} when it has none.
     *
     * @throws RpcException (invalid params) for {@code match} with {@code anyOf}, an item of the wrong shape, a
     *                      pattern that does not compile, or {@code regex}/{@code scrollback} without a text
     */
    static ScreenPatterns patterns(Params params, String match, boolean regex, boolean scrollback)
            throws RpcException {
        if (!params.has("anyOf")) {
            if (match == null) {
                if (regex || scrollback) {
                    throw RpcException.invalidParams((regex ? "regex" : "scrollback") + " needs match or anyOf");
                }
                return null;
            }
            return new ScreenPatterns(List.of(entry(match, regex, "match")));
        }
        if (match != null) {
            throw RpcException.invalidParams("match and anyOf are exclusive: put the text in anyOf");
        }
        if (!(params.value("anyOf").orElseThrow() instanceof JsonArray items) || items.isEmpty()
                || items.size() > MAX_ALTERNATIVES) {
            throw RpcException.invalidParams("anyOf must be an array of 1 to " + MAX_ALTERNATIVES + " texts");
        }
        List<ScreenPatterns.Entry> entries = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            entries.add(item(items.get(i), regex, "anyOf[" + i + "]"));
        }
        return new ScreenPatterns(entries);
    }

    private static ScreenPatterns.Entry item(JsonValue item, boolean regex, String name) throws RpcException {
        if (item instanceof JsonString text) {
            return entry(text.getString(), regex, name);
        }
        if (item instanceof JsonObject object && object.get("match") instanceof JsonString text) {
            JsonValue own = object.getOrDefault("regex", regex ? JsonValue.TRUE : JsonValue.FALSE);
            if (own != JsonValue.TRUE && own != JsonValue.FALSE) {
                throw RpcException.invalidParams(name + ".regex must be a boolean");
            }
            return entry(text.getString(), own == JsonValue.TRUE, name + ".match");
        }
        throw RpcException.invalidParams(name + " must be a string or an object {match, regex?}");
    }

    private static ScreenPatterns.Entry entry(String text, boolean regex, String name) throws RpcException {
        if (!regex) {
            return new ScreenPatterns.Entry(text, null);
        }
        try {
            return new ScreenPatterns.Entry(text, Pattern.compile(text, Pattern.MULTILINE));
        } catch (PatternSyntaxException e) {
            throw RpcException.invalidParams(name + " is not a valid regular expression: " + e.getDescription()
                    + " near index " + e.getIndex());
        }
    }

    /**
     * {@code {index, text, groups, named?, row?, col?}}: {@code groups} has a regular expression's groups 1…n, null
     * for one that took no part ({@code []} for a substring); {@code named} only when the expression names groups;
     * {@code row} and {@code col} only when the match was found on the terminal (not in the output read as a stream):
     * where it starts, row 0 and above in the scrollback.
     */
    static JsonObject toJson(ScreenPatterns.Found found) {
        JsonArrayBuilder groups = JsonSupport.arrayBuilder();
        found.groups().forEach(group -> {
            if (group.isPresent()) {
                groups.add(group.get());
            } else {
                groups.addNull();
            }
        });
        JsonObjectBuilder json = JsonSupport.objectBuilder().add("index", found.index()).add("text", found.text())
                .add("groups", groups);
        if (!found.named().isEmpty()) {
            JsonObjectBuilder named = JsonSupport.objectBuilder();
            found.named().forEach(named::add);
            json.add("named", named);
        }
        if (found.col() > 0) {
            json.add("row", found.row()).add("col", found.col());
        }
        return json.build();
    }
}
