package dev.ptyctl.cli;

import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code PTYCTL_*} variables a command reads, through the environment the root {@link Main} was given (tests
 * pass a map; the real command line passes {@code System::getenv}).
 */
final class Environment {
    private Environment() {
    }

    /** A variable's value, with empty treated as unset (as shells do with {@code VAR=}). */
    static String get(CommandSpec spec, String name) {
        Function<String, String> environment = spec.root().userObject() instanceof Main main
                ? main.environment() : System::getenv;
        String value = environment.apply(name);
        return value == null || value.isBlank() ? null : value;
    }
}
