package dev.ptyctl.cli;

import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code PTYCTL_*} variables a command reads, through the environment the root {@link Main} was given (tests
 * pass a map; the real command line passes {@code System::getenv}). Empty counts as unset, as shells treat
 * {@code VAR=}.
 */
final class Environment {
    private Environment() {
    }

    /** The variables of the command line that {@code spec} belongs to. */
    static Function<String, String> of(CommandSpec spec) {
        return normalized(spec.root().userObject() instanceof Main main ? main.environment() : System::getenv);
    }

    /** A variable's value, or {@code null} when unset or blank. */
    static String get(CommandSpec spec, String name) {
        return of(spec).apply(name);
    }

    /** {@code raw} with blank values reported as unset. */
    static Function<String, String> normalized(Function<String, String> raw) {
        return name -> {
            String value = raw.apply(name);
            return value == null || value.isBlank() ? null : value;
        };
    }
}
