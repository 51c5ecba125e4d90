package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl run -- 'command line'}: types a command into a shell that has ptyctl's shell integration, waits for
 * the shell to report that it finished (OSC 133 D), prints exactly what the command printed (not the prompt, not
 * the echoed command line) and exits with the command's exit code. A shell busy with a command (a {@code less} left
 * open, an earlier run that timed out) is refused at once, naming what holds it, since the line would go to that
 * program; with {@code --queue} it is waited for, so runs from several scripts queue up. What it does once connected is
 * {@link CommandRunVerb}'s, which {@link FastPath} runs too.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a command line in the terminal's shell and exit with its exit code.",
                "Waits for the shell's prompt, types the command and Enter, waits until the shell reports the "
                        + "command finished, then prints the command's output (only it) and exits with its code.",
                "Needs shell integration: terminals of 'ptyctl server' have it; 'ptyctl serve' with "
                        + "--shell-integration.",
                "Example: ptyctl run -- 'ls -l'"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"N:the command's exit code (one that ended the shell, as exit 5 does: the shell's exit "
                        + "status)", "1:also: the timeout came first (message on stderr)",
                "2:also: usage error, or the shell refused the line (syntax error, or an incomplete line such as "
                        + "an unclosed quote: cancelled with Ctrl-C)",
                "3:also: cannot connect, the connection broke, or the shell exited before the command finished "
                        + "(a signal ended it)",
                "4:server refused (e.g. no shell integration)",
                "75:the shell was busy with a command (nothing typed; end it or wait for it, or use --queue)"})
final class RunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /** {@code --timeout}'s default, the longest a wait may take; {@link FastPath} uses it too. */
    static final String DEFAULT_TIMEOUT_MS = "600000";

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = DEFAULT_TIMEOUT_MS,
            description = "Give up after MS milliseconds in all (default: ${DEFAULT-VALUE}, the longest a wait may "
                    + "take), counting the wait for a busy shell (--queue).")
    private long timeoutMs;

    @Option(names = "--queue",
            description = "When the shell is busy with a command, wait for it to finish (within --timeout) and run "
                    + "then, so runs from several scripts queue up; without it, a busy shell is refused at once "
                    + "(exit 75) and nothing is typed.")
    private boolean queue;

    @Parameters(paramLabel = "COMMAND", arity = "1..*",
            description = "The command line, typed as given (words are joined with spaces); put it after --. "
                    + "A command over several lines is pasted, so the shell runs it as one command.")
    private List<String> words;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        WaitOptions.checkTimeout(timeoutMs);
        try (RpcClient client = target.connect()) {
            return CommandRunVerb.run(client, String.join(" ", words), timeoutMs, queue, json.enabled(),
                    spec.commandLine().getOut(), spec.commandLine().getErr());
        }
    }
}
