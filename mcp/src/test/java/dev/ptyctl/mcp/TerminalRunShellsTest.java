package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** terminal_run in bash, zsh and fish: exit codes, exact output, state kept, several lines, big output, timeouts. */
class TerminalRunShellsTest {
    @RegisterExtension
    static final ToolServer SERVER = new ToolServer();

    private static ToolClient tools() {
        return SERVER.tools();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void exitCodesAndExactlyTheCommandsOutput(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        assertThat(tools().run(id, "true")).containsEntry("exitCode", 0).containsEntry("output", "");
        assertThat(tools().run(id, "false")).containsEntry("exitCode", 1);
        assertThat(tools().run(id, "sh -c 'kill -INT $$'")).containsEntry("exitCode", 130);
        assertThat(tools().run(id, "printf 'a\\nb\\n'")).containsEntry("exitCode", 0).containsEntry("output", "a\nb");
        // Output without a last newline: zsh marks the line a command left unended with a reverse-video # (root) or
        // %, and the output read "abc#".
        assertThat(tools().run(id, "printf abc")).containsEntry("exitCode", 0).containsEntry("output", "abc");
        assertThat(tools().run(id, "printf 'x%s' 1 2")).containsEntry("output", "x1x2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aCommandThatEndsTheShellAnswersWhatItPrintedAndTheShellsExitStatus(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        // bash and zsh send no command-end mark for the `exit`, fish does and then draws no prompt: the same answer.
        Map<String, Object> ended = tools().run(id, "echo x; exit 7");
        assertThat(ended).containsEntry("exitCode", 7).containsEntry("shellExited", true)
                .containsEntry("timedOut", false);
        // bash writes "exit" as it leaves: its own word, not the command's output
        assertThat(ended).containsEntry("output", "x");
        assertThat(tools().run(tools().shell(shell), "echo exit; exit 3")).containsEntry("output", "exit")
                .containsEntry("exitCode", 3);
        assertThat(tools().run(tools().shell(shell), "printf unfinished; exit 4"))
                .containsEntry("output", "unfinished").containsEntry("exitCode", 4);

        String alone = tools().shell(shell);
        assertThat(tools().run(alone, "exit 5")).containsEntry("exitCode", 5).containsEntry("shellExited", true);
        Map<String, Object> listed = ToolsContract.map(((List<?>) tools().ok("terminal_list", args())
                .get("terminals")).stream().filter(t -> alone.equals(ToolsContract.map(t).get("terminalId")))
                .findFirst().orElseThrow());
        assertThat(listed).containsEntry("state", "exited").containsEntry("exitCode", 5)
                .containsEntry("lastExitCode", 5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void anExitStatusAbove128EndsTheShellAsAnyExitAndOnlyASignalIsCalledOne(String shell) {
        Tools.require(shell);
        // exit 130 gives the number a SIGINT would (128 + 2), but the shell exited by itself: the command ended it.
        String exited = tools().shell(shell);
        assertThat(tools().run(exited, "exit 130")).containsEntry("exitCode", 130).containsEntry("shellExited", true);
        assertThat(listed(exited)).containsEntry("state", "exited").containsEntry("exitCode", 130)
                .doesNotContainKey("signal");

        // A signal that kills the shell while it runs a command: the command never finished, and the signal is named.
        String killed = tools().shell(shell);
        String error = tools().runError(killed, shell.equals("fish") ? "kill -9 $fish_pid" : "kill -9 $$");
        assertThat(error).contains("The shell in terminal " + killed + " was killed by SIGKILL before the command "
                + "finished");
        assertThat(listed(killed)).containsEntry("state", "exited").containsEntry("exitCode", 137)
                .containsEntry("signal", "SIGKILL");
        assertThat(tools().error("terminal_send", args("terminalId", killed, "input", List.of(Map.of("text", "x")))))
                .startsWith("Terminal " + killed + " has exited (killed by SIGKILL, exit code 137); it takes no more "
                        + "input");
    }

    private static Map<String, Object> listed(String terminalId) {
        return ToolsContract.map(((List<?>) tools().ok("terminal_list", args()).get("terminals")).stream()
                .filter(t -> terminalId.equals(ToolsContract.map(t).get("terminalId"))).findFirst().orElseThrow());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"bash, ", "fish, 0", "zsh, 127"})
    void aCommentDoesWhatTheShellDoesWithIt(String shell, Integer exitCode) {
        Tools.require(shell);
        String id = tools().shell(shell);
        // bash runs nothing and reports no command (as for a syntax error): like a blank line. fish reports a command
        // that exits 0; zsh without interactivecomments runs `#`, which it cannot find.
        Map<String, Object> comment = tools().run(id, "# just a note");
        if (exitCode == null) {
            assertThat(comment).doesNotContainKey("exitCode").containsEntry("output", "");
        } else {
            assertThat(comment).containsEntry("exitCode", exitCode);
        }
        assertThat(tools().run(id, "echo after")).containsEntry("exitCode", 0).containsEntry("output", "after");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void stateIsKeptAndSeveralLinesRunAsOne(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        assertThat(tools().run(id, "cd /tmp")).containsEntry("cwd", "/tmp");
        assertThat(tools().run(id, "pwd")).containsEntry("output", "/tmp");
        assertThat(tools().run(id, "echo one\necho 'two  quoted'")).containsEntry("output", "one\ntwo  quoted");
        if (!shell.equals("fish")) { // fish has no heredocs
            assertThat(tools().run(id, "cat <<'EOF'\nline one\nline \"two\" $HOME\nEOF"))
                    .containsEntry("exitCode", 0).containsEntry("output", "line one\nline \"two\" $HOME");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aMegabyteIsCutUnderMaxBytesAndATimeoutLeavesTheCommandRunning(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        Map<String, Object> big = tools().ok("terminal_run", args("terminalId", id, "command",
                "head -c 1000000 /dev/zero | tr '\\0' x | fold -w 100; echo", "maxBytes", 16384, "timeoutMs", 60_000));
        assertThat(big).containsEntry("exitCode", 0).containsEntry("truncated", true);
        String output = (String) big.get("output");
        assertThat(output.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(16384).isGreaterThan(16000);
        assertThat(output).startsWith("x".repeat(100) + "\n").endsWith("\n" + "x".repeat(100))
                .containsPattern("\n\\[… \\d+ lines, \\d+ bytes cut here; terminal_output \\{sinceSeq: \\d+} reads the "
                        + "whole output …]\n");

        Map<String, Object> slow = tools().ok("terminal_run", args("terminalId", id, "command", "sleep 30",
                "timeoutMs", 300));
        assertThat(slow).containsEntry("timedOut", true).doesNotContainKey("exitCode");
        Map<String, Object> listed = ToolsContract.map(((List<?>) tools().ok("terminal_list", args())
                .get("terminals")).stream().filter(t -> id.equals(ToolsContract.map(t).get("terminalId")))
                .findFirst().orElseThrow());
        assertThat(listed).containsEntry("state", "running").containsEntry("runningCommand", "sleep 30");
        // A run while it runs types nothing (it would go to sleep's input) and says so at once, not at its timeout.
        assertThat(tools().runError(id, "echo typed-while-busy")).contains("Nothing was typed")
                .contains("busy running `sleep 30`").contains("terminal_wait {prompt: true, sinceSeq: ");
        McpSchema.CallToolResult prompt = tools().sendAndAwaitPrompt(id, List.of(Map.of("key", "C-c")));
        assertThat(ToolsContract.map(prompt.structuredContent())).containsEntry("matched", true);
        assertThat(tools().run(id, "echo after")).containsEntry("output", "after");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"}) // fish inserts a pasted tab as a space
    void aTabInTheCommandReachesTheCommandNotTheLineEditorsCompletion(String shell) {
        // Typed key by key, the tab was completion: `echo 'a<TAB>b'` ran as `echo 'ab'`.
        Tools.require(shell);
        assertThat(tools().run(tools().shell(shell), "echo 'a\tb' | od -An -c | tr -s ' '"))
                .containsEntry("exitCode", 0).containsEntry("output", " a \\t b \\n");
    }

    /**
     * An output longer than the 4 MiB the shell integration keeps of a command (its head): the end still shows, read
     * from the output log. The tail was the end of that head, a build's middle, and its error was not shown.
     */
    @Test
    void anOutputLongerThanWhatIsCapturedStillEndsWithItsEnd() {
        String id = tools().shell("bash");
        Map<String, Object> build = tools().ok("terminal_run", args("terminalId", id, "command",
                "seq 1 700000; echo 'error: the last line' >&2; false", "timeoutMs", 120_000));

        assertThat(build).containsEntry("exitCode", 1).containsEntry("truncated", true);
        String output = (String) build.get("output");
        assertThat(output.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(16384);
        assertThat(output).startsWith("1\n2\n3\n").endsWith("\n699999\n700000\nerror: the last line")
                .containsPattern("\n\\[… more than \\d+ lines, \\d+ bytes cut here; terminal_output \\{sinceSeq: \\d+} "
                        + "reads the whole output …]\n");
    }

    /** The head alone showed a build compiling on without error: the error at its end was cut. */
    @Test
    void aLongFailingBuildShowsTheErrorAtItsEndAndWhereToReadAllOfIt() {
        String id = tools().shell("bash");
        Map<String, Object> build = tools().ok("terminal_run", args("terminalId", id, "command",
                "for i in $(seq 1 3000); do echo \"compiling src/file$i.c\"; done; "
                        + "echo \"src/file2999.c:12: error: expected ';' before '}'\" >&2; false"));

        assertThat(build).containsEntry("exitCode", 1).containsEntry("truncated", true);
        String output = (String) build.get("output");
        assertThat(output.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(16384);
        assertThat(output).startsWith("compiling src/file1.c\ncompiling src/file2.c\n")
                .endsWith("compiling src/file3000.c\nsrc/file2999.c:12: error: expected ';' before '}'");
        java.util.regex.Matcher cut = java.util.regex.Pattern.compile("\n\\[… (\\d+) lines, \\d+ bytes cut here; "
                + "terminal_output \\{sinceSeq: (\\d+)} reads the whole output …]\n").matcher(output);
        assertThat(cut.find()).as(output).isTrue();
        assertThat(output.split("\n")).hasSize(3001 - Integer.parseInt(cut.group(1)) + 1);
        assertThat(ToolClient.text(tools().call("terminal_run", args("terminalId", id, "command", "true"))))
                .doesNotContain("cut");
        String all = (String) tools().ok("terminal_output", args("terminalId", id, "sinceSeq",
                Long.parseLong(cut.group(2)), "maxBytes", 1 << 20)).get("text");
        assertThat(all).startsWith("compiling src/file1.c\n").contains("\ncompiling src/file1500.c\n");
    }

    @Test
    void aLineWiderThanTheTerminalIsOneLineOfOutputAsTheProgramWroteIt() {
        // The output was the screen's rows: a 10,000-character line came back as 84 lines of 120, a long URL cut in two.
        String id = tools().shell("bash");
        assertThat(tools().run(id, "printf 'ab%.0s' $(seq 1 5000); echo; echo next")).containsEntry("exitCode", 0)
                .containsEntry("output", "ab".repeat(5000) + "\nnext");
        String url = "https://example.com/" + "segment/".repeat(30) + "end";
        assertThat(tools().run(id, "echo " + url)).containsEntry("output", url);
        assertThat(tools().ok("terminal_run", args("terminalId", id, "command", "printf 'ab%.0s' $(seq 1 5000)",
                "maxBytes", 1000))).containsEntry("truncated", true).extractingByKey("output").asString()
                .startsWith("abab").endsWith("abab").contains(" bytes cut here; terminal_output {sinceSeq: ")
                .doesNotContain(" lines, ");
    }

    @Test
    void aPagerTheCommandOpenedIsNamedWithItsQuitKey() {
        // The terminal's foreground group is git's, so the answer named git and guessed "(exit, C-d, q) or C-c".
        Tools.require("git");
        Tools.require("less");
        String id = (String) tools().ok("terminal_create", args("command", List.of("bash"), "env",
                Map.of("GIT_PAGER", "less"))).get("terminalId");
        tools().run(id, "repo=$(mktemp -d) && git -C \"$repo\" init -q && for i in $(seq 1 60); do git -C \"$repo\" "
                + "-c user.email=a@b -c user.name=A commit -q --allow-empty -m \"change $i\"; done");

        McpSchema.CallToolResult paged = tools().call("terminal_run", args("terminalId", id, "command",
                "git -C \"$repo\" log", "timeoutMs", 60_000));

        assertThat(ToolsContract.map(paged.structuredContent())).containsEntry("waitingForInput", true);
        assertThat(ToolClient.text(paged)).contains("end it with terminal_send [{\"text\": \"q\"}]");
        tools().sendAndAwaitPrompt(id, List.of(Map.of("text", "q")));
    }

    @Test
    void aRunWhileAFullScreenProgramIsUpTypesNothingIntoItAndSaysWhatHoldsTheShell() {
        Tools.require("less");
        String id = tools().shell("bash");
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "less /etc/passwd"), Map.of("key", "Enter"))));
        tools().ok("terminal_wait", args("terminalId", id, "text", "root:", "sinceSeq", sent.get("seq")));
        // Before, the run waited its whole timeout and answered "timed out, still running", as if its line ran.
        String error = tools().runError(id, "echo typed-into-less");
        assertThat(error).contains("Nothing was typed").contains("busy running `less /etc/passwd`")
                .contains("a full-screen program")
                .contains("End it first (terminal_send [{\"text\": \"q\"}], or terminal_send [{\"key\": \"C-c\"}])");
        // A key given as a character is an error that says how to type it.
        assertThat(tools().error("terminal_send", args("terminalId", id, "input", List.of(Map.of("key", "q")))))
                .contains("Unknown key").contains("To type the character q, send {\"text\": \"q\"}");
        // The character is quoted as JSON: a backslash is escaped, so the hint's object can be sent as it reads.
        assertThat(tools().error("terminal_send", args("terminalId", id, "input", List.of(Map.of("key", "\\")))))
                .contains("send {\"text\": \"\\\\\"}");
        // The prompt after it tells less's exit code, although less started before the wait's sinceSeq.
        McpSchema.CallToolResult ended = tools().sendAndAwaitPrompt(id, List.of(Map.of("text", "q")));
        assertThat(ToolClient.text(ended)).contains("[matched: prompt · exit 0 · seq ");
        assertThat(ToolsContract.map(ended.structuredContent())).containsEntry("commandExitCode", 0);
        assertThat(tools().run(id, "echo after")).containsEntry("exitCode", 0).containsEntry("output", "after");
    }

    @Test
    void aRunThatStartsAnInteractiveProgramSaysItWaitsForKeysInsteadOfWaitingOutItsTimeout() {
        String id = tools().shell("bash");
        // read -e edits its line with readline, as a REPL does: the terminal leaves canonical mode and nothing
        // more is printed until someone types. A minute of timeout: a run that waited for the prompt would fail.
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command",
                "read -e -p 'name> ' name; echo hello $name", "timeoutMs", 60_000));
        Map<String, Object> result = ToolsContract.map(waiting.structuredContent());
        assertThat(result).containsEntry("waitingForInput", true).containsEntry("inputHidden", false)
                .containsEntry("timedOut", false).doesNotContainKey("exitCode").containsEntry("output", "name>");
        assertThat(ToolClient.text(waiting)).startsWith("name>").contains("still running: `read -e -p 'name> ' "
                + "name; echo hello $name` waits for keyboard input (an interactive program); type into it with "
                + "terminal_send");
        // It really waits for keys: typing a name finishes the command.
        McpSchema.CallToolResult done = tools().sendAndAwaitPrompt(id,
                List.of(Map.of("text", "Ada"), Map.of("key", "Enter")));
        assertThat(ToolsContract.map(done.structuredContent())).containsEntry("commandExitCode", 0);
        assertThat(ToolClient.text(done)).contains("\nhello Ada\n");
        // A command that only takes long is not taken for one that waits for input.
        assertThat(tools().ok("terminal_run", args("terminalId", id, "command", "sleep 2; echo slept", "timeoutMs",
                60_000))).containsEntry("exitCode", 0).containsEntry("output", "slept");
    }

    @Test
    void aReplThatWaitsForKeysIsNamedWithItsOwnQuitKey() {
        Tools.require("python3");
        String id = tools().shell("bash");
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command", "python3",
                "timeoutMs", 60_000));
        assertThat(ToolsContract.map(waiting.structuredContent())).containsEntry("waitingForInput", true);
        // python3 ends at end of input: C-d, not the generic "(exit, C-d, q)" (q is a NameError there).
        assertThat(ToolClient.text(waiting)).contains("still running: `python3` waits for keyboard input")
                .contains("end it with terminal_send [{\"key\": \"C-d\"}] or C-c");
        McpSchema.CallToolResult prompt = tools().sendAndAwaitPrompt(id, List.of(Map.of("key", "C-d")));
        assertThat(ToolsContract.map(prompt.structuredContent())).containsEntry("matched", true)
                .containsEntry("commandExitCode", 0);
    }

    @Test
    void aRunThatAsksForALineSaysSoBeforeItsTimeoutAndEndsWithTheLineTyped() {
        String id = tools().shell("bash");
        // A plain read, as a script's "Continue? [y/N]" or apt's "[Y/n]": canonical mode with echo on, where the
        // terminal's modes say nothing. A minute of timeout: only an answer about the question passes.
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command",
                "printf 'Continue? [y/N] '; read answer; echo got-$answer", "timeoutMs", 60_000));
        assertThat(ToolsContract.map(waiting.structuredContent())).containsEntry("waitingForInput", true)
                .containsEntry("readsLines", true).containsEntry("inputHidden", false)
                .containsEntry("timedOut", false).doesNotContainKey("exitCode")
                .containsEntry("output", "Continue? [y/N]");
        assertThat(ToolClient.text(waiting)).contains("still running: `printf 'Continue? [y/N] '; read answer; echo "
                + "got-$answer` waits for a line of input (it reads the terminal line by line); type a line ending "
                + "with Enter with terminal_send").contains("end its input with terminal_send [{\"key\": \"C-d\"}] at "
                + "the start of a line or stop it with C-c");
        McpSchema.CallToolResult done = tools().sendAndAwaitPrompt(id,
                List.of(Map.of("text", "y"), Map.of("key", "Enter")));
        assertThat(ToolsContract.map(done.structuredContent())).containsEntry("commandExitCode", 0);
        assertThat(ToolClient.text(done)).contains("\ngot-y\n");

        // cat reading the terminal ends at Ctrl-D, as the advice says; a cat reading a pipe is only slow.
        assertThat(ToolsContract.map(tools().call("terminal_run", args("terminalId", id, "command", "cat",
                "timeoutMs", 60_000)).structuredContent())).containsEntry("readsLines", true);
        McpSchema.CallToolResult prompt = tools().sendAndAwaitPrompt(id, List.of(Map.of("key", "C-d")));
        assertThat(ToolsContract.map(prompt.structuredContent())).containsEntry("matched", true)
                .containsEntry("commandExitCode", 0);
        assertThat(tools().ok("terminal_run", args("terminalId", id, "command", "sleep 2 | cat; echo piped",
                "timeoutMs", 60_000))).containsEntry("exitCode", 0).containsEntry("output", "piped");
    }

