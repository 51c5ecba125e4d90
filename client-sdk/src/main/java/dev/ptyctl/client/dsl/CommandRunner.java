package dev.ptyctl.client.dsl;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.Status;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.client.internal.RpcCommandRun;
import dev.ptyctl.protocol.BusyShellAdvice;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.QuitKeys;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * {@link TerminalDriver#run(String, Duration)}: a command line run in the shell as {@code ptyctl run} runs it (the same
 * code, {@link RpcCommandRun}), its outcome turned into the command's result or a failure that says what held the
 * shell and what to do about it, in this DSL's own words ({@code press(Key.ctrl('c'))}, not a key name of the
 * protocol).
 */
final class CommandRunner {
    /** The waiting-for-input and busy-shell advice of {@code run} (and of a failed prompt wait) in the driver's methods. */
    static final WaitingForInputAdvice.Verbs ADVICE = new WaitingForInputAdvice.Verbs("typeLine(...)",
            "waitFor(...)", "screen()", "Ctrl+D", "press(Key.ctrl('c'))",
            "a test types it with typeLine(...) once it has waited for the prompt with waitFor(...)",
            CommandRunner::pressAndType);

    private final TerminalDriver driver;
    private final RpcClient rpc;

    CommandRunner(TerminalDriver driver, RpcClient rpc) {
        this.driver = driver;
        this.rpc = rpc;
    }

    /** Runs {@code commandLine}, at most {@code timeout} in all. */
    CommandResult run(String commandLine, Duration timeout) {
        Objects.requireNonNull(commandLine, "commandLine");
        long start = System.nanoTime();
        RpcCommandRun.Outcome run = Unchecked.io(() -> {
            try {
                return RpcCommandRun.run(rpc, commandLine, System.nanoTime() + timeout.toNanos());
            } catch (RpcException refused) {
                if (refused.errorCode() != RpcErrorCode.INVALID_PARAMS) {
                    throw refused;
                }
                // run builds every request itself: invalid params means the server cannot show this terminal's
                // prompts (no shell integration), as ptyctl run says. The server's advice names pty/wait's
                // parameters; say what to do with this driver.
                throw new IllegalStateException("run(" + ScreenAssert.quote(commandLine) + ") needs a shell with "
                        + "ptyctl's shell integration (@WithTerminal(shell = \"bash\"), zsh or fish, or the server's "
                        + "default shell): " + refused.getMessage() + "; here, type with typeLine(...) and wait with "
                        + "waitFor(...) or waitForSettled(...)", refused);
            }
        });
        if (run.lastWriteSeq() >= 0) {
            driver.wrote(run.lastWriteSeq());
        }
        Screen screen = Screen.fromJson(run.answer());
        String quoted = ScreenAssert.quote(commandLine);
        return switch (run.ending()) {
            case BUSY -> throw driver.failure("nothing was typed: the shell is " + BusyShellAdvice.of(ADVICE,
                    RpcCommandRun.commandLine(run.answer()), RpcCommandRun.programName(run.answer()),
                    RpcCommandRun.programIsFullScreen(run.answer()), quoted, "waitForPrompt(timeout)")
                    + "; after ending it, waitForPrompt() before the next run", screen);
            case NOT_READY -> throw driver.failure("expected the shell's prompt within " + Durations.describe(timeout)
                    + " before running " + quoted, screen);
            case NOT_FINISHED -> throw driver.failure(notFinished(quoted, timeout), screen);
            case WAITING_FOR_INPUT -> throw driver.failure(quoted + " did not finish: run() is for commands that finish, "
                    + "and " + WaitingForInputAdvice.of(ADVICE, "it", RpcCommandRun.programName(run.answer()),
                    RpcCommandRun.awaitedInput(run.answer()),
                    RpcCommandRun.programIsFullScreen(run.answer())) + "; then waitForPrompt()", screen);
            case INCOMPLETE -> throw driver.failure("the shell did not run " + quoted + ": it waits for more of the line (an "
                    + "unclosed quote or bracket?); " + cancelled(run), screen);
            case BLANK_LINE -> {
                driver.steps().timed("run(\"\") -> exit 0", start);
                yield new CommandResult("", 0, false); // as ptyctl run: nothing to run is no failure
            }
            case RAN_NOTHING -> throw driver.failure("the shell did not run " + quoted + " (a syntax error?); "
                    + cancelled(run), screen);
            case FINISHED, SHELL_EXITED -> { // a command that ended the shell (exit 3) has the shell's status as its code
                JsonObject command = run.answer().getJsonObject("command");
                int exitCode = command.get("exitCode") instanceof JsonNumber code ? code.intValue()
                        : CommandResult.UNKNOWN_EXIT_CODE;
                driver.heldAfterServerWait("run(" + StepLog.argument(commandLine) + ") -> exit " + exitCode, start);
                yield new CommandResult(command.getString("output"), exitCode, command.getBoolean("truncated", false));
            }
        };
    }

    /** Keys and text as this driver sends them: {@code press(Key.ESCAPE).type(":q").press(Key.ENTER)}. */
    private static String pressAndType(List<QuitKeys.Step> steps) {
        return steps.stream().map(step -> switch (step) {
            case QuitKeys.Key key -> "press(Key." + key.name().toUpperCase(Locale.ROOT) + ")";
            case QuitKeys.Ctrl ctrl -> "press(Key.ctrl('" + ctrl.letter() + "'))";
            case QuitKeys.Text text -> "type(\"" + text.text() + "\")";
        }).collect(Collectors.joining("."));
    }

    /**
     * Why a command typed did not finish: the timeout, or the shell's end before it (a kill: "was killed by SIGKILL";
     * an exit 130 that ended the shell finishes the command instead, with that status).
     */
    private String notFinished(String quoted, Duration timeout) {
        Status status = driver.status();
        return status.running() ? quoted + " did not finish within " + Durations.describe(timeout)
                : "the shell " + status.exit().map(ProcessExit::describe).orElse("exited") + " before " + quoted
                        + " finished";
    }

    /** What the Ctrl-C that cleared a line the shell did not run brought. */
    private static String cancelled(RpcCommandRun.Outcome run) {
        return run.cleared() ? "cleared it with Ctrl-C" : "sent Ctrl-C, but the shell's prompt has not come back";
    }
}
