package dev.ptyctl.service.pty;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words the way a POSIX shell does, without running a shell: blanks separate words,
 * single quotes keep everything literally, double quotes keep everything except that a backslash escapes
 * {@code $ ` " \} and a newline, and outside quotes a backslash keeps the next character (a backslash before a
 * newline joins lines). Quotes may be glued to other text ({@code --name="a b"} is one word) and {@code ''} is an
 * empty word.
 *
 * <p>Nothing is expanded: no variables, globs, tildes, command substitution, redirections or operators. A command
 * that needs them can be run as {@code bash -c '...'}.
 */
public final class CommandLine {

    private CommandLine() {
    }

    /**
     * The words of {@code line}.
     *
     * @throws IllegalArgumentException when a quote is not closed, the line ends in a lone backslash, or there is
     *                                  no word at all; the message says which
     */
    public static List<String> split(String line) {
        Words words = new Words();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            switch (c) {
                case ' ', '\t', '\n' -> {
                    words.end();
                    i++;
                }
                case '\'' -> {
                    int close = line.indexOf('\'', i + 1);
                    if (close < 0) {
                        throw new IllegalArgumentException("unbalanced single quote in command: " + line);
                    }
                    words.append(line.substring(i + 1, close));
                    i = close + 1;
                }
                case '"' -> i = appendDoubleQuoted(line, i + 1, words);
                case '\\' -> i = appendEscaped(line, i, words);
                default -> {
                    words.append(String.valueOf(c));
                    i++;
                }
            }
        }
        words.end();
        if (words.list.isEmpty()) {
            throw new IllegalArgumentException("command is empty");
        }
        return List.copyOf(words.list);
    }

    /** The words found so far and the one being built; a word exists once any part of it (even {@code ''}) is seen. */
    private static final class Words {
        private final List<String> list = new ArrayList<>();
        private final StringBuilder word = new StringBuilder();
        private boolean inWord;

        void append(CharSequence text) {
            word.append(text);
            inWord = true;
        }

        void end() {
            if (inWord) {
                list.add(word.toString());
                word.setLength(0);
                inWord = false;
            }
        }
    }

    /** A backslash outside quotes at {@code i}: keeps the next character, or joins lines; returns the next index. */
    private static int appendEscaped(String line, int i, Words words) {
        if (i + 1 >= line.length()) {
            throw new IllegalArgumentException("command ends with a lone backslash: " + line);
        }
        if (line.charAt(i + 1) != '\n') {
            words.append(String.valueOf(line.charAt(i + 1)));
        }
        return i + 2;
    }

    /** Appends the text of a double-quoted string starting after its opening quote; returns the index after it. */
    private static int appendDoubleQuoted(String line, int start, Words words) {
        StringBuilder text = new StringBuilder();
        int i = start;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                words.append(text);
                return i + 1;
            }
            if (c == '\\' && i + 1 < line.length() && "$`\"\\\n".indexOf(line.charAt(i + 1)) >= 0) {
                if (line.charAt(i + 1) != '\n') {
                    text.append(line.charAt(i + 1));
                }
                i += 2;
            } else {
                text.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException("unbalanced double quote in command: " + line);
    }
}
