package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What every tool does, seen through the MCP SDK's own client; run once over stdio and once over Streamable HTTP
 * (the subclasses). Each test makes its own terminals.
 */
abstract class ToolsContract {

    /** The client of the transport under test. */
    abstract ToolClient tools();

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @Test
    void listsTheNineToolsWithSchemasAndAnnotations() {
        List<McpSchema.Tool> listed = tools().sdk().listTools().tools();
        assertThat(listed).extracting(McpSchema.Tool::name).containsExactly("terminal_create", "terminal_list",
                "terminal_send", "terminal_read", "terminal_wait", "terminal_run", "terminal_output",
                "terminal_resize", "terminal_close");
        Map<String, McpSchema.Tool> byName = listed.stream()
                .collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
        for (McpSchema.Tool tool : listed) {
            assertThat(tool.inputSchema()).as(tool.name()).isNotNull();
            assertThat(tool.outputSchema()).as(tool.name()).isNotNull();
            if (!tool.name().equals("terminal_list")) { // it takes no arguments
                assertThat(tool.description()).as(tool.name()).contains("Example");
            }
        }
        for (String readOnly : List.of("terminal_list", "terminal_read", "terminal_wait", "terminal_output")) {
            assertThat(byName.get(readOnly).annotations().readOnlyHint()).as(readOnly).isTrue();
        }
        assertThat(byName.get("terminal_close").annotations().destructiveHint()).isTrue();
        assertThat(byName.get("terminal_create").annotations().readOnlyHint()).isFalse();
    }

    @Test
    void runReturnsTheExitCodeAndOnlyTheCommandsOutput() {
        String shell = tools().shell("bash");
        Map<String, Object> failed = tools().run(shell, "echo hello; false");
        assertThat(failed).containsEntry("exitCode", 1).containsEntry("output", "hello")
                .containsEntry("timedOut", false).containsEntry("truncated", false);
        Map<String, Object> cd = tools().run(shell, "cd /tmp");
        assertThat(cd).containsEntry("exitCode", 0).containsEntry("output", "").containsEntry("cwd", "/tmp");
        assertThat(tools().run(shell, "pwd")).containsEntry("output", "/tmp");
    }

    @Test
    void runWithoutATerminalUsesOneShellOfTheSession() {
        Map<String, Object> first = tools().ok("terminal_run", args("command", "export MCP_TEST_VAR=kept"));
        Map<String, Object> second = tools().ok("terminal_run", args("command", "echo $MCP_TEST_VAR"));
        assertThat(second.get("terminalId")).isEqualTo(first.get("terminalId"));
        assertThat(second).containsEntry("output", "kept");
        List<?> listed = (List<?>) tools().ok("terminal_list", args()).get("terminals");
        assertThat(listed).anySatisfy(t -> assertThat(map(t)).containsEntry("terminalId",
                first.get("terminalId")).containsEntry("state", "running"));
    }

    @Test
    void gitLogInTheSessionsShellAnswersTheLogInsteadOfOpeningAPager() {
        // git opened less (the output was longer than the screen): the run answered waitingForInput with one screen
        dev.ptyctl.testsupport.Tools.require("git");
        tools().ok("terminal_run", args("command", "repo=$(mktemp -d) && git -C \"$repo\" init -q && for i in "
                + "$(seq 1 60); do git -C \"$repo\" -c user.email=a@b -c user.name=A commit -q --allow-empty -m "
                + "\"change $i\"; done", "timeoutMs", 60_000));

        Map<String, Object> log = tools().ok("terminal_run", args("command", "git -C \"$repo\" log --format=%s"));

        assertThat(log).containsEntry("exitCode", 0).doesNotContainKey("waitingForInput");
        assertThat((String) log.get("output")).startsWith("change 60\nchange 59\n").endsWith("\nchange 1");
    }

