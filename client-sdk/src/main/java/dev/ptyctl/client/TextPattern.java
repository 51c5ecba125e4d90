package dev.ptyctl.client;

import java.util.Objects;

/**
 * One of the texts a wait for several looks for ({@link WaitRequest.Builder#anyOf(TextPattern...)}): a substring of the
 * screen, or a Java regular expression ({@code ^} and {@code $} match at row ends).
 *
 * <pre>{@code
 * WaitRequest login = WaitRequest.builder()
 *         .anyOf(TextPattern.literal("Password:"), TextPattern.regex("\\(yes/no(/\\[fingerprint\\])?\\)"))
 *         .build();
 * }</pre>
 *
 * @param text  the substring, or the expression
 * @param regex whether {@code text} is a regular expression
 */
public record TextPattern(String text, boolean regex) {
    /** Checks that the text is present. */
    public TextPattern {
        Objects.requireNonNull(text, "text");
    }

    /** A substring of the screen, as it is. */
    public static TextPattern literal(String text) {
        return new TextPattern(text, false);
    }

    /** A Java regular expression searched in the screen text. */
    public static TextPattern regex(String regex) {
        return new TextPattern(regex, true);
    }

    @Override
    public String toString() {
        return regex ? "/" + text + "/" : "\"" + text + "\"";
    }
}
