package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * terminal_run that starts a well-known interactive program names its quit keys (the table {@code QuitKeys}), and
 * those keys, sent exactly as the answer spells them, end it: the shell's prompt comes back.
 */
class TerminalRunQuitKeysTest {
    /** The keys in the answer's "end it with terminal_send [...]". */
    private static final Pattern ADVISED = Pattern.compile("end it with terminal_send (\\[[^\\]]*\\])");
    private static final Pattern STEP = Pattern.compile("\\{\"(key|text)\": \"([^\"]*)\"}");
    private static final String VIM = "[{\"key\": \"Escape\"}, {\"text\": \":q\"}, {\"key\": \"Enter\"}]";

    @RegisterExtension
    static final ToolServer SERVER = new ToolServer();

    private static ToolClient tools() {
        return SERVER.tools();
    }

    /** A file longer than the screen: more ends by itself at the end of a shorter one. */
    private static Path longFile;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        longFile = Files.write(dir.resolve("long.txt"),
                IntStream.rangeClosed(1, 500).mapToObj(i -> "line " + i).toList());
    }

    /** The command ({@code %s}: a long file), the program it needs, the keys the answer must name. */
    static Stream<Arguments> programs() {
        return Stream.of(
                Arguments.of("vim -u NONE", "vim", VIM),
                // vi is vim.tiny or vim.basic under another name: the name the terminal reports is vi.
                Arguments.of("vi", "vi", VIM),
                Arguments.of("view -u NONE /etc/passwd", "view", VIM),
                Arguments.of("less /etc/passwd", "less", "[{\"text\": \"q\"}]"),
                Arguments.of("more %s", "more", "[{\"text\": \"q\"}]"),
                Arguments.of("man ls", "man", "[{\"text\": \"q\"}]"),
                Arguments.of("top", "top", "[{\"text\": \"q\"}]"),
                Arguments.of("watch -n 60 date", "watch", "[{\"key\": \"C-c\"}]"),
                // never quiet for a second: it redraws ten times a second
                Arguments.of("watch -n 0.1 date +%%N", "watch", "[{\"key\": \"C-c\"}]"),
                Arguments.of("python3", "python3", "[{\"key\": \"C-d\"}]"),
                Arguments.of("node", "node", "[{\"key\": \"C-d\"}]"),
                Arguments.of("sqlite3", "sqlite3", "[{\"key\": \"C-d\"}]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void theAdvisedQuitKeysEndTheProgram(String commandLine, String program, String keys) {
        Tools.require(program);
        String command = commandLine.formatted(longFile);
        String id = tools().shell("bash");
        // A minute of timeout: a run that waited for the prompt instead of seeing the program wait would fail.
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command", command,
                "timeoutMs", 60_000));
        assertThat(ToolsContract.map(waiting.structuredContent())).containsEntry("waitingForInput", true)
                .containsEntry("timedOut", false);
        String text = ToolClient.text(waiting);
        assertThat(text).contains("`" + command + "` waits for keyboard input").contains("end it with terminal_send "
                + keys);

        // The keys as the answer spells them, not as this test or the table does: the advice itself must work.
        Matcher advised = ADVISED.matcher(text);
        assertThat(advised.find()).as("quit keys in %s", text).isTrue();
        List<Map<String, Object>> input = new ArrayList<>();
        Matcher step = STEP.matcher(advised.group(1));
        while (step.find()) {
            input.add(Map.of(step.group(1), step.group(2)));
        }
        assertThat(input).isNotEmpty();
        assertThat(ToolsContract.map(tools().sendAndAwaitPrompt(id, input).structuredContent()))
                .as("%s ended by %s", command, input).containsEntry("matched", true);
        assertThat(tools().run(id, "echo after")).containsEntry("output", "after");
    }

    /**
     * A full-screen program that redraws on its own timer and then ends by itself (here after 3 s, ended by timeout;
     * an installer's progress screen, a monitor run for a while): it was answered as waiting for keys once it had
     * held the alternate screen for a second, its exit never seen. (top draws on the main screen, so it was never
     * taken for one.)
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"htop -d 5", "watch -n 0.2 date"})
    void aFullScreenProgramThatEndsByItselfIsAnsweredWithItsExit(String command) {
        Tools.require(command.substring(0, command.indexOf(' ')));
        String id = tools().shell("bash");
        // --foreground: the program in the terminal's foreground, reading keys, as when run on its own.
        Map<String, Object> ran = tools().run(id, "timeout --foreground 3 " + command);
        assertThat(ran).as("%s", ran).containsEntry("exitCode", 124).doesNotContainKey("waitingForInput");
    }

    /**
     * A run with a timeout shorter than the five-second watch of a drawing full-screen program: it timed out, and the
     * answer did not say the program waits for keys (nor how to end it). The watch now ends a second before the run.
     */
    @Test
    void aShortRunOfAProgramThatDrawsForEverIsAnsweredAsWaitingForKeys() {
        Tools.require("watch");
        String id = tools().shell("bash");
        McpSchema.CallToolResult waiting = tools().call("terminal_run", args("terminalId", id, "command",
                "watch -n 0.1 date +%N", "timeoutMs", 4_000));
        assertThat(ToolsContract.map(waiting.structuredContent())).as("%s", waiting)
                .containsEntry("waitingForInput", true).containsEntry("timedOut", false);
        assertThat(ToolsContract.map(tools().sendAndAwaitPrompt(id, List.of(Map.of("key", "C-c")))
                .structuredContent())).containsEntry("matched", true);
    }
}
