package dev.ptyctl.cli;

import dev.ptyctl.vt.BuildVersion;
import java.util.Objects;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code ptyctl} root command.
 *
 * <pre>{@code
 * int status = Main.newCommandLine(System::getenv).execute("read", "--bottom", "5");
 * }</pre>
 *
 * <p>Without a subcommand picocli reports "Missing required subcommand" (exit 2): the root has no
 * behaviour of its own. The environment is injected so tests can select targets through
 * {@code PTYCTL_*} variables without touching the process environment.
 */
@Command(name = "ptyctl",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Drive programs running in ptyctl terminals: read the screen, type text and keys, "
                + "wait for output, resize, kill; start, list and close terminals on a ptyctl server; "
                + "or host one terminal with serve.",
                "read, write, wait, status, resize, kill and run find their terminal with --port N [--host H], "
                        + "--socket PATH or --terminal ID [--url URL], else the PTYCTL_SOCKET, PTYCTL_PORT, "
                        + "PTYCTL_RPC (host:port) or PTYCTL_TERMINAL_ID variables. new, ls, rm, screen, attach and "
                        + "follow talk to the server at --url (env PTYCTL_URL); --token or PTYCTL_TOKEN for its token.",
                // A line of its own: picocli wraps after "http:" when a URL reaches the end of a line.
                "Default server: http://127.0.0.1:8765",
                "Guide: docs/cli.md in the ptyctl repository."},
        subcommands = {
                ServeCommand.class, ServerCommand.class, ReadCommand.class, WriteCommand.class, WaitCommand.class,
                StatusCommand.class, ResizeCommand.class, KillCommand.class, RunCommand.class, NewCommand.class,
                ListCommand.class, RemoveCommand.class, ScreenCommand.class, AttachCommand.class, FollowCommand.class,
                RenderCommand.class,
                McpCommand.class, CompletionCommand.class, HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:ok",
                "1:wait or run: the condition was not met before the timeout; status --running: the program has "
                        + "exited",
                "2:usage error",
                "3:cannot connect (or the connection broke)",
                "4:the server refused the request (JSON-RPC error or HTTP error status)",
                "5:wait: the program ended before the condition was met",
                "75:run: a command held the shell, so nothing was typed (end it or wait for it; run --queue waits)",
                "70:a bug in ptyctl (the only case with a stack trace; please report it)"})
public final class Main {
    private final Function<String, String> environment;

    /** A root command reading the process environment. */
    public Main() {
        this(System::getenv);
    }

    /** A root command reading {@code PTYCTL_*} variables through {@code environment}. */
    public Main(Function<String, String> environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    /** Runs the command line and exits with its status (the jar's entry point is {@link EntryPoint}). */
    public static void main(String[] args) {
        EntryPoint.main(args);
    }

    /**
     * The configured command line: the root command with {@link ExitCodeMapper} for usage errors
     * and failures. Tests call this and replace out/err with {@link CommandLine#setOut}/{@code setErr}.
     */
    public static CommandLine newCommandLine(Function<String, String> environment) {
        ExitCodeMapper mapper = new ExitCodeMapper();
        // No @file arguments: picocli would replace an argument @NAME by the contents of a file NAME if one exists,
        // even after --, so `write --text @alice` typed a file's contents and `run -- echo @notes` ran another command
        // line, depending on the working directory. Text and command lines are passed as they are.
        return new CommandLine(new Main(environment))
                .setExpandAtFiles(false)
                .setParameterExceptionHandler(mapper)
                .setExecutionExceptionHandler(mapper);
    }

    /** The environment {@code PTYCTL_*} variables are read from. */
    Function<String, String> environment() {
        return environment;
    }

    /** This build's version ({@link BuildVersion}, the one source: the emulator answers XTVERSION with it too). */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ptyctl " + BuildVersion.VERSION};
        }
    }
}
