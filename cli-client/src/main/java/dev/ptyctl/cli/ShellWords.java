package dev.ptyctl.cli;

import java.util.List;

/**
 * Words as a POSIX shell reads them back: a command line the CLI prints for the user to run, or to read (ls's COMMAND),
 * where {@code sh -c 'make test'} must not look like four words.
 */
final class ShellWords {
    private ShellWords() {
    }

    /** The words joined with spaces, each quoted where it needs it. */
    static String line(List<String> words) {
        StringBuilder line = new StringBuilder();
        for (String word : words) {
            if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(quoted(word));
        }
        return line.toString();
    }

    /** {@code word} as it is when it holds only characters no shell treats specially, else in single quotes. */
    static String quoted(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (!plain(word.charAt(i))) {
                return "'" + word.replace("'", "'\\''") + "'";
            }
        }
        return word.isEmpty() ? "''" : word;
    }

    private static boolean plain(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "_@%+=:,./-".indexOf(c) >= 0;
    }
}
