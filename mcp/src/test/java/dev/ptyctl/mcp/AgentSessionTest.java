package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One session as an agent drives it, through the MCP SDK's client over stdio to {@code ptyctl mcp}'s code in its own
 * process with a real bash: create a shell, run a failing command, run one by typing and wait for its prompt, read
 * the screen, make mistakes, close. Asserts on the text block, which is what a model reads first (the exit code, the
 * command's output, what to do next), and that the structured content says the same.
 */
class AgentSessionTest {
    private static ToolClient client;

    @BeforeAll
    static void start() {
        client = new ToolClient(McpTestServers.stdioClient(null));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
    }

    /** A successful call's text, checked to be free of Java noise. */
    private static String okText(McpSchema.CallToolResult result) {
        assertThat(result.isError()).as("%s", result).isFalse();
        return clean(ToolClient.text(result));
    }

    private static String errorText(McpSchema.CallToolResult result) {
        assertThat(result.isError()).as("%s", result).isTrue();
        assertThat(result.structuredContent()).isNull();
        return clean(ToolClient.text(result));
    }

    private static String clean(String text) {
        assertThat(text).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("dev.ptyctl")
                .doesNotContain("null");
        return text;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    @Test
    void aShellSessionFromCreateToClose() {
        McpSchema.CallToolResult created = client.call("terminal_create", args("command", List.of("bash"),
                "cols", 100, "rows", 20));
        String id = (String) structured(created).get("terminalId");
        assertThat(okText(created)).startsWith("Created terminal " + id + " (\"bash\": bash, 100x20")
                .contains("http://").contains("/?t=" + id);

        // A failing command: its error message and exit code in the text, the same in the fields.
        McpSchema.CallToolResult failed = client.call("terminal_run", args("terminalId", id,
                "command", "ls /nonexistent-agent-dir; ", "timeoutMs", 60_000));
        String failedText = okText(failed);
        assertThat(failedText).startsWith("ls: cannot access '/nonexistent-agent-dir': No such file or directory\n")
                .contains("[exit 2 · cwd ").endsWith(" · terminal " + id + "]");
        assertThat(structured(failed)).containsEntry("exitCode", 2).containsEntry("timedOut", false)
                .containsEntry("output", "ls: cannot access '/nonexistent-agent-dir': No such file or directory");
        McpSchema.CallToolResult quiet = client.call("terminal_run", args("terminalId", id, "command", "false",
                "timeoutMs", 60_000));
        assertThat(okText(quiet)).startsWith("[exit 1 · cwd ");
        assertThat(structured(quiet)).containsEntry("exitCode", 1).containsEntry("output", "");

        // Typed and waited for: the send says how to wait, the prompt wait gives the command's exit code.
        McpSchema.CallToolResult sent = client.call("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "sleep 0.2; echo AGENT-$((40+2)); (exit 4)"), Map.of("key", "Enter"))));
        long since = ToolClient.seq(structured(sent), "seq");
        assertThat(okText(sent)).isEqualTo("Sent 42 bytes to " + id + ". To see the answer: terminal_wait with "
                + "sinceSeq " + since + ", or terminal_read.");
        McpSchema.CallToolResult prompt = client.call("terminal_wait", args("terminalId", id, "prompt", true,
                "sinceSeq", since, "timeoutMs", 60_000));
        assertThat(okText(prompt)).contains("\nAGENT-42\n")
                .containsPattern("\\[matched: prompt · exit 4 · seq \\d+ · new lines since your last look]$");
        assertThat(structured(prompt)).containsEntry("matched", true).containsEntry("reason", "prompt")
                .containsEntry("commandExitCode", 4).doesNotContainKey("exitCode");

        McpSchema.CallToolResult read = client.call("terminal_read", args("terminalId", id));
        assertThat(okText(read)).contains("\nAGENT-42\n").containsPattern("\\[cursor \\d+,\\d+ · 100x20 · seq \\d+");
        assertThat((String) structured(read).get("screen")).contains("AGENT-42");

        // Mistakes: each a sentence naming what to do, no stack trace.
        assertThat(errorText(client.call("terminal_read", args("terminalId", "no-such-id"))))
                .isEqualTo("There is no terminal no-such-id. Call terminal_list to see this session's terminals, "
                        + "or terminal_create to start one.");
        assertThat(errorText(client.call("terminal_wait", args("terminalId", id, "text", "x", "timeoutMs",
                "soon")))).isEqualTo("timeoutMs must be an integer, got the string \"soon\".");
        assertThat(errorText(client.call("terminal_run", args("terminalId", id))))
                .isEqualTo("terminal_run needs command (a string).");

        McpSchema.CallToolResult closed = client.call("terminal_close", args("terminalId", id));
        assertThat(okText(closed)).isEqualTo("Closed terminal " + id + " (killed by SIGHUP, exit code 129).");
        assertThat(errorText(client.call("terminal_read", args("terminalId", id))))
                .startsWith("Terminal " + id + " was closed (killed by SIGHUP, exit code 129). Create a new one with "
                        + "terminal_create");
        McpSchema.CallToolResult listed = client.call("terminal_list", args());
        assertThat(okText(listed)).contains(id + "  bash  exited (killed by SIGHUP)");
        assertThat((List<?>) structured(listed).get("terminals")).anySatisfy(t -> assertThat(ToolsContract.map(t))
                .containsEntry("terminalId", id).containsEntry("state", "exited").containsEntry("exitCode", 129)
                .containsEntry("signal", "SIGHUP"));
    }

    @Test
    void aBlankCommandSaysNothingRanNotAnUnknownExitCode() {
        String id = client.shell("bash");
        McpSchema.CallToolResult blank = client.call("terminal_run", args("terminalId", id, "command", "  ",
                "timeoutMs", 60_000));
        assertThat(okText(blank)).startsWith("[nothing ran: the command line was blank · cwd ")
                .doesNotContain("unknown");
        assertThat(structured(blank)).doesNotContainKey("exitCode").containsEntry("timedOut", false);
    }

    @Test
    void aCommentRunsNothingLikeABlankLineNotARefusedOne() {
        String id = client.shell("bash");
        // bash runs nothing for a comment and reports no command, as for a syntax error; it is no error.
        McpSchema.CallToolResult comment = client.call("terminal_run", args("terminalId", id,
                "command", "# just a note", "timeoutMs", 60_000));
        assertThat(okText(comment)).startsWith("[nothing ran: the command line was only a comment · cwd ");
        assertThat(structured(comment)).doesNotContainKey("exitCode").containsEntry("output", "");
        assertThat(structured(client.call("terminal_run", args("terminalId", id, "command", "echo after",
                "timeoutMs", 60_000)))).containsEntry("output", "after");
    }

    @Test
    void aCommandThatEndsTheShellAnswersItsOutputAndTheShellsExitStatus() {
        String id = client.shell("bash");
        client.run(id, "true");
        McpSchema.CallToolResult ended = client.call("terminal_run", args("terminalId", id,
                "command", "echo x; exit 7", "timeoutMs", 60_000));
        // bash says "exit" as it leaves: on the screen, but not the command's output.
        assertThat(okText(ended)).startsWith("x\n[exit 7 · ").contains("[exit 7 · the shell exited with it (the command "
                + "ended it, as exit does); terminal_run without terminalId starts a new shell · ");
        assertThat(structured(ended)).containsEntry("exitCode", 7).containsEntry("shellExited", true)
                .containsEntry("timedOut", false);
        assertThat(structured(ended)).containsEntry("output", "x");

        McpSchema.CallToolResult listed = client.call("terminal_list", args());
        // The shell ended without marking `exit 7` finished; it ran nothing after its end.
        String line = okText(listed).lines().filter(l -> l.startsWith(id)).findFirst().orElseThrow();
        assertThat(line).isEqualTo(id + "  bash  exited (exit 7)");
        assertThat((List<?>) structured(listed).get("terminals")).anySatisfy(t -> assertThat(ToolsContract.map(t))
                .containsEntry("terminalId", id).containsEntry("state", "exited").containsEntry("exitCode", 7)
                .containsEntry("runningCommand", null).containsEntry("lastExitCode", 7));
    }

    /** The title used to lag half a second behind: "python3 -q" after python had ended and bash was back. */
    @Test
    void theListShowsTheTitleOfWhatRunsNow() {
        dev.ptyctl.testsupport.Tools.require("python3");
        String id = client.shell("bash");
        client.run(id, "cd /tmp");
        Map<String, Object> started = structured(client.call("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "python3 -q"), Map.of("key", "Enter")))));
        assertThat(okText(client.call("terminal_wait", args("terminalId", id, "text", ">>>", "sinceSeq",
                started.get("seq"), "timeoutMs", 30_000)))).contains("[matched: text");
        assertThat(listed(id)).containsEntry("title", "python3 -q").containsEntry("runningCommand", "python3 -q");
        client.sendAndAwaitPrompt(id, List.of(Map.of("key", "C-d")));
        assertThat(listed(id)).containsEntry("title", "bash /tmp").containsEntry("runningCommand", null);
    }

    private static Map<String, Object> listed(String id) {
        return ((List<?>) structured(client.call("terminal_list", args())).get("terminals")).stream()
                .map(ToolsContract::map).filter(t -> id.equals(t.get("terminalId"))).findFirst().orElseThrow();
    }

    @Test
    void aClosedTerminalKeepsItsLastCommandsExitCodeInTheList() {
        String id = client.shell("bash");
        client.run(id, "(exit 4)");
        assertThat(okText(client.call("terminal_close", args("terminalId", id))))
                .isEqualTo("Closed terminal " + id + " (killed by SIGHUP, exit code 129).");
        assertThat((List<?>) structured(client.call("terminal_list", args())).get("terminals"))
                .anySatisfy(t -> assertThat(ToolsContract.map(t)).containsEntry("terminalId", id)
                        .containsEntry("exitCode", 129).containsEntry("lastExitCode", 4));
    }
}
