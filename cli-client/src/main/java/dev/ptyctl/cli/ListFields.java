package dev.ptyctl.cli;

import dev.ptyctl.client.Terminal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What {@code ls} can say about a terminal, by name: the table's columns (their headers are the names in capitals)
 * and the fields a {@code --format} template names ({@code {terminal}}, ...). Every value is text, with a terminal's
 * exit printed as the table prints it.
 */
final class ListFields {
    /** Every field, the table's columns first and in their order. */
    private static final Map<String, Function<Terminal, String>> FIELDS = new LinkedHashMap<>();
    /** How many of {@link #FIELDS} are the table's columns. */
    private static final int TABLE_COLUMNS = 7;

    static {
        FIELDS.put("terminal", Terminal::terminalId);
        FIELDS.put("session", Terminal::sessionId);
        FIELDS.put("state", ListFields::state);
        FIELDS.put("size", terminal -> terminal.size().cols() + "x" + terminal.size().rows());
        FIELDS.put("clients", terminal -> Integer.toString(terminal.clients()));
        FIELDS.put("command", terminal -> ShellWords.line(terminal.command()));
        FIELDS.put("title", terminal -> terminal.liveTitle().orElse(""));
        FIELDS.put("pid", terminal -> Long.toString(terminal.pid()));
        FIELDS.put("exitcode", terminal -> terminal.exitCode().isPresent()
                ? Integer.toString(terminal.exitCode().getAsInt()) : "");
        FIELDS.put("cwd", Terminal::cwd);
        FIELDS.put("created", terminal -> terminal.createdAt().toString());
    }

    private ListFields() {
    }

    /** The table's header: its columns' names in capitals. */
    static List<String> header() {
        return FIELDS.keySet().stream().limit(TABLE_COLUMNS).map(name -> name.toUpperCase(Locale.ROOT))
                .toList();
    }

    /** The table's row for {@code terminal}. */
    static List<String> row(Terminal terminal) {
        List<String> row = new ArrayList<>(TABLE_COLUMNS);
        FIELDS.values().stream().limit(TABLE_COLUMNS).forEach(field -> row.add(field.apply(terminal)));
        return row;
    }

    /** The table's columns of free text, which a narrow screen cuts: COMMAND and TITLE. */
    static Set<Integer> freeTextColumns() {
        return Set.of(TABLE_COLUMNS - 2, TABLE_COLUMNS - 1);
    }

    /** The field of this name, or null. */
    static Function<Terminal, String> named(String name) {
        return FIELDS.get(name);
    }

    /** Every field's name, comma-separated, for a message. */
    static String names() {
        return String.join(", ", FIELDS.keySet());
    }

    private static String state(Terminal terminal) {
        return terminal.running() ? "running" : terminal.exit()
                .map(end -> end.signalName().map(name -> "killed " + name).orElse("exited " + end.exitCode()))
                .orElse("exited ?");
    }
}
