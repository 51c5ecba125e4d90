package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * terminal_run's own shell prints what a pager would have shown even when the user's start-up files choose a pager:
 * a ~/.bashrc, ~/.zshrc or config.fish that exports PAGER, GIT_PAGER and MANPAGER, a ~/.gitconfig with core.pager.
 * Nothing is typed for it: the shell's integration sets them after those files. The adapter runs in a process of its
 * own whose HOME holds those files, with the SDK's client over stdio.
 */
class TerminalRunPagersTest {

    /**
     * An initialized client of an adapter process of its own whose HOME is {@code home} and whose SHELL (the shell
     * terminal_run starts) is {@code shell}.
     */
    private static ToolClient adapter(Path home, String shell) {
        ServerParameters adapter = McpTestServers.stdioParameters(List.of());
        adapter = ServerParameters.builder(adapter.getCommand()).args(adapter.getArgs())
                .env(Map.of("HOME", home.toString(), "SHELL", Tools.find(shell).orElseThrow().toString(), "ZDOTDIR",
                        home.toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString())).build();
        ToolClient tools = new ToolClient(McpClient.sync(new StdioClientTransport(adapter,
                McpJsonDefaults.getMapper())).requestTimeout(McpTestServers.REQUEST_TIMEOUT)
                .initializationTimeout(McpTestServers.REQUEST_TIMEOUT).build());
        tools.sdk().initialize();
        return tools;
    }

    /**
     * A user whose shell the integration does not load (sh): terminal_run cannot see its prompts, and its shell kept
     * the pinned names (PTYCTL_PINNED_PAGER=cat, seven of them) in its environment and that of everything it
     * started. Nothing there turns them into the variables they pin, so they are set as those variables instead.
     */
    @Test
    void aShellTheIntegrationDoesNotLoadHasThePagersButNotTheirPinnedNames(@TempDir Path home) {
        try (ToolClient tools = adapter(home, "sh")) {
            assertThat(tools.error("terminal_run", args("command", "true", "timeoutMs", 60_000)))
                    .contains("no shell integration marks have been seen");
            String id = (String) ToolsContract.map(((List<?>) tools.ok("terminal_list", args()).get("terminals"))
                    .getFirst()).get("terminalId");
            Map<String, Object> sent = tools.ok("terminal_send", args("terminalId", id, "input", List.of(
                    Map.of("text", "echo \"pinned=$(env | grep -c PTYCTL_PINNED_) pager=$PAGER.\""),
                    Map.of("key", "Enter"))));
            Map<String, Object> found = ToolsContract.map(tools.ok("terminal_wait", args("terminalId", id,
                    "regex", "pinned=\\d+ pager=\\w*\\.", "sinceSeq", sent.get("seq"), "timeoutMs", 30_000))
                    .get("found"));
            assertThat(found).containsEntry("text", "pinned=0 pager=cat.");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aPagerChosenByTheUsersStartUpFilesDoesNotStopTheSessionsShell(String shell, @TempDir Path home)
            throws Exception {
        Tools.require(shell);
        Tools.require("git");
        Tools.require("man");
        Tools.require("less");
        String exports = shell.equals("fish") ? "set -gx PAGER less; set -gx GIT_PAGER less; set -gx MANPAGER less\n"
                : "export PAGER=less GIT_PAGER=less MANPAGER=less\n";
        Path rc = home.resolve(switch (shell) {
            case "bash" -> ".bashrc";
            case "zsh" -> ".zshrc";
            default -> ".config/fish/config.fish";
        });
        Files.createDirectories(rc.getParent());
        Files.writeString(rc, exports);
        // A page of its own, read with man -l: an image without man pages (dpkg's path-exclude) has no ls(1).
        StringBuilder page = new StringBuilder(".TH PAGED 1\n.SH NAME\npaged \\- a page longer than the screen\n"
                + ".SH DESCRIPTION\n");
        for (int i = 1; i <= 100; i++) {
            page.append("line ").append(i).append("\n.br\n");
        }
        Files.writeString(home.resolve("paged.1"), page);
        Files.writeString(home.resolve(".gitconfig"), "[core]\n\tpager = less\n[user]\n\temail = a@b\n\tname = A\n");
        try (ToolClient tools = adapter(home, shell)) {
            Map<String, Object> first = tools.ok("terminal_run", args("command", "cd $HOME; git init -q repo",
                    "timeoutMs", 60_000));
            String screen = (String) tools.ok("terminal_read", args("terminalId", first.get("terminalId")))
                    .get("screen");
            String commits = shell.equals("fish")
                    ? "for i in (seq 1 60); git -C repo commit -q --allow-empty -m \"change $i\"; end"
                    : "for i in $(seq 1 60); do git -C repo commit -q --allow-empty -m \"change $i\"; done";
            tools.ok("terminal_run", args("command", commits, "timeoutMs", 60_000));

            Map<String, Object> log = tools.ok("terminal_run", args("command", "git -C repo log --format=%s",
                    "timeoutMs", 60_000));
            Map<String, Object> man = tools.ok("terminal_run", args("command", "man -l $HOME/paged.1", "timeoutMs",
                    60_000));
            Map<String, Object> env = tools.ok("terminal_run", args("command", "env | grep -c PTYCTL_PINNED_", "timeoutMs",
                    60_000));

            assertThat(log).containsEntry("exitCode", 0).doesNotContainKey("waitingForInput");
            assertThat((String) log.get("output")).startsWith("change 60\nchange 59\n").endsWith("\nchange 1");
            assertThat(man).containsEntry("exitCode", 0).doesNotContainKey("waitingForInput");
            assertThat((String) man.get("output")).contains("a page longer than the screen").contains("line 100");
            // Nothing typed for it: the first command the person watching the terminal sees is the agent's.
            assertThat(screen).contains("git init -q repo").doesNotContain("PAGER");
            assertThat(env).as("what the shell's programs inherit").containsEntry("output", "0");
        }
    }
}
