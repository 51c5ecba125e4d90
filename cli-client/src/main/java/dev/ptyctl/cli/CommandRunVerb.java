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
import java.util.stream.Collectors;

/**
 * What {@code ptyctl run} does once connected: the typing, waiting and clearing is {@link RpcCommandRun}'s, shared
 * with the test DSL's {@code TerminalDriver.run}; this class turns its outcome into output and an exit code.
 * picocli-free, so that {@link RunCommand} and {@link FastPath} run the very same code (a script that runs commands
 * in a loop pays picocli's start-up on neither).
 */
final class CommandRunVerb {
    /** The waiting-for-input and busy-shell advice in this CLI's commands. */
    private static final WaitingForInputAdvice.Verbs ADVICE = new WaitingForInputAdvice.Verbs("'ptyctl write'",
            "'ptyctl read'", "'ptyctl read'", "Ctrl+D", "'ptyctl write --key Ctrl+C'",
            "type it with 'ptyctl write --text ... --key Enter' (or yourself, in 'ptyctl attach')",
            CommandRunVerb::write);

    private CommandRunVerb() {
    }

    /**
     * Runs {@code line} in the shell of {@code client}'s terminal: prints the command's output (or with {@code json}
     * the answer that decided the run) and returns the exit code.
     */
    static int run(RpcClient client, String line, long timeoutMs, boolean queue, boolean json, PrintWriter out,
            PrintWriter err) throws IOException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
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
            // (no shell integration)
            return Failures.noShellIntegration(e, "run", "type with 'ptyctl write' and wait with "
                    + "'ptyctl wait --match TEXT' (or --idle MS) instead", err);
        }
        // --json prints the answer that decided the run, a busy refusal's too (what holds the shell); only a shell
        // that never showed its prompt leaves nothing to print.
        if (run.ending() != RpcCommandRun.Ending.NOT_READY && json) {
            ClientVerbs.print(out, run.answer());
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
            case FINISHED -> finished(run.answer(), json, out, err);
            case SHELL_EXITED -> shellExited(finished(run.answer(), json, out, err), err);
        };
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
    private static int finished(JsonObject done, boolean json, PrintWriter out, PrintWriter err) {
        JsonObject command = done.getJsonObject("command");
        List<JsonObject> commands = done.containsKey("commands")
                ? done.getJsonArray("commands").getValuesAs(JsonObject.class) : List.of(command);
        if (!json) {
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
