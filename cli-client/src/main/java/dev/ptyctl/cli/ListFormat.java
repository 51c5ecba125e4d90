package dev.ptyctl.cli;

import dev.ptyctl.client.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code ls --format TEMPLATE}: one line per terminal, the template with each {@code {field}} replaced by the
 * terminal's value ({@link ListFields}), as {@code tmux ls -F '#{session_name}'} and {@code docker ps --format} do;
 * {@code \t} is a tab, {@code \n} a newline and {@code \\} a backslash, so that {@code '{terminal}\t{command}'} gives
 * tab-separated values however many spaces a command has. A value's control characters are escaped as the table
 * escapes them (one terminal, one line); {@code --json} has the values exactly.
 */
final class ListFormat {
    private final List<Function<Terminal, String>> parts;

    private ListFormat(List<Function<Terminal, String>> parts) {
        this.parts = parts;
    }

    /**
     * @throws UsageException when the template names a field there is none of, or has a brace left open
     */
    static ListFormat parse(String template) {
        List<Function<Terminal, String>> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '\\' && i + 1 < template.length() && "tn\\".indexOf(template.charAt(i + 1)) >= 0) {
                char escaped = template.charAt(++i);
                literal.append(escaped == 't' ? '\t' : escaped == 'n' ? '\n' : '\\');
            } else if (c == '{') {
                int close = template.indexOf('}', i);
                if (close < 0) {
                    throw new UsageException("--format has a { without its }: " + template
                            + " (fields are written {name}: " + ListFields.names() + ")");
                }
                String name = template.substring(i + 1, close);
                Function<Terminal, String> field = ListFields.named(name);
                if (field == null) {
                    throw new UsageException("--format names no field {" + name + "}; the fields are "
                            + ListFields.names());
                }
                String text = literal.toString();
                parts.add(terminal -> text);
                literal.setLength(0);
                parts.add(terminal -> Table.printable(field.apply(terminal)));
                i = close;
            } else {
                literal.append(c);
            }
        }
        String text = literal.toString();
        parts.add(terminal -> text);
        return new ListFormat(List.copyOf(parts));
    }

    /** The template filled in for {@code terminal}. */
    String format(Terminal terminal) {
        StringBuilder line = new StringBuilder();
        parts.forEach(part -> line.append(part.apply(terminal)));
        return line.toString();
    }
}