    @Test
    void createReturnsAViewUrlAndTheProgramRuns() {
        Map<String, Object> created = tools().ok("terminal_create", args("command", List.of("cat"), "name", "echo",
                "cols", 90, "rows", 20));
        String id = (String) created.get("terminalId");
        assertThat(created).containsEntry("name", "echo").containsEntry("size", Map.of("cols", 90, "rows", 20));
        assertThat((String) created.get("viewUrl")).startsWith("http://").endsWith("/?t=" + id);
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "ping"), Map.of("key", "Enter"))));
        assertThat(sent).containsEntry("written", 5);
        Map<String, Object> waited = tools().ok("terminal_wait", args("terminalId", id, "regex", "^ping\\n?.*\\n?ping",
                "timeoutMs", 30_000));
        assertThat(waited).containsEntry("matched", true).containsEntry("reason", "regex");
        Map<String, Object> read = tools().ok("terminal_read", args("terminalId", id));
        assertThat((String) read.get("screen")).isEqualTo("ping\nping\n");
        assertThat(read).containsEntry("cursor", Map.of("row", 3, "col", 1)).containsEntry("altScreen", false)
                .containsEntry("inputHidden", false);
        assertThat(ToolClient.text(tools().call("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "x")))))).startsWith("Sent 1 byte to " + id + ". ");
    }

    @Test
    void aRegexTooDeepOrTooSlowForTheOutputIsAnsweredNotLeftHanging() {
        String shell = tools().shell("bash");
        tools().run(shell, "true"); // the prompt is up
        // One line of output 100,000 characters long (printed, not typed: a tty's line is at most 4,095 bytes).
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("text", "printf 'ab%.0s' $(seq 50000); echo"), Map.of("key", "Enter"))));
        tools().ok("terminal_wait", args("terminalId", shell, "prompt", true, "sinceSeq", sent.get("seq"),
                "timeoutMs", 60_000));
        // (a|b)* recurses once per character: 100,000 deep overflows the stack of whatever thread the server's
        // handler runs on, at any sane stack size (the test cannot choose that thread's). The agent gets an error
        // naming the fix, not a call that never returns.
        assertThat(tools().error("terminal_wait", args("terminalId", shell, "regex", "(a|b)*c", "sinceSeq",
                sent.get("seq"), "timeoutMs", 1_000)))
                .contains("(a|b)*c is too deep for").contains("use a character class ([ab]*)");
        // (.*x){20}y backtracks for ages on a row of 64 x's: the wait ends at its timeout like any other.
        tools().run(shell, "echo " + "x".repeat(64));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "regex", "(.*x){20}y", "timeoutMs", 100)))
                .containsEntry("matched", false).containsEntry("reason", "timeout");
    }

    @Test
    void ctrlCStopsSleepAndTheShellSays130() {
        String shell = tools().shell("bash");
        tools().run(shell, "true"); // the prompt is up
        Map<String, Object> timedOut = tools().ok("terminal_run", args("terminalId", shell, "command", "sleep 100",
                "timeoutMs", 300));
        assertThat(timedOut).containsEntry("timedOut", true).doesNotContainKey("exitCode");
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("key", "C-c"))));
        Map<String, Object> prompt = tools().ok("terminal_wait", args("terminalId", shell, "prompt", true,
                "sinceSeq", sent.get("seq"), "timeoutMs", 30_000));
        assertThat(prompt).containsEntry("matched", true).containsEntry("reason", "prompt");
        assertThat(tools().run(shell, "echo $?")).containsEntry("output", "130");
    }

    @Test
    void anUnknownKeyIsAnErrorListingTheValidFormsAndSendsNothing() {
        String id = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        String error = tools().error("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "x"), Map.of("key", "Ctrl+Nope"))));
        assertThat(error).contains("Ctrl+Nope").contains("C-c").contains("Enter").contains("Nothing was sent");
        assertThat(tools().ok("terminal_read", args("terminalId", id))).containsEntry("screen", "");
    }

    @Test
    void badArgumentsAreErrorsThatNameTheArgument() {
        assertThat(tools().error("terminal_read", args("terminalId", "nope")))
                .contains("no terminal nope").contains("terminal_list");
        assertThat(tools().error("terminal_read", args("terminalID", "x"))).contains("terminalID")
                .contains("terminalId");
        String id = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "text", "a", "idleMs", 5)))
                .contains("exactly one").contains("text and idleMs");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "regex", "(")))
                .contains("not a valid");
        assertThat(tools().error("terminal_resize", args("terminalId", id, "cols", 0, "rows", 10)))
                .contains("cols must be from 1 to 1000");
        assertThat(tools().error("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "a", "key", "Enter"))))).contains("exactly one of text, key or paste");
        assertThat(tools().error("terminal_create", args("cwd", "/no/such/dir"))).contains("cwd");
    }

    @Test
    void closingGivesTheExitCodeAndTheTerminalStaysListedAsExited() {
        String id = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        assertThat(tools().ok("terminal_close", args("terminalId", id))).containsEntry("exitCode", 129);
        assertThat(tools().error("terminal_read", args("terminalId", id))).contains("closed").contains("129");
        assertThat(tools().error("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "x")))))
                .contains("129");
        List<?> listed = (List<?>) tools().ok("terminal_list", args()).get("terminals");
        assertThat(listed).anySatisfy(t -> assertThat(map(t)).containsEntry("terminalId", id)
                .containsEntry("state", "exited").containsEntry("exitCode", 129));
        String forced = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        assertThat(tools().ok("terminal_close", args("terminalId", forced, "force", true)))
                .containsEntry("exitCode", 137).containsEntry("signal", "SIGKILL");
    }

    @Test
    void outputPagesThroughTheLogWithoutEscapes() {
        String shell = tools().shell("bash");
        tools().run(shell, "printf '\\033[31mred\\033[0m\\n'; seq 1 3000");
        StringBuilder all = new StringBuilder();
        long since = 0;
        int pages = 0;
        while (true) {
            Map<String, Object> page = tools().ok("terminal_output", args("terminalId", shell, "sinceSeq", since,
                    "maxBytes", 2000));
            String text = (String) page.get("text");
            assertThat(text.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2000);
            assertThat(text).doesNotContain("\u001b").doesNotContain("\r");
            assertThat(page).containsEntry("bytesMissed", 0);
            all.append(text);
            pages++;
            since = ToolClient.seq(page, "nextSeq");
            if (!(Boolean) page.get("hasMore")) {
                break;
            }
        }
        assertThat(pages).isGreaterThan(5);
        assertThat(all.toString()).contains("\nred\n1\n2\n3\n").contains("\n2999\n3000\n");
    }

    @Test
    void outputGivesAProgressBarAsItsLastDrawingNotEveryRedraw() {
        // Every redraw ran into the next: 300 of them made one line of 4,000 characters, "Building   0%Building   0%..."
        String shell = tools().shell("bash");
        tools().run(shell, "for i in $(seq 1 300); do printf '\\rBuilding %3d%%' $((i / 3)); done; echo; echo built");

        String text = (String) tools().ok("terminal_output", args("terminalId", shell, "sinceSeq", 0)).get("text");

        assertThat(text).contains("\nBuilding 100%\nbuilt\n").doesNotContain(" 50%");
    }

    @Test
    void resizeChangesWhatTheProgramSees() {
        String shell = tools().shell("bash");
        assertThat(tools().ok("terminal_resize", args("terminalId", shell, "cols", 50, "rows", 20)))
                .containsEntry("size", Map.of("cols", 50, "rows", 20));
        assertThat(tools().run(shell, "stty size")).containsEntry("output", "20 50");
    }

    @Test
    void theEchoedCommandLineNeverMatchesASinceSeqWait() {
        String shell = tools().shell("bash");
        tools().run(shell, "true");
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("text", "true NEEDLE-IN-ECHO"), Map.of("key", "Enter"))));
        Object since = sent.get("seq");
        Map<String, Object> echoOnly = tools().ok("terminal_wait", args("terminalId", shell,
                "text", "NEEDLE-IN-ECHO", "sinceSeq", since, "timeoutMs", 1500));
        // The command ran and its prompt came back, yet its echo never counted as output.
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "prompt", true, "sinceSeq", since,
                "timeoutMs", 30_000))).containsEntry("matched", true);
        assertThat(echoOnly).containsEntry("matched", false).containsEntry("reason", "timeout");
        // What it shows is what came since the run: the line typed (and perhaps the prompt after it).
        assertThat(echoOnly).containsEntry("shown", "newLines");
        assertThat((String) echoOnly.get("changes")).contains("true NEEDLE-IN-ECHO");
        Map<String, Object> printed = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("text", "echo NEEDLE-$((6*7))"), Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "text", "NEEDLE-42",
                "sinceSeq", printed.get("seq"), "timeoutMs", 30_000))).containsEntry("matched", true)
                .containsEntry("reason", "text");
    }

    @Test
    void arrowKeysMoveTheCursorInVim() {
        dev.ptyctl.testsupport.Tools.require("vim");
        String id = (String) tools().ok("terminal_create", args("command", List.of("vim", "-u", "NONE", "-N",
                "-i", "NONE", "-n"))).get("terminalId");
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "regex", "^~", "timeoutMs", 30_000)))
                .containsEntry("matched", true);
        tools().ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "iabc"),
                Map.of("key", "Escape"), Map.of("key", "Left"), Map.of("key", "ArrowLeft"), Map.of("text", "iX"),
                Map.of("key", "Escape"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "text", "Xabc", "timeoutMs", 30_000)))
                .containsEntry("matched", true);
        assertThat(tools().ok("terminal_read", args("terminalId", id))).containsEntry("altScreen", true);
    }

    @Test
    void inputHiddenIsTrueWhileReadDashSWaitsForAPassword() {
        String shell = tools().shell("bash");
        tools().run(shell, "true"); // at the prompt: what is typed next is the line editor's
        assertThat(tools().ok("terminal_read", args("terminalId", shell))).containsEntry("inputHidden", false);
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("text", "read -s -p 'Secret: ' SECRET; echo; echo got ${#SECRET}"),
                        Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "text", "Secret:", "sinceSeq",
                sent.get("seq"), "timeoutMs", 30_000))).containsEntry("matched", true);
        assertThat(tools().ok("terminal_read", args("terminalId", shell))).containsEntry("inputHidden", true);
        Map<String, Object> typed = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("text", "hunter2"), Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "prompt", true, "sinceSeq",
                typed.get("seq"), "timeoutMs", 30_000))).containsEntry("matched", true);
        Map<String, Object> after = tools().ok("terminal_read", args("terminalId", shell));
        assertThat(after).containsEntry("inputHidden", false);
        assertThat((String) after.get("screen")).contains("got 7").doesNotContain("hunter2");
    }

    @Test
    void aPasteReachesTheShellAsOneEdit() {
        String shell = tools().shell("bash");
        tools().run(shell, "true");
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", shell, "input",
                List.of(Map.of("paste", "echo one\necho two"), Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "regex", "^two$", "sinceSeq",
                sent.get("seq"), "timeoutMs", 30_000))).containsEntry("matched", true);
    }

    @Test
    void theScreenIsAResource() {
        String shell = tools().shell("bash");
        tools().run(shell, "echo RESOURCE-TEXT");
        McpSchema.ReadResourceResult read = tools().sdk().readResource(
                new McpSchema.ReadResourceRequest("terminal://" + shell + "/screen"));
        assertThat(((McpSchema.TextResourceContents) read.contents().getFirst()).text()).contains("RESOURCE-TEXT");
        assertThat(tools().sdk().listResourceTemplates().resourceTemplates())
                .extracting(McpSchema.ResourceTemplate::uriTemplate).containsExactly("terminal://{id}/screen");
    }

    @Test
    void waitsForExitQuietAndTextThatIsGone() {
        String exiting = (String) tools().ok("terminal_create", args("command", List.of("sh", "-c",
                "read line; exit 3"))).get("terminalId");
        tools().ok("terminal_send", args("terminalId", exiting, "input", List.of(Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", exiting, "exit", true, "timeoutMs", 30_000)))
                .containsEntry("matched", true).containsEntry("reason", "exit").containsEntry("exitCode", 3);

        String cat = (String) tools().ok("terminal_create", args("command", List.of("cat"))).get("terminalId");
        assertThat(tools().ok("terminal_wait", args("terminalId", cat, "idleMs", 100, "timeoutMs", 30_000)))
                .containsEntry("matched", true).containsEntry("reason", "idle");

        String shell = tools().shell("bash");
        tools().run(shell, "echo GONE-SOON");
        assertThat((String) tools().ok("terminal_read", args("terminalId", shell)).get("screen")).contains("GONE-SOON");
        tools().ok("terminal_send", args("terminalId", shell, "input", List.of(Map.of("text", "clear"),
                Map.of("key", "Enter"))));
        assertThat(tools().ok("terminal_wait", args("terminalId", shell, "gone", "GONE-SOON", "timeoutMs", 30_000)))
                .containsEntry("matched", true).containsEntry("reason", "gone");
    }

    /** A path or URL longer than the screen is wide wraps over rows; an agent waits for it as it was printed. */
    @Test
    void aLineWiderThanTheScreenMatchesWhole() {
        String url = "https://example.test/" + "a/".repeat(20) + "index.html";
        String printer = (String) tools().ok("terminal_create", args("command", List.of("sh", "-c",
                "printf 'see %s\\n' " + url + "; read line"), "cols", 30, "rows", 10)).get("terminalId");
        assertThat(tools().ok("terminal_wait", args("terminalId", printer, "text", url, "timeoutMs", 30_000)))
                .containsEntry("matched", true).containsEntry("reason", "text");
        assertThat(tools().ok("terminal_wait", args("terminalId", printer, "regex", "^see https://\\S+\\.html$",
                "timeoutMs", 30_000))).containsEntry("matched", true).containsEntry("reason", "regex");
    }

    /** An agent copying a URL that wrapped over rows gets it whole with joined, its rows without. */
    @Test
    void readJoinedGivesALineWiderThanTheScreenWhole() {
        String url = "https://example.test/" + "b/".repeat(20) + "index.html";
        String printer = (String) tools().ok("terminal_create", args("command", List.of("sh", "-c",
                "seq 1 12; printf 'open %s\\n' " + url + "; read line"), "cols", 30, "rows", 10)).get("terminalId");
        tools().ok("terminal_wait", args("terminalId", printer, "text", url, "timeoutMs", 30_000));
        String rows = (String) tools().ok("terminal_read", args("terminalId", printer)).get("screen");
        assertThat(rows).doesNotContain(url).contains("open https://example.test/b/b/");
        String joined = (String) tools().ok("terminal_read", args("terminalId", printer, "joined", true))
                .get("screen");
        assertThat(joined).endsWith("\nopen " + url + "\n").doesNotContain("\n1\n");
        // scrollback counts lines: the two lines above the screen's, the wrapped one still whole
        String withHistory = (String) tools().ok("terminal_read", args("terminalId", printer, "joined", true,
                "scrollback", 2)).get("screen");
        assertThat(withHistory).endsWith(joined).isNotEqualTo(joined);
        assertThat(withHistory.split("\n")).hasSize(joined.split("\n").length + 2);
    }

    @Test
    void readShowsScrollbackLinesOnlyWhenAsked() {
        String shell = tools().shell("bash");
        tools().run(shell, "seq 1 100");
        String screen = (String) tools().ok("terminal_read", args("terminalId", shell)).get("screen");
        assertThat(screen).contains("\n100\n").doesNotContain("\n1\n2\n");
        String withHistory = (String) tools().ok("terminal_read", args("terminalId", shell, "scrollback", 1000))
                .get("screen");
        assertThat(withHistory).contains("\n1\n2\n3\n").contains("\n100\n").endsWith(screen);
    }
}
