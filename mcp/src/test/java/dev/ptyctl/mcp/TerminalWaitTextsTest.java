package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * terminal_wait for several texts at once ({@code any}: which one showed, and where), and for text in the output
 * after sinceSeq that a carriage return redrew (a progress bar, a question printed over a spinner's line).
 */
class TerminalWaitTextsTest {
    @RegisterExtension
    static final ToolServer SERVER = new ToolServer();

    private static ToolClient tools() {
        return SERVER.tools();
    }

    private static String program(String script) {
        return (String) tools().ok("terminal_create", args("command", List.of("sh", "-c", script)))
                .get("terminalId");
    }

    /**
     * A line typed into a REPL is echoed before the program answers it: a wait for "done" after print('done') matched
     * that echo at once, a second before Python printed it.
     */
    @Test
    void theEchoOfALineTypedIntoAReplIsNotItsAnswer() {
        dev.ptyctl.testsupport.Tools.require("python3");
        String id = (String) tools().ok("terminal_create", args("command", List.of("python3", "-q"), "cwd", "/tmp"))
                .get("terminalId");
        tools().ok("terminal_wait", args("terminalId", id, "text", ">>>", "timeoutMs", 30_000));
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input", List.of(
                Map.of("text", "import time; time.sleep(1); print('done')"), Map.of("key", "Enter"))));
        io.modelcontextprotocol.spec.McpSchema.CallToolResult done = tools().call("terminal_wait", args(
                "terminalId", id, "timeoutMs", 30_000, "sinceSeq", sent.get("seq"), "any",
                List.of(Map.of("text", "Error"), Map.of("text", "done"))));

        assertThat(ToolClient.text(done)).startsWith(">>> import time; time.sleep(1); print('done')\ndone\n")
                .contains("[matched: any[1] \"done\" · next sinceSeq ");
        assertThat(ToolsContract.map(ToolsContract.map(done.structuredContent()).get("found")))
                .containsEntry("index", 1).containsEntry("text", "done");
    }

    /**
     * The usual way an agent gets a REPL: python3 started from a shell that ptyctl integrated. The shell's marks leave
     * out only the command lines typed at its prompt; the line typed into python3 is that command's output, and the
     * wait for "done" matched its echo at once, a second before Python printed it.
     */
    @Test
    void theEchoOfALineTypedIntoAReplStartedFromAShellIsNotItsAnswer() {
        dev.ptyctl.testsupport.Tools.require("python3");
        String id = (String) tools().ok("terminal_create", args("command", List.of("bash"), "cwd", "/tmp"))
                .get("terminalId");
        Map<String, Object> started = tools().ok("terminal_send", args("terminalId", id, "input", List.of(
                Map.of("text", "python3 -q"), Map.of("key", "Enter"))));
        tools().ok("terminal_wait", args("terminalId", id, "regex", ">>> $", "sinceSeq", started.get("seq"),
                "timeoutMs", 30_000));
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input", List.of(
                Map.of("text", "import time; time.sleep(1); print('done')"), Map.of("key", "Enter"))));
        io.modelcontextprotocol.spec.McpSchema.CallToolResult done = tools().call("terminal_wait", args(
                "terminalId", id, "timeoutMs", 30_000, "sinceSeq", sent.get("seq"), "text", "done"));

        assertThat(ToolClient.text(done)).contains(">>> import time; time.sleep(1); print('done')\ndone\n")
                .contains("[matched: text \"done\" · next sinceSeq ");
    }

    /**
     * A line editor that echoes a key at a time (node's REPL) is read in pieces: the wait saw the echo as far as
     * print('done and took its "done" for the answer. The program here echoes the line in two writes half a second
     * apart, cut just after "done", then answers on a line of its own.
     */
    @Test
    void anEchoReadInPiecesIsNotItsAnswer() {
        dev.ptyctl.testsupport.Tools.require("python3");
        String id = tools().lineReader("""
                typed = line[:-1]
                cut = typed.index(b'done') + 4
                os.write(1, typed[:cut])
                time.sleep(0.5)
                os.write(1, typed[cut:] + b'\\r\\n')
                time.sleep(0.5)
                os.write(1, b'done\\r\\n> ')
                time.sleep(60)
                """);
        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input", List.of(
                Map.of("text", "print('done')"), Map.of("key", "Enter"))));
        io.modelcontextprotocol.spec.McpSchema.CallToolResult done = tools().call("terminal_wait", args(
                "terminalId", id, "timeoutMs", 30_000, "sinceSeq", sent.get("seq"), "text", "done"));

        assertThat(ToolClient.text(done)).startsWith("> print('done')\ndone\n").contains("[matched: text \"done\" · ");
    }

    @Test
    void anySaysWhichTextShowedWhereAndWhatARegexCaptured() {
        String id = program("echo 'Connecting to build-host'; printf 'Password: '; read secret; "
                + "echo \"token $secret accepted\"; read done");
        Map<String, Object> asked = tools().ok("terminal_wait", args("terminalId", id, "timeoutMs", 30_000,
                "any", List.of(Map.of("text", "(yes/no)"), Map.of("text", "Password:"))));
        assertThat(asked).containsEntry("matched", true).containsEntry("reason", "any")
                .containsEntry("found", Map.of("index", 1, "text", "Password:", "row", 2, "col", 1));
        assertThat(ToolClient.text(tools().call("terminal_wait", args("terminalId", id, "timeoutMs", 30_000,
                "any", List.of(Map.of("text", "(yes/no)"), Map.of("text", "Password:"))))))
                .endsWith("[matched: any[1] \"Password:\" at row 2, col 1 · seq " + asked.get("seq")
                        + " · screen unchanged since your last look]");

        Map<String, Object> sent = tools().ok("terminal_send", args("terminalId", id, "input",
                List.of(Map.of("text", "s3cret"), Map.of("key", "Enter"))));
        io.modelcontextprotocol.spec.McpSchema.CallToolResult answered = tools().call("terminal_wait", args(
                "terminalId", id, "timeoutMs", 30_000, "sinceSeq", sent.get("seq"), "any",
                List.of(Map.of("text", "denied"), Map.of("regex", "token (\\w+) accepted"))));
        Map<String, Object> answer = ToolsContract.map(answered.structuredContent());
        assertThat(answer).containsEntry("reason", "any");
        Map<String, Object> found = ToolsContract.map(answer.get("found"));
        // one seq in the line a model reads, the one to go on from: where the match ends, not the screen's seq
        // (waiting from that would skip what was printed between the match and the answer)
        assertThat(ToolClient.text(answered)).endsWith("[matched: any[1] \"token s3cret accepted\" · next sinceSeq "
                + found.get("endSeq") + " · new lines since your last look]");
        assertThat(found).containsEntry("index", 1).containsEntry("text", "token s3cret accepted")
                .containsEntry("groups", List.of("s3cret")).doesNotContainKey("row");
        // endSeq is where the match ends: nothing of it is found again from there
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "timeoutMs", 0, "sinceSeq",
                found.get("endSeq"), "any", List.of(Map.of("regex", "accepted")))))
                .containsEntry("matched", false).containsEntry("reason", "timeout");

        tools().ok("terminal_send", args("terminalId", id, "input", List.of(Map.of("key", "Enter"))));
        Map<String, Object> ended = tools().ok("terminal_wait", args("terminalId", id, "timeoutMs", 30_000,
                "any", List.of(Map.of("text", "never printed"))));
        assertThat(ended).containsEntry("matched", false).containsEntry("reason", "exit")
                .containsEntry("exitCode", 0).doesNotContainKey("found");
    }

    @Test
    void anyItemsOfTheWrongShapeAreErrorsThatShowTheRightOne() {
        String id = program("read line");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "any", List.of())))
                .contains("any must be a list of 1 to 64 items such as [{\"text\": \"Password:\"}");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "any",
                List.of(Map.of("text", "a"), Map.of("match", "b")))))
                .contains("any[1] must be {\"text\": \"...\"} or {\"regex\": \"...\"}, got an object with [match]");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "any", List.of(Map.of("regex", "(")))))
                .contains("any[0].regex is not a valid Java regular expression");
        assertThat(tools().error("terminal_wait", args("terminalId", id, "any", List.of(Map.of("text", "a")),
                "text", "b"))).contains("exactly one of text, regex, any,").contains("got text and any");
        // a plain string, what a model may well write, is a text
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "any", List.of("never shown", "nor this"),
                "timeoutMs", 0))).containsEntry("matched", false).containsEntry("reason", "timeout");
    }

    @Test
    void aLineRedrawnAfterACarriageReturnIsALineOfItsOwnInTheOutputAfterSinceSeq() {
        // Dropping the CRs ran the drawings together: "Downloading  10%Downloading 100%", "working...Continue?"
        String id = program("printf 'Downloading  10%%\\rDownloading 100%%\\n'; printf 'working...\\r'; "
                + "printf 'Continue? [y/N] '; read answer");
        Map<String, Object> question = tools().ok("terminal_wait", args("terminalId", id, "sinceSeq", 0,
                "regex", "^Continue\\? \\[y/N\\] $", "timeoutMs", 30_000));
        assertThat(question).containsEntry("matched", true);
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "sinceSeq", 0, "timeoutMs", 0,
                "regex", "^Downloading 100%$"))).containsEntry("matched", true);
        assertThat(tools().ok("terminal_wait", args("terminalId", id, "sinceSeq", 0, "timeoutMs", 0,
                "text", "10%Downloading"))).containsEntry("matched", false);
    }
}
