package dev.ptyctl.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * The jar's {@code Main-Class}: runs a command line through {@link FastPath} when it is a plain hot verb, otherwise
 * through picocli ({@link Main}). A class of its own because the JVM's launcher looks the {@code main} method up by
 * reflection, which loads every type named in the public method signatures of the main class: {@link Main}'s
 * {@code newCommandLine} would pull in picocli's {@code CommandLine} before the fast path could avoid it.
 */
public final class EntryPoint {
    private EntryPoint() {
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        // Screens are UTF-8 and so is what scripts expect, whatever the JVM guesses from the locale.
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8));
        boolean starts = args.length > 0 && (args[0].equals("serve") || args[0].equals("server"));
        if (starts) {
            OwnStartMarker.claim(System::getenv); // and the launcher may have written the marker already
        }
        int status = run(args, System::getenv, out, err);
        if (starts) {
            OwnStartMarker.withdraw(); // ended without listening (a usage error, an address in use), or stopped
        }
        out.flush();
        err.flush();
        System.exit(status);
    }

    /**
     * Runs a command line: through {@link FastPath} when it is a plain hot verb (no picocli class is loaded then),
     * otherwise through picocli.
     *
     * @return the exit status
     */
    static int run(String[] args, Function<String, String> environment, PrintWriter out, PrintWriter err) {
        int status = FastPath.run(args, environment, out, err);
        if (status != FastPath.NOT_HANDLED) {
            return status;
        }
        return picocli(args, environment, out, err);
    }

    private static int picocli(String[] args, Function<String, String> environment, PrintWriter out,
            PrintWriter err) {
        CommandLine commandLine = Main.newCommandLine(environment);
        commandLine.setOut(out);
        commandLine.setErr(err);
        return commandLine.execute(args);
    }
}
