package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.internal.RpcCommandRun;
import dev.ptyctl.protocol.BusyShellAdvice;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.QuitKeys;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl run -- 'command line'}: types a command into a shell that has ptyctl's shell integration, waits for
 * the shell to report that it finished (OSC 133 D), prints exactly what the command printed (not the prompt, not
 * the echoed command line) and exits with the command's exit code. A shell busy with a command (a {@code less} left
 * open, an earlier run that timed out) is refused at once, naming what holds it, since the line would go to that
 * program; with {@code --queue} it is waited for, so runs from several scripts queue up. The typing, waiting and
 * clearing is {@link RpcCommandRun}'s, shared with the test DSL's {@code TerminalDriver.run}; this class turns its
 * outcome into output and an exit code.
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
    /** The waiting-for-input and busy-shell advice in this CLI's commands. */
    private static final WaitingForInputAdvice.Verbs ADVICE = new WaitingForInputAdvice.Verbs("'ptyctl write'",
            "'ptyctl read'", "'ptyctl read'", "Ctrl+D", "'ptyctl write --key Ctrl+C'",
            "type it with 'ptyctl write --text ... --key Enter' (or yourself, in 'ptyctl attach')", RunCommand::write);
    @Spec
    private CommandSpec spec;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "600000",
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
        if (timeoutMs < 0 || timeoutMs > RpcMethod.MAX_WAIT_TIMEOUT_MS) {
            throw new ParameterException(spec.commandLine(),
                    "--timeout must be from 0 to " + RpcMethod.MAX_WAIT_TIMEOUT_MS + " ms, got " + timeoutMs);
        }
        String line = String.join(" ", words);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (RpcClient client = target.connect()) {
            RpcCommandRun.Outcome run;
            try {
                run = RpcCommandRun.run(client, line, deadline, queue,
                        (waiting, typed) -> waitingForInput(waiting, typed, err));
            } catch (RpcConnectionException e) { // the server stopped (or the network broke) while the command ran;
                return lostConnection(line, e, err); // a refusal (an RpcException) keeps its own message and exit code
            } catch (RpcException e) {
                if (e.code() != RpcErrorCode.INVALID_PARAMS.code()) {
                    throw e;
                }
                // run builds every request itself: invalid params means the server cannot show this shell's prompts
                // (no shell integration). Its advice names pty/wait's parameters; say what to do with this CLI.
                return Failures.noShellIntegration(e, "run", "type with 'ptyctl write' and wait with "
                        + "'ptyctl wait --match TEXT' (or --idle MS)", err);
            }
            // --json prints the answer that decided the run, a busy refusal's too (what holds the shell); only a shell
            // that never showed its prompt leaves nothing to print.
            if (run.ending() != RpcCommandRun.Ending.NOT_READY && json.enabled()) {
                JsonOption.print(out, run.answer());
            }
            return switch (run.ending()) {
                case BUSY -> busy(run.answer(), err);
                case NOT_READY -> notFinished(client, "nothing was typed: the shell showed no prompt within "
                        + timeoutMs + " ms (" + (queue ? "still busy with another command?" : "still starting?")
                        + " 'ptyctl read' shows its screen)", line, false, err);
                case NOT_FINISHED -> notFinished(client, "\"" + line + "\" did not finish within " + timeoutMs
                        + " ms and still runs: 'ptyctl wait --prompt' waits for it, 'ptyctl write --key Ctrl+C' stops "
                        + "it", line, true, err);
                // cannot happen: given whileWaitingForInput, the run reports such a command and waits on for it
                case WAITING_FOR_INPUT -> throw new AssertionError("a run with whileWaitingForInput ended at it");
                case INCOMPLETE -> incomplete(line, run.cleared(), err);
                case BLANK_LINE -> ExitCode.OK; // nothing to run (blank, a comment), as in a script: not an error
                case RAN_NOTHING -> ranNothing(line, run.cleared(), err);
                case FINISHED -> finished(run.answer(), out, err);
                case SHELL_EXITED -> shellExited(finished(run.answer(), out, err), err);
            };
        }
    }

    /**
     * A command held the shell, so nothing was typed: what holds it and the ways on; 75. Said at once rather than
     * after waiting out the timeout (up to 10 minutes), and not as a timeout: the line would have gone to that
     * program (a pager or an editor takes the letters as its commands).
     */
    private static int busy(JsonObject answer, PrintWriter err) {
        err.println("ptyctl: nothing was typed: the shell is " + BusyShellAdvice.of(ADVICE,
                RpcCommandRun.commandLine(answer), RpcCommandRun.programName(answer),
                RpcCommandRun.programIsFullScreen(answer), "the command", "'ptyctl wait --prompt --timeout MS'")
                + ", then run again; 'ptyctl run --queue' waits for it by itself");
        err.flush();
        return ExitCode.BUSY;
    }

    /** Keys and text as 'ptyctl write' takes them: {@code 'ptyctl write --key Escape --text :q --key Enter'}. */
    private static String write(List<QuitKeys.Step> steps) {
        return steps.stream().map(step -> switch (step) {
            case QuitKeys.Key key -> "--key " + key.name();
            case QuitKeys.Ctrl ctrl -> "--key Ctrl+" + Character.toUpperCase(ctrl.letter());
            case QuitKeys.Text text -> "--text " + text.text();
        }).collect(Collectors.joining(" ", "'ptyctl write ", "'"));
    }

    /**
     * The command seems to wait for what a person types (a REPL, an editor, a password prompt: quiet for a second in
     * raw mode or with echo off): said once on stderr, a second after it went quiet, so whoever watches knows why the
     * run does not end; the run waits on until its timeout all the same, since a program that works in raw mode
     * ({@code ssh -t host make}) looks the same for a quiet second and a script must not fail for it. The same for
     * the command a {@code --queue} run waits behind ({@code typed} false): nothing is typed until it ends.
     */
    private static void waitingForInput(JsonObject answer, boolean typed, PrintWriter err) {
        String program = RpcCommandRun.describeProgram(answer);
        String what = typed ? program : "nothing is typed yet: the shell is busy running " + program + ", which";
        err.println("ptyctl: " + WaitingForInputAdvice.of(ADVICE, what, RpcCommandRun.programName(answer),
                RpcCommandRun.awaitedInput(answer), RpcCommandRun.programIsFullScreen(answer))
                + ". Waiting on for it to finish (--timeout)");
        err.flush();
    }

    /** The command ran: its output (unless {@code --json} printed the whole answer) and its exit code. */
    private int finished(JsonObject done, PrintWriter out, PrintWriter err) {
        JsonObject command = done.getJsonObject("command");
        List<JsonObject> commands = done.containsKey("commands")
                ? done.getJsonArray("commands").getValuesAs(JsonObject.class) : List.of(command);
        if (!json.enabled()) {
            report(commands.isEmpty() ? List.of(command) : commands, out, err);
        }
        JsonValue exit = command.get("exitCode");
        return exit instanceof jakarta.json.JsonNumber code ? code.intValue() : ExitCode.OK;
    }

    /**
     * The command ended the shell ({@code exit 5}): its output was printed and {@code status}, the shell's exit
     * status, is its code; says on stderr that the terminal's shell is gone, since the next run there cannot work.
     */
    private static int shellExited(int status, PrintWriter err) {
        err.println("ptyctl: the shell exited with status " + status + ": the command ended it (as exit does), so "
                + "this terminal has no shell any more");
        err.flush();
        return status;
    }

    /** The shell waited for more of the line (a continuation prompt): cancelled with Ctrl-C; 2. */
    private static int incomplete(String line, boolean cleared, PrintWriter err) {
        err.println("ptyctl: the shell did not accept \"" + line + "\" as a whole command: it waits for more (an "
                + "unclosed quote or bracket, a trailing backslash?); "
                + (cleared ? "cancelled it with Ctrl-C" : "sent Ctrl-C, but the shell's prompt has not come back"));
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * Prints what the commands printed, in order, as a script's output would read; when the line ran several
     * commands (a multi-line input in bash), one line per command on stderr with its exit code, so a failure before
     * the last command is seen too.
     */
    private static void report(List<JsonObject> commands, PrintWriter out, PrintWriter err) {
        commands.forEach(each -> out.print(each.getString("output")));
        out.flush();
        if (commands.size() < 2) {
            return;
        }
        for (int i = 0; i < commands.size(); i++) {
            JsonObject each = commands.get(i);
            JsonValue code = each.get("exitCode");
            err.println("ptyctl: command " + (i + 1) + " of " + commands.size()
                    + (each.containsKey("commandLine") ? " (" + each.getString("commandLine") + ")" : "")
                    + (code instanceof jakarta.json.JsonNumber n ? " exited with " + n : " ended without an exit code"));
        }
        err.flush();
    }

    /**
     * The prompt came back but no command ran: the shell refused the line (zsh and fish skip their hooks for a syntax
     * error, and fish keeps the line in its editor, so it was cleared with Ctrl-C for the next run to start clean): 2,
     * the status shells give a syntax error.
     */
    private static int ranNothing(String line, boolean cleared, PrintWriter err) {
        err.println("ptyctl: the shell did not run \"" + line + "\" (a syntax error?); its screen shows why"
                + (cleared ? "" : "; sent Ctrl-C to clear the line, but the shell's prompt has not come back"));
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * A prompt wait came back unmatched: the wait returns at once when the shell has exited (or the server stopped
     * it), so that is told apart from the timeout by asking for the status. Exited or unreachable: 3, as for a
     * connection that broke; still running: the timeout, 1.
     *
     * @param typed whether the line was typed: a shell that had exited before (an earlier run's {@code exit}) did
     *              not end while running it, and nothing was typed
     */
    private static int notFinished(RpcClient client, String timedOut, String line, boolean typed, PrintWriter err) {
        int status;
        try {
            JsonObject process = client.call(RpcMethod.STATUS, JsonSupport.objectBuilder().build());
            if (process.getBoolean("running")) {
                err.println("ptyctl: " + timedOut);
                status = ExitCode.NOT_MATCHED;
            } else {
                String ended = ProcessExit.fromJson(process).map(ProcessExit::describe).orElse("exited");
                err.println("ptyctl: " + (typed ? "the shell " + ended + " while running \"" + line + "\""
                        : "nothing was typed: the shell " + ended + " before \"" + line + "\" could be typed, so this "
                                + "terminal has no shell any more"));
                status = ExitCode.CANNOT_CONNECT;
            }
        } catch (IOException e) {
            return lostConnection(line, e, err);
        }
        err.flush();
        return status;
    }

    /** The connection broke during the run (a stopped server, a cut network): said with the command's name; 3. */
    private static int lostConnection(String line, IOException e, PrintWriter err) {
        err.println("ptyctl: lost the connection to the terminal while running \"" + line + "\": " + e.getMessage());
        err.flush();
        return ExitCode.CANNOT_CONNECT;
    }
}
