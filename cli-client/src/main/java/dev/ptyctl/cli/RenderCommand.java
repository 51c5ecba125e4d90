package dev.ptyctl.cli;

import dev.ptyctl.cli.render.RenderException;
import dev.ptyctl.cli.render.Renderer;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.Format;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl render FILE}: feeds a recording through the emulator and prints the final screen
 * (SPEC section 7). Runs in the CLI process alone; the work is in {@link Renderer}. Fields and
 * method signatures use JDK types only, so picocli's reflection over every subcommand at start-up
 * loads no emulator class for the other verbs.
 */
@Command(name = "render", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Feed a recording through the terminal emulator and print the final screen.",
                "",
                "FILE, or standard input for -, is one of:",
                "  raw output   the bytes a program wrote to its terminal;",
                "  typescript   from 'script': the 'Script started on' header line and the",
                "               'Script done on' trailer are skipped, and the COLUMNS and",
                "               LINES the header records give the size;",
                "  asciicast v2 recognised by its JSON header line, which gives the size;",
                "               output (o) and resize (r) events are applied in file order,",
                "               input (i) and marker (m) events are ignored.",
                "--cols and --rows replace the recorded size; with neither, 100x30.",
                "Replies to queries (cursor position, device attributes) are discarded.",
                "The input is streamed, so files of any size work.",
                "Example: script -q -c \"ls --color\" out.log; ptyctl render out.log",
                ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:usage error, or the file is missing, unreadable or invalid"})
final class RenderCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The recording, or - for standard input.")
    private String file;

    @Option(names = "--cols", paramLabel = "N", description = "Columns, 1-1000 (default: recorded, else 100).")
    private Integer cols;

    @Option(names = "--rows", paramLabel = "N", description = "Rows, 1-1000 (default: recorded, else 30).")
    private Integer rows;

    @Option(names = "--format", paramLabel = "F", defaultValue = "text",
            description = {"text: the screen; rows lose trailing spaces, trailing blank rows are left out "
                    + "(as 'ptyctl read' prints it);",
                    "scrollback: the lines above the screen, then the screen, by the same rules;",
                    "vt: escape sequences that redraw the final state (scrollback, screen, colours, cursor, modes) "
                            + "on a terminal of the same size; rendered again at that size, they give the same output.",
                    "Default: ${DEFAULT-VALUE}."})
    private String format;

    @Option(names = "--scrollback-lines", paramLabel = "N", defaultValue = "10000",
            description = "Lines kept above the screen (default: ${DEFAULT-VALUE}).")
    private int scrollbackLines;

    @Override
    public Integer call() {
        checkOptions();
        // A local, not a method returning it: a vt type in a signature would be loaded by picocli's reflection for
        // every verb.
        Format output;
        try {
            output = Format.of(format);
        } catch (IllegalArgumentException e) {
            throw usage("--format must be one of text, scrollback, vt, got '" + format + "'");
        }
        PrintWriter err = spec.commandLine().getErr();
        Renderer.Settings settings = new Renderer.Settings(optional(cols), optional(rows), scrollbackLines);
        try (InputStream in = open()) {
            Terminal terminal = Renderer.render(in, displayName(), settings);
            PrintWriter out = spec.commandLine().getOut();
            out.print(output.render(terminal));
            out.flush();
            return ExitCode.OK;
        } catch (RenderException e) {
            err.println("ptyctl: " + e.getMessage());
        } catch (NoSuchFileException e) {
            err.println("ptyctl: cannot read " + file + ": no such file");
        } catch (AccessDeniedException e) {
            err.println("ptyctl: cannot read " + file + ": permission denied");
        } catch (IOException e) {
            err.println("ptyctl: cannot read " + displayName() + ": " + e.getMessage());
        }
        err.flush();
        return ExitCode.USAGE;
    }

    /** The input; standard input is wrapped so that closing it here leaves it open. */
    private InputStream open() throws IOException, RenderException {
        if (file.equals("-")) {
            return new FilterInputStream(System.in) {
                @Override
                public void close() {
                }
            };
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            throw new RenderException(file + " is a directory");
        }
        return Files.newInputStream(path);
    }

    private void checkOptions() {
        checkSize("--cols", cols);
        checkSize("--rows", rows);
        if (scrollbackLines < 0) {
            throw usage("--scrollback-lines must be 0 or more, got " + scrollbackLines);
        }
    }

    private void checkSize(String option, Integer value) {
        if (value != null && (value < Renderer.MIN_SIZE || value > Renderer.MAX_SIZE)) {
            throw usage(option + " must be from " + Renderer.MIN_SIZE + " to " + Renderer.MAX_SIZE + ", got " + value);
        }
    }

    private String displayName() {
        return file.equals("-") ? "<stdin>" : file;
    }

    private static OptionalInt optional(Integer value) {
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
