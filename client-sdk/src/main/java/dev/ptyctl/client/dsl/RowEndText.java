package dev.ptyctl.client.dsl;

import dev.ptyctl.client.TextPattern;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text a test waits for, as it is seen on the screen, matched against screen text whose rows have no trailing spaces
 * ({@code pty/read}'s rule): spaces that end a line of the text may be the blank cells at the end of a row. A prompt
 * {@code ">>> "} with the cursor after it reads {@code ">>>"}; pexpect's {@code child.expect(">>> ")} and tui-test's
 * {@code getByText(">>> ")} find it, and so must {@code waitFor(">>> ")}.
 */
final class RowEndText {
    private RowEndText() {
    }

    /**
     * A regular expression ({@link Pattern#MULTILINE}, as the server's waits and {@link AfterMark} compile theirs) for
     * {@code text} when a line of it ends in spaces: those before a line break are the row's stripped end; those at
     * the very end are either there, or the row's end. Empty when no line ends in a space: then the text is matched as
     * it is.
     */
    static Optional<String> pattern(String text) {
        if (!text.endsWith(" ") && !text.contains(" \n")) {
            return Optional.empty();
        }
        String[] lines = text.split("\n", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int end = line.length();
            while (end > 0 && line.charAt(end - 1) == ' ') {
                end--;
            }
            regex.append(end > 0 ? Pattern.quote(line.substring(0, end)) : "");
            boolean last = i == lines.length - 1;
            if (last && end < line.length()) {
                regex.append("(?: {").append(line.length() - end).append("}|$)");
            } else if (!last) {
                regex.append("\n");
            }
        }
        return Optional.of(regex.toString());
    }

    /**
     * {@code text} as a server wait takes it: a regular expression by {@link #pattern} when a line of it ends in
     * spaces, else the literal text.
     */
    static TextPattern forServer(String text) {
        return pattern(text).map(TextPattern::regex).orElseGet(() -> TextPattern.literal(text));
    }

    /**
     * For one {@code text} and many screens, where the last of it starts in a screen's text, as {@link #pattern} reads
     * it; -1 when it is not there. Built once, as {@link #finder}: a wait for any of several texts looks again at every
     * screen change.
     */
    static ToIntFunction<String> lastFinder(String text) {
        return pattern(text).<ToIntFunction<String>>map(regex -> {
            Pattern compiled = Pattern.compile(regex, Pattern.MULTILINE);
            return screenText -> {
                Matcher found = compiled.matcher(screenText);
                int last = -1;
                while (found.find()) {
                    last = found.start();
                }
                return last;
            };
        }).orElseGet(() -> screenText -> screenText.lastIndexOf(text));
    }

    /** Whether {@code screenText} (rows without trailing spaces) contains {@code text} as {@link #pattern} reads it. */
    static boolean in(String screenText, String text) {
        return finder(text).test(screenText);
    }

    /**
     * {@link #in} for one {@code text} and many screens: the pattern is built and compiled here, once, where a wait
     * that tests every screen change would otherwise compile it again on each.
     */
    static Predicate<String> finder(String text) {
        return pattern(text).<Predicate<String>>map(regex -> {
            Pattern compiled = Pattern.compile(regex, Pattern.MULTILINE);
            return screenText -> compiled.matcher(screenText).find();
        }).orElseGet(() -> screenText -> screenText.contains(text));
    }
}
