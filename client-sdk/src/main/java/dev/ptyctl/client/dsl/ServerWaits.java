package dev.ptyctl.client.dsl;

import dev.ptyctl.client.PromptWaitResult;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.TextPattern;
import dev.ptyctl.client.WaitMatch;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.client.internal.LongWait;
import dev.ptyctl.client.internal.PromptWaitParams;
import dev.ptyctl.client.internal.RpcCommandRun;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The waits of a {@link TerminalDriver} that the server does ({@code pty/wait}): for a text, any of several, a
 * pattern, a pause in the output, the shell's prompt, a command's start. The server waits so that its prompt tracking
 * has seen the same output ({@link TerminalDriver#run} relies on it); then the driver's copy catches up and the step
 * is noted. A wait that fails says why when its screen alone would not: the program ended first, or the text is in the
 * scrollback.
 */
final class ServerWaits {
    /** What a failed wait or locator adds when what it looked for is in the scrollback, above the screen. */
    static final String SCROLLED_OFF = "; it is in the scrollback: it scrolled off the screen, which is all waits and"
            + " locators look at unless told (a locator that searches above the screen too: getByText(...)"
            + ".includingScrollback(); a command's whole output: lastCommand().output(), run(...).output())";

    /**
     * How long a failed prompt wait asks the server whether the command waits for input: the server tells so only
     * once two looks a quarter of a second apart agree (the command quiet for a second, which after a failed wait it
     * has long been), so a second is enough on a loaded machine; it ends early when they do.
     */
    private static final Duration INPUT_WAIT_LOOK = Duration.ofSeconds(1);

    private final TerminalDriver driver;
    private final RpcClient rpc;

    ServerWaits(TerminalDriver driver, RpcClient rpc) {
        this.driver = driver;
        this.rpc = rpc;
    }

    /** {@link TerminalDriver#waitFor(String, Duration)}. */
    void text(String text, Duration timeout) {
        Objects.requireNonNull(text, "text");
        // Rows come without trailing spaces: text ending in spaces goes as a pattern that lets them be the row's end.
        WaitRequest.Builder request = RowEndText.pattern(text)
                .map(regex -> WaitRequest.builder().match(regex).regex(true))
                .orElseGet(() -> WaitRequest.builder().match(text));
        await(request.timeout(timeout).build(),
                "expected the screen to contain " + ScreenAssert.quote(text) + " within " + Durations.describe(timeout),
                "waitFor(" + StepLog.argument(text) + ")");
    }

    /** {@link TerminalDriver#waitForAny(Duration, TextPattern...)}. */
    WaitMatch any(Duration timeout, TextPattern... texts) {
        String listed = Arrays.stream(texts).map(TextPattern::toString).collect(Collectors.joining(", "));
        // a literal ending in spaces may end on a row's blank cells, as in waitFor
        TextPattern[] asSeen = Arrays.stream(texts).map(text -> text.regex() ? text : RowEndText.forServer(text.text()))
                .toArray(TextPattern[]::new);
        WaitResult result = await(WaitRequest.builder().anyOf(asSeen).timeout(timeout).build(),
                "expected the screen to contain any of " + listed + " within " + Durations.describe(timeout),
                "waitForAny(" + StepLog.argument(listed) + ")");
        return result.found().orElseThrow(() -> driver.failure("the server did not say which of " + listed
                + " matched (a server older than pty/wait's found)", result.screen()));
    }

    /** {@link TerminalDriver#waitForPattern(String, Duration)}. */
    void pattern(String regex, Duration timeout) {
        Objects.requireNonNull(regex, "regex");
        await(WaitRequest.builder().match(regex).regex(true).timeout(timeout).build(),
                "expected the screen to match /" + regex + "/ within " + Durations.describe(timeout),
                "waitForPattern(" + StepLog.argument(regex) + ")");
    }

    /** {@link TerminalDriver#waitForIdle(Duration)}. */
    void idle(Duration quiet, Duration timeout) {
        await(WaitRequest.builder().idle(quiet).timeout(timeout).build(),
                "expected the output to pause for " + Durations.describe(quiet) + " within " + Durations.describe(timeout),
                "waitForIdle(" + Durations.describe(quiet) + ")");
    }

    private WaitResult await(WaitRequest request, String expectation, String step) {
        long start = System.nanoTime();
        WaitResult result = Unchecked.io(() -> rpc.waitFor(request));
        if (!result.matched()) {
            // the answer says how the program ended; a server before its exited member is asked
            String ended = result.exited().map(ServerWaits::endedFirst).orElseGet(driver::programEnded);
            throw driver.failure(expectation + ended + (ended.isEmpty() ? scrolledOff(request) : ""),
                    result.screen());
        }
        driver.heldAfterServerWait(step + foundAt(result), start);
        return result;
    }

    /**
     * Where a text wait that held found its text, for the test's steps, as a locator's step says it: a match on a row
     * from before (the same question still on the screen, the echoed command line) explains a later step's failure.
     */
    private static String foundAt(WaitResult result) {
        return result.found().flatMap(WaitMatch::start)
                .map(start -> ", found at row " + start.row() + ", column " + start.col()).orElse("");
    }

    /** {@link TerminalDriver#waitForPrompt(Duration)}: a prompt drawn after {@code lastWriteSeq}, when there was one. */
    void prompt(Duration timeout, long lastWriteSeq) {
        long start = System.nanoTime();
        PromptWaitResult result = Unchecked.io(() -> lastWriteSeq >= 0 ? rpc.waitForPromptAfter(lastWriteSeq, timeout)
                : rpc.waitForPrompt(timeout));
        if (!result.matched()) {
            String ended = driver.programEnded();
            throw driver.failure("expected the shell's prompt within " + Durations.describe(timeout)
                    + (ended.isEmpty() ? waitingForInput(lastWriteSeq) : ended), result.screen());
        }
        driver.heldAfterServerWait("waitForPrompt()", start);
    }

    /** {@link TerminalDriver#waitForCommandStart(Duration)}: a command started after {@code lastWriteSeq}, if any. */
    void commandStart(Duration timeout, long lastWriteSeq) {
        Objects.requireNonNull(timeout, "timeout");
        long start = System.nanoTime();
        // a wait longer than the server's longest (10 minutes) asks again, as the SDK's waits do
        JsonObject result = Unchecked.io(() -> LongWait.wait(rpc, timeout, chunk -> rpc.call(RpcMethod.WAIT,
                PromptWaitParams.started(lastWriteSeq, chunk),
                rpc.replyTimeoutFor(WaitRequest.builder().timeout(chunk).build()))));
        if (!result.getBoolean("matched")) {
            throw driver.failure("expected a command to start " + (lastWriteSeq >= 0 ? "after the last keys sent " : "")
                    + "within " + Durations.describe(timeout) + driver.programEnded(), Screen.fromJson(result));
        }
        driver.heldAfterServerWait("waitForCommandStart()", start);
    }

    /**
     * {@link #SCROLLED_OFF} when a text or pattern wait that failed on the screen matches in the scrollback (asked of
     * the server at once, without waiting), else "": the text came and went up, which the screen alone hides.
     */
    private String scrolledOff(WaitRequest failed) {
        if (failed.match().isEmpty() && failed.anyOf().isEmpty() || failed.scrollback()) {
            return "";
        }
        return hint(() -> rpc.waitFor(failed.newBuilder().scrollback(true).timeout(Duration.ZERO).build()).matched()
                ? SCROLLED_OFF : "");
    }

    /**
     * When the command started after {@code since} waits for input (asked of the server once more: its
     * {@code ifWaitingForInput}), what waits and what to do; else "". A prompt that never came is then not a slow
     * command: it waits for an answer, and the one the test sent may have gone before it asked, when a wait for its
     * question was satisfied by the same question still on the screen from before.
     */
    private String waitingForInput(long since) {
        return hint(() -> {
            JsonObject answer = rpc.call(RpcMethod.WAIT, PromptWaitParams.of(since, -1, INPUT_WAIT_LOOK,
                    PromptWaitParams.AnswerEarly.IF_WAITING_FOR_INPUT), rpc.replyTimeoutFor(WaitRequest.builder()
                    .timeout(INPUT_WAIT_LOOK).build()));
            if (!answer.containsKey("waitingForInput")) {
                return "";
            }
            return "; " + WaitingForInputAdvice.of(CommandRunner.ADVICE, RpcCommandRun.describeProgram(answer)
                            + " still runs: it", RpcCommandRun.programName(answer), RpcCommandRun.awaitedInput(answer),
                    RpcCommandRun.programIsFullScreen(answer)) + ". Keys sent for it before it asked may have been"
                    + " lost: wait for its question with expectAfter(mark), the mark taken before the command line,"
                    + " where a waitFor(...) is satisfied by the same question still on the screen from before";
        });
    }

    /**
     * What a failure adds from one more question to the server, or "" when that question fails: the failure with its
     * screen is still worth giving, without the hint.
     */
    private static String hint(Unchecked.Call<String> ask) {
        try {
            return ask.call();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** "; the program exited with 3 first". */
    static String endedFirst(ProcessExit exit) {
        return "; the program " + exit.describe() + " first";
    }
}
