package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A fish completion script made from the command definitions, as picocli makes bash's: every command with its
 * summary, each command's options with theirs, files where a command or an option takes a path, and the server's
 * terminals (their ids, described by their command lines: {@code ptyctl ls --format}) where a terminal is named.
 * fish has no bash compatibility, so picocli's script does nothing there.
 */
final class FishCompletion {
    /** The commands whose operand names a terminal of the server. */
    private static final Set<String> TAKE_A_TERMINAL = Set.of("attach", "screen", "rm", "follow");
    /** The options whose value names a terminal of the server. */
    private static final Set<String> TERMINAL_OPTIONS = Set.of("--terminal");
    /** The value names of paths that are Strings (render's FILE, which may be - for standard input). */
    private static final Set<String> PATH_LABELS = Set.of("FILE", "DIR", "PATH");
    /**
     * The server's terminals, one a line, the id then a tab and what it runs (fish shows it beside the id); nothing,
     * and no word from fish either, where no {@code ptyctl} is on the PATH (a checkout's {@code ./ptyctl}).
     */
    private static final String TERMINALS =
            "(type -q ptyctl; and ptyctl ls --format '{terminal}\\\\t{command}' 2>/dev/null)";

    private FishCompletion() {
    }

    /** The script for the command {@code ptyctl}, described by {@code root}. */
    static String script(CommandSpec root) {
        StringBuilder out = new StringBuilder();
        out.append("# ptyctl completion for fish: ptyctl completion fish | source\n");
        out.append("# (or save it as ~/.config/fish/completions/ptyctl.fish)\n");
        out.append("complete -c ptyctl -e\n");
        out.append("complete -c ptyctl -f\n");
        for (Map.Entry<String, CommandLine> entry : root.subcommands().entrySet()) {
            CommandSpec command = entry.getValue().getCommandSpec();
            if (!entry.getKey().equals(command.name())) {
                continue; // an alias
            }
            out.append("complete -c ptyctl -n __fish_use_subcommand -a ").append(entry.getKey()).append(" -d ")
                    .append(quoted(summary(command.usageMessage().description()))).append('\n');
            String when = " -n " + quoted("__fish_seen_subcommand_from " + command.name());
            for (OptionSpec option : command.options()) {
                if (option.hidden()) {
                    continue;
                }
                out.append("complete -c ptyctl").append(when);
                for (String name : option.names()) {
                    out.append(name.startsWith("--") ? " -l " + name.substring(2) : " -s " + name.substring(1));
                }
                if (option.arity().max() > 0) {
                    out.append(" -r");
                    if (TERMINAL_OPTIONS.contains(option.longestName())) {
                        out.append(" -a ").append(quoted(TERMINALS));
                    } else if (option.completionCandidates() != null) {
                        out.append(" -a ").append(quoted(candidates(option)));
                    } else if (takesPath(option)) {
                        out.append(" -F");
                    }
                }
                out.append(" -d ").append(quoted(summary(option.description()))).append('\n');
            }
            if (TAKE_A_TERMINAL.contains(command.name())) {
                out.append("complete -c ptyctl").append(when).append(" -a ").append(quoted(TERMINALS)).append('\n');
            } else if (command.positionalParameters().stream().anyMatch(FishCompletion::takesPath)) {
                out.append("complete -c ptyctl").append(when).append(" -F\n");
            }
            for (ArgSpec operand : command.positionalParameters()) {
                if (operand.completionCandidates() != null) { // as picocli's bash script offers them
                    out.append("complete -c ptyctl").append(when).append(" -a ").append(quoted(candidates(operand)))
                            .append('\n');
                }
            }
        }
        return out.toString();
    }

    /** The values picocli knows for an option or operand (its completionCandidates, an enum's constants). */
    private static String candidates(ArgSpec arg) {
        return String.join(" ", arg.completionCandidates());
    }

    /** Whether an option's value or an operand is a file or folder: completed with the files there. */
    private static boolean takesPath(ArgSpec arg) {
        return Path.class.equals(arg.type()) || PATH_LABELS.contains(arg.paramLabel());
    }

    /** The first sentence of a description: what fish shows beside a candidate has one line. */
    private static String summary(String[] description) {
        if (description.length == 0) {
            return "";
        }
        String first = description[0].split("%n|\\R", 2)[0].strip(); // picocli's %n, already a line break or not
        int end = first.indexOf(". ");
        return end < 0 ? first : first.substring(0, end + 1);
    }

    /** {@code text} as one fish word in single quotes. */
    private static String quoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
