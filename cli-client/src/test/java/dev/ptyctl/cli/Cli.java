package dev.ptyctl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import picocli.CommandLine;

/** Runs the command line in-process with captured output and a given environment. */
final class Cli {

    /** What one invocation produced. */
    record Result(int exitCode, String out, String err) {
    }

    private Cli() {
    }

    static Result run(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.newCommandLine(environment::get);
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    static Result run(String... args) {
        return run(Map.of(), args);
    }

    /**
     * Runs the command line as {@link Main} does, through {@link EntryPoint}: the fast path when it takes the command
     * line, else picocli (with an empty environment).
     */
    static Result runThroughEntryPoint(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = EntryPoint.run(args, name -> null, new PrintWriter(out), new PrintWriter(err));
        return new Result(exitCode, out.toString(), err.toString());
    }
}
