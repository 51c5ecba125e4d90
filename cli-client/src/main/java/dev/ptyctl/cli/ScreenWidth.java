package dev.ptyctl.cli;

import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
        // a table's width is wanted only when a person reads it on a terminal
        if (!isTerminal(System.console(), Console.class)) {
            return OptionalInt.empty();
        }
        OptionalInt columns = parse(environment.apply("COLUMNS"));
        return columns.isPresent() ? columns : stty();
    }

    /**
     * Whether {@code console} ({@link System#console()}, of type {@code type}) is a terminal, on every JDK the launcher
     * takes: JDK 21 and 25 give no console unless standard input and output are both terminals, but JDK 22 to 24 give
     * one whatever they are (their default console is JLine's), and say whether it is a terminal only through
     * {@code Console.isTerminal()}, which JDK 21 lacks (this code is compiled for 21): so that method is looked up.
     */
    static <C> boolean isTerminal(C console, Class<? super C> type) {
        if (console == null) {
            return false;
        }
        MethodHandle isTerminal;
        try {
            isTerminal = MethodHandles.publicLookup().findVirtual(type, "isTerminal", MethodType.methodType(
                    boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return true; // JDK 21: a console at all means both are terminals
        }
        try {
            return (boolean) isTerminal.invoke(console);
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            return false; // cannot tell: printed whole, as to a pipe
        }
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
