package dev.ptyctl.cli;

import picocli.CommandLine.Option;

/** The {@code --json} flag: print the raw JSON-RPC result object (one line) instead of text. */
final class JsonOption {

    @Option(names = "--json", description = "Print the raw JSON result object instead of text.")
    private boolean enabled;

    /** Whether {@code --json} was given. */
    boolean enabled() {
        return enabled;
    }
}
