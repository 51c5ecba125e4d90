package dev.ptyctl.cli;

import jakarta.json.JsonObject;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The {@code --json} flag: print the raw JSON-RPC result object (one line) instead of text. */
final class JsonOption {

    @Option(names = "--json", description = "Print the raw JSON result object instead of text.")
    private boolean enabled;

    /** Whether {@code --json} was given. */
    boolean enabled() {
        return enabled;
    }

    /** Prints the result as one line of JSON. */
    static void print(PrintWriter out, JsonObject result) {
        ClientVerbs.print(out, result);
    }
}
