package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalWait;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * terminal_wait's texts: {@code text}, {@code regex}, or {@code any}, a list of {@code {"text": ...}} and
 * {@code {"regex": ...}} items (a plain string counts as a text) of which the first to show wins; and the
 * {@code found} member of the answer, which says which one matched, what it matched and where.
 */
final class WaitTexts {
    /** As pty/wait's anyOf: ample for any list of outcomes, and a bound on the work of one look. */
    static final int MAX_ANY = 64;
    /** The most of a matched text the one line of facts quotes (a regex such as {@code .*} can match a long line). */
    private static final int QUOTED_CHARS = 120;

    private WaitTexts() {
    }

    static String nonEmpty(Arguments args, String name) throws ToolError {
        return nonEmpty(args.string(name), name);
    }

    static Pattern pattern(String regex, String name) throws ToolError {
        try {
            return Pattern.compile(regex, Pattern.MULTILINE);
        } catch (PatternSyntaxException e) {
            throw new ToolError(name + " is not a valid Java regular expression: " + e.getDescription() + " near "
                    + "index " + e.getIndex() + ". Fix it, or wait for plain text with `text`.");
        }
    }

    /** The {@code any} argument's texts. */
    static ScreenPatterns any(Object raw) throws ToolError {
        if (!(raw instanceof List<?> items) || items.isEmpty() || items.size() > MAX_ANY) {
            throw new ToolError("any must be a list of 1 to " + MAX_ANY + " items such as [{\"text\": \"Password:\"}, "
                    + "{\"regex\": \"\\\\(yes/no\\\\)\"}].");
        }
        List<ScreenPatterns.Entry> entries = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            entries.add(entry(items.get(i), "any[" + i + "]"));
        }
        return new ScreenPatterns(entries);
    }

    private static ScreenPatterns.Entry entry(Object item, String name) throws ToolError {
        if (item instanceof String text) {
            return new ScreenPatterns.Entry(nonEmpty(text, name), null);
        }
        if (!(item instanceof Map<?, ?> object) || object.size() != 1
                || !(object.containsKey("text") || object.containsKey("regex"))) {
            throw new ToolError(name + " must be {\"text\": \"...\"} or {\"regex\": \"...\"}, got "
                    + Arguments.describe(item) + (item instanceof Map<?, ?> m ? " with " + m.keySet() : "") + ".");
        }
        boolean regex = object.containsKey("regex");
        String key = regex ? "regex" : "text";
        if (!(object.get(key) instanceof String text)) {
            throw new ToolError(name + "." + key + " must be a string, got " + Arguments.describe(object.get(key))
                    + ".");
        }
        nonEmpty(text, name + "." + key);
        return new ScreenPatterns.Entry(text, regex ? pattern(text, name + ".regex") : null);
    }

    private static String nonEmpty(String text, String name) throws ToolError {
        if (text.isEmpty()) {
            throw new ToolError(name + " must not be empty.");
        }
        return text;
    }

    /**
     * {@code {index, text, groups?, row?, col?, endSeq?}}: {@code groups} only for a regular expression with groups
     * (null for one that took no part), {@code row}/{@code col} only where the match starts at a known cell of the
     * screen, {@code endSeq} only for a match in the output after sinceSeq.
     */
    static Map<String, Object> found(TerminalWait.Match match) {
        ScreenPatterns.Found found = match.found();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("index", found.index());
        json.put("text", found.text());
        if (!found.groups().isEmpty()) {
            json.put("groups", found.groups().stream().map(group -> group.orElse(null)).toList());
        }
        if (found.row() > 0) {
            json.put("row", found.row());
            json.put("col", found.col());
        }
        if (match.afterSeq() >= 0) {
            json.put("endSeq", match.afterSeq());
        }
        return json;
    }

    /**
     * For the line of facts: {@code any[1] "Password:" at row 3, col 1}, or {@code text "ok"} for a text wait. Not
     * {@code endSeq}: the line names one seq, the one to go on from (a second seq in one line left a model to guess
     * which to wait from).
     */
    static String describe(TerminalWait.Reason reason, Optional<TerminalWait.Match> match) {
        if (match.isEmpty()) {
            return reason.wireName();
        }
        ScreenPatterns.Found found = match.get().found();
        String text = found.text();
        if (text.length() > QUOTED_CHARS) {
            // Never between the two halves of a character (an emoji): a lone half is written as '?'.
            int end = Character.isLowSurrogate(text.charAt(QUOTED_CHARS)) ? QUOTED_CHARS - 1 : QUOTED_CHARS;
            text = text.substring(0, end) + "…";
        }
        StringBuilder out = new StringBuilder(reason.wireName());
        if (reason == TerminalWait.Reason.ANY) {
            out.append('[').append(found.index()).append(']');
        }
        out.append(' ').append(JsonSupport.PROVIDER.createValue(text));
        if (found.row() > 0) {
            out.append(" at row ").append(found.row()).append(", col ").append(found.col());
        }
        return out.toString();
    }
}
