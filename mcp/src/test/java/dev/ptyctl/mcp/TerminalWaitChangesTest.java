package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What terminal_wait answers of the screen: what the session has not seen since its last look, not the whole screen
 * at every wait (which made an agent pay for the same rows, and everything above them, at every step of a REPL).
 * Real programs (a Python REPL, vim) through the SDK's client, no shell: no dotfiles, no prompt of the user's.
 */
class TerminalWaitChangesTest {
    @RegisterExtension
    static final ToolServer SERVER = new ToolServer();

    private static ToolClient tools() {
        return SERVER.tools();
    }

    private static String create(String... command) {
        return (String) tools().ok("terminal_create", args("command", List.of(command), "cwd", "/tmp", "cols", 80,
                "rows", 24)).get("terminalId");
    }

    /** Types {@code text} and Enter, then waits for what {@code regex} finds in the output after it. */
    private static McpSchema.CallToolResult typeAndWait(String id, String text, String regex) {
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", text), Map.of("key", "Enter"))));
        return waitFor(id, "regex", regex, "sinceSeq", sent.get("seq"));
    }

    private static McpSchema.CallToolResult waitFor(String id, Object... condition) {
        Map<String, Object> arguments = args(condition);
        arguments.put("terminalId", id);
        arguments.put("timeoutMs", 30_000);
        McpSchema.CallToolResult result = tools().call("terminal_wait", arguments);
        assertThat(result.isError()).as("%s", result).isFalse();
        assertThat(ToolsContract.map(result.structuredContent())).containsEntry("matched", true);
        return result;
    }

    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return ToolsContract.map(result.structuredContent());
    }

    /**
     * A program that prints without pause: the answer's screen (and what changed) was read after the wait had taken
     * its seq, so it showed lines the seq said were not printed yet. Each line here is 9 bytes (7 digits, CR LF), so
     * the seq says what the screen's last line must be: the line it ends, or the part of the next one printed.
     */
    @Test
    void theScreenAndChangesOfAnAnswerAreThoseOfItsSeq() {
        String id = create("sh", "-c", "i=0; while :; do i=$((i+1)); printf '%07d\\n' $i; done");
        long lastSeq = ToolClient.seq(structured(waitFor(id, "text", "0000100", "sinceSeq", 0)), "seq");
        for (int look = 0; look < 20; look++) {
            McpSchema.CallToolResult answer = tools().call("terminal_wait", args("terminalId", id, "text",
                    "never printed", "timeoutMs", 0));
            long seq = ToolClient.seq(structured(answer), "seq");
            long lines = seq / 9;
            int part = (int) (seq % 9);
            String expected = part == 0 ? "%07d".formatted(lines) : "%07d".formatted(lines + 1)
                    .substring(0, Math.min(7, part));
            String screen = (String) structured(answer).get("screen");
            assertThat(screen.strip().lines().reduce((first, second) -> second).orElseThrow())
                    .as("the last line of the screen at seq %d", seq).isEqualTo(expected);
            if ("unchanged".equals(structured(answer).get("shown"))) {
                // Nothing printed since the last answer (a busy machine did not run the program): the same seq.
                assertThat(seq).as("the seq of an unchanged screen").isEqualTo(lastSeq);
            } else {
                assertThat(ToolClient.text(answer)).as("the text block")
                        .contains("\n" + expected + "\n[not matched: timed out after 0 ms · seq " + seq + " · ");
            }
            lastSeq = seq;
        }
        tools().ok("terminal_close", args("terminalId", id, "force", true));
    }

    @Test
    void aReplsWaitsAnswerOnlyTheirOwnLines() {
        Tools.require("python3");
        String id = create("python3", "-q");
        McpSchema.CallToolResult first = waitFor(id, "text", ">>>");
        assertThat(structured(first)).containsEntry("shown", "screen").containsEntry("screen", ">>>\n");
        assertThat(ToolClient.text(first)).as("a first look is not labelled").doesNotContain("whole screen");

        typeAndWait(id, "print('\\n'.join('early %d' % i for i in range(30)))", ">>> $");
        McpSchema.CallToolResult answer = typeAndWait(id, "print(6*7)", ">>> $");

        assertThat(ToolClient.text(answer)).startsWith(">>> print(6*7)\n42\n>>>\n[matched: regex \">>> \" · "
                + "next sinceSeq ").endsWith(" · new lines since your last look]");
        assertThat(structured(answer)).containsEntry("shown", "newLines")
                .containsEntry("changes", ">>> print(6*7)\n42\n>>>\n");
        // A machine client still gets the whole screen (SPEC 11), the earlier output above the new lines included.
        assertThat((String) structured(answer).get("screen")).contains("early 29\n")
                .endsWith(">>> print(6*7)\n42\n>>>\n");

        // Nothing new: nothing but the facts.
        McpSchema.CallToolResult quiet = waitFor(id, "idleMs", 50);
        assertThat(ToolClient.text(quiet)).matches("\\[matched: idle · seq \\d+ · screen unchanged since your last "
                + "look]");
        assertThat(structured(quiet)).containsEntry("shown", "unchanged").doesNotContainKey("changes");
        assertThat((String) structured(quiet).get("screen")).endsWith(">>> print(6*7)\n42\n>>>\n");

        // More than fits: the end, and how much came before it (the line typed and 76 printed).
        McpSchema.CallToolResult many = typeAndWait(id, "print('\\n'.join('line %d' % i for i in range(100)))",
                ">>> $");
        assertThat(ToolClient.text(many)).startsWith("line 76\n").contains("\nline 99\n>>>\n")
                .contains(" · new lines since your last look, the last 25; 77 before them left out (terminal_read "
                        + "with scrollback ");

        // The whole screen when asked.
        Map<String, Object> whole = structured(waitFor(id, "idleMs", 50, "screen", true));
        assertThat(whole).containsEntry("shown", "screen");
        assertThat((String) whole.get("screen")).contains("line 80\n").endsWith("line 99\n>>>\n");
    }

    @Test
    void aFullScreenProgramsWaitsAnswerTheRowsThatChangedAndItsEndWhatFollowsIt(@TempDir Path dir)
            throws Exception {
        Tools.require("python3");
        Tools.require("vim");
        Path notes = Files.writeString(dir.resolve("notes.txt"), "one\ntwo\n");
        String id = create("python3", "-q");
        waitFor(id, "text", ">>>");
        typeAndWait(id, "import subprocess", ">>> $");

        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input", List.of(
                Map.of("text", "subprocess.call(['vim', '-u', 'NONE', '-N', '" + notes + "'])"),
                Map.of("key", "Enter"))));
        // A full-screen program starting: its whole screen.
        McpSchema.CallToolResult opened = waitFor(id, "text", "notes.txt\"", "sinceSeq", sent.get("seq"));
        assertThat(structured(opened)).containsEntry("shown", "screen");
        assertThat(ToolClient.text(opened)).endsWith(" · whole screen: a full-screen program started]");
        // vim has drawn its screen and is done asking the terminal what it can do (keys typed meanwhile are lost).
        waitFor(id, "idleMs", 500);

        sent = tools().ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("text", "ggAsix"),
                Map.of("key", "Escape"))));
        McpSchema.CallToolResult edited = waitFor(id, "text", "onesix");
        assertThat(structured(edited)).containsEntry("shown", "changedRows");
        assertThat((String) structured(edited).get("changes")).startsWith("row 1: onesix\n");
        assertThat((String) structured(edited).get("screen")).startsWith("onesix\ntwo\n~\n");
        assertThat(ToolClient.text(edited)).startsWith("row 1: onesix\n").doesNotContain("row 2:")
                .doesNotContain("~").contains(" · rows changed since your last look (terminal_read for the whole "
                        + "screen)]");

        // Back at the REPL: the main screen as it was, and only what followed it.
        McpSchema.CallToolResult back = typeAndWait(id, ":q!", ">>> $");
        assertThat(structured(back)).containsEntry("shown", "newLines");
        assertThat(ToolClient.text(back)).startsWith(">>> subprocess.call(['vim', ").contains("\n0\n>>>\n")
                .doesNotContain("import subprocess");
    }
}