    @Test
    void aRunThatWaitsForAPasswordSaysSoBeforeItsTimeoutWithWhatItPrintedSoFar() {
        String id = tools().shell("bash");
        // A minute of timeout: only an answer about the password prompt, given once the output went quiet, passes.
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command",
                "printf 'step 1 done\\n'; read -s -p 'Password: ' pw; echo got ${#pw}", "timeoutMs", 60_000));
        Map<String, Object> result = ToolsContract.map(waiting.structuredContent());
        assertThat(result).containsEntry("waitingForInput", true).containsEntry("inputHidden", true)
                .containsEntry("timedOut", false).doesNotContainKey("exitCode")
                .containsEntry("output", "step 1 done\nPassword:");
        assertThat(ToolClient.text(waiting)).startsWith("step 1 done\nPassword:")
                .contains("still running: it waits for hidden input (a password prompt); ask the user");
        McpSchema.CallToolResult prompt = tools().sendAndAwaitPrompt(id,
                List.of(Map.of("text", "hunter2"), Map.of("key", "Enter")));
        assertThat(ToolsContract.map(prompt.structuredContent())).containsEntry("matched", true);
        assertThat(tools().run(id, "echo $pw")).containsEntry("output", "hunter2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void severalLinesRunAsOneEditEveryTimeEvenRightAfterThePrompt(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        // Each run pastes at the very moment the previous prompt is drawn: the line editor must have turned
        // bracketed paste on first, or the lines run one by one and the run ends after the first.
        for (int i = 0; i < 10; i++) {
            assertThat(tools().run(id, "echo one-" + i + "\necho two-" + i))
                    .containsEntry("output", "one-" + i + "\ntwo-" + i);
        }
    }

    @Test
    void aTabRunsAsTypedEveryTimeEvenRightAfterThePrompt() {
        Tools.require("zsh");
        String id = tools().shell("zsh");
        // zsh turns bracketed paste on only after its prompt's mark: a one-line paste with a tab sent in that gap went
        // out without the markers, and the tab was completion (seen in the mcp suite: 'a' 'b', no tab).
        for (int i = 0; i < 10; i++) {
            assertThat(tools().run(id, "echo 'a\tb' | od -An -c | tr -s ' '")).as("run %d", i)
                    .containsEntry("output", " a \\t b \\n");
        }
    }

    @Test
    void theWaitForBracketedPasteEndsByTheRunsTimeout() {
        String id = tools().shell("bash");
        tools().run(id, "bind 'set enable-bracketed-paste off'"); // its prompts never turn mode 2004 on again
        // Several lines to a shell at its prompt with the mode off wait up to PasteReadiness.GRACE (2 s) for it; a
        // run with a 200 ms timeout must not: it types the lines at its deadline and answers at once. Only the time
        // can tell the two apart, so the bound is the grace itself: without the run's deadline the answer cannot
        // come before it, with it there are 1.8 s to spare. The answer is "timed out", unless bash ran both lines
        // and drew its prompt before the wait's first look (seen at load 20): then the lines' own result.
        long started = System.nanoTime();
        Map<String, Object> run = tools().ok("terminal_run", args("terminalId", id, "command",
                "echo one\necho two", "timeoutMs", 200));
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        if (run.get("timedOut").equals(Boolean.TRUE)) {
            assertThat(run).doesNotContainKey("exitCode");
        } else {
            assertThat(run).containsEntry("exitCode", 0).containsEntry("output", "one\ntwo");
        }
        assertThat(tookMs).as("terminal_run with timeoutMs 200, in ms").isLessThan(2_000);
        // The lines were typed all the same (one by one, without the mode).
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "regex", "^two$", "timeoutMs", 30_000)))
                .containsEntry("matched", true);
    }

    @Test
    void aShellThatLeftBracketedPasteOffIsNotWaitedForAgainUntilItTurnsItOn() {
        String id = tools().shell("bash");
        tools().run(id, "bind 'set enable-bracketed-paste off'");
        // Only the time tells a paste that waited PasteReadiness.GRACE (2 s) for mode 2004 from one that did not
        // (both type the lines as they are), so the bound is the grace itself: a run that waits cannot take less.
        assertThat(runTwoLinesMs(id)).as("the first paste waits the whole grace, in ms").isGreaterThanOrEqualTo(2_000);
        assertThat(runTwoLinesMs(id)).as("the terminal remembers: the second does not wait, in ms").isLessThan(2_000);
        tools().run(id, "bind 'set enable-bracketed-paste on'");
        runTwoLinesMs(id); // seen on at the prompt: forgotten
        tools().run(id, "bind 'set enable-bracketed-paste off'");
        assertThat(runTwoLinesMs(id)).as("off again after it was seen on: waited for again, in ms")
                .isGreaterThanOrEqualTo(2_000);
    }

    @Test
    void linesTypedWithoutBracketedPasteAllRunBeforeTheRunAnswers() {
        String id = tools().shell("bash");
        tools().run(id, "bind 'set enable-bracketed-paste off'");
        // Without bracketed paste bash reads the lines one by one, each drawing its prompt: the run answered at the
        // first line's prompt (output "one", the next run seeing "two"). The sleep keeps the rest unread then.
        Map<String, Object> lines = tools().run(id, "echo one\nsleep 0.3\necho two");
        assertThat(((String) lines.get("output")).lines().toList()).as("all three lines ran").startsWith("one")
                .endsWith("two");
        assertThat(lines).containsEntry("exitCode", 0);
        // A compound command over lines draws continuation prompts while its rest is still unread: not incomplete.
        Map<String, Object> compound = tools().run(id, "if true\nthen echo three\nfi");
        assertThat(compound).containsEntry("output", "three").containsEntry("exitCode", 0)
                .doesNotContainKey("incomplete");
        assertThat(tools().run(id, "echo four")).as("nothing of the runs before is left").containsEntry("output",
                "four");
    }

    /** terminal_run of two lines; how long it took. */
    private static long runTwoLinesMs(String id) {
        long started = System.nanoTime();
        assertThat((String) tools().run(id, "echo one\necho two").get("output")).startsWith("one");
        return (System.nanoTime() - started) / 1_000_000;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"cat, cat", "bash --norc, bash", "zsh -f, zsh", "fish --no-config, fish"})
    void runAndPromptWaitsInAProgramWithoutShellIntegrationFailAtOnceSayingWhy(String command, String program) {
        Tools.require(program);
        String id = (String) tools().ok("terminal_create", args("command", List.of(command.split(" "))))
                .get("terminalId");
        // Long timeouts: without the check these calls would wait them out (or the server's cap) and answer
        // timedOut / not matched instead of an error.
        String run = tools().error("terminal_run", args("terminalId", id, "command", "echo typed-by-run",
                "timeoutMs", 20_000));
        assertThat(run).contains("no shell integration marks have been seen in this terminal")
                .contains("terminal_send").contains("terminal_wait");
        String wait = tools().error("terminal_wait", args("terminalId", id, "prompt", true, "timeoutMs", 20_000));
        assertThat(wait).contains("no shell integration marks have been seen in this terminal")
                .contains("text, regex or idleMs instead");
        assertThat((String) tools().ok("terminal_read", args("terminalId", id)).get("screen"))
                .as("run typed nothing").doesNotContain("typed-by-run");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void anIncompleteLineIsAnErrorAtOnceAndIsCancelledSoTheShellStaysUsable(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        // Without continuation handling this run waits out its timeout (the shell waits for the closing quote).
        String error = tools().runError(id, "echo \"unterminated");
        assertThat(error).contains("The shell waits for more input").contains("nothing ran")
                .contains("C-c was sent to cancel the line and the shell is back at its prompt");
        assertThat(tools().run(id, "echo next")).containsEntry("exitCode", 0).containsEntry("output", "next");

        // A prompt wait ends at the continuation prompt too, and says so.
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "echo 'open"), Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "prompt", true, "sinceSeq", sent.get("seq"),
                "timeoutMs", 60_000))).containsEntry("matched", true).containsEntry("continuation", true);
        // A run finds that incomplete line left at the prompt and cancels it before typing.
        assertThat(tools().run(id, "echo after")).containsEntry("exitCode", 0).containsEntry("output", "after");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aLineTheShellRefusesIsReportedAtOnceAndClearedSoTheNextRunRunsAlone(String shell) {
        Tools.require(shell);
        String id = tools().shell(shell);
        // fish draws its prompt again after a syntax error without its prompt event: before the integration marked
        // that prompt, this run waited out its whole timeout there (a result, not this error).
        String error = tools().runError(id, "echo 'x' )");
        assertThat(error).contains("The shell did not run the command")
                .contains("C-c was sent to clear the line and the shell is back at its prompt");
        // fish keeps a refused line in its editor: had it stayed, this line would be appended to it.
        assertThat(tools().run(id, "echo next")).containsEntry("exitCode", 0).containsEntry("output", "next");
    }
}
