package dev.ptyctl.cli;

import dev.ptyctl.vt.keys.NearestName;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * picocli's handlers: usage errors (its own and {@link UsageException}s) and failures while a command ran (through
 * {@link Failures}, which the fast path uses too) become exit codes and stderr messages (see {@link ExitCode}).
 * Messages start with {@code ptyctl:} and never carry a stack trace, except for unexpected exceptions, which are bugs.
 */
final class ExitCodeMapper implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** A usage error from parsing or from a command's own checks: message, hint, exit 2. */
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        String message = numberMessage(ex).orElse(ex.getMessage());
        // Some picocli messages carry their own "Error: " prefix; ours already say "ptyctl:".
        String typo = ex instanceof UnmatchedArgumentException unmatched ? unmatched.getUnmatched().getFirst() : null;
        Optional<String> program = programWithOptions(ex, args);
        if (typo != null && !typo.startsWith("-") && !command.getSubcommands().isEmpty()) {
            // picocli says "Unmatched argument at index 0: 'raed'" and suggests nothing for a swap of two letters
            err.println("ptyctl: unknown command '" + typo + "'" + nearest(typo, command.getSubcommands().keySet())
                    .map(name -> "; did you mean '" + name + "'?").orElse(""));
        } else {
            err.println("ptyctl: " + (message.startsWith("Error: ") ? message.substring("Error: ".length())
                    : message));
            if (program.isPresent()) {
                // `new vim -u NONE`: not picocli's "Possible solutions: --url" for -u, nor --cols for `ls --color`
                err.println("ptyctl: the program's own options go after --, with the program: " + program.get());
            } else if (typo != null && typo.startsWith("--")) {
                // picocli's own suggestions for an option are its names sharing a prefix: --bottom for --bogus
                String option = typo.contains("=") ? typo.substring(0, typo.indexOf('=')) : typo;
                nearest(option, command.getCommandSpec().optionsMap().keySet())
                        .ifPresent(name -> err.println("ptyctl: did you mean " + name + "?"));
            } else {
                UnmatchedArgumentException.printSuggestions(ex, err);
            }
        }
        if (portGivenToAServerCommand(ex)) {
            // `ptyctl server --port 9000` then `ptyctl new --port 9000`: the server's commands name it by URL.
            err.println("ptyctl: this command reaches the server by its URL: --url http://127.0.0.1:PORT (or env "
                    + "PTYCTL_URL); --port is a terminal's JSON-RPC port, for write, read, wait, run and status");
        }
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * picocli's "Invalid value for option '--timeout': 'abc' is not a long" in the words of the rest of the CLI:
     * {@code --timeout must be a whole number, got 'abc'} (or {@code ... is too large} / {@code is too small} for
     * digits past the type's range), naming the option or the operand ({@code COLS}).
     */
    private static Optional<String> numberMessage(ParameterException ex) {
        String message = ex.getMessage();
        if (ex.getArgSpec() == null || ex.getValue() == null || message == null
                || !message.matches("(?s).*' is not an? (int|long)\\b.*")) {
            return Optional.empty();
        }
        String name = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec option ? option.longestName()
                : ex.getArgSpec().paramLabel();
        String value = ex.getValue();
        String problem = !value.matches("[-+]?[0-9]+") ? " must be a whole number"
                : value.startsWith("-") ? " is too small" : " is too large";
        return Optional.of(name + problem + ", got '" + value + "'");
    }

    /**
     * The command or option name nearest to a mistyped one, two edits at most ({@code raed} is two from
     * {@code read}), and none for a word of one or two letters, which is two edits from every short name.
     */
    private static Optional<String> nearest(String typed, Collection<String> names) {
        return typed.length() < 3 ? Optional.empty() : NearestName.within(typed, names, 2);
    }

    /**
     * {@code ptyctl new vim -u NONE}, as {@code docker run} takes it: picocli refuses {@code -u} as an option of
     * {@code new} (and suggests {@code --url}). When the refused option comes after the program's name (a word where
     * the command takes the program, {@code new}'s CMD or {@code run}'s COMMAND) and there is no {@code --}, the
     * command line with {@code --} put before the program.
     */
    private static Optional<String> programWithOptions(ParameterException ex, String[] args) {
        CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (!(ex instanceof UnmatchedArgumentException unmatched) || spec.positionalParameters().stream()
                .noneMatch(p -> p.paramLabel().equals("CMD") || p.paramLabel().equals("COMMAND"))
                || !unmatched.getUnmatched().getFirst().startsWith("-") || List.of(args).contains("--")) {
            return Optional.empty();
        }
        int verb = List.of(args).indexOf(spec.name());
        for (int i = verb + 1; verb >= 0 && i < args.length; i++) {
            // --cols=120 carries its value; a flag (--json, run's --queue) takes none: both come before the program
            int equals = args[i].indexOf('=');
            CommandLine.Model.OptionSpec option = !args[i].startsWith("-") ? null
                    : spec.findOption(equals < 0 ? args[i] : args[i].substring(0, equals));
            if (option != null) {
                if (equals < 0 && option.arity().max() > 0) {
                    i++; // its value
                }
            } else if (!args[i].startsWith("-")) {
                List<String> line = new java.util.ArrayList<>(List.of("ptyctl"));
                line.addAll(List.of(args).subList(verb, i));
                line.add("--");
                line.addAll(List.of(args).subList(i, args.length));
                return Optional.of(ShellWords.line(line));
            } else {
                return Optional.empty(); // an option before any program: a mistyped option of the command
            }
        }
        return Optional.empty();
    }

    /** Whether {@code ex} refuses a {@code --port} given to a command that takes the server's {@code --url}. */
    private static boolean portGivenToAServerCommand(ParameterException ex) {
        CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
        return ex instanceof UnmatchedArgumentException unmatched && spec.findOption("--url") != null
                && spec.findOption("--port") == null && unmatched.getUnmatched().stream()
                        .anyMatch(arg -> arg.equals("--port") || arg.startsWith("--port="));
    }

    /**
     * A failure while a command ran: a {@link UsageException} is reported as a usage error (2); anything else as
     * {@link Failures} says.
     */
    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        if (ex instanceof UsageException usage) {
            PrintWriter err = command.getErr();
            err.println("ptyctl: " + usage.getMessage());
            err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
            err.flush();
            return ExitCode.USAGE;
        }
        return Failures.report(ex, command.getErr());
    }
}
