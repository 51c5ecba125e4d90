package dev.ptyctl.client.internal;

import dev.ptyctl.client.CommandRunException;
import dev.ptyctl.client.CommandRunException.Reason;
import dev.ptyctl.client.FinishedCommand;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.Status;
import dev.ptyctl.protocol.BusyShellAdvice;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.QuitKeys;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Turns an {@link RpcCommandRun.Outcome} into what {@link RpcClient#run} gives its caller: the finished command, or
 * a {@link CommandRunException} whose message says what happened in {@link RpcClient}'s own terms (the CLI and the
 * test DSL say the same in theirs, with the same advice from the protocol module).
 */
public final class RpcRunResults {
    /** The advice's actions as an {@link RpcClient} user performs them. */
    private static final WaitingForInputAdvice.Verbs ADVICE = new WaitingForInputAdvice.Verbs(
            "writeLine(...)", "waitFor(...)", "read()", "Key.ctrl('d')",
            "write(Action.key(Key.ctrl('c')))",
            "type it with writeLine(secret)", RpcRunResults::write);

    private RpcRunResults() {
    }

    /**
     * The command {@code line} ran as, when it finished (a blank line or a comment: nothing to run, exit code 0 and
     * no output, as {@code ptyctl run ""} exits 0).
     *
     * @throws CommandRunException when it did not run to its end
     */
    public static FinishedCommand finished(RpcClient client, String line, Duration timeout,
                                           RpcCommandRun.Outcome run) throws IOException {
        Screen screen = Screen.fromJson(run.answer());
        String quoted = "`" + line + "`";
        return switch (run.ending()) {
            case FINISHED, SHELL_EXITED -> FinishedCommand.fromJson(run.answer().getJsonObject("command"));
            case BLANK_LINE -> new FinishedCommand(Optional.of(line), OptionalInt.of(0), "", false);
            case BUSY -> throw new CommandRunException(Reason.BUSY, "nothing was typed: the shell is "
                    + BusyShellAdvice.of(ADVICE, RpcCommandRun.commandLine(run.answer()),
                    RpcCommandRun.programName(run.answer()), RpcCommandRun.programIsFullScreen(run.answer()), quoted,
                    "waitForPrompt(timeout)"), screen);
            case NOT_READY -> throw new CommandRunException(Reason.NOT_READY, "nothing was typed: the shell was not"
                    + " at its prompt within " + Durations.describe(timeout) + " (still starting, or its program is"
                    + " not a shell with ptyctl's integration?)", screen);
            case WAITING_FOR_INPUT -> throw new CommandRunException(Reason.WAITING_FOR_INPUT, quoted + " did not"
                    + " finish: " + WaitingForInputAdvice.of(ADVICE, "it", RpcCommandRun.programName(run.answer()),
                    RpcCommandRun.awaitedInput(run.answer()), RpcCommandRun.programIsFullScreen(run.answer()))
                    + "; then waitForPromptAfter(...)", screen);
            case NOT_FINISHED -> throw new CommandRunException(Reason.NOT_FINISHED, notFinished(client, quoted,
                    timeout), screen);
            case INCOMPLETE -> throw new CommandRunException(Reason.INCOMPLETE, "the shell did not run " + quoted
                    + ": it waits for more of the line (an unclosed quote or bracket?); " + cleared(run), screen);
            case RAN_NOTHING -> throw new CommandRunException(Reason.RAN_NOTHING, "the shell did not run " + quoted
                    + " (a syntax error?); " + cleared(run), screen);
        };
    }

    /**
     * A request of the run refused: invalid params means the server cannot show this terminal's prompts (the run
     * builds every request itself), and its advice names {@code pty/wait}'s parameters; said in {@link RpcClient}'s
     * terms, with the server's reason kept. Any other refusal unchanged.
     */
    public static RpcException refusal(String line, RpcException refused) {
        if (refused.errorCode() != RpcErrorCode.INVALID_PARAMS) {
            return refused;
        }
        return new RpcException(refused.code(), "run(\"" + line + "\") needs a shell with ptyctl's shell integration"
                + " (bash, zsh or fish started plainly, such as the server's default shell): " + refused.message()
                + "; here, type with writeLine(...) and wait with waitFor(...)",
                refused.data());
    }

    /** The timeout, or the shell's end before the command finished. */
    private static String notFinished(RpcClient client, String quoted, Duration timeout) throws IOException {
        Status status = client.status();
        return status.running()
                ? quoted + " did not finish within " + Durations.describe(timeout) + "; it still runs: wait on with"
                        + " waitForPrompt(timeout), or stop it with write(Action.key(Key.ctrl('c')))"
                : "the shell " + status.exit().map(ProcessExit::describe).orElse("exited") + " before " + quoted
                        + " finished";
    }

    private static String cleared(RpcCommandRun.Outcome run) {
        return run.cleared() ? "cleared it with Ctrl-C" : "sent Ctrl-C, but the shell's prompt has not come back";
    }

    /** Keys and text as one {@code write(...)}: {@code write(Action.key(Key.ESCAPE), Action.text(":q"))}. */
    private static String write(List<QuitKeys.Step> steps) {
        return steps.stream().map(step -> switch (step) {
            case QuitKeys.Key key -> "Action.key(\"" + key.name() + "\")";
            case QuitKeys.Ctrl ctrl -> "Action.key(Key.ctrl('" + ctrl.letter() + "'))";
            case QuitKeys.Text text -> "Action.text(\"" + text.text() + "\")";
        }).collect(Collectors.joining(", ", "write(", ")"));
    }
}
