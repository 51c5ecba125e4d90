package dev.ptyctl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * How many columns the user's terminal shows, for a table printed to it ({@code ls}): none when standard output is
 * not a terminal, so that a pipe or a file gets every value whole (as {@code ps} and {@code docker ps} do), and a
 * terminal's width otherwise: {@code COLUMNS} when set, else what {@code stty size} says. Found only when a table is
 * printed, so that {@code ls -q}, {@code --json} and {@code --format} pay nothing for it.
 */
final class ScreenWidth {
    /** Narrower than this, a table cannot show its fixed columns anyway: no truncation. */
    private static final int MIN_COLUMNS = 20;

    private ScreenWidth() {
    }

    /**
     * The columns of the terminal standard output goes to, or empty when it goes elsewhere (or the width is unknown).
     */
    static OptionalInt ofStandardOutput(Function<String, String> environment) {
        // null unless both standard input and output are terminals (JDK 21 to 25 alike); a table's width is wanted
        // only when a person reads it there
        if (System.console() == null) {
            return OptionalInt.empty();
        }
        OptionalInt columns = parse(environment.apply("COLUMNS"));
        return columns.isPresent() ? columns : stty();
    }

    /** {@code stty size} of standard input (the terminal): "ROWS COLUMNS". */
    private static OptionalInt stty() {
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String answer;
            try (InputStream in = stty.getInputStream()) {
                answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
            }
            if (stty.waitFor() != 0) {
                return OptionalInt.empty();
            }
            int space = answer.indexOf(' ');
            return space < 0 ? OptionalInt.empty() : parse(answer.substring(space + 1));
        } catch (IOException e) {
            return OptionalInt.empty(); // no stty: the table is printed whole
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    private static OptionalInt parse(String columns) {
        if (columns == null) {
            return OptionalInt.empty();
        }
        try {
            int value = Integer.parseInt(columns.strip());
            return value >= MIN_COLUMNS ? OptionalInt.of(value) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
